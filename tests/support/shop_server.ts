/**
 * The real shop as a child process for the end-to-end suite: `deno run -A main.ts` with a
 * throwaway DATA_DIR (embedded PGlite, demo catalogue), mail to a real SMTP peer on
 * loopback, a known admin account, a free port and NODE_ENV=production. `stop()` kills
 * the server, closes the SMTP peer and removes the data directory, whatever happened.
 */
import { ensureBuilt } from "../../scripts/build_web.ts";
import { type SmtpPeer, startSmtpPeer } from "../../adapters/mail/testing/smtp_peer.ts";
import { refuseInFastTier } from "./tier.ts";
import { eventually } from "./eventually.ts";

export const ADMIN_EMAIL = "owner@pothgula.test";
export const ADMIN_PASSWORD = "a long e2e secret";

export interface RunningShop {
  /** `http://127.0.0.1:{port}`, no trailing slash. */
  url: string;
  smtp: SmtpPeer;
  /** What the server printed so far (stdout and stderr), for failure messages. */
  output(): string;
  /** An admin token from POST /api/auth/login, fetched once. */
  adminToken(): Promise<string>;
  /** A JSON call to the API, with the admin's token when `admin` is true. */
  api<T>(path: string, init?: { method?: string; body?: unknown; admin?: boolean }): Promise<T>;
  stop(): Promise<void>;
}

const ROOT = new URL("../../", import.meta.url).pathname;
const READY_TIMEOUT_MS = 90_000;

/** The shop's own settings: never taken from the environment the tests run in. */
const SHOP_SETTINGS =
  /^(DATABASE_URL|JWT_SECRET|MAIL_FROM|BANK_\w+|WHATSAPP_NUMBER|SHOP_\w+|BENCH_\w+)$/;

/** The caller's environment (PATH, HOME, Deno's cache) without any of the shop's settings. */
function inheritedEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(Deno.env.toObject()).filter(([name]) => !SHOP_SETTINGS.test(name)),
  );
}

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

async function collect(stream: ReadableStream<Uint8Array>, sink: string[]): Promise<void> {
  const decoder = new TextDecoder();
  for await (const chunk of stream) sink.push(decoder.decode(chunk, { stream: true }));
}

async function waitUntilAnswering(
  url: string,
  exited: Promise<Deno.CommandStatus>,
  output: () => string,
): Promise<void> {
  let gone = false;
  exited.then(() => gone = true);
  await eventually(async () => {
    if (gone) throw new Error(`The shop exited before answering:\n${output()}`);
    const response = await fetch(`${url}/api/categories`, { signal: AbortSignal.timeout(2_000) });
    await response.body?.cancel();
    return response.ok;
  }, { timeoutMs: READY_TIMEOUT_MS, everyMs: 200, what: "the shop answering" }).catch((error) => {
    throw new Error(`${error.message}\n${output()}`);
  });
  if (gone) throw new Error(`The shop exited before answering:\n${output()}`);
}

async function stopProcess(child: Deno.ChildProcess, exited: Promise<unknown>): Promise<void> {
  try {
    child.kill("SIGTERM");
  } catch {
    return; // Already gone.
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((resolve) => timer = setTimeout(() => resolve("late"), 10_000));
  const outcome = await Promise.race([exited, late]);
  clearTimeout(timer);
  if (outcome === "late") {
    try {
      child.kill("SIGKILL");
    } catch {
      // Gone meanwhile.
    }
    await exited;
  }
}

/**
 * Builds the web bundles when stale, then starts the shop with `settings` added to its
 * environment and waits until it answers.
 */
export async function startShop(settings: Record<string, string> = {}): Promise<RunningShop> {
  refuseInFastTier("shop process");
  await ensureBuilt();
  const dataDir = await Deno.makeTempDir({ prefix: "pothgula-e2e-" });
  const smtp = await startSmtpPeer();
  const port = freePort();
  const url = `http://127.0.0.1:${port}`;
  const lines: string[] = [];
  const output = () => lines.join("").slice(-6_000);
  let child: Deno.ChildProcess | undefined;
  let exited: Promise<Deno.CommandStatus> | undefined;
  const cleanUp = async () => {
    if (child && exited) await stopProcess(child, exited);
    await smtp.stop();
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  };
  try {
    child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "main.ts"],
      cwd: ROOT,
      env: {
        ...inheritedEnv(),
        PORT: String(port),
        DATA_DIR: dataDir,
        PUBLIC_URL: url,
        SMTP_URL: smtp.url,
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        SEED_DEMO: "1",
        NODE_ENV: "production",
        NO_COLOR: "1",
        // The shop hears of deposit slips in one mail a window: 3 s here, not 15 minutes.
        SLIP_DIGEST_MINUTES: "0.05",
        ...settings,
      },
      clearEnv: true,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const status = child.status;
    const drained = Promise.all([collect(child.stdout, lines), collect(child.stderr, lines)]);
    exited = status.then(async (s) => {
      await drained.catch(() => {});
      return s;
    });
    await waitUntilAnswering(url, exited, output);
  } catch (error) {
    await cleanUp();
    throw error;
  }

  let token: Promise<string> | undefined;
  const shop: RunningShop = {
    url,
    smtp,
    output,
    adminToken() {
      token ??= shop.api<{ token: string }>("/api/auth/login", {
        method: "POST",
        body: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
      }).then((answer) => answer.token);
      return token;
    },
    async api<T>(path: string, init: { method?: string; body?: unknown; admin?: boolean } = {}) {
      const headers: Record<string, string> = {};
      if (init.body !== undefined) headers["content-type"] = "application/json";
      if (init.admin) headers.authorization = `Bearer ${await shop.adminToken()}`;
      const response = await fetch(`${url}${path}`, {
        method: init.method ?? "GET",
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      const text = await response.text();
      if (!response.ok) {
        throw new Error(`${init.method ?? "GET"} ${path} answered ${response.status}: ${text}`);
      }
      return (text ? JSON.parse(text) : undefined) as T;
    },
    stop: cleanUp,
  };
  return shop;
}
