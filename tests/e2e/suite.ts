/**
 * One end-to-end suite: the real server (`deno run -A main.ts`, embedded PGlite with the
 * demo catalogue, mail to a real SMTP server on loopback) driven in a real Chromium, both
 * started once for the suite. Each journey is a step; later steps may build on what earlier
 * ones did (the admin confirms the order the COD checkout placed). Everything started here
 * is stopped at the end, failure or not. Without a browser the suite fails; it never skips.
 */
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "../support/browser.ts";
import { type RunningShop, startShop } from "../support/shop_server.ts";
import { type E2e, type OpenPage, openPage } from "./harness.ts";

/** Runs one journey as a step of the suite. */
export type Step = (name: string, run: () => Promise<void>) => Promise<void>;

export function e2eSuite(name: string, journeys: (e2e: E2e, step: Step) => Promise<void>): void {
  Deno.test({
    name,
    // The browser driver and the server child keep pipes and timers open between steps.
    sanitizeOps: false,
    sanitizeResources: false,
    async fn(t) {
      let shop: RunningShop | undefined;
      let browser: Browser | undefined;
      const opened: OpenPage[] = [];
      try {
        // Started side by side; whichever did start is stopped below if the other failed.
        const [started, launched] = await Promise.allSettled([startShop(), launchBrowser()]);
        if (started.status === "fulfilled") shop = started.value;
        if (launched.status === "fulfilled") browser = launched.value;
        if (started.status === "rejected") throw started.reason;
        if (launched.status === "rejected") throw launched.reason;
        const e2e: E2e = {
          shop: started.value,
          browser: launched.value,
          orders: {},
          async open(options) {
            const page = await openPage(launched.value, options);
            opened.push(page);
            return page;
          },
        };
        const failed: string[] = [];
        const step: Step = async (name, run) => {
          if (await t.step(name, run)) return;
          failed.push(name);
          console.error(`What each open page showed when "${name}" failed:`);
          for (const { page } of opened) console.error(await pageText(page));
        };
        await journeys(e2e, step);
        if (failed.length > 0) {
          console.error(`Server output after failed steps:\n${started.value.output()}`);
        }
      } finally {
        for (const { context } of opened) await context.close().catch(() => {});
        await browser?.close();
        await shop?.stop();
      }
    },
  });
}

/** A page's address and the text a person would read on it, for a failed step's log. */
async function pageText(page: Page): Promise<string> {
  if (page.isClosed()) return "(closed)";
  const text = await page.evaluate(() => document.body?.innerText ?? "", undefined)
    .catch((error) => `(unreadable: ${error})`);
  return `--- ${page.url()}\n${text.slice(0, 4000)}`;
}
