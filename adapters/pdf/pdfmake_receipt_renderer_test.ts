/**
 * The customer's receipt: the order's breakdown and its payments, under the receipt's own
 * title, in the order's language; an unpaid order's receipt says nothing was received.
 */
import assert from "node:assert/strict";
import { extractText, getDocumentProxy } from "unpdf";
import { PdfmakeReceiptRenderer } from "./pdfmake_slip_renderer.ts";
import { wordsFor } from "../i18n/words.ts";
import { SAMPLE_SHOP, sampleOrder } from "../../domain/notifications/testing/samples.ts";
import type { Order } from "../../domain/orders/model.ts";

async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocumentProxy(bytes.slice());
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, " ");
}

const PAID_EVENTS = [
  { at: "2025-03-14T09:30:00.000Z", kind: "placed", actor: "customer", note: null },
  { at: "2025-03-15T04:30:00.000Z", kind: "paid", actor: "admin", note: null },
] as Order["events"];

Deno.test("a paid order's receipt is titled a receipt and names its breakdown and when it was paid, in English", async () => {
  const order = sampleOrder({
    paymentMethod: "Bank Deposit",
    paymentStatus: "paid",
    events: PAID_EVENTS,
  });
  const bytes = await new PdfmakeReceiptRenderer(SAMPLE_SHOP).render(order);
  assert.equal(new TextDecoder().decode(bytes.slice(0, 5)), "%PDF-");
  const text = await pdfText(bytes);
  const w = wordsFor("en");
  for (
    const expected of [
      // Spaced capitals, as the slip's title is.
      "R E C E I P T",
      "Order #1042",
      "Madol Doova",
      "Items LKR 3,851.50",
      "Delivery fee LKR 500.00",
      "Order total LKR 4,351.50",
      "Paid −LKR 4,351.50",
      "To pay LKR 0.00",
      "Payments",
      `${w.dateTime("2025-03-15T04:30:00.000Z")} · Payment received · Bank Deposit`,
    ]
  ) assert.ok(text.includes(expected), `receipt lacks "${expected}": ${text}`);
  assert.ok(!text.includes("O R D E R S L I P"), text);
});

Deno.test("a refunded order's receipt lists each refund with its amount, reference and reason", async () => {
  const order = sampleOrder({
    paymentMethod: "Bank Deposit",
    paymentStatus: "paid",
    events: [
      ...PAID_EVENTS,
      {
        at: "2025-03-16T04:30:00.000Z",
        kind: "refunded",
        actor: "admin",
        note: "LKR 500.00 (ref Slip 77): Delivery was late",
      },
    ],
    refundsGiven: [{ amountCents: 50_000, at: "2025-03-16T04:30:00.000Z" }],
  });
  const text = await pdfText(await new PdfmakeReceiptRenderer(SAMPLE_SHOP).render(order));
  const w = wordsFor("en");
  const expected = `${
    w.dateTime("2025-03-16T04:30:00.000Z")
  } · Refunded · Bank Deposit · LKR 500.00 (ref Slip 77): Delivery was late`;
  assert.ok(text.includes(expected), `receipt lacks "${expected}": ${text}`);
  // Its totals count the refund too, apart from what is to pay.
  assert.ok(text.includes("To pay LKR 0.00 Refunded LKR 500.00"), text);
});

Deno.test("a cancelled order refunded in full says it paid and got it all back, never that the payment was not received", async () => {
  const order = sampleOrder({
    paymentMethod: "Bank Deposit",
    status: "rejected",
    paymentStatus: "unpaid",
    events: [
      ...PAID_EVENTS,
      { at: "2025-03-16T04:00:00.000Z", kind: "rejected", actor: "admin", note: "Damaged" },
      {
        at: "2025-03-16T04:30:00.000Z",
        kind: "refunded",
        actor: "admin",
        note: "LKR 4,351.50 (ref Slip 78): Order cancelled",
      },
      {
        at: "2025-03-16T04:30:00.000Z",
        kind: "refund_settled",
        actor: "system",
        note: "Refunded in full: the cancelled order owes nothing and is owed nothing",
      },
    ],
    refundsGiven: [{ amountCents: 435_150, at: "2025-03-16T04:30:00.000Z" }],
  });
  const text = await pdfText(await new PdfmakeReceiptRenderer(SAMPLE_SHOP).render(order));
  assert.ok(text.includes("Paid −LKR 4,351.50 Refunded LKR 4,351.50"), text);
  assert.ok(text.includes("Refunded · Bank Deposit · LKR 4,351.50 (ref Slip 78)"), text);
  assert.ok(!text.includes("not received"), text);
  assert.ok(!text.includes("Refunded in full"), text);
});

Deno.test("an unpaid order's receipt says no payment was received yet", async () => {
  const text = await pdfText(
    await new PdfmakeReceiptRenderer(SAMPLE_SHOP).render(sampleOrder({ paymentMethod: "COD" })),
  );
  assert.ok(text.includes("No payment received yet"), text);
  assert.ok(!text.includes("Payment received"), text);
});

for (const language of ["si", "ta"] as const) {
  Deno.test(`a paid order's receipt is written in ${language}, the order's language`, async () => {
    // The extraction breaks Sinhala and Tamil words where glyphs join: compare without spaces.
    const squeeze = (text: string) => text.replace(/\s+/g, "");
    const w = wordsFor(language);
    const order = sampleOrder({
      locale: language,
      paymentMethod: "Bank Deposit",
      paymentStatus: "paid",
      events: PAID_EVENTS,
    });
    const text = squeeze(
      await pdfText(await new PdfmakeReceiptRenderer(SAMPLE_SHOP).render(order)),
    );
    for (
      const expected of [
        w.t("receipt.title"),
        w.t("receipt.payments"),
        w.t("order.eventPaid"),
        w.t("money.received"),
        "LKR4,351.50",
      ]
    ) assert.ok(text.includes(squeeze(expected)), `receipt lacks "${expected}": ${text}`);
    assert.doesNotMatch(text, /RECEIPT|Payments|Paymentreceived/);
  });
}
