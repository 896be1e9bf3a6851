/**
 * `deno task restore FILE [--force]`: puts a backup made by `deno task backup` back as the
 * embedded database of DATA_DIR. Stop the shop first. An existing database is kept aside
 * as `pglite.before-restore-<UTC time>` and only with --force; without it the restore
 * refuses to touch it.
 */
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { pgliteDir } from "./backup.ts";

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}

/**
 * The backup's bytes, once they are known to be a gzip-compressed tar: anything else is
 * refused before the database is touched.
 */
export async function readBackup(file: string): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = await Deno.readFile(file);
  const refuse = () => new Error(`${file} is not a backup made by deno task backup`);
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) throw refuse();
  let tar: Uint8Array;
  try {
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    tar = new Uint8Array(await new Response(stream).arrayBuffer());
  } catch {
    throw refuse();
  }
  if (new TextDecoder().decode(tar.subarray(257, 262)) !== "ustar") throw refuse();
  return bytes;
}

/**
 * Loads the backup `file` as the embedded database of `dataDir`. Resolves with the path the
 * previous database was moved to, if there was one.
 */
export async function restoreDataDir(
  dataDir: string,
  file: string,
  options: { force?: boolean; now?: Date } = {},
): Promise<string | undefined> {
  const bytes = await readBackup(file);
  const dir = pgliteDir(dataDir);
  let keptAside: string | undefined;
  if (await exists(dir)) {
    if (!options.force) {
      throw new Error(`${dir} already holds a database: pass --force to replace it`);
    }
    keptAside = `${dir}.before-restore-${
      (options.now ?? new Date()).toISOString().replace(/[:.]/g, "-")
    }`;
    await Deno.rename(dir, keptAside);
  }
  await Deno.mkdir(dir, { recursive: true });
  try {
    const db = await PGlite.create({
      dataDir: dir,
      loadDataDir: new Blob([bytes], { type: "application/x-gzip" }),
      extensions: { pg_trgm },
    });
    await db.query("SELECT 1");
    await db.close();
  } catch (error) {
    // Leave things as they were: a half-loaded directory is worse than none.
    await Deno.remove(dir, { recursive: true }).catch(() => {});
    if (keptAside) await Deno.rename(keptAside, dir);
    throw error;
  }
  return keptAside;
}

if (import.meta.main) {
  const dataDir = Deno.env.get("DATA_DIR") || "./data";
  const file = Deno.args.find((a) => !a.startsWith("--"));
  if (!file) {
    console.error("Usage: deno task restore BACKUP.tar.gz [--force]");
    Deno.exit(1);
  }
  try {
    const aside = await restoreDataDir(dataDir, file, { force: Deno.args.includes("--force") });
    console.log(`Restored ${file} into ${pgliteDir(dataDir)}`);
    if (aside) console.log(`The previous database is kept in ${aside}`);
  } catch (error) {
    console.error(`Restore failed: ${error instanceof Error ? error.message : error}`);
    Deno.exit(1);
  }
}
