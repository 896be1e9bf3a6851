/**
 * A PostgreSQL server of the test's own that can be stopped and started again on the
 * same data directory and port (`pg_ctl stop -m fast` / `start`), to play a database
 * outage. The shared test cluster cannot be stopped under the other suites, so the fault
 * tests make their own.
 */
import { findPostgresBin } from "../../../adapters/postgres/testing/cluster.ts";
import { freePort } from "./shop_process.ts";

export interface OwnServer {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  /** Fast shutdown: open connections are ended, running transactions rolled back. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops for good and removes the data directory. */
  destroy(): Promise<void>;
}

async function run(cmd: string, args: string[], asUser: string | undefined): Promise<void> {
  const [exe, argv] = asUser ? ["runuser", ["-u", asUser, "--", cmd, ...args]] : [cmd, args];
  const out = await new Deno.Command(exe, { args: argv, stdout: "piped", stderr: "piped" })
    .output();
  if (!out.success) {
    const err = new TextDecoder().decode(out.stderr) + new TextDecoder().decode(out.stdout);
    throw new Error(`${cmd} ${args.join(" ")} failed: ${err.trim().slice(-2000)}`);
  }
}

/** Whether this machine can run a server of its own (initdb and pg_ctl found). */
export async function canRunOwnServer(): Promise<boolean> {
  return (await findPostgresBin()) !== undefined;
}

/** initdb and start a server on a free loopback port. */
export async function startOwnServer(): Promise<OwnServer> {
  const bin = await findPostgresBin();
  if (!bin) throw new Error("No PostgreSQL server binaries (initdb, pg_ctl) found");
  const asUser = Deno.uid?.() === 0 ? "postgres" : undefined;
  const dir = await Deno.makeTempDir({ prefix: "pothgula-faults-pg-" });
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
  const opts =
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = () =>
    run(`${bin}/pg_ctl`, ["-D", dataDir, "-o", opts, "-l", `${dir}/log`, "-w", "start"], asUser);
  const stop = (mode: string) =>
    run(`${bin}/pg_ctl`, ["-D", dataDir, "-m", mode, "-w", "stop"], asUser);
  await start();
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await stop("fast");
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async destroy() {
      try {
        if (running) await stop("immediate");
      } finally {
        await Deno.remove(dir, { recursive: true }).catch(() => {});
      }
    },
  };
}
