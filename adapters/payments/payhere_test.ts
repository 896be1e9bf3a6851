import assert from "node:assert/strict";
import fc from "fast-check";
import {
  amountCents,
  checkoutHash,
  md5Upper,
  noticeSignature,
  payhereAmount,
  payhereCheckoutUrl,
  PayHereGateway,
} from "./payhere.ts";
import { sampleCheckout } from "./testing/samples.ts";

const MERCHANT = "1211149";
const SECRET = "MzE4NjE0NjA1ODM0Nzk0NTQ5MTQ0MDM3ODcxMjU5MDkyNzI0NTk0";
const gateway = new PayHereGateway({
  merchantId: MERCHANT,
  merchantSecret: SECRET,
  checkoutUrl: payhereCheckoutUrl("true", "https://shop.example"),
});

const CHECKOUT = sampleCheckout();

function notice(overrides: Record<string, string> = {}, secret = SECRET) {
  const fields = {
    merchant_id: MERCHANT,
    order_id: "1042",
    payment_id: "320027150501",
    payhere_amount: "4351.50",
    payhere_currency: "LKR",
    status_code: "2",
    method: "VISA",
    status_message: "Successfully completed the payment.",
    ...overrides,
  };
  return { ...fields, md5sig: noticeSignature(fields, secret), ...overrides };
}

Deno.test("md5Upper() is MD5 in upper-case hexadecimal (RFC 1321's test vectors)", () => {
  assert.equal(md5Upper(""), "D41D8CD98F00B204E9800998ECF8427E");
  assert.equal(md5Upper("abc"), "900150983CD24FB0D6963F7D28E17F72");
  assert.equal(md5Upper("message digest"), "F96B697D7CB7938D525A2F31AAF161D0");
});

Deno.test("the checkout form carries PayHere's fields and the hash of merchant, order, amount, currency and the hashed secret", () => {
  const form = gateway.checkoutForm(CHECKOUT);
  assert.equal(form.action, "https://sandbox.payhere.lk/pay/checkout");
  assert.equal(form.fields.amount, "4351.50");
  assert.equal(form.fields.order_id, "1042");
  assert.equal(form.fields.currency, "LKR");
  assert.equal(form.fields.notify_url, CHECKOUT.notifyUrl);
  assert.equal(form.fields.first_name, "Nimali");
  // Written out as the documentation states it, apart from checkoutHash().
  const expected = md5Upper(`${MERCHANT}10424351.50LKR${md5Upper(SECRET)}`);
  assert.equal(form.fields.hash, expected);
  assert.equal(checkoutHash(MERCHANT, "1042", "4351.50", "LKR", SECRET), expected);
  assert.deepEqual(Object.keys(form.fields).sort(), [
    "address",
    "amount",
    "cancel_url",
    "city",
    "country",
    "currency",
    "email",
    "first_name",
    "hash",
    "items",
    "last_name",
    "merchant_id",
    "notify_url",
    "order_id",
    "phone",
    "return_url",
  ]);
});

Deno.test("amounts are written with two decimals and read back to the same cents", () => {
  assert.equal(payhereAmount(0), "0.00");
  assert.equal(payhereAmount(5), "0.05");
  assert.equal(payhereAmount(1_234_567), "12345.67");
  assert.equal(amountCents("4351.5"), 435_150);
  assert.equal(amountCents("4351"), 435_100);
  for (const bad of ["", "1,000.00", "-5.00", "1.005", "1e3", "NaN", " . "]) {
    assert.equal(amountCents(bad), undefined, bad);
  }
  fc.assert(fc.property(fc.integer({ min: 0, max: 100_000_000_00 }), (cents) => {
    assert.equal(amountCents(payhereAmount(cents)), cents);
  }));
});

Deno.test("the checkout address follows PAYHERE_SANDBOX: PayHere's sandbox, its live site, or the shop's simulator", () => {
  assert.equal(
    payhereCheckoutUrl("true", "https://x.lk"),
    "https://sandbox.payhere.lk/pay/checkout",
  );
  assert.equal(payhereCheckoutUrl("false", "https://x.lk"), "https://www.payhere.lk/pay/checkout");
  assert.equal(
    payhereCheckoutUrl("local", "http://localhost:8000"),
    "http://localhost:8000/payhere-local/pay/checkout",
  );
});

Deno.test("a notice signed with the merchant secret is read: each status code to its outcome", () => {
  const outcomes = {
    "2": "paid",
    "0": "pending",
    "-1": "cancelled",
    "-2": "failed",
    "-3": "chargedback",
  };
  for (const [code, outcome] of Object.entries(outcomes)) {
    const read = gateway.readNotification(notice({ status_code: code }));
    assert.deepEqual(read, {
      kind: "verified",
      orderId: 1042,
      paymentId: "320027150501",
      amountCents: 435_150,
      currency: "LKR",
      outcome,
      method: "VISA",
      statusMessage: "Successfully completed the payment.",
    });
  }
  // PayHere may send the signature in lower case.
  const lower = notice();
  assert.equal(
    gateway.readNotification({ ...lower, md5sig: lower.md5sig.toLowerCase() }).kind,
    "verified",
  );
});

Deno.test("a notice with a wrong signature, a tampered field or another merchant is refused", () => {
  const good = notice();
  const cases: [Record<string, string>, string][] = [
    [{ ...good, md5sig: "0".repeat(32) }, "signature"],
    [{ ...good, payhere_amount: "1.00" }, "signature"],
    [{ ...good, status_code: "2", order_id: "1043" }, "signature"],
    [{ ...good, payhere_currency: "USD" }, "signature"],
    [notice({}, "another-secret"), "signature"],
    [notice({ merchant_id: "999999" }), "merchant"],
  ];
  for (const [fields, reason] of cases) {
    const read = gateway.readNotification(fields);
    assert.equal(read.kind, "refused");
    if (read.kind === "refused") assert.equal(read.reason, reason, JSON.stringify(fields));
  }
});

Deno.test("a correctly signed notice with ill-formed fields is refused as malformed", () => {
  const shapes: Record<string, string>[] = [
    { order_id: "ORD-1042" },
    { order_id: "0" },
    { payhere_amount: "4,351.50" },
    { status_code: "7" },
  ];
  for (const overrides of shapes) {
    const read = gateway.readNotification(notice(overrides));
    assert.equal(read.kind, "refused");
    if (read.kind === "refused") assert.equal(read.reason, "malformed", JSON.stringify(overrides));
  }
  const { md5sig: _, ...unsigned } = notice();
  const read = gateway.readNotification(unsigned);
  assert.ok(read.kind === "refused" && read.reason === "malformed");
});
