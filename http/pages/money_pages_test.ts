/**
 * The customer's order page says what the order's payment status says (the slip's and
 * the mails' words, domain/orders/amount_due.ts), and the terms tell the Bank Deposit
 * deadline the shop is configured with, in each language. Rendered on the server by the
 * web build; the phrases are written here, not read from the catalogue.
 */
import assert from "node:assert/strict";
import { MemoryLocations } from "../../adapters/memory/locations.ts";
import { ensureBuilt } from "../../scripts/build_web.ts";
import { sampleCatalogue } from "../../web/dev/sample_catalogue.ts";
import { customerOrderView } from "../../domain/orders/customer_view.ts";
import type { Order } from "../../domain/orders/model.ts";
import {
  SAMPLE_BANK,
  SAMPLE_SHOP,
  sampleOrder,
} from "../../domain/notifications/testing/samples.ts";
import { pagesApp } from "./mod.ts";

await ensureBuilt();

async function pages(order: Order, holdRules?: { bankDepositHours: number }) {
  return pagesApp({
    catalogue: await sampleCatalogue(),
    locations: new MemoryLocations(),
    bank: SAMPLE_BANK,
    shop: SAMPLE_SHOP,
    ...(holdRules ? { holdRules } : {}),
    customerOrder: (id, key) =>
      Promise.resolve(id === order.id && key === "k" ? customerOrderView(order) : undefined),
  });
}

/** The text of the page's main content, tags dropped. */
async function mainText(response: Response): Promise<string> {
  assert.equal(response.status, 200);
  const page = (await response.text()).replaceAll("<!-- -->", "");
  const main = /<main[^>]*>(.*?)<\/main>/s.exec(page)?.[1] ?? page;
  return main.replace(/<script.*?<\/script>/gs, "").replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'").replace(/\s+/g, " ");
}

const WORDS = {
  en: {
    toPay: "To pay",
    paid: "Paid",
    refunded: "Refunded",
    paidNote: "Paid in full: there is nothing more to pay.",
    orderTotal: "Order total",
    nothingOwed: "This order was cancelled: nothing is owed for it.",
    collect: "Pay this in cash to the courier when the parcel arrives.",
    refund:
      "This order was cancelled after you paid: we will return your payment and contact you about it.",
    slipUnchecked: "This order was cancelled before we checked your deposit slip.",
  },
  si: {
    toPay: "ගෙවිය යුතු මුදල",
    paid: "ගෙවූ මුදල",
    refunded: "ආපසු ගෙවූ මුදල",
    paidNote: "සම්පූර්ණයෙන් ගෙවා ඇත: තවත් ගෙවිය යුතු කිසිවක් නැත.",
    orderTotal: "ඇණවුමේ මුළු මුදල",
    nothingOwed: "මෙම ඇණවුම අවලංගු කරන ලදී: ඒ සඳහා ඔබ කිසිවක් ගෙවිය යුතු නැත.",
    collect: "පාර්සලය ලැබෙන විට මෙම මුදල කුරියර් සේවකයාට මුදලින් ගෙවන්න.",
    refund: "ඔබ ගෙවූ මුදල අපි ආපසු ලබා දෙන අතර",
    slipUnchecked: "ඔබගේ තැන්පතු රිසිට්පත පරීක්ෂා කිරීමට පෙර මෙම ඇණවුම අවලංගු කරන ලදී.",
  },
} as const;

