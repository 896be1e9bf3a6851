/**
 * The shop end to end: the real server (`deno run -A main.ts`, embedded PGlite with the
 * demo catalogue, mail to a real SMTP server on loopback) driven in a real Chromium, once
 * for the whole suite. Each journey is a step; later steps build on what earlier ones
 * did (the admin confirms the order the COD checkout placed). Everything started here is
 * stopped at the end, failure or not. Without a browser the suite fails; it never skips.
 */
import type { Browser } from "playwright-core";
import { launchBrowser } from "../support/browser.ts";
import { type RunningShop, startShop } from "../support/shop_server.ts";
import { adminJourney } from "./admin.ts";
import { auditJourney } from "./audit.ts";
import { browseJourney } from "./browse.ts";
import {
  bankDepositCheckoutJourney,
  codCheckoutJourney,
  stockConflictJourney,
} from "./checkout.ts";
import { type E2e, type OpenPage, openPage } from "./harness.ts";
import { keyboardCheckoutJourney } from "./keyboard.ts";
import { orderPageJourney } from "./order_page.ts";
import { noScriptJourney } from "./no_script.ts";
import { bookDetailJourney, cartJourney, stationeryJourney } from "./shopping.ts";

Deno.test({
  name: "the shop end to end in Chromium against the real server",
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
      const step = async (name: string, run: () => Promise<void>) => {
        if (!await t.step(name, run)) failed.push(name);
      };

      await step(
        "browse: pages, every filter, reloads and the back button",
        () => browseJourney(e2e),
      );
      const shopper = await e2e.open();
      await step(
        "book detail: thumbnails, pre-order notice and bank details, quantity popup",
        () => bookDetailJourney(e2e, shopper),
      );
      await step(
        "stationery: the popup holds 1..stock, sold-out items cannot be added",
        () => stationeryJourney(e2e, shopper),
      );
      await step(
        "cart: plus stops at stock, minus at 1, Remove, totals, empty cart",
        () => cartJourney(e2e, shopper),
      );
      await step(
        "checkout by COD: cascade, fee, payment popup, empty cart, mail",
        () => codCheckoutJourney(e2e),
      );
      await step(
        "checkout by Bank Deposit: fee, bank details, mail",
        () => bankDepositCheckoutJourney(e2e),
      );
      await step(
        "stock conflict: the short line is named and nothing is ordered",
        () => stockConflictJourney(e2e),
      );
      await step("checkout with the keyboard alone", () => keyboardCheckoutJourney(e2e));
      await step(
        "the customer's order page: a refused file, the slip sent, verified; /track",
        () => orderPageJourney(e2e),
      );
      await step(
        "admin: guard, login, catalogue, confirm, reject, stock screen",
        () => adminJourney(e2e),
      );
      await step(
        "without JavaScript: list, filter form, pages, book details",
        () => noScriptJourney(e2e),
      );
      await step(
        "every page: axe, no sideways scroll at 375px, screenshots",
        () => auditJourney(e2e),
      );
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
