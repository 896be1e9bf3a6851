import assert from "node:assert/strict";
import { checkoutMail } from "./checkout_mail.ts";
import { completionMail } from "./completion_mail.ts";
import { totalsTable } from "./layout.ts";
import { SAMPLE_BANK, SAMPLE_SHOP, sampleOrder } from "./testing/samples.ts";

Deno.test("totalsTable() calls the items' sum Items and the amount to pay Total to pay", () => {
  const { text } = totalsTable(sampleOrder());
  assert.equal(
    text,
    "Items: LKR 3,851.50\nDelivery fee: LKR 500.00\nTotal to pay: LKR 4,351.50",
  );
});

Deno.test("order mails never call the amount to pay a subtotal", () => {
  const order = sampleOrder();
  for (
    const mail of [
      checkoutMail(order, SAMPLE_SHOP, SAMPLE_BANK),
      completionMail(order, SAMPLE_SHOP),
    ]
  ) {
    for (const body of [mail.text, mail.html]) {
      assert.match(body, /Total to pay/);
      assert.doesNotMatch(body, /Subtotal/);
    }
  }
});
