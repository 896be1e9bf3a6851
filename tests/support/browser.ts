/**
 * Finds and launches a real Chromium for the browser suites: CHROME_PATH, else Debian's
 * /usr/bin/chromium, else the binary shipped in the npm package @sparticuz/chromium (which
 * needs nothing but npm, so the suites run on a machine with only Node and npm).
 */
import { type Browser, chromium } from "playwright-core";
import { refuseInFastTier } from "./tier.ts";

const SYSTEM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/**
 * Flags of the npm package's own list that a test browser must not take:
 * - `--single-process`: the browser then closes itself when a second context is opened or
 *   closed ("Target page, context or browser has been closed"), and every suite opens many;
 * - the ones that switch web security off, so that the pages' CSP and same-origin rules are
 *   tested as a shopper's browser applies them.
 */
const REFUSED_PACKAGE_FLAGS = new Set([
  "--single-process",
  "--disable-web-security",
  "--allow-running-insecure-content",
  "--disable-site-isolation-trials",
]);

/** The npm package's flags that a test browser may keep, plus this machine's closed network. */
export function packageBrowserArgs(packageArgs: readonly string[]): string[] {
  const kept = packageArgs.filter((flag) => !REFUSED_PACKAGE_FLAGS.has(flag.split("=")[0]));
  return [...kept, "--disable-background-networking", "--disable-component-update"];
}

async function exists(path: string): Promise<boolean> {
  try {
    return (await Deno.stat(path)).isFile;
  } catch {
    return false;
  }
}

export type ChromiumSource = "env" | "system" | "npm";

export interface ChromiumLaunch {
  source: ChromiumSource;
  executablePath: string;
  args: string[];
}

/**
 * The Chromium shipped in the npm package @sparticuz/chromium (unpacked to a temp folder).
 * The package unpacks it once and afterwards takes the folder's presence for done, so test
 * files run side by side take turns under an OS lock: a second one never launches a
 * browser the first is still writing.
 */
export async function npmChromium(): Promise<ChromiumLaunch> {
  const { default: sparticuz } = await import("@sparticuz/chromium");
  const { tmpdir } = await import("node:os");
  const lock = await Deno.open(`${tmpdir()}/pothgula-chromium.lock`, {
    write: true,
    create: true,
  });
  try {
    await lock.lock(true);
    const executablePath = await sparticuz.executablePath();
    return { source: "npm", executablePath, args: packageBrowserArgs(sparticuz.args) };
  } finally {
    lock.close();
  }
}

/** Debian's Chromium, when it is installed. */
export async function systemChromium(): Promise<ChromiumLaunch | undefined> {
  if (!await exists("/usr/bin/chromium")) return undefined;
  return { source: "system", executablePath: "/usr/bin/chromium", args: SYSTEM_FLAGS };
}

/** Where the browser comes from and the flags it needs. */
export async function findChromium(): Promise<ChromiumLaunch> {
  const fromEnv = Deno.env.get("CHROME_PATH");
  if (fromEnv) return { source: "env", executablePath: fromEnv, args: SYSTEM_FLAGS };
  return await systemChromium() ?? await npmChromium();
}

/**
 * The variable naming the browser the test runner shares among the files of a run
 * (scripts/run_tests.ts starts it): a file connects to it instead of starting its own.
 */
export const SHARED_BROWSER_VARIABLE = "POTHGULA_BROWSER_WS";

/**
 * A headless Chromium for a test: the run's shared one when the runner started it (closing
 * it then only ends this file's connection and the contexts it opened), else one launched
 * for the caller. Throws (never skips) when none can start.
 */
export async function launchBrowser(from?: ChromiumLaunch): Promise<Browser> {
  refuseInFastTier("browser");
  const shared = from ? undefined : Deno.env.get(SHARED_BROWSER_VARIABLE);
  if (shared) return await chromium.connect(shared);
  const { executablePath, args } = from ?? await findChromium();
  return await chromium.launch({ executablePath, args, headless: true });
}

/** A browser the files of a run share, served over a WebSocket on loopback. */
export interface SharedBrowser {
  wsEndpoint: string;
  source: ChromiumSource;
  close(): Promise<void>;
}

/** Starts the browser a whole run shares (scripts/run_tests.ts). */
export async function startSharedBrowser(): Promise<SharedBrowser> {
  const { executablePath, args, source } = await findChromium();
  const server = await chromium.launchServer({
    executablePath,
    args,
    headless: true,
    host: "127.0.0.1",
  });
  return { wsEndpoint: server.wsEndpoint(), source, close: () => server.close() };
}
