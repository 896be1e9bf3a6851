/**
 * The shop's HTML mails as a customer's phone shows them: rendered in Chromium at 375px
 * (and 320px), nothing may stick out sideways. Screenshots go to test-artifacts/mail/.
 */
import assert from "node:assert/strict";
import { launchBrowser } from "../../tests/support/browser.ts";
import { checkoutMail, completionMail } from "../../domain/notifications/mod.ts";
import {
  bookLine,
  SAMPLE_BANK,
  SAMPLE_SHOP,
  sampleOrder,
  stationeryLine,
} from "../../domain/notifications/testing/samples.ts";

const SHOTS = new URL("../../test-artifacts/mail/", import.meta.url).pathname;

Deno.test("the order mails fit a 320px and a 375px phone screen without sideways scrolling", async () => {
  await Deno.mkdir(SHOTS, { recursive: true });
  const items = [
    bookLine({
      title: "Sri Lankawe Ithihasaya Saha Sanskruthiya: Anuradhapura Yugaye Sita Polonnaru",
      quantity: 12,
      unitPriceCents: 4_899_900,
      preorder: true,
    }),
    stationeryLine(),
  ];
  const order = sampleOrder({ items, paymentMethod: "Bank Deposit" });
  order.customer.email = "wijesinghe.mudiyanselage.tharindu.bandara@example-company.lk";
  order.customer.address = "No. 123/4B, Sri Sumangala Mawatha, Kiribathgoda";
  const mails = {
    checkout: checkoutMail(order, SAMPLE_SHOP, SAMPLE_BANK),
    completion: completionMail({ ...order, status: "completed" }, SAMPLE_SHOP),
  };
  const browser = await launchBrowser();
  try {
    for (const width of [320, 375]) {
      const context = await browser.newContext({ viewport: { width, height: 700 } });
      const page = await context.newPage();
      for (const [name, mail] of Object.entries(mails)) {
        await page.setContent(mail.html);
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(wide <= width, `the ${name} mail is ${wide}px wide on a ${width}px screen`);
        assert.match(await page.locator("body").innerText(), /Total to pay/);
        await page.screenshot({ path: `${SHOTS}${name}-${width}.png`, fullPage: true });
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
});
