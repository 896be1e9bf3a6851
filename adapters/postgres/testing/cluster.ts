/**
 * A throwaway PostgreSQL server for tests: initdb and pg_ctl in a temp dir, on a free
 * loopback port, trust auth, stopped at the end. Used when TEST_DATABASE_URL is unset.
 */

export interface TestCluster {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  stop(): Promise<void>;
  /**
   * Stops a cluster started here without awaiting, for an `unload` handler (where async
   * work never finishes). Absent for a server named by TEST_DATABASE_URL.
   */
  stopSync?(): void;
}

const BIN_DIRS = [
  "/usr/lib/postgresql/18/bin",
  "/usr/lib/postgresql/17/bin",
  "/usr/lib/postgresql/16/bin",
  "/usr/lib/postgresql/15/bin",
];

/** Finds a directory holding initdb and pg_ctl: PATH first, then Debian's versioned folders. */
export async function findPostgresBin(): Promise<string | undefined> {
  const pathDirs = (Deno.env.get("PATH") ?? "").split(":").filter(Boolean);
  for (const dir of [...pathDirs, ...BIN_DIRS]) {
    if (await isFile(`${dir}/initdb`) && await isFile(`${dir}/pg_ctl`)) return dir;
  }
  return undefined;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await Deno.stat(path)).isFile;
  } catch {
    return false;
  }
}

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

function runSync(cmd: string, args: string[], asUser: string | undefined): void {
  const [exe, argv] = asUser ? ["runuser", ["-u", asUser, "--", cmd, ...args]] : [cmd, args];
  new Deno.Command(exe, { args: argv, stdout: "null", stderr: "null" }).outputSync();
}

async function run(cmd: string, args: string[], asUser: string | undefined): Promise<void> {
  const [exe, argv] = asUser ? ["runuser", ["-u", asUser, "--", cmd, ...args]] : [cmd, args];
  const out = await new Deno.Command(exe, { args: argv, stdout: "piped", stderr: "piped" })
    .output();
  if (!out.success) {
    const err = new TextDecoder().decode(out.stderr) + new TextDecoder().decode(out.stdout);
    throw new Error(`${cmd} failed: ${err.trim().slice(-2000)}`);
  }
}

/**
 * Starts a cluster, or returns the one named by TEST_DATABASE_URL. With `required`
 * (CI), a missing server is an error; otherwise it returns undefined and the caller
 * runs its PGlite half only.
 */
export async function startTestCluster(
  options: { required: boolean },
): Promise<TestCluster | undefined> {
  const given = Deno.env.get("TEST_DATABASE_URL");
  if (given) return { url: given, stop: () => Promise.resolve() };

  const bin = await findPostgresBin();
  if (!bin) {
    if (options.required) {
      throw new Error(
        "No PostgreSQL server binaries (initdb, pg_ctl) found, and CI requires a real server",
      );
    }
    console.warn(
      "No PostgreSQL server binaries found: the real-server half of the tests will not run",
    );
    return undefined;
  }
  const isRoot = Deno.uid?.() === 0;
  const asUser = isRoot ? "postgres" : undefined;
  const dir = await Deno.makeTempDir({ prefix: "pothgula-pg-" });
  if (isRoot) await run("chown", ["postgres", dir], undefined);
  const dataDir = `${dir}/data`;
  const port = freePort();
  await run(`${bin}/initdb`, [
    "-D",
    dataDir,
    "-U",
    "postgres",
    "--auth=trust",
    "-E",
    "UTF8",
    "--no-sync",
  ], asUser);
  const opts =
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
  await run(
    `${bin}/pg_ctl`,
    ["-D", dataDir, "-o", opts, "-l", `${dir}/log`, "-w", "start"],
    asUser,
  );
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      try {
        await run(`${bin}/pg_ctl`, ["-D", dataDir, "-m", "immediate", "-w", "stop"], asUser);
      } finally {
        await Deno.remove(dir, { recursive: true }).catch(() => {});
      }
    },
    stopSync() {
      try {
        runSync(`${bin}/pg_ctl`, ["-D", dataDir, "-m", "immediate", "-w", "stop"], asUser);
      } finally {
        try {
          Deno.removeSync(dir, { recursive: true });
        } catch {
          // Already gone.
        }
      }
    },
  };
}
