import assert from "node:assert/strict";
import { isTemplateStale, seedFromTemplate, templateKey } from "./template.ts";

/** A project root with a migration, a demo file and a lock file, and a template built from it. */
async function project() {
  const root = await Deno.makeTempDir({ prefix: "pothgula-template-" });
  await Deno.mkdir(`${root}/migrations`);
  await Deno.mkdir(`${root}/adapters/demo`, { recursive: true });
  await Deno.writeTextFile(`${root}/migrations/0001_catalogue.sql`, "CREATE TABLE books ();");
  await Deno.writeTextFile(`${root}/adapters/demo/catalogue_data.ts`, "export const BOOKS = [];");
  await Deno.writeTextFile(`${root}/deno.start.lock`, "{}");
  const templateDir = `${root}/dist/embedded`;
  for (const kind of ["schema", "demo"]) {
    await Deno.mkdir(`${templateDir}/${kind}/pglite/base`, { recursive: true });
    await Deno.writeTextFile(`${templateDir}/${kind}/pglite/PG_VERSION`, "18");
    await Deno.writeTextFile(`${templateDir}/${kind}/pglite/base/1`, kind);
  }
  await Deno.mkdir(`${templateDir}/demo/uploads`);
  await Deno.writeTextFile(`${templateDir}/demo/uploads/cover.png`, "template cover");
  await Deno.writeTextFile(`${templateDir}/demo/uploads/kept.png`, "template copy");
  await Deno.writeTextFile(
    `${templateDir}/stamp.json`,
    JSON.stringify({ key: await templateKey(root) }),
  );
  const dataDir = `${root}/data`;
  return {
    root,
    templateDir,
    dataDir,
    [Symbol.asyncDispose]: () => Deno.remove(root, { recursive: true }),
  };
}

Deno.test("seedFromTemplate() copies the demo database and its images into a new DATA_DIR", async () => {
  await using p = await project();
  await Deno.mkdir(`${p.dataDir}/uploads`, { recursive: true });
  await Deno.writeTextFile(`${p.dataDir}/uploads/kept.png`, "the shop's own");
  const outcome = await seedFromTemplate({ ...p, withDemo: true });
  assert.equal(outcome, "demo");
  assert.equal(await Deno.readTextFile(`${p.dataDir}/pglite/base/1`), "demo");
  assert.equal(await Deno.readTextFile(`${p.dataDir}/pglite/PG_VERSION`), "18");
  assert.equal(await Deno.readTextFile(`${p.dataDir}/uploads/cover.png`), "template cover");
  assert.equal(await Deno.readTextFile(`${p.dataDir}/uploads/kept.png`), "the shop's own");
  const leftovers = [];
  for await (const entry of Deno.readDir(p.dataDir)) leftovers.push(entry.name);
  assert.deepEqual(leftovers.sort(), ["pglite", "uploads"]);
});

Deno.test("seedFromTemplate() copies the empty schema when no demo is asked for", async () => {
  await using p = await project();
  assert.equal(await seedFromTemplate({ ...p, withDemo: false }), "schema");
  assert.equal(await Deno.readTextFile(`${p.dataDir}/pglite/base/1`), "schema");
  await assert.rejects(Deno.stat(`${p.dataDir}/uploads`), Deno.errors.NotFound);
});

Deno.test("seedFromTemplate() never touches an existing database", async () => {
  await using p = await project();
  await Deno.mkdir(`${p.dataDir}/pglite/base`, { recursive: true });
  await Deno.writeTextFile(`${p.dataDir}/pglite/base/1`, "the shop's data");
  assert.equal(await seedFromTemplate({ ...p, withDemo: true }), "existing");
  assert.equal(await Deno.readTextFile(`${p.dataDir}/pglite/base/1`), "the shop's data");
});

Deno.test("a template built before a migration changed is stale and not used", async () => {
  await using p = await project();
  assert.equal(await isTemplateStale(p.root, p.templateDir), false);
  await Deno.writeTextFile(`${p.root}/migrations/0002_more.sql`, "CREATE INDEX i ON books ();");
  assert.equal(await isTemplateStale(p.root, p.templateDir), true);
  assert.equal(await seedFromTemplate({ ...p, withDemo: true }), "stale_template");
  await assert.rejects(Deno.stat(`${p.dataDir}/pglite`), Deno.errors.NotFound);
});

Deno.test("without templates the shop creates its database as before", async () => {
  await using p = await project();
  await Deno.remove(p.templateDir, { recursive: true });
  assert.equal(await isTemplateStale(p.root, p.templateDir), true);
  assert.equal(await seedFromTemplate({ ...p, withDemo: true }), "no_template");
  await assert.rejects(Deno.stat(`${p.dataDir}/pglite`), Deno.errors.NotFound);
});
