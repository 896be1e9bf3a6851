/**
 * A PostgreSQL server of the test's own that can be stopped and started again on the
 * same data directory and port (`pg_ctl stop -m fast` / `start`), to play a database
 * outage. The shared test cluster cannot be stopped under the other suites, so the fault
 * tests make their own.
 */
import { findPostgresBin, startLocalServer } from "../../../adapters/postgres/testing/cluster.ts";

export interface OwnServer {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  /** Fast shutdown: open connections are ended, running transactions rolled back. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops for good and removes the data directory. */
  destroy(): Promise<void>;
}

/** Whether this machine can run a server of its own (initdb and pg_ctl found). */
export async function canRunOwnServer(): Promise<boolean> {
  return (await findPostgresBin()) !== undefined;
}

/** initdb and start a server on a free loopback port. */
export async function startOwnServer(): Promise<OwnServer> {
  const bin = await findPostgresBin();
  if (!bin) throw new Error("No PostgreSQL server binaries (initdb, pg_ctl) found");
  const server = await startLocalServer(bin, {
    prefix: "pothgula-faults-pg-",
    settings: ["fsync=off", "max_connections=200"],
  });
  let running = true;
  return {
    url: server.url,
    async stop() {
      await server.stop("fast");
      running = false;
    },
    async start() {
      await server.start();
      running = true;
    },
    async destroy() {
      try {
        if (running) await server.stop("immediate");
      } finally {
        await server.remove();
      }
    },
  };
}
