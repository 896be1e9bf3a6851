/**
 * The shop as the benchmark's server: `deno run -A main.ts` in its own process, started
 * the way production starts it, with the bench's baseline route switched on.
 */
import { cpuSeconds, peakMemoryKb } from "./machine.ts";

export interface ShopProcess {
  url: string;
  pid: number;
  /** Peak resident memory of the server so far, kB. */
  peakMemoryKb(): Promise<number | undefined>;
  /** The server's user and system CPU seconds so far, where the OS tells them. */
  cpuSeconds(): Promise<number | undefined>;
  stop(): Promise<void>;
}

export interface ShopOptions {
  databaseUrl: string;
  dataDir: string;
  port: number;
  adminEmail: string;
  adminPassword: string;
  /** The server's output goes here. */
  logFile: string;
}

export const PROJECT_DIR = decodeURIComponent(new URL("../", import.meta.url).pathname);

/** Polls `url` until it answers with any HTTP status; resolves with the milliseconds waited. */
export async function waitForAnswer(
  url: string,
  options: { timeoutMs: number; exited?: Promise<unknown> },
): Promise<number> {
  const started = performance.now();
  let gone = false;
  options.exited?.then(() => gone = true);
  while (performance.now() - started < options.timeoutMs) {
    if (gone) throw new Error(`The server stopped before answering ${url}`);
    try {
      const response = await fetch(url);
      await response.body?.cancel();
      return performance.now() - started;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  throw new Error(`No answer from ${url} within ${options.timeoutMs} ms`);
}

/** A free loopback port. */
export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

/** Starts the shop against the database and waits until it answers. */
export async function startShop(options: ShopOptions): Promise<ShopProcess> {
  await Deno.writeTextFile(options.logFile, "");
  // The shop writes its log (a line a request) straight to the file: copied through this
  // process, at 20,000 requests a second, the copying took CPU from the shop under test.
  const child = new Deno.Command("sh", {
    args: [
      "-c",
      'exec "$@" >> "$0" 2>&1',
      options.logFile,
      Deno.execPath(),
      "run",
      "-A",
      "bench/shop_entry.ts",
    ],
    cwd: PROJECT_DIR,
    env: {
      DATABASE_URL: options.databaseUrl,
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      SEED_DEMO: "0",
      ADMIN_EMAIL: options.adminEmail,
      ADMIN_PASSWORD: options.adminPassword,
      NODE_ENV: "production",
      // The load comes through the loopback as through a proxy: each order names its
      // shopper's address (X-Forwarded-For, bench/scenarios.ts), so 1,000 shoppers place
      // the orders, each with an address, e-mail and phone of their own.
      TRUST_PROXY: "127.0.0.1",
      // Each of those shoppers places an order every few seconds of the run, far past the
      // per-address and per-contact limits (30 an hour): the bench measures placing orders,
      // not the limiter, which still counts every one.
      ORDER_RATE_LIMIT: "9999999/1",
      ORDER_RATE_LIMIT_CONTACT: "9999999/1",
      // So would what one shopper's unpaid orders may hold (422 HOLD_LIMIT past 200 copies):
      // the hold is still locked and summed for every order, and so measured, but never refuses.
      HOLD_MAX_UNITS: "9999999",
      HOLD_MAX_LKR: "9999999999",
      HOLD_MAX_UNITS_ADDRESS: "9999999",
      HOLD_MAX_LKR_ADDRESS: "9999999999",
      NO_COLOR: "1",
    },
    stdin: "null",
    stdout: "null",
    stderr: "null",
  }).spawn();
  const url = `http://127.0.0.1:${options.port}`;
  let stopping: Promise<void> | undefined;
  try {
    await waitForAnswer(`${url}/api/categories`, { timeoutMs: 60_000, exited: child.status });
  } catch (error) {
    try {
      child.kill("SIGKILL");
    } catch { /* already gone */ }
    const text = await Deno.readTextFile(options.logFile).catch(() => "");
    throw new Error(`${(error as Error).message}\n${text.slice(-2000)}`);
  }
  return {
    url,
    pid: child.pid,
    peakMemoryKb: () => peakMemoryKb(child.pid),
    cpuSeconds: () => cpuSeconds(child.pid),
    stop() {
      stopping ??= (async () => {
        try {
          child.kill("SIGTERM");
        } catch { /* already gone */ }
        const timer = setTimeout(() => {
          try {
            child.kill("SIGKILL");
          } catch { /* already gone */ }
        }, 5000);
        await child.status;
        clearTimeout(timer);
      })();
      return stopping;
    },
  };
}
