/**
 * Finds and launches a real Chromium for the browser suites: CHROME_PATH, else the headless
 * shell shipped in the npm package @sparticuz/chromium (which needs nothing but npm, so the
 * suites run on a machine with only Node and npm), else Debian's /usr/bin/chromium when the
 * npm one cannot start here.
 *
 * The npm package's headless shell comes first because it costs two fifths of the CPU of
 * Debian's full Chromium for the same suite (docs/test-times.md): the same engine without the browser's
 * own windowing, started with the flags below rather than the package's, which are made for
 * a cloud function (one process, an emulated GPU) and cost five times more again.
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
 *   tested as a shopper's browser applies them;
 * - `--no-zygote`: every page's process is then started from nothing instead of forked from
 *   a started one, which doubled the browser's CPU over a suite;
 * - the emulated GPU (SwiftShader through ANGLE, in the browser's process): drawing through
 *   it cost five times the CPU of drawing in software, as `--disable-gpu` (added) does.
 */
const REFUSED_PACKAGE_FLAGS = new Set([
  "--single-process",
  "--disable-web-security",
  "--allow-running-insecure-content",
  "--disable-site-isolation-trials",
  "--no-zygote",
  "--in-process-gpu",
  "--use-gl",
  "--use-angle",
  "--enable-unsafe-swiftshader",
  "--ignore-gpu-blocklist",
]);

/** The npm package's flags that a test browser may keep, plus this machine's closed network. */
export function packageBrowserArgs(packageArgs: readonly string[]): string[] {
  const kept = packageArgs.filter((flag) => !REFUSED_PACKAGE_FLAGS.has(flag.split("=")[0]));
  return [
    ...kept,
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
  ];
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

/**
 * The browsers to try, in order, with the flags each needs: the one CHROME_PATH names alone
 * when set, else the npm package's, then Debian's where it is installed.
 */
export async function chromiumCandidates(
  fromEnv = Deno.env.get("CHROME_PATH"),
): Promise<(() => Promise<ChromiumLaunch>)[]> {
  if (fromEnv) {
    return [() => Promise.resolve({ source: "env", executablePath: fromEnv, args: SYSTEM_FLAGS })];
  }
  const system = await systemChromium();
  return system ? [npmChromium, () => Promise.resolve(system)] : [npmChromium];
}

/**
 * Starts the first of the candidates that starts here. The npm package's browser needs a few
 * of the system's libraries (NSS, expat); where they are missing, Debian's Chromium package
 * brings them, and then Debian's browser is used if the npm one still cannot start. Throws
 * with every candidate's error when none starts.
 */
async function launchFirst<T>(start: (launch: ChromiumLaunch) => Promise<T>): Promise<T> {
  const errors: string[] = [];
  for (const candidate of await chromiumCandidates()) {
    let launch: ChromiumLaunch | undefined;
    try {
      launch = await candidate();
      return await start(launch);
    } catch (error) {
      errors.push(
        `${launch?.executablePath ?? "the npm package's Chromium"}: ${
          error instanceof Error ? error.message : String(error)
        }`,
      );
    }
  }
  throw new Error(`No Chromium could start:\n${errors.join("\n")}`);
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
  const launch = ({ executablePath, args }: ChromiumLaunch) =>
    chromium.launch({ executablePath, args, headless: true });
  return from ? await launch(from) : await launchFirst(launch);
}

/** A browser the files of a run share, served over a WebSocket on loopback. */
export interface SharedBrowser {
  wsEndpoint: string;
  source: ChromiumSource;
  close(): Promise<void>;
}

/** Starts the browser a whole run shares (scripts/run_tests.ts). */
export async function startSharedBrowser(): Promise<SharedBrowser> {
  return await launchFirst(async ({ executablePath, args, source }) => {
    const server = await chromium.launchServer({
      executablePath,
      args,
      headless: true,
      host: "127.0.0.1",
    });
    return { wsEndpoint: server.wsEndpoint(), source, close: () => server.close() };
  });
}
