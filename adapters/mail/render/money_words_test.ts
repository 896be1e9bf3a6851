/**
 * What every order mail says about the money follows the order's payment status: a paid
 * order has nothing left to pay, a cancelled one owes nothing, and a Bank Deposit order is
 * told its deadline and what keeps it. The phrases are written here, not read from the
 * catalogue.
 */
import assert from "node:assert/strict";
import type { Locale } from "../../../domain/i18n/language.ts";
import { orderMail } from "../../../domain/notifications/order_mail.ts";
import type { Order } from "../../../domain/orders/model.ts";
import type { MailKind } from "../../../domain/notifications/ports.ts";
import {
  SAMPLE_BANK,
  SAMPLE_SHOP,
  sampleOrder,
} from "../../../domain/notifications/testing/samples.ts";
import { renderMail } from "./mod.ts";

const ctx = { shop: SAMPLE_SHOP, bank: SAMPLE_BANK, orderKey: "k-7" };

function render(kind: MailKind, order: Order) {
  const mail = renderMail(orderMail(kind, order, ctx), SAMPLE_SHOP);
  return [mail.text, mail.html.replace(/<[^>]+>/g, " ").replace(/&#39;/g, "'")];
}

/** The note of a paid order, and the breakdown's rows of what paid for it and what is left. */
const PAID: Record<Locale, { paid: string; total: string; received: string; due: string }> = {
  en: {
    paid: "Paid in full: there is nothing more to pay",
    total: "Order total",
    received: "Paid",
    due: "To pay",
  },
  si: {
    paid: "සම්පූර්ණයෙන් ගෙවා ඇත: තවත් ගෙවිය යුතු කිසිවක් නැත",
    total: "ඇණවුමේ මුළු මුදල",
    received: "ගෙවූ මුදල",
    due: "ගෙවිය යුතු මුදල",
  },
  ta: {
    paid: "முழுமையாகச் செலுத்தப்பட்டது: இனி எதுவும் செலுத்த வேண்டியதில்லை",
    total: "ஆர்டரின் மொத்தம்",
    received: "செலுத்தியது",
    due: "செலுத்த வேண்டியது",
  },
};

for (const language of ["en", "si", "ta"] as const) {
  Deno.test(`the dispatch mail of a paid COD order says it is paid and nothing is left to pay, in ${language}`, () => {
    const order = sampleOrder({
      id: 7,
      locale: language,
      status: "completed",
      paymentStatus: "paid",
    });
    const words = PAID[language];
    const [text, html] = render("order_completed", order);
    for (const body of [text, html]) assert.ok(body.includes(words.paid), body);
    assert.ok(text.includes(`${words.total}: LKR 4,351.50`), text);
    assert.ok(text.includes(`${words.received}: −LKR 4,351.50`), text);
    assert.ok(text.includes(`${words.due}: LKR 0.00`), text);
    const [unpaid] = render("order_completed", { ...order, paymentStatus: "unpaid" });
    assert.ok(unpaid.includes(`${words.total}: LKR 4,351.50`), unpaid);
    assert.ok(!unpaid.includes(`${words.received}: `), unpaid);
  });
}

Deno.test("every mail of a paid order says so, and the payment mail does not ask for the money again", () => {
  const order = sampleOrder({ id: 7, status: "completed", paymentStatus: "paid" });
  for (const kind of ["order_completed", "payment_received", "order_link"] as const) {
    for (const body of render(kind, order)) {
      assert.match(body, /Paid in full|received your payment of LKR 4,351\.50/, kind);
      assert.doesNotMatch(body, /To pay: LKR [1-9]|keep .* ready for the courier/, kind);
    }
  }
  const placedPaid = render("order_placed", { ...order, status: "pending" });
  for (const body of placedPaid) {
    assert.match(body, /Paid in full: there is nothing more to pay/);
    assert.doesNotMatch(body, /ready for the courier/);
  }
});

Deno.test("a cancelled order's mails owe nothing: its order total, and nothing to pay after 'Nothing is owed'", () => {
  for (const paymentMethod of ["COD", "Bank Deposit"] as const) {
    const order = sampleOrder({ id: 7, status: "rejected", paymentMethod, rejectReason: "Torn" });
    for (const kind of ["order_rejected", "order_lapsed", "order_link"] as const) {
      for (const body of render(kind, order)) {
        assert.doesNotMatch(body, /To pay: LKR [1-9]/, `${paymentMethod} ${kind}`);
        assert.match(body, /Order total/, `${paymentMethod} ${kind}`);
      }
    }
    const [text] = render("order_rejected", order);
    assert.match(text, /Nothing is owed for it\./);
  }
});

Deno.test("a payment's mail sent after its order was cancelled says the money comes back, never that the parcel follows", () => {
  const order = sampleOrder({
    id: 7,
    status: "rejected",
    paymentMethod: "Bank Deposit",
    paymentStatus: "paid",
    rejectReason: "Damaged",
  });
  for (const body of render("payment_received", order)) {
    assert.match(body, /This order was cancelled after you paid: we will return your payment/);
    assert.doesNotMatch(body, /handed to delivery|on its way/);
  }
  for (
    const [locale, words] of [
      ["si", "ඔබ ගෙවීමෙන් පසු මෙම ඇණවුම අවලංගු කරන ලදී"],
      ["ta", "நீங்கள் பணம் செலுத்திய பின் இந்த ஆர்டர் இரத்துச் செய்யப்பட்டது"],
    ] as const
  ) {
    const [text] = render("payment_received", { ...order, locale });
    assert.ok(text.includes(words), text);
  }
  const [pending] = render("payment_received", { ...order, status: "pending" });
  assert.match(pending, /We will mail you again when it is handed to delivery/);
});

Deno.test("an order cancelled with a deposit slip not yet checked never says nothing is owed", () => {
  const order = sampleOrder({
    id: 7,
    status: "rejected",
    paymentMethod: "Bank Deposit",
    paymentStatus: "proof_submitted",
    rejectReason: "Deposit slip not checked in time",
  });
  for (const body of render("order_rejected", order)) {
    assert.doesNotMatch(body, /Nothing is owed|To pay: LKR [1-9]/);
    assert.match(
      body,
      /If you have paid, reply to this mail with the deposit slip and we will help\./,
    );
  }
  const [paid] = render("order_rejected", { ...order, paymentStatus: "paid" });
  assert.match(paid, /We will return your payment and contact you about it\./);
});

Deno.test("the mails of an unpaid order say how to pay: the courier for COD, a deposit for Bank Deposit", () => {
  const cod = render("order_link", sampleOrder({ id: 7 }));
  for (const body of cod) {
    assert.match(body, /Order total/);
    assert.match(body, /pay this in cash to the courier when the parcel arrives/);
  }
  const bank = render("order_link", sampleOrder({ id: 7, paymentMethod: "Bank Deposit" }));
  for (const body of bank) {
    assert.match(
      body,
      /pay this by bank deposit: we dispatch your order once the deposit is confirmed/,
    );
  }
});

/** Placed at 09:30 UTC, 15:00 in Colombo; a 48-hour hold ends two days later at 15:00. */
const PLACED = sampleOrder({
  id: 7,
  paymentMethod: "Bank Deposit",
  orderDate: "2025-03-14T09:30:00.000Z",
  expiresAt: "2025-03-16T09:30:00.000Z",
});

const DEADLINE: Record<Locale, string[]> = {
  en: [
    "Please upload the deposit slip on your order's page by 16 March 2025, 15:00",
    "is cancelled automatically 48 hours after it is placed",
    "the uploaded slip is what keeps your order",
    "Upload the deposit slip",
    "You may also send the slip by WhatsApp to +94 77 765 4321, but only a slip uploaded on your order's page stops the automatic cancellation",
  ],
  si: [
    "2025 මාර්තු 16, 15:00 ට පෙර ඔබේ ඇණවුම් පිටුවෙන් තැන්පතු පත්‍රිකාව එවන්න",
    "පැය 48 කට පසු ස්වයංක්‍රීයව අවලංගු වේ",
    "තැන්පතු පත්‍රිකාව එවන්න",
    "WhatsApp මගින් +94 77 765 4321 අංකයට ද එවිය හැක",
  ],
  ta: [
    "16 மார்ச் 2025, 15:00 க்கு முன் உங்கள் ஆர்டர் பக்கத்தில் வைப்புச் சீட்டைப் பதிவேற்றுங்கள்",
    "48 மணி நேரத்தின் பின் தானாகவே இரத்துச் செய்யப்படும்",
    "வைப்புச் சீட்டைப் பதிவேற்றுங்கள்",
    "WhatsApp மூலம் +94 77 765 4321 என்ற இலக்கத்துக்கும் அனுப்பலாம்",
  ],
};

for (const language of ["en", "si", "ta"] as const) {
  Deno.test(`the order-placed mail of a Bank Deposit order tells its deadline and what keeps it, in ${language}`, () => {
    const mail = renderMail(
      orderMail("order_placed", { ...PLACED, locale: language }, ctx),
      SAMPLE_SHOP,
    );
    const page = `https://pothgula.example${
      language === "en" ? "" : `/${language}`
    }/orders/7?key=k-7`;
    for (const body of [mail.text, mail.html.replace(/&#39;/g, "'")]) {
      for (const words of DEADLINE[language]) {
        assert.ok(body.includes(words), `${words} in\n${body}`);
      }
      assert.ok(body.includes(page), "the order's page, where the slip is uploaded");
    }
    // The deadline comes before the WhatsApp number: the upload is what keeps the order.
    assert.ok(
      mail.text.indexOf(DEADLINE[language][0]) < mail.text.indexOf("+94 77 765 4321"),
      mail.text,
    );
  });
}

Deno.test("a COD order's placed mail names no deadline, and a paid deposit order's none either", () => {
  for (const order of [sampleOrder({ id: 7 }), { ...PLACED, paymentStatus: "paid" as const }]) {
    const [text] = render("order_placed", order);
    assert.doesNotMatch(text, /cancelled automatically|Upload the deposit slip/);
  }
});

Deno.test("a card order's mails speak of the card: pay online while unpaid, the card payment when it lapses, never a deposit", () => {
  const order = sampleOrder({
    id: 7,
    paymentMethod: "Card",
    expiresAt: "2025-03-14T10:00:00.000Z",
  });
  for (const body of render("order_placed", order)) {
    assert.match(body, /Payment: card, online through PayHere/);
    assert.match(body, /Order total/);
    assert.doesNotMatch(body, /deposit|courier/i);
  }
  for (const body of render("order_lapsed", { ...order, status: "rejected" })) {
    assert.match(body, /did not receive the card payment for your order #7 in time/);
    assert.match(body, /If your card was charged, reply to this mail/);
    assert.doesNotMatch(body, /deposit/i);
  }
  for (const body of render("payment_received", { ...order, paymentStatus: "paid" })) {
    assert.match(body, /We have received your payment of LKR 4,351.50 for order #7 \(Card/);
    assert.match(body, /Paid\W+−LKR 4,351\.50/);
  }
  const si = render("order_lapsed", { ...order, status: "rejected", locale: "si" });
  for (const body of si) assert.match(body, /කාඩ්පත් ගෙවීම/);
});