for (const language of ["en", "si"] as const) {
  const prefix = language === "en" ? "" : `/${language}`;
  const words = WORDS[language];

  Deno.test(`the order page of a paid COD order says paid, nothing more to pay, in ${language}`, async () => {
    const order = sampleOrder({
      id: 7,
      locale: language,
      status: "completed",
      paymentStatus: "paid",
    });
    const text = await mainText(await (await pages(order)).request(`${prefix}/orders/7?key=k`));
    assert.ok(text.includes(`${words.orderTotal} LKR 4,351.50`), text);
    assert.ok(text.includes(`${words.paid} − LKR 4,351.50`), text);
    assert.ok(text.includes(words.paidNote), text);
    assert.ok(text.includes(`${words.toPay} LKR 0.00`), text);
    assert.ok(!text.includes(`${words.toPay} LKR 4,351.50`), `still to pay: ${text}`);
    assert.ok(!text.includes(words.collect), text);
  });

  Deno.test(`the order page of a paid order refunded in part says what came back, and nothing to pay, in ${language}`, async () => {
    const order = sampleOrder({
      id: 7,
      locale: language,
      status: "completed",
      paymentStatus: "paid",
      refundsGiven: [{ amountCents: 65_000, at: "2025-03-20T10:00:00.000Z" }],
    });
    const text = await mainText(await (await pages(order)).request(`${prefix}/orders/7?key=k`));
    assert.ok(text.includes(`${words.paid} − LKR 4,351.50`), text);
    assert.ok(text.includes(`${words.toPay} LKR 0.00 ${words.refunded} LKR 650.00`), text);
    assert.ok(!text.includes(`${words.toPay} LKR 650.00`), `a refund made due: ${text}`);
    assert.ok(text.includes(words.paidNote), text);
  });

  Deno.test(`the order page of a cancelled order owes nothing, in ${language}`, async () => {
    const order = sampleOrder({ id: 7, locale: language, status: "rejected" });
    const text = await mainText(await (await pages(order)).request(`${prefix}/orders/7?key=k`));
    assert.ok(text.includes(`${words.orderTotal} LKR 4,351.50`), text);
    assert.ok(text.includes(words.nothingOwed), text);
    assert.ok(!text.includes(`${words.toPay} LKR 4,351.50`), `still to pay: ${text}`);
  });

  Deno.test(`the order page of an order cancelled after payment promises the money back, in ${language}`, async () => {
    const order = sampleOrder({
      id: 7,
      locale: language,
      status: "rejected",
      paymentStatus: "paid",
    });
    const text = await mainText(await (await pages(order)).request(`${prefix}/orders/7?key=k`));
    assert.ok(text.includes(`${words.paid} − LKR 4,351.50`), text);
    assert.ok(text.includes(words.refund), text);
    assert.ok(!text.includes(words.nothingOwed), `still "${words.nothingOwed}": ${text}`);
    assert.ok(!text.includes(`${words.toPay} LKR 4,351.50`), text);
  });

  Deno.test(`the order page of an order cancelled with its slip unchecked asks for the slip, in ${language}`, async () => {
    const order = sampleOrder({
      id: 7,
      locale: language,
      status: "rejected",
      paymentMethod: "Bank Deposit",
      paymentStatus: "proof_submitted",
    });
    const text = await mainText(await (await pages(order)).request(`${prefix}/orders/7?key=k`));
    assert.ok(text.includes(words.orderTotal), text);
    assert.ok(text.includes(words.slipUnchecked), text);
    assert.ok(!text.includes(words.nothingOwed), `still "${words.nothingOwed}": ${text}`);
  });

  Deno.test(`the order page of an unpaid COD order says what to pay the courier, in ${language}`, async () => {
    const order = sampleOrder({ id: 7, locale: language });
    const text = await mainText(await (await pages(order)).request(`${prefix}/orders/7?key=k`));
    assert.ok(text.includes(`${words.toPay} LKR 4,351.50`), text);
    assert.ok(text.includes(words.collect), text);
  });
}

const TERMS = {
  en: [
    "Paying by bank deposit",
    "An unpaid bank deposit order with no deposit slip is cancelled automatically 36 hours after it is placed",
    "only a slip uploaded on the order's page stops the automatic cancellation",
  ],
  si: [
    "බැංකු තැන්පතුවෙන් ගෙවීම",
    "පැය 36 කට පසු ස්වයංක්‍රීයව අවලංගු වන අතර",
    "ස්වයංක්‍රීය අවලංගු කිරීම නවත්වන්නේ ඇණවුම් පිටුවෙන් එවන පත්‍රිකාව පමණි",
  ],
  ta: [
    "வங்கி வைப்பு மூலம் செலுத்துதல்",
    "36 மணி நேரத்தின் பின் தானாகவே இரத்துச் செய்யப்பட்டு",
    "ஆர்டர் பக்கத்தில் பதிவேற்றிய சீட்டு மட்டுமே தானியங்கி இரத்தை நிறுத்தும்",
  ],
} as const;

for (const language of ["en", "si", "ta"] as const) {
  Deno.test(`the terms tell the Bank Deposit deadline the shop is set to, and what keeps an order, in ${language}`, async () => {
    const app = await pages(sampleOrder(), { bankDepositHours: 36 });
    const prefix = language === "en" ? "" : `/${language}`;
    const text = await mainText(await app.request(`${prefix}/terms`));
    for (const words of TERMS[language]) assert.ok(text.includes(words), `${words} in\n${text}`);
  });
}

Deno.test("the terms tell the default 48 hours when the shop sets none", async () => {
  const text = await mainText(await (await pages(sampleOrder())).request("/terms"));
  assert.ok(text.includes("cancelled automatically 48 hours after it is placed"), text);
});
