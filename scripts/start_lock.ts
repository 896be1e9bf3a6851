/**
 * The shop's own lock file, `deno.start.lock`: the npm packages `deno task start` needs
 * (server, web build, embedded database), and nothing the tests or benchmarks use
 * (Chromium, Playwright, an SMTP server, ...). `deno.lock` locks everything.
 *
 * Deno installs every package a lock file names before it runs anything, so a start from
 * `deno.lock` would fetch the test browser too. `deno task start` therefore installs from
 * this lock only the packages of the entry points below (`deno install --entrypoint`).
 *
 * - `deno run -A scripts/start_lock.ts install`: that install (the first step of `start`).
 * - `deno run -A scripts/start_lock.ts write`: writes the lock anew after a dependency of
 *   the shop changed (`deno task lock-start`); the versions must be those of deno.lock.
 */

/**
 * Every module `deno task start` may load: the start script and what it imports, the web
 * build (reached through a computed import) and the web entries that Vite bundles (Vite,
 * not Deno, reads them, so Deno learns of their packages only from this list).
 */
export const START_ENTRY_POINTS = [
  "scripts/start.ts",
  "scripts/build_web.ts",
  "scripts/embedded_template.ts",
  "main.ts",
  "vite.config.ts",
  "web/entry_client.tsx",
  "web/entry_server.tsx",
  "web/admin/main.tsx",
  "scripts/backup.ts",
  "scripts/restore.ts",
  "scripts/admin.ts",
] as const;

export const START_LOCK = "deno.start.lock";

interface LockFile {
  specifiers?: Record<string, string>;
  npm?: Record<string, unknown>;
}

/** `name@version` without the peer-dependency suffix Deno appends (`_react@19.3.1`). */
export function packageId(key: string): string {
  const at = key.indexOf("@", 1);
  const underscore = key.indexOf("_", at);
  return underscore === -1 ? key : key.slice(0, underscore);
}

/** The package name of an npm lock key (`@scope/name@1.2.3_peer@1` → `@scope/name`). */
export function packageName(key: string): string {
  return key.slice(0, key.indexOf("@", 1));
}

/** The packages (name@version) a lock file holds. */
export function lockedPackages(lock: LockFile): Set<string> {
  return new Set(Object.keys(lock.npm ?? {}).map(packageId));
}

/** Packages of `start` whose version is not the one deno.lock holds (a stale start lock). */
export function versionDrift(start: LockFile, full: LockFile): string[] {
  const fullPackages = lockedPackages(full);
  return [...lockedPackages(start)].filter((id) => !fullPackages.has(id)).sort();
}

async function run(args: string[]): Promise<void> {
  const status = await new Deno.Command(Deno.execPath(), {
    args,
    stdout: "inherit",
    stderr: "inherit",
  })
    .spawn().status;
  if (!status.success) throw new Error(`deno ${args.join(" ")} failed`);
}

async function readLock(path: string): Promise<LockFile> {
  return JSON.parse(await Deno.readTextFile(path)) as LockFile;
}

async function write(): Promise<void> {
  await Deno.remove(START_LOCK).catch(() => {});
  // Resolved without touching node_modules; the versions come from Deno's cache, which
  // `deno install --frozen` filled from deno.lock.
  await run(["cache", "--node-modules-dir=none", `--lock=${START_LOCK}`, ...START_ENTRY_POINTS]);
  const drift = versionDrift(await readLock(START_LOCK), await readLock("deno.lock"));
  if (drift.length > 0) {
    throw new Error(
      `${START_LOCK} resolved versions deno.lock does not hold: ${drift.join(", ")}. ` +
        "Run `deno install` first so that both locks agree, then write it again.",
    );
  }
  console.log(`${START_LOCK} written`);
}

async function install(): Promise<void> {
  await run([
    "install",
    "--frozen",
    `--lock=${START_LOCK}`,
    "--quiet",
    "--entrypoint",
    ...START_ENTRY_POINTS,
  ]);
}

if (import.meta.main) {
  Deno.chdir(new URL("..", import.meta.url));
  const [command] = Deno.args;
  if (command === "write") await write();
  else if (command === "install") await install();
  else {
    console.error("usage: deno run -A scripts/start_lock.ts install|write");
    Deno.exit(2);
  }
}
