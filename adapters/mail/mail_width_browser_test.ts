/**
 * The shop's HTML mails as a customer's phone shows them: rendered in Chromium at 375px
 * (and 320px), in English, Sinhala and Tamil, nothing may stick out sideways.
 * Screenshots go to test-artifacts/mail/.
 */
import assert from "node:assert/strict";
import { launchBrowser } from "../../tests/support/browser.ts";
import type { Language } from "../../domain/i18n/language.ts";
import {
  bookLine,
  sampleOrder,
  stationeryLine,
} from "../../domain/notifications/testing/samples.ts";
import { checkoutMessage, completionMessage } from "./testing/sample_mails.ts";

const SHOTS = new URL("../../test-artifacts/mail/", import.meta.url).pathname;
const TOTAL_TO_PAY: Record<Language, RegExp> = {
  en: /Total to pay/,
  si: /ගෙවිය යුතු මුළු මුදල/,
  ta: /செலுத்த வேண்டிய மொத்தத் தொகை/,
};

function mailsIn(language: Language) {
  const items = [
    bookLine({
      title: language === "en"
        ? "Sri Lankawe Ithihasaya Saha Sanskruthiya: Anuradhapura Yugaye Sita Polonnaru"
        : "ශ්‍රී ලංකාවේ ඉතිහාසය සහ සංස්කෘතිය: அநுராதபுர யுகம் முதல் பொலன்னறுவை வரை",
      quantity: 12,
      unitPriceCents: 4_899_900,
      preorder: true,
    }),
    stationeryLine(),
  ];
  const order = sampleOrder({
    items,
    paymentMethod: "Bank Deposit",
    locale: language,
    courier: "Pronto Lanka Express Couriers",
    trackingNumber: "PRL-2025-0000123456",
  });
  order.customer.email = "wijesinghe.mudiyanselage.tharindu.bandara@example-company.lk";
  order.customer.address = "No. 123/4B, Sri Sumangala Mawatha, Kiribathgoda";
  return {
    checkout: checkoutMessage(order),
    completion: completionMessage({ ...order, status: "completed" }),
  };
}

Deno.test("the order mails fit a 320px and a 375px phone screen in every language without sideways scrolling", async () => {
  await Deno.mkdir(SHOTS, { recursive: true });
  const browser = await launchBrowser();
  try {
    for (const width of [320, 375]) {
      const context = await browser.newContext({ viewport: { width, height: 700 } });
      const page = await context.newPage();
      for (const language of ["en", "si", "ta"] as const) {
        for (const [name, mail] of Object.entries(mailsIn(language))) {
          await page.setContent(mail.html);
          const wide = await page.evaluate(() => document.documentElement.scrollWidth);
          assert.ok(wide <= width, `the ${language} ${name} mail is ${wide}px wide at ${width}px`);
          assert.match(await page.locator("body").innerText(), TOTAL_TO_PAY[language]);
          await page.screenshot({
            path: `${SHOTS}${name}-${language}-${width}.png`,
            fullPage: true,
          });
        }
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
});
