/**
 * `deno task backup [FILE]`: a copy of the embedded database (DATA_DIR/pglite) as one
 * .tar.gz, made with PGlite's own dumpDataDir. Stop the shop first: the embedded database
 * is one process's. With DATABASE_URL set, use pg_dump instead (docs/deployment.md).
 *
 * The default file is `pothgula-backup-<UTC time>.tar.gz` in the working directory.
 */
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

/** The embedded database's directory inside DATA_DIR. */
export function pgliteDir(dataDir: string): string {
  return `${dataDir.replace(/\/+$/, "")}/pglite`;
}

async function isDirectoryWithFiles(path: string): Promise<boolean> {
  try {
    for await (const _ of Deno.readDir(path)) return true;
    return false;
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return false;
    throw error;
  }
}

/**
 * Dumps the embedded database of `dataDir` to `file` (gzip-compressed tar); resolves with
 * the number of bytes written.
 */
export async function backupDataDir(dataDir: string, file: string): Promise<number> {
  const dir = pgliteDir(dataDir);
  if (!await isDirectoryWithFiles(dir)) throw new Error(`No embedded database in ${dir}`);
  const db = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
  try {
    const dump = await db.dumpDataDir("gzip");
    const bytes = new Uint8Array(await dump.arrayBuffer());
    const temp = `${file}.partial`;
    await Deno.writeFile(temp, bytes);
    await Deno.rename(temp, file);
    return bytes.length;
  } finally {
    await db.close();
  }
}

function timestamp(now: Date): string {
  return now.toISOString().replace(/[:.]/g, "-");
}

if (import.meta.main) {
  const dataDir = Deno.env.get("DATA_DIR") || "./data";
  if (Deno.env.get("DATABASE_URL")) {
    console.error(
      "DATABASE_URL is set: back up the server with pg_dump (see docs/deployment.md)",
    );
    Deno.exit(1);
  }
  const file = Deno.args[0] ?? `pothgula-backup-${timestamp(new Date())}.tar.gz`;
  try {
    const bytes = await backupDataDir(dataDir, file);
    console.log(`Backed up ${pgliteDir(dataDir)} to ${file} (${bytes} bytes)`);
  } catch (error) {
    console.error(`Backup failed: ${error instanceof Error ? error.message : error}`);
    Deno.exit(1);
  }
}
