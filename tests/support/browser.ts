/**
 * Finds and launches a real Chromium for the browser suites: CHROME_PATH, else Debian's
 * /usr/bin/chromium, else the binary shipped in the npm package @sparticuz/chromium.
 */
import { type Browser, chromium } from "playwright-core";

const DEBIAN_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

async function exists(path: string): Promise<boolean> {
  try {
    return (await Deno.stat(path)).isFile;
  } catch {
    return false;
  }
}

/** Where the browser comes from and the flags it needs. */
export async function findChromium(): Promise<{ executablePath: string; args: string[] }> {
  const fromEnv = Deno.env.get("CHROME_PATH");
  if (fromEnv) return { executablePath: fromEnv, args: DEBIAN_FLAGS };
  if (await exists("/usr/bin/chromium")) {
    return { executablePath: "/usr/bin/chromium", args: DEBIAN_FLAGS };
  }
  const { default: sparticuz } = await import("@sparticuz/chromium");
  const executablePath = await sparticuz.executablePath();
  return {
    executablePath,
    args: [...sparticuz.args, "--disable-background-networking", "--disable-component-update"],
  };
}

/** Launches headless Chromium; throws (never skips) when none can start. */
export async function launchBrowser(): Promise<Browser> {
  const { executablePath, args } = await findChromium();
  return await chromium.launch({ executablePath, args, headless: true });
}
