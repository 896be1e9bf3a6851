/**
 * The shop as production runs it: `deno run -A main.ts` in a process of its own, with
 * NODE_ENV=production and no demo catalogue. Its output is kept in memory so a test can
 * read what it logged.
 */
import { eventually } from "../../support/eventually.ts";

export const PROJECT_DIR = decodeURIComponent(new URL("../../../", import.meta.url).pathname);

export interface ShopProcess {
  url: string;
  pid: number;
  /** Everything the process wrote so far, stdout and stderr interleaved by arrival. */
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<Deno.CommandStatus>;
  /** Sends a signal (SIGTERM for a graceful stop). */
  signal(signal: Deno.Signal): void;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves with the exit status. */
  stop(graceMs?: number): Promise<Deno.CommandStatus>;
}

/** A free loopback port. */
export function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

/**
 * Starts main.ts with `env` on a free port (or another entry: `scripts/start.ts`, the shop
 * under its supervisor); does not wait for it to answer.
 */
export function spawnShop(env: Record<string, string>, entry = "main.ts"): ShopProcess {
  const port = freePort();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", entry],
    cwd: PROJECT_DIR,
    env: {
      NODE_ENV: "production",
      SEED_DEMO: "0",
      NO_COLOR: "1",
      PORT: String(port),
      ...env,
    },
    clearEnv: false,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let text = "";
  const decoder = new TextDecoder();
  const collect = async (stream: ReadableStream<Uint8Array>) => {
    for await (const chunk of stream) text += decoder.decode(chunk, { stream: true });
  };
  const copied = Promise.all([collect(child.stdout), collect(child.stderr)]).catch(() => {});
  const exited = child.status.then(async (status) => {
    await copied;
    return status;
  });
  const kill = (signal: Deno.Signal) => {
    try {
      child.kill(signal);
    } catch {
      // Already gone.
    }
  };
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    output: () => text,
    exited,
    signal: kill,
    async stop(graceMs = 10_000) {
      kill("SIGTERM");
      const timer = setTimeout(() => kill("SIGKILL"), graceMs);
      const status = await exited;
      clearTimeout(timer);
      return status;
    },
  };
}

/** Waits until `GET /readyz` answers 200; fails with the shop's output otherwise. */
export async function waitUntilReady(shop: ShopProcess, timeoutMs = 90_000): Promise<void> {
  let gone = false;
  shop.exited.then(() => gone = true);
  try {
    await eventually(async () => {
      if (gone) return true;
      const response = await fetch(`${shop.url}/readyz`, { signal: AbortSignal.timeout(2_000) });
      await response.body?.cancel();
      return response.status === 200;
    }, { timeoutMs, everyMs: 100, what: "the shop ready" });
  } catch {
    await shop.stop(1_000);
    throw new Error(
      `The shop was not ready within ${timeoutMs} ms:\n${shop.output().slice(-3000)}`,
    );
  }
  if (gone) throw new Error(`The shop stopped while starting:\n${shop.output().slice(-3000)}`);
}

/** Rounds background job `job` ("lapse", "outbox") of a shop process has run, by its /healthz. */
export async function roundsOf(shop: Pick<ShopProcess, "url">, job: string): Promise<number> {
  const response = await fetch(`${shop.url}/healthz`, { signal: AbortSignal.timeout(5_000) });
  const health = await response.json() as { jobs?: Record<string, { rounds: number }> };
  const seen = health.jobs?.[job];
  if (!seen) throw new Error(`/healthz of ${shop.url} tells no job "${job}"`);
  return seen.rounds;
}

/**
 * Resolves once job `job` of a shop process has run `count` more rounds than now: what such
 * a round would do (lapse an order again, send a mail twice) has had its chance.
 */
export async function moreRounds(
  shop: Pick<ShopProcess, "url">,
  job: string,
  count: number,
): Promise<void> {
  const target = await roundsOf(shop, job) + count;
  await eventually(async () => await roundsOf(shop, job) >= target, {
    timeoutMs: 30_000,
    everyMs: 100,
    what: `${count} more ${job} rounds of ${shop.url}`,
  });
}
