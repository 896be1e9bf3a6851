/**
 * A new embedded database, copied from a template instead of created. Creating a PGlite
 * data directory runs initdb in WebAssembly (3-6 s here), then the migrations and the demo
 * catalogue with its drawn covers (another 1-3 s); copying a directory that was made the
 * same way takes a fraction of a second. The templates are built ahead of time under
 * dist/embedded (scripts/embedded_template.ts, on `deno task start`):
 *
 * - `schema/pglite`: the migrated, empty database;
 * - `demo/pglite` and `demo/uploads`: the same with the demo catalogue and its images.
 *
 * A template is used only for a DATA_DIR without a database and only when its stamp names
 * the same migrations, demo catalogue and dependencies as the running code; otherwise the
 * shop creates its database as before. An existing database is never touched.
 */
import { sha256Hex } from "../../domain/sha256.ts";

export interface TemplateStamp {
  /** templateKey() of the code the templates were built from. */
  key: string;
}

/** What went into a template: a change to any of these makes the templates stale. */
const KEY_SOURCES = ["migrations", "adapters/demo", "deno.start.lock"];

async function filesUnder(path: string): Promise<string[]> {
  const info = await Deno.stat(path).catch(() => undefined);
  if (!info) return [];
  if (info.isFile) return [path];
  const files: string[] = [];
  for await (const entry of Deno.readDir(path)) {
    if (entry.name.startsWith(".") || entry.name.endsWith("_test.ts")) continue;
    files.push(...await filesUnder(`${path}/${entry.name}`));
  }
  return files;
}

/** A hash of the migrations, the demo catalogue's code and the lock file under `root`. */
export async function templateKey(root: string): Promise<string> {
  const files = (await Promise.all(KEY_SOURCES.map((s) => filesUnder(`${root}/${s}`))))
    .flat().sort();
  const parts: Uint8Array[] = [];
  const encoder = new TextEncoder();
  for (const file of files) {
    parts.push(encoder.encode(`\0${file.slice(root.length)}\0`), await Deno.readFile(file));
  }
  const all = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    all.set(part, offset);
    offset += part.byteLength;
  }
  return await sha256Hex(all);
}

/** The stamp of the templates in `templateDir`, or undefined when there are none. */
export async function readStamp(templateDir: string): Promise<TemplateStamp | undefined> {
  try {
    const stamp = JSON.parse(await Deno.readTextFile(`${templateDir}/stamp.json`));
    return typeof stamp?.key === "string" ? { key: stamp.key } : undefined;
  } catch {
    return undefined;
  }
}

/** True when `templateDir` holds no templates or ones built from other code than `root`'s. */
export async function isTemplateStale(root: string, templateDir: string): Promise<boolean> {
  const stamp = await readStamp(templateDir);
  return stamp === undefined || stamp.key !== await templateKey(root);
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.lstat(path);
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}

/** Copies the tree `from` to `to` (created), files a few at a time. */
export async function copyTree(from: string, to: string): Promise<void> {
  await Deno.mkdir(to, { recursive: true });
  const files: [string, string][] = [];
  const dirs: Promise<void>[] = [];
  for await (const entry of Deno.readDir(from)) {
    const source = `${from}/${entry.name}`;
    const target = `${to}/${entry.name}`;
    if (entry.isDirectory) dirs.push(copyTree(source, target));
    else if (entry.isFile) files.push([source, target]);
  }
  const width = 16;
  for (let i = 0; i < files.length; i += width) {
    await Promise.all(files.slice(i, i + width).map(([s, t]) => Deno.copyFile(s, t)));
  }
  await Promise.all(dirs);
}

export interface SeedOptions {
  /** The shop's DATA_DIR: the database goes to `<dataDir>/pglite`, images to `<dataDir>/uploads`. */
  dataDir: string;
  /** dist/embedded. */
  templateDir: string;
  /** The project root the running code comes from (for templateKey). */
  root: string;
  /** Start with the demo catalogue (SEED_DEMO with images on the local disk). */
  withDemo: boolean;
}

export type SeedOutcome = "existing" | "no_template" | "stale_template" | "schema" | "demo";

/**
 * Puts a copy of the right template at `<dataDir>/pglite` when there is no database there
 * yet (and, for the demo, its images into `<dataDir>/uploads`, keeping any file already
 * there). The copy is made beside the target and renamed into place, so a start that
 * stops half-way leaves no half database behind.
 */
export async function seedFromTemplate(options: SeedOptions): Promise<SeedOutcome> {
  const dataDir = options.dataDir.replace(/\/+$/, "");
  const target = `${dataDir}/pglite`;
  if (await exists(target)) return "existing";
  const stamp = await readStamp(options.templateDir);
  if (!stamp) return "no_template";
  if (stamp.key !== await templateKey(options.root)) return "stale_template";
  const kind = options.withDemo ? "demo" : "schema";
  await Deno.mkdir(dataDir, { recursive: true });
  const partial = await Deno.makeTempDir({ dir: dataDir, prefix: ".pglite-" });
  try {
    await copyTree(`${options.templateDir}/${kind}/pglite`, partial);
    await Deno.rename(partial, target);
  } catch (error) {
    await Deno.remove(partial, { recursive: true }).catch(() => {});
    throw error;
  }
  if (options.withDemo) {
    await copyMissing(`${options.templateDir}/demo/uploads`, `${dataDir}/uploads`);
  }
  return kind;
}

/** Copies the files of `from` that `to` lacks. */
async function copyMissing(from: string, to: string): Promise<void> {
  if (!await exists(from)) return;
  await Deno.mkdir(to, { recursive: true });
  for await (const entry of Deno.readDir(from)) {
    if (!entry.isFile || await exists(`${to}/${entry.name}`)) continue;
    await Deno.copyFile(`${from}/${entry.name}`, `${to}/${entry.name}`);
  }
}
