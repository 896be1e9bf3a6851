import assert from "node:assert/strict";
import { completionMail } from "./completion_mail.ts";
import { bookLine, SAMPLE_SHOP, sampleOrder } from "./testing/samples.ts";

Deno.test("completionMail() tells the shopper the order is with delivery for 3 - 5 working days", () => {
  const mail = completionMail(sampleOrder({ status: "completed" }), SAMPLE_SHOP);
  assert.equal(mail.to, "nimali@example.lk");
  assert.equal(mail.subject, "Pothgula: order #1042 handed over to delivery");
  for (const body of [mail.text, mail.html]) {
    assert.match(body, /order #1042 has been handed over to delivery/);
    assert.match(body, /Expect it in 3 - 5 working days/);
    assert.match(body, /Madol Doova/);
    assert.match(body, /LKR 4,351.50/);
  }
});

Deno.test("completionMail() escapes the shopper's data in HTML", () => {
  const order = sampleOrder({ items: [bookLine({ title: "<script>alert(1)</script>" })] });
  order.customer.name = "A & B <i>";
  const mail = completionMail(order, SAMPLE_SHOP);
  assert.doesNotMatch(mail.html, /<script>|<i>/);
  assert.match(mail.html, /A &amp; B &lt;i&gt;/);
});

Deno.test("completionMail() promises 3 - 4 weeks for an order holding a pre-order", () => {
  const order = sampleOrder({ status: "completed", items: [bookLine({ preorder: true })] });
  const mail = completionMail(order, SAMPLE_SHOP);
  for (const body of [mail.text, mail.html]) {
    assert.match(body, /Expect it in 3 - 4 weeks/);
    assert.doesNotMatch(body, /3 - 5 working days/);
  }
});
