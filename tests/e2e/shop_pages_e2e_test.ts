/**
 * Every page of the shop, storefront and admin, as a phone (375px) and a desktop (1280px)
 * show it, on the real server in Chromium: axe-core finds no critical or serious violation,
 * nothing scrolls sideways on the phone, and a screenshot of each is kept. A shop of its
 * own, so that it runs beside the browsing and ordering walks.
 */
import { auditJourney } from "./audit.ts";
import { e2eSuite } from "./suite.ts";

e2eSuite("the shop end to end in Chromium: every page at both widths", async (e2e, step) => {
  await step(
    "every page: axe, no sideways scroll at 375px, screenshots",
    () => auditJourney(e2e),
  );
});
