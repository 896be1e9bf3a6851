/**
 * What an order's mails say of its promotions: each line's usual price struck (or "was"),
 * the price paid, its campaign in the mail's language and what it took off; the order's
 * code and offer once, under the items; free delivery; and what the customer saved. The
 * rows add up to the total, and the money words still follow the payment status.
 */
import assert from "node:assert/strict";
import { orderMail } from "../../../domain/notifications/order_mail.ts";
import type { MailKind } from "../../../domain/notifications/ports.ts";
import type { Order } from "../../../domain/orders/model.ts";
import {
  promotedOrder,
  SAMPLE_BANK,
  SAMPLE_SHOP,
  sampleOrder,
} from "../../../domain/notifications/testing/samples.ts";
import { renderMail } from "./mod.ts";

const ctx = { shop: SAMPLE_SHOP, bank: SAMPLE_BANK, orderKey: "k-7" };

function render(kind: MailKind, order: Order) {
  return renderMail(orderMail(kind, order, ctx), SAMPLE_SHOP);
}

Deno.test("a placed order's mail shows each line at its usual price, every saving by its source and the price paid, then the breakdown's rows", () => {
  const { text, html } = render("order_placed", promotedOrder());
  assert.ok(
    text.includes(
      "- Madol Doova (Book): LKR 1,250.00 x 2 = LKR 2,500.00, Sale price −LKR 500.00, " +
        "Book Fair 2026 −LKR 400.00, Code SCHOOL10 −LKR 60.00 = LKR 1,540.00",
    ),
    text,
  );
  assert.ok(
    text.includes(
      "- Atlas CR Book 120 pages (Stationery): LKR 450.50 x 3 = LKR 1,351.50, " +
        "Code SCHOOL10 −LKR 40.00 = LKR 1,311.50",
    ),
    text,
  );
  // Items at usual prices: the lines' usual prices add up to it, their prices paid to the total.
  assert.ok(
    text.includes(
      "Items: LKR 3,851.50\nSale price: −LKR 500.00\nBook Fair 2026: −LKR 400.00\n" +
        "Code SCHOOL10: −LKR 100.00\n" +
        "Free delivery: Free delivery over LKR 2,000: LKR 0.00\nOrder total: LKR 2,851.50\n" +
        "Savings: LKR 1,000.00",
    ),
    text,
  );
  assert.match(html, /<s title="Usual price">LKR 2,500.00<\/s><br>LKR 1,540.00/);
  assert.match(html, /Book Fair 2026 −LKR 400.00/);
  assert.match(html, /Savings: LKR 1,000.00/);
});

Deno.test("a Sinhala mail names each figure and the campaign and offer in Sinhala; a name without one stays English", () => {
  const { text } = render("order_placed", promotedOrder({ locale: "si" }));
  assert.ok(text.includes("භාණ්ඩ: LKR 3,851.50"), text);
  assert.ok(text.includes("විශේෂ මිල: −LKR 500.00"), text);
  assert.ok(text.includes("පොත් ප්‍රදර්ශනය 2026 −LKR 400.00"), text);
  assert.ok(text.includes("වට්ටම් කේතය SCHOOL10: −LKR 100.00"), text);
  assert.ok(text.includes("නොමිලේ බෙදාහැරීම: රු. 2,000ට වැඩි ඇණවුම්වලට නොමිලේ බෙදාහැරීම"), text);
  assert.ok(text.includes("ඇණවුමේ මුළු මුදල: LKR 2,851.50"), text);
  assert.ok(text.includes("ඉතිරි කළ මුදල: LKR 1,000.00"), text);
  const tamil = render("order_placed", promotedOrder({ locale: "ta" })).text;
  assert.ok(tamil.includes("புத்தகக் கண்காட்சி 2026 −LKR 400.00"), tamil);
  assert.ok(tamil.includes("இலவச விநியோகம்: Free delivery over LKR 2,000"), tamil);
  assert.ok(tamil.includes("சேமிப்பு: LKR 1,000.00"), tamil);
});

Deno.test("a paid, an unpaid and a cancelled order with savings keep one order total and say what paid it, in en and si", () => {
  const words = {
    en: { total: "Order total", received: "Paid", due: "To pay" },
    si: { total: "ඇණවුමේ මුළු මුදල", received: "ගෙවූ මුදල", due: "ගෙවිය යුතු මුදල" },
  };
  for (const locale of ["en", "si"] as const) {
    const w = words[locale];
    const unpaid = render("order_placed", promotedOrder({ locale })).text;
    assert.ok(unpaid.includes(`${w.total}: LKR 2,851.50`), unpaid);
    const paid = render(
      "order_completed",
      promotedOrder({ locale, status: "completed", paymentStatus: "paid" }),
    ).text;
    assert.ok(paid.includes(`${w.total}: LKR 2,851.50\n${w.received}: −LKR 2,851.50`), paid);
    assert.ok(paid.includes(`${w.due}: LKR 0.00`), paid);
    const cancelled = render("order_rejected", promotedOrder({ locale, status: "rejected" })).text;
    assert.ok(cancelled.includes(`${w.total}: LKR 2,851.50`), cancelled);
    assert.ok(!cancelled.includes(`${w.due}: `), cancelled);
    for (const body of [unpaid, paid, cancelled]) {
      assert.ok(body.includes("LKR 1,000.00"), "the savings are said whatever the payment");
    }
  }
});

Deno.test("a mail of an order without promotions reads as before: no struck price, no saving", () => {
  const { text, html } = render("order_placed", sampleOrder());
  assert.ok(text.includes("- Madol Doova (Book): LKR 1,250.00 x 2 = LKR 2,500.00"), text);
  assert.ok(text.includes("Items: LKR 3,851.50\nDelivery fee: LKR 500.00\nOrder total"), text);
  for (const body of [text, html]) assert.doesNotMatch(body, /Savings|<s |Code /);
});

Deno.test("the shop's notice of a new order names the same figures to the owner, and never says 'You saved'", () => {
  const { text, html } = render("shop_order_placed", promotedOrder({ locale: "si" }));
  assert.ok(text.includes("Code SCHOOL10: −LKR 100.00"), text);
  assert.ok(text.includes("Book Fair 2026 −LKR 400.00"), "the shop reads English names");
  assert.ok(text.includes("Items: LKR 3,851.50"), text);
  assert.ok(text.includes("Savings: LKR 1,000.00"), text);
  for (const body of [text, html]) assert.doesNotMatch(body, /You saved|you save/i);
});
