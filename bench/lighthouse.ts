/**
 * How the bench starts Lighthouse's Chromium (bench/lighthouse_phone.ts runs the pages): the
 * system's Chromium, headless, quiet, with nothing of its own on the network.
 */

export const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

/** The Chromium Lighthouse drives: CHROME_PATH, else Debian's. */
export function chromePath(): string {
  return Deno.env.get("CHROME_PATH") ?? "/usr/bin/chromium";
}
