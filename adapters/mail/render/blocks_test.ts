import assert from "node:assert/strict";
import fc from "fast-check";
import { orderFacts, orderMail } from "../../../domain/notifications/order_mail.ts";
import {
  bookLine,
  SAMPLE_BANK,
  SAMPLE_SHOP,
  sampleOrder,
} from "../../../domain/notifications/testing/samples.ts";
import { wordsFor } from "../../i18n/words.ts";
import { escapeHtml, orderHeading, singleLine, totalsTable } from "./blocks.ts";
import { renderMail } from "./mod.ts";

const ctx = { shop: SAMPLE_SHOP, bank: SAMPLE_BANK };

Deno.test("totalsTable() names the breakdown's figures: Items, the delivery fee and the Order total", () => {
  const { text } = totalsTable(wordsFor("en"), orderFacts(sampleOrder(), null));
  assert.equal(text, "Items: LKR 3,851.50\nDelivery fee: LKR 500.00\nOrder total: LKR 4,351.50");
  const tamil = totalsTable(wordsFor("ta"), orderFacts(sampleOrder(), null)).text;
  assert.equal(
    tamil,
    "பொருட்கள்: LKR 3,851.50\nவிநியோகக் கட்டணம்: LKR 500.00\nஆர்டரின் மொத்தம்: LKR 4,351.50",
  );
});

Deno.test("order mails never call the order total a subtotal", () => {
  for (const kind of ["order_placed", "order_completed"] as const) {
    const mail = renderMail(orderMail(kind, sampleOrder(), ctx), SAMPLE_SHOP);
    for (const body of [mail.text, mail.html]) {
      assert.match(body, /Order total/);
      assert.doesNotMatch(body, /Subtotal/);
    }
  }
});

Deno.test("the day an order was placed is Sri Lanka's, with the language's month names", () => {
  // 20:00 UTC on 14 March is 01:30 on 15 March in Colombo.
  const late = orderFacts(sampleOrder({ orderDate: "2025-03-14T20:00:00.000Z" }), null);
  assert.equal(orderHeading(wordsFor("en"), late)[1].text, "Placed on 15 March 2025");
  assert.equal(orderHeading(wordsFor("si"), late)[1].text, "ඇණවුම් කළ දිනය: 2025 මාර්තු 15");
  assert.equal(orderHeading(wordsFor("ta"), late)[1].text, "ஆர்டர் செய்த திகதி: 15 மார்ச் 2025");
});

Deno.test("mails show titles, names and addresses as text, never as markup", () => {
  const order = sampleOrder({
    locale: "si",
    customer: {
      name: `<img src=x onerror="alert(1)">`,
      address: "No. 5 <b>Lane</b> & Co",
      email: "x@example.lk",
      phone: "077",
      postalCode: "10370",
    },
    items: [bookLine({ title: "<script>alert(1)</script>" })],
  });
  for (const kind of ["order_placed", "order_completed", "shop_order_placed"] as const) {
    const mail = renderMail(orderMail(kind, order, ctx), SAMPLE_SHOP);
    assert.doesNotMatch(mail.html, /<script>|<img|<b>Lane/);
    assert.match(mail.html, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    assert.match(mail.text, /<script>alert\(1\)<\/script>/);
  }
  const placed = renderMail(orderMail("order_placed", order, ctx), SAMPLE_SHOP);
  assert.match(placed.html, /No. 5 &lt;b&gt;Lane&lt;\/b&gt; &amp; Co/);
});

Deno.test("mails keep the subject and recipient on one line", () => {
  const shop = { ...SAMPLE_SHOP, name: "Pothgula\r\nBcc: victim@example.com" };
  const order = sampleOrder();
  order.customer.email = "nimali@example.lk\r\nBcc: other@example.com";
  const mail = renderMail(orderMail("order_placed", order, { ...ctx, shop }), shop);
  assert.doesNotMatch(mail.subject, /[\r\n]/);
  assert.doesNotMatch(mail.to, /[\r\n]/);
});

Deno.test("escapeHtml() leaves no markup characters behind", () => {
  assert.equal(
    escapeHtml(`<a href="x">'Tom' & Jerry</a>`),
    "&lt;a href=&quot;x&quot;&gt;&#39;Tom&#39; &amp; Jerry&lt;/a&gt;",
  );
  fc.assert(fc.property(fc.string(), (text) => {
    assert.doesNotMatch(escapeHtml(text), /[<>"']/);
  }));
});

Deno.test("singleLine() leaves no line break in a header", () => {
  assert.equal(singleLine("Order\r\nBcc: x@y.z\n  received "), "Order Bcc: x@y.z received");
  fc.assert(fc.property(fc.string(), (text) => {
    assert.doesNotMatch(singleLine(text), /[\r\n\u2028\u2029]/);
  }));
});
