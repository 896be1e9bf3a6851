/** Synchronous checks, usable while tests are being registered. */

const BIN_DIRS = [
  "/usr/lib/postgresql/18/bin",
  "/usr/lib/postgresql/17/bin",
  "/usr/lib/postgresql/16/bin",
  "/usr/lib/postgresql/15/bin",
];

function isFileSync(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

/** Whether a PostgreSQL server can be had: TEST_DATABASE_URL, or initdb and pg_ctl. */
export function serverAvailableSync(): boolean {
  if (Deno.env.get("TEST_DATABASE_URL")) return true;
  const pathDirs = (Deno.env.get("PATH") ?? "").split(":").filter(Boolean);
  return [...pathDirs, ...BIN_DIRS].some((dir) =>
    isFileSync(`${dir}/initdb`) && isFileSync(`${dir}/pg_ctl`)
  );
}
