/**
 * A throwaway PostgreSQL server for tests: initdb and pg_ctl in a temp dir, on a free
 * loopback port, trust auth, stopped at the end. Used when TEST_DATABASE_URL is unset.
 */
import { refuseInFastTier } from "../../../tests/support/tier.ts";

export interface TestCluster {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  stop(): Promise<void>;
  /**
   * Stops a cluster started here without awaiting, for an `unload` handler (where async
   * work never finishes). Absent for a server named by TEST_DATABASE_URL.
   */
  stopSync?(): void;
  /** The server's log file, when the server was started here. */
  logFile?: string;
  /**
   * The folder of the server's Unix socket: the one started here, or the one
   * TEST_DATABASE_SOCKET_FOLDER names beside TEST_DATABASE_URL.
   */
  socketFolder?: string;
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

/**
 * Whether the server in `bin` has the loadable module `name`: in the lib folder beside the
 * real bin folder (Debian's /usr/lib/postgresql/15/{bin,lib}, also when bin holds links).
 */
async function hasModule(bin: string, name: string): Promise<boolean> {
  const real = await Deno.realPath(`${bin}/postgres`).catch(() => `${bin}/postgres`);
  const home = real.replace(/\/bin\/postgres$/, "");
  return await isFile(`${home}/lib/${name}.so`) ||
    await isFile(`${home}/lib/postgresql/${name}.so`);
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

/** A PostgreSQL server in a temp dir of its own, on a free loopback port. */
export interface LocalServer {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  start(): Promise<void>;
  /** `pg_ctl stop` in the given mode ("fast" ends sessions; "immediate" just stops). */
  stop(mode: "fast" | "immediate"): Promise<void>;
  stopSync(): void;
  /** The server's log (pg_ctl -l). */
  logFile: string;
  /** The folder of its Unix socket (`.s.PGSQL.PORT`). */
  socketFolder: string;
  /** Removes the data directory (after a stop). */
  remove(): Promise<void>;
  removeSync(): void;
}

/**
 * initdb (trust auth, as the `postgres` user when run as root) and start a server with
 * the given extra settings (`-c name=value` pairs). The same data dir and port serve
 * every later `start()`, so a test can play an outage.
 */
export async function startLocalServer(
  bin: string,
  options: { prefix: string; settings: string[] },
): Promise<LocalServer> {
  const asUser = Deno.uid?.() === 0 ? "postgres" : undefined;
  const dir = await Deno.makeTempDir({ prefix: options.prefix });
  if (asUser) await run("chown", [asUser, dir], undefined);
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
  const opts = [`-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, ...options.settings]
    .join(" -c ");
  const pgCtl = (args: string[]) => run(`${bin}/pg_ctl`, ["-D", dataDir, ...args], asUser);
  const server: LocalServer = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    logFile: `${dir}/log`,
    socketFolder: dir,
    start: () => pgCtl(["-o", opts, "-l", `${dir}/log`, "-w", "start"]),
    stop: (mode) => pgCtl(["-m", mode, "-w", "stop"]),
    stopSync: () =>
      runSync(`${bin}/pg_ctl`, ["-D", dataDir, "-m", "immediate", "-w", "stop"], asUser),
    remove: () => Deno.remove(dir, { recursive: true }).catch(() => {}),
    removeSync() {
      try {
        Deno.removeSync(dir, { recursive: true });
      } catch {
        // Already gone.
      }
    },
  };
  await server.start();
  return server;
}

/**
 * Starts a cluster, or returns the one named by TEST_DATABASE_URL. With `required`
 * (CI), a missing server is an error; otherwise it returns undefined and the caller
 * runs its PGlite half only.
 */
export async function startTestCluster(
  options: { required: boolean },
): Promise<TestCluster | undefined> {
  refuseInFastTier("PostgreSQL server");
  const given = Deno.env.get("TEST_DATABASE_URL");
  if (given) {
    const socketFolder = Deno.env.get("TEST_DATABASE_SOCKET_FOLDER");
    return { url: given, stop: () => Promise.resolve(), ...(socketFolder ? { socketFolder } : {}) };
  }

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
  const server = await startLocalServer(bin, {
    prefix: "pothgula-pg-",
    settings: [
      "fsync=off",
      "synchronous_commit=off",
      "full_page_writes=off",
      "max_connections=300",
      // Its statistics would write the catalogue under a test: the databases that test
      // files reuse tell a changed schema by the catalogue's rows (testing/databases.ts).
      "autovacuum=off",
      // Statement statistics for the benchmark's slow-statement log (bench/slow_statements.ts),
      // when the server has the module (Debian's postgresql package does).
      ...(await hasModule(bin, "pg_stat_statements"))
        ? ["shared_preload_libraries=pg_stat_statements"]
        : [],
    ],
  });
  return {
    url: server.url,
    logFile: server.logFile,
    socketFolder: server.socketFolder,
    async stop() {
      try {
        await server.stop("immediate");
      } finally {
        await server.remove();
      }
    },
    stopSync() {
      try {
        server.stopSync();
      } finally {
        server.removeSync();
      }
    },
  };
}
