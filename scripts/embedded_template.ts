/**
 * Builds the embedded database templates under dist/embedded (see
 * adapters/embedded/template.ts): a migrated empty PGlite database, and the same with the
 * demo catalogue and its images. `ensureEmbeddedTemplate()` builds them only when they are
 * missing or stale (another migration, demo catalogue or lock file); `deno task start`
 * calls it before the shop starts. Run directly, it always builds.
 */
import { PgliteSqlClient } from "../adapters/postgres/pglite_client.ts";
import { migrate } from "../adapters/postgres/migrator.ts";
import { PostgresCatalogue } from "../adapters/postgres/catalogue.ts";
import { PostgresCatalogueAdmin } from "../adapters/postgres/catalogue_admin.ts";
import { LocalDiskImageStorage } from "../adapters/storage/local_disk_storage.ts";
import { ProcessedImageStorage } from "../adapters/images/processed_storage.ts";
import { SharpImageProcessor } from "../adapters/images/sharp_processor.ts";
import { loadDemoCatalogue } from "../adapters/demo/load_demo.ts";
import { copyTree, isTemplateStale, templateKey } from "../adapters/embedded/template.ts";

const ROOT = decodeURIComponent(new URL("..", import.meta.url).pathname).replace(/\/+$/, "");
export const TEMPLATE_DIR = `${ROOT}/dist/embedded`;

/** Creates and migrates a PGlite database in `dir`, then closes it. */
async function migratedDatabase(dir: string): Promise<void> {
  await Deno.mkdir(dir, { recursive: true });
  const sql = await PgliteSqlClient.open(dir);
  try {
    await migrate(sql);
  } finally {
    await sql.close();
  }
}

/** Loads the demo catalogue into the database in `dir`, its images into `uploads`. */
async function withDemo(dir: string, uploads: string): Promise<void> {
  const sql = await PgliteSqlClient.open(dir);
  try {
    const demo = await loadDemoCatalogue({
      admin: new PostgresCatalogueAdmin(sql),
      catalogue: new PostgresCatalogue(sql),
      // As the shop stores an upload: with its resized copies.
      images: new ProcessedImageStorage(
        new LocalDiskImageStorage(uploads),
        new SharpImageProcessor(),
      ),
    });
    if (!demo.loaded) throw new Error("The demo catalogue did not load into a new database");
  } finally {
    await sql.close();
  }
}

/** Builds both templates beside dist/embedded and swaps them in whole. */
export async function buildEmbeddedTemplate(): Promise<void> {
  const started = performance.now();
  const key = await templateKey(ROOT);
  await Deno.mkdir(`${ROOT}/dist`, { recursive: true });
  const work = await Deno.makeTempDir({ dir: `${ROOT}/dist`, prefix: ".embedded-" });
  try {
    await migratedDatabase(`${work}/schema/pglite`);
    await copyTree(`${work}/schema/pglite`, `${work}/demo/pglite`);
    await withDemo(`${work}/demo/pglite`, `${work}/demo/uploads`);
    await Deno.writeTextFile(`${work}/stamp.json`, JSON.stringify({ key }) + "\n");
    const old = `${work}.old`;
    await Deno.rename(TEMPLATE_DIR, old).catch(() => {});
    await Deno.rename(work, TEMPLATE_DIR);
    await Deno.remove(old, { recursive: true }).catch(() => {});
  } catch (error) {
    await Deno.remove(work, { recursive: true }).catch(() => {});
    throw error;
  }
  console.log(`embedded database templates built in ${Math.round(performance.now() - started)} ms`);
}

/** Builds the templates only when they are missing or stale. */
export async function ensureEmbeddedTemplate(): Promise<void> {
  if (await isTemplateStale(ROOT, TEMPLATE_DIR)) await buildEmbeddedTemplate();
}

if (import.meta.main) await buildEmbeddedTemplate();
