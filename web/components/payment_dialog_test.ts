/**
 * The dialog after checkout, rendered as the browser draws it in each language: a Bank
 * Deposit order is told when it is cancelled unless its deposit slip is uploaded, and that
 * the upload on the order's page keeps it (WhatsApp second); a COD order is told what to
 * keep ready. The phrases are written here, not read from the catalogue.
 */
import assert from "node:assert/strict";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nContext, i18nFor } from "../i18n/mod.ts";
import "../i18n/catalogues.ts";
import type { Locale } from "../../domain/i18n/language.ts";
import { PaymentDialog, type PlacedOrder } from "./PaymentDialog.tsx";
import { breakdown } from "../../domain/pricing/breakdown.ts";

/** Items of LKR 3,851.50 and a delivery fee, as the shop's answer tells them. */
function figures(deliveryFeeCents: number, savedCents = 0) {
  return breakdown({
    lines: [{
      type: "book",
      id: 1,
      title: "Madol Doova",
      quantity: 1,
      usualUnitCents: 385_150,
      adjustments: savedCents > 0
        ? [{ kind: "sale", sourceId: null, name: null, names: {}, amountCents: savedCents }]
        : [],
    }],
    orderAdjustments: [],
    deliveryFeeCents,
  });
}

const BANK = {
  bankName: "Bank of Ceylon",
  bankBranch: "Dehiwala",
  accountName: "Pothgula Books",
  accountNumber: "0071234567",
  whatsappNumber: "+94 77 765 4321",
};

/** Placed at 09:30 UTC; its 36-hour hold ends at 21:30 UTC the next day, 3 am in Colombo. */
const BANK_ORDER: PlacedOrder = {
  orderId: 7,
  breakdown: figures(25_000),
  method: "Bank Deposit",
  preorder: false,
  orderUrl: "https://pothgula.lk/orders/7?key=k-7",
  lapse: { at: "2025-03-15T21:30:00.000Z", hours: 36 },
};

function render(language: Locale, order: PlacedOrder): string {
  const html = renderToString(
    createElement(
      I18nContext.Provider,
      { value: i18nFor(language) },
      createElement(PaymentDialog, { order, bank: BANK, onClose: () => {} }),
    ),
  );
  return html.replaceAll("<!-- -->", "").replace(/<[^>]+>/g, "").replace(/&#x27;/g, "'");
}

const DEADLINE: Record<Locale, string[]> = {
  en: [
    "then upload the deposit slip on your order's page: the uploaded slip is what keeps your order",
    "An unpaid order with no deposit slip is cancelled automatically 36 hours after it is placed: for this order, at 16 Mar 2025, 3:00 am.",
    "You may also send the receipt by WhatsApp, but only a slip uploaded on the order's page stops the automatic cancellation.",
  ],
  si: [
    "ඔබේ ඇණවුම් පිටුවෙන් තැන්පතු පත්‍රිකාව එවන්න: ඔබේ ඇණවුම රැක දෙන්නේ එසේ එවන පත්‍රිකාවයි",
    "පැය 36 කට පසු ස්වයංක්‍රීයව අවලංගු වේ: මෙම ඇණවුම සඳහා එම වේලාව",
    "ඔබට රිසිට්පත WhatsApp මගින් ද එවිය හැක",
  ],
  ta: [
    "உங்கள் ஆர்டர் பக்கத்தில் வைப்புச் சீட்டைப் பதிவேற்றுங்கள்: பதிவேற்றிய சீட்டே உங்கள் ஆர்டரைத் தக்கவைக்கும்",
    "36 மணி நேரத்தின் பின் தானாகவே இரத்துச் செய்யப்படும்: இந்த ஆர்டருக்கு அந்த நேரம்:",
    "பற்றுச்சீட்டை WhatsApp மூலமும் அனுப்பலாம்",
  ],
};

for (const language of ["en", "si", "ta"] as const) {
  Deno.test(`the placed dialog tells a Bank Deposit order its deadline and the slip upload that keeps it, in ${language}`, () => {
    const text = render(language, BANK_ORDER);
    for (const words of DEADLINE[language]) assert.ok(text.includes(words), `${words} in\n${text}`);
    assert.ok(text.includes("2025"), "the deadline's date");
    assert.ok(text.includes("3:00"), "the deadline in Sri Lanka's time");
    // The upload comes first, WhatsApp after it.
    assert.ok(text.indexOf(DEADLINE[language][0]) < text.indexOf(DEADLINE[language][2]), text);
  });
}

Deno.test("the placed dialog links the upload to the order's page in the page's language", () => {
  const html = renderToString(
    createElement(
      I18nContext.Provider,
      { value: i18nFor("si") },
      createElement(PaymentDialog, { order: BANK_ORDER, bank: BANK, onClose: () => {} }),
    ),
  );
  assert.match(html, /<a href="\/si\/orders\/7\?key=k-7">ඔබේ ඇණවුම් පිටුවෙන්<\/a>/);
});

Deno.test("the placed dialog of a COD order says what to keep ready, with no deadline or bank", () => {
  const text = render("en", {
    ...BANK_ORDER,
    method: "COD",
    breakdown: figures(40_000),
    lapse: undefined,
  });
  assert.ok(text.includes("please keep LKR 4,251.50 ready for the courier"), text);
  assert.ok(text.includes("Order totalLKR 4,251.50"), text);
  assert.doesNotMatch(text, /cancelled automatically|0071234567|WhatsApp/);
});

Deno.test("the dialog names Items at usual prices, the saving by its source and the Savings, in the page's language, and no saving when none was", () => {
  const saved = { ...BANK_ORDER, breakdown: figures(25_000, 100_000) };
  const en = render("en", saved);
  assert.ok(en.includes("ItemsLKR 3,851.50"), en);
  assert.ok(en.includes("Sale price− LKR 1,000.00"), en);
  assert.ok(en.includes("Order totalLKR 3,101.50"), en);
  assert.ok(en.includes("Savings: LKR 1,000.00"), en);
  assert.ok(render("si", saved).includes("ඉතිරි කළ මුදල: LKR 1,000.00"));
  assert.ok(render("ta", saved).includes("சேமிப்பு: LKR 1,000.00"));
  assert.ok(!render("en", BANK_ORDER).includes("Savings"));
});
