/**
 * The shop end to end, browsing: the lists and every filter, a book's page, stationery, the
 * cart and the shop without JavaScript. The orders' walk (shop_orders_e2e_test.ts) and every
 * page at both widths (shop_pages_e2e_test.ts) each have a shop of their own, so that the
 * three run side by side.
 */
import { browseJourney } from "./browse.ts";
import { noScriptJourney } from "./no_script.ts";
import { bookDetailJourney, cartJourney, stationeryJourney } from "./shopping.ts";
import { e2eSuite } from "./suite.ts";

e2eSuite(
  "the shop end to end in Chromium: browsing and the cart",
  async (e2e, step) => {
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
      "without JavaScript: list, filter form, pages, book details",
      () => noScriptJourney(e2e),
    );
  },
);
