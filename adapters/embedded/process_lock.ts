/**
 * Who has the embedded database open. PGlite is one process's files: a second process
 * opening them (`deno task admin` while the shop runs, a second shop) could damage them.
 * Whichever opens them holds an exclusive OS lock (flock) on `<dataDir>/shop.pid` while it
 * runs, and writes its process id there for the message others print; the others refuse
 * while the lock is held.
 *
 * The operating system lets the lock go when its holder's process ends, however it ends
 * (`kill -9`, a crash, a power cut): a dead process, a zombie not yet reaped, or another
 * process that later got the same id never blocks a start. The file itself stays; its
 * contents only name the last holder.
 */

/** The lock file of a data directory. */
export function lockPath(dataDir: string): string {
  return `${dataDir.replace(/\/+$/, "")}/shop.pid`;
}

/** The embedded database is held by another live process. */
export class LockHeldError extends Error {
  constructor(readonly dataDir: string, readonly holder: number | undefined) {
    super(
      `The embedded database in ${dataDir} is open in ${
        holder === undefined ? "another process" : `process ${holder}`
      }: stop that first`,
    );
    this.name = "LockHeldError";
  }
}

/** The process id the holder wrote, when the file names one. */
async function writtenHolder(file: Deno.FsFile): Promise<number | undefined> {
  const bytes = new Uint8Array(32);
  await file.seek(0, Deno.SeekMode.Start);
  const read = await file.read(bytes);
  const pid = Number(new TextDecoder().decode(bytes.subarray(0, read ?? 0)).trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

async function openLockFile(dataDir: string): Promise<Deno.FsFile> {
  await Deno.mkdir(dataDir, { recursive: true });
  return await Deno.open(lockPath(dataDir), { read: true, write: true, create: true });
}

/**
 * How long a start waits for a holder on its way out. A process killed with SIGKILL shows
 * as a zombie while its last threads still close its files, so the lock outlives it by a
 * few milliseconds: a start at that moment waits instead of refusing.
 */
export const HOLDER_EXIT_GRACE_MS = 2_000;
const RETRY_EVERY_MS = 25;

/** Takes the OS lock, trying again until `graceMs` has passed; false when still held. */
async function tryLockWithin(file: Deno.FsFile, graceMs: number): Promise<boolean> {
  const deadline = Date.now() + graceMs;
  while (!await file.tryLock(true)) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, RETRY_EVERY_MS));
  }
  return true;
}

/**
 * Holds the data directory for this process; the answer lets it go (the process ending
 * lets it go too). Throws LockHeldError, naming the holder, while another live process (a
 * shop, `deno task admin`) still holds it after `graceMs`.
 */
export async function holdLock(
  dataDir: string,
  { graceMs = HOLDER_EXIT_GRACE_MS }: { graceMs?: number } = {},
): Promise<() => Promise<void>> {
  const file = await openLockFile(dataDir);
  let held = false;
  try {
    if (!await tryLockWithin(file, graceMs)) {
      throw new LockHeldError(dataDir, await writtenHolder(file));
    }
    held = true;
    await file.truncate(0);
    await file.seek(0, Deno.SeekMode.Start);
    await file.write(new TextEncoder().encode(`${Deno.pid}\n`));
  } catch (error) {
    if (held) await file.unlock().catch(() => {});
    file.close();
    throw error;
  }
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    await file.unlock().catch(() => {});
    file.close();
  };
}
