/**
 * Who has the embedded database open. PGlite is one process's files: a second process
 * opening them (`deno task admin` while the shop runs, a second shop) could damage them.
 * Whichever opens them writes its process id into `<dataDir>/shop.pid` while it runs; the
 * others refuse while that process is alive. (Liveness is read from /proc, as on the Linux
 * servers the shop runs on.)
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

/**
 * Marks the data directory as held by this process; the answer lets it go. Throws, naming
 * the holder, while another live process (a shop, `deno task admin`) holds it.
 */
export async function holdLock(dataDir: string): Promise<() => Promise<void>> {
  const holder = await lockHolder(dataDir);
  if (holder !== undefined) {
    throw new Error(
      `The embedded database in ${dataDir} is open in process ${holder}: stop that first`,
    );
  }
  await Deno.mkdir(dataDir, { recursive: true });
  await Deno.writeTextFile(lockPath(dataDir), `${Deno.pid}\n`);
  return async () => {
    await Deno.remove(lockPath(dataDir)).catch(() => {});
  };
}
