import assert from "node:assert/strict";
import { checkoutMail } from "./checkout_mail.ts";
import {
  bookLine,
  SAMPLE_BANK,
  SAMPLE_SHOP,
  sampleOrder,
  stationeryLine,
} from "./testing/samples.ts";

Deno.test("checkoutMail() for COD lists the order, its lines, money and delivery promise", () => {
  const mail = checkoutMail(sampleOrder(), SAMPLE_SHOP, SAMPLE_BANK);
  assert.equal(mail.to, "nimali@example.lk");
  assert.equal(mail.subject, "Pothgula: order #1042 received");
  for (const body of [mail.text, mail.html]) {
    assert.match(body, /#1042/);
    assert.match(body, /Madol Doova/);
    assert.match(body, /Atlas CR Book 120 pages/);
    assert.match(body, /Book/);
    assert.match(body, /Stationery/);
    assert.match(body, /LKR 1,250.00 x 2/);
    assert.match(body, /LKR 450.50 x 3/);
    assert.match(body, /LKR 3,851.50/); // total 2,500.00 + 1,351.50
    assert.match(body, /LKR 500.00/); // delivery fee
    assert.match(body, /LKR 4,351.50/); // subtotal
    assert.match(body, /3 - 5 working days/);
    assert.match(body, /Cash on Delivery/);
  }
});

Deno.test("checkoutMail() for COD leaves out the bank account", () => {
  const mail = checkoutMail(sampleOrder(), SAMPLE_SHOP, SAMPLE_BANK);
  for (const body of [mail.text, mail.html]) {
    assert.doesNotMatch(body, /0071234567/);
    assert.doesNotMatch(body, /Dehiwala/);
    assert.doesNotMatch(body, /WhatsApp/);
    assert.doesNotMatch(body, /Pre-orders/);
  }
});

Deno.test("checkoutMail() for Bank Deposit adds the bank account and the WhatsApp number", () => {
  const order = sampleOrder({ paymentMethod: "Bank Deposit" });
  const mail = checkoutMail(order, SAMPLE_SHOP, SAMPLE_BANK);
  for (const body of [mail.text, mail.html]) {
    assert.match(body, /Bank of Ceylon/);
    assert.match(body, /Dehiwala/);
    assert.match(body, /Pothgula Books \(Pvt\) Ltd/);
    assert.match(body, /0071234567/);
    assert.match(body, /\+94 77 765 4321/);
    assert.match(body, /LKR 4,351.50/);
    assert.match(body, /Madol Doova/);
    assert.match(body, /3 - 5 working days/);
  }
  assert.doesNotMatch(mail.text, /Cash on Delivery/);
});

Deno.test("checkoutMail() promises 3 - 4 weeks when a line is a pre-order", () => {
  const order = sampleOrder({
    paymentMethod: "Bank Deposit",
    items: [bookLine({ preorder: true }), stationeryLine()],
  });
  const mail = checkoutMail(order, SAMPLE_SHOP, SAMPLE_BANK);
  assert.match(mail.text, /Pre-orders are delivered in 3 - 4 weeks/);
  assert.match(mail.html, /Pre-orders are delivered in 3 - 4 weeks/);
  assert.match(mail.text, /Madol Doova \(pre-order\)/);
});

Deno.test("checkoutMail() shows titles, names and addresses as text, never as markup", () => {
  const order = sampleOrder({
    customer: {
      name: `<img src=x onerror="alert(1)">`,
      address: "No. 5 <b>Lane</b> & Co",
      email: "x@example.lk",
      phone: "077",
      postalCode: "10370",
    },
    items: [bookLine({ title: "<script>alert(1)</script>" })],
  });
  const mail = checkoutMail(order, SAMPLE_SHOP, SAMPLE_BANK);
  assert.doesNotMatch(mail.html, /<script>/);
  assert.doesNotMatch(mail.html, /<img/);
  assert.doesNotMatch(mail.html, /<b>Lane/);
  assert.match(mail.html, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
  assert.match(mail.html, /No. 5 &lt;b&gt;Lane&lt;\/b&gt; &amp; Co/);
  assert.match(mail.text, /<script>alert\(1\)<\/script>/);
});

Deno.test("checkoutMail() keeps the subject and recipient on one line", () => {
  const shop = { ...SAMPLE_SHOP, name: "Pothgula\r\nBcc: victim@example.com" };
  const order = sampleOrder();
  order.customer.email = "nimali@example.lk\r\nBcc: other@example.com";
  const mail = checkoutMail(order, shop, SAMPLE_BANK);
  assert.doesNotMatch(mail.subject, /[\r\n]/);
  assert.doesNotMatch(mail.to, /[\r\n]/);
});
