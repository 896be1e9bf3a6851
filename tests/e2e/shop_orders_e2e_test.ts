/**
 * The shop end to end, ordering: checkouts by COD and Bank Deposit, a stock conflict, the
 * keyboard alone, the customer's order page, and the admin confirming and rejecting what
 * the checkouts placed. Browsing is shop_browse_e2e_test.ts, on a shop of its own.
 */
import { adminJourney } from "./admin.ts";
import {
  bankDepositCheckoutJourney,
  codCheckoutJourney,
  stockConflictJourney,
} from "./checkout.ts";
import { keyboardCheckoutJourney } from "./keyboard.ts";
import { orderPageJourney } from "./order_page.ts";
import { e2eSuite } from "./suite.ts";

e2eSuite(
  "the shop end to end in Chromium: checkouts, the order page and the admin",
  async (e2e, step) => {
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
  },
);
