/**
 * The shop's HTML mails as a customer's phone shows them: rendered in Chromium at 375px
 * (and 320px), in English, Sinhala and Tamil, nothing may stick out sideways.
 * Screenshots go to test-artifacts/mail/. A phone has Sinhala and Tamil faces; a test
 * machine may have none, so the page gets the Noto faces the mail names, as a phone would.
 */
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { Buffer } from "node:buffer";
import { launchBrowser } from "../../tests/support/browser.ts";
import type { Locale } from "../../domain/i18n/language.ts";
import {
  bookLine,
  SAMPLE_SHOP,
  sampleOrder,
  stationeryLine,
} from "../../domain/notifications/testing/samples.ts";
import { checkoutMessage, completionMessage } from "./testing/sample_mails.ts";

/** A key as long as the shop's (128 random bits and more, base64url). */
const KEY = "Jq3v9XbT0dK2mR7wYpLs4eNcAhUfZg1oVi8xB5yQ-Ew";
const SHOTS = new URL("../../test-artifacts/mail/", import.meta.url).pathname;
const TOTAL_TO_PAY: Record<Locale, RegExp> = {
  en: /Order total/,
  si: /ඇණවුමේ මුළු මුදල/,
  ta: /ஆர்டரின் மொத்தம்/,
};

/** @font-face rules giving the page the Noto Sinhala and Tamil faces, regular and bold. */
async function phoneFonts(): Promise<string> {
  const require = createRequire(import.meta.url);
  const rules: string[] = [];
  for (
    const [family, pkg, script] of [
      ["Noto Sans Sinhala", "@fontsource/noto-sans-sinhala", "sinhala"],
      ["Noto Sans Tamil", "@fontsource/noto-sans-tamil", "tamil"],
    ]
  ) {
    for (const weight of [400, 700]) {
      const file = require.resolve(
        `${pkg}/files/${pkg.split("/")[1]}-${script}-${weight}-normal.woff2`,
      );
      const data = Buffer.from(await Deno.readFile(file)).toString("base64");
      rules.push(
        `@font-face{font-family:'${family}';font-weight:${weight};` +
          `src:url(data:font/woff2;base64,${data}) format('woff2')}`,
      );
    }
  }
  return rules.join("\n");
}

function mailsIn(language: Locale) {
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
    checkout: checkoutMessage(order, SAMPLE_SHOP, KEY),
    completion: completionMessage({ ...order, status: "completed" }, SAMPLE_SHOP, KEY),
  };
}

Deno.test("the order mails fit a 320px and a 375px phone screen in every language without sideways scrolling", async () => {
  await Deno.mkdir(SHOTS, { recursive: true });
  const fonts = await phoneFonts();
  const browser = await launchBrowser();
  try {
    for (const width of [320, 375]) {
      const context = await browser.newContext({ viewport: { width, height: 700 } });
      const page = await context.newPage();
      for (const language of ["en", "si", "ta"] as const) {
        for (const [name, mail] of Object.entries(mailsIn(language))) {
          // The faces are known before the first layout, as a phone's own fonts are.
          await page.setContent(mail.html.replace("</head>", `<style>${fonts}</style></head>`));
          // Every face loaded before measuring: a late one would change the widths.
          await page.evaluate(async () => {
            await Promise.all([...document.fonts].map((face) => face.load()));
            await document.fonts.ready;
          });
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
