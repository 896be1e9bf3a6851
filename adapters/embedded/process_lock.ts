/**
 * Who has the embedded database open. PGlite is one process's files: a second process
 * opening them (`deno task admin` while the shop runs) could damage them. The shop writes
 * its process id into `<dataDir>/shop.pid` while it runs; tools refuse while that process
 * is alive.
 */

/** The lock file of a data directory. */
export function lockPath(dataDir: string): string {
  return `${dataDir.replace(/\/+$/, "")}/shop.pid`;
}

function alive(pid: number): boolean {
  try {
    Deno.statSync(`/proc/${pid}`);
    return true;
  } catch {
    return false;
  }
}

/** The id of another live process holding the data directory, or undefined. */
export async function lockHolder(dataDir: string): Promise<number | undefined> {
  let text: string;
  try {
    text = await Deno.readTextFile(lockPath(dataDir));
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw error;
  }
  const pid = Number(text.trim());
  if (!Number.isInteger(pid) || pid <= 0 || pid === Deno.pid) return undefined;
  return alive(pid) ? pid : undefined;
}

/** Marks the data directory as held by this process; the answer lets it go. */
export async function holdLock(dataDir: string): Promise<() => Promise<void>> {
  await Deno.mkdir(dataDir, { recursive: true });
  await Deno.writeTextFile(lockPath(dataDir), `${Deno.pid}\n`);
  return async () => {
    await Deno.remove(lockPath(dataDir)).catch(() => {});
  };
}
