/**
 * Koko's adapter: the checkout form carries the fields, `dataString` and RSA signature as
 * Koko's merchant plugin builds them, and a notice is believed only when Koko's key signed it
 * for an order this shop sent.
 */
import assert from "node:assert/strict";
import {
  checkoutDataString,
  KokoGateway,
  noticeDataString,
  rsaSign,
  rsaVerify,
  SIGNED_CHECKOUT_FIELDS,
} from "./koko.ts";
import { sampleCheckout } from "./testing/samples.ts";
import { KOKO_KEYS, KOKO_MERCHANT, kokoGateway, MERCHANT_KEYS } from "./testing/koko_keys.ts";

const NOTIFY = "https://shop.example/api/payments/koko/notify";

function signedNotice(orderId: string, status = "SUCCESS", key = KOKO_KEYS.privateKey) {
  const fields = { orderId, trnId: "KOKO7781", status };
  return {
    ...fields,
    desc: "Payment successful",
    signature: rsaSign(noticeDataString(fields), key),
  };
}

Deno.test("a Koko checkout form signs its fields in the plugin's order with the merchant's key", () => {
  const gateway = kokoGateway();
  const form = gateway.checkoutForm(sampleCheckout({ notifyUrl: NOTIFY }));
  assert.equal(form.action, "https://qaapi.paykoko.com/api/merchants/orderCreate");
  const fields = form.fields;
  assert.equal(fields._mId, KOKO_MERCHANT.merchantId);
  assert.equal(fields.api_key, KOKO_MERCHANT.apiKey);
  assert.equal(fields._amount, "4351.50");
  assert.equal(fields._currency, "LKR");
  assert.equal(fields._responseUrl, NOTIFY);
  assert.equal(fields._returnUrl, "https://shop.example/orders/1042?key=k");
  assert.equal(fields._cancelUrl, "https://shop.example/orders/1042?key=k&card=cancelled");
  assert.equal(fields._firstName, "Nimali");
  assert.equal(fields._mobileNo, "0771234567");
  assert.match(fields._orderId, /^1042-[0-9a-f]{12}$/);
  assert.equal(
    fields.dataString,
    SIGNED_CHECKOUT_FIELDS.map((name) => fields[name]).join(""),
  );
  assert.ok(fields.dataString.startsWith(`${KOKO_MERCHANT.merchantId}4351.50LKR`));
  assert.ok(fields.dataString.endsWith(`${KOKO_MERCHANT.apiKey}${fields._cancelUrl}`));
  assert.ok(rsaVerify(fields.dataString, fields.signature, MERCHANT_KEYS.publicKey));
  // Another amount is another signature: the shopper cannot pay less than the order.
  assert.ok(
    !rsaVerify(
      checkoutDataString({ ...fields, _amount: "1.00" }),
      fields.signature,
      MERCHANT_KEYS.publicKey,
    ),
  );
});

Deno.test("a Koko notice signed by Koko for this shop's order pays it, its amount the order's", async () => {
  const gateway = kokoGateway();
  const orderId = gateway.kokoOrderId(1042);
  const read = await gateway.readNotification(signedNotice(orderId));
  assert.deepEqual(read, {
    kind: "verified",
    orderId: 1042,
    paymentId: "KOKO7781",
    amountCents: null,
    currency: "LKR",
    outcome: "paid",
    method: "Koko",
    statusMessage: "Payment successful",
  });
  const failed = await gateway.readNotification(signedNotice(orderId, "FAILED"));
  assert.equal(failed.kind === "verified" && failed.outcome, "failed");
});

Deno.test("a Koko notice is refused when forged, another merchant's, or missing a field", async () => {
  const gateway = kokoGateway();
  const orderId = gateway.kokoOrderId(1042);
  const forged = await gateway.readNotification(
    signedNotice(orderId, "SUCCESS", MERCHANT_KEYS.privateKey),
  );
  assert.deepEqual(forged.kind === "refused" && forged.reason, "signature");
  // A status changed after signing.
  const changed = await gateway.readNotification({
    ...signedNotice(orderId, "FAILED"),
    status: "SUCCESS",
  });
  assert.deepEqual(changed.kind === "refused" && changed.reason, "signature");
  // Koko signs every merchant's notices with one key: another shop's order 1042 is not ours.
  const other = new KokoGateway({
    ...KOKO_MERCHANT,
    privateKey: KOKO_KEYS.privateKey,
    kokoPublicKey: KOKO_KEYS.publicKey,
    checkoutUrl: "https://qaapi.paykoko.com/api/merchants/orderCreate",
  });
  const theirs = await gateway.readNotification(signedNotice(other.kokoOrderId(1042)));
  assert.deepEqual(theirs.kind === "refused" && theirs.reason, "merchant");
  const bare = await gateway.readNotification(signedNotice("1042"));
  assert.deepEqual(bare.kind === "refused" && bare.reason, "malformed");
  const missing = await gateway.readNotification({ orderId, trnId: "KOKO1", status: "SUCCESS" });
  assert.deepEqual(
    missing.kind === "refused" && [missing.reason, missing.detail],
    ["malformed", "missing signature"],
  );
  assert.equal(rsaVerify("x", "not base64 at all!", KOKO_KEYS.publicKey), false);
});

Deno.test("a Koko adapter with a key that is not a PEM RSA key does not start", () => {
  assert.throws(() =>
    new KokoGateway({
      ...KOKO_MERCHANT,
      privateKey: "not a key",
      kokoPublicKey: KOKO_KEYS.publicKey,
      checkoutUrl: "https://qaapi.paykoko.com/api/merchants/orderCreate",
    })
  );
  // Keys written on one line with "\n", as environment variables carry them, are read.
  const oneLine = (pem: string) => pem.trim().replaceAll("\n", "\\n");
  const gateway = new KokoGateway({
    ...KOKO_MERCHANT,
    privateKey: oneLine(MERCHANT_KEYS.privateKey),
    kokoPublicKey: oneLine(KOKO_KEYS.publicKey),
    checkoutUrl: "https://qaapi.paykoko.com/api/merchants/orderCreate",
  });
  assert.equal(gateway.checkoutOrigin, "https://qaapi.paykoko.com");
});
