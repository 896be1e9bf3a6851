/**
 * The payment providers' routes over HTTP: a method paid online is offered only with its
 * provider, the placed answer and the order's page carry that provider's signed form, and
 * each provider's notice, on its own address, is verified by that provider before it changes
 * anything and pays only the orders of the method it serves; every bad notice is answered and
 * changes nothing.
 */
import assert from "node:assert/strict";
import { json, orderBody, type TestApp, testApp } from "../testing/fixture.ts";
import { noticeSignature, PayHereGateway } from "../../adapters/payments/payhere.ts";
import { type KokoGateway, noticeDataString, rsaSign } from "../../adapters/payments/koko.ts";
import { KOKO_KEYS, kokoGateway } from "../../adapters/payments/testing/koko_keys.ts";

const MERCHANT = "1211149";
const SECRET = "a-merchant-secret-for-tests";

function gateway() {
  return new PayHereGateway({
    merchantId: MERCHANT,
    merchantSecret: SECRET,
    checkoutUrl: "https://sandbox.payhere.lk/pay/checkout",
  });
}

/** POST /api/orders of one copy of the test book, by card unless told otherwise. */
function orderOf(t: TestApp, overrides: Record<string, unknown> = {}) {
  return t.app.request(
    "/api/orders",
    json(
      "POST",
      orderBody(t.ids.book, {
        total: 950,
        paymentMethod: "Card",
        items: [{ id: t.ids.book, quantity: 1, type: "book" }],
        ...overrides,
      }),
    ),
  );
}

async function placeCardOrder(t: TestApp) {
  t.clock.advance(60_000);
  const answer = await orderOf(t);
  assert.equal(answer.status, 201, await answer.clone().text());
  return await answer.json();
}

function notice(
  orderId: number,
  amount: string,
  overrides: Record<string, string> = {},
  secret = SECRET,
) {
  const fields = {
    merchant_id: MERCHANT,
    order_id: String(orderId),
    payment_id: "320027150501",
    payhere_amount: amount,
    payhere_currency: "LKR",
    status_code: "2",
    method: "VISA",
    ...overrides,
  };
  return { ...fields, md5sig: noticeSignature(fields, secret) };
}

function post(t: TestApp, fields: Record<string, string>) {
  return t.app.request("/api/payments/payhere/notify", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

Deno.test("Card is refused where no gateway is configured, and the notice route answers 404", async () => {
  const t = await testApp();
  const answer = await orderOf(t);
  assert.equal(answer.status, 400);
  const refused = await answer.json();
  assert.match(JSON.stringify(refused.error.details), /Card is not offered by this shop/);
  assert.equal((await post(t, notice(1, "1.00"))).status, 404);
});

Deno.test("a card order's answer carries the gateway's signed form, for the whole amount with delivery", async () => {
  const t = await testApp({ providers: { payhere: gateway() } });
  const placed = await placeCardOrder(t);
  assert.equal(placed.cardPayment.action, "https://sandbox.payhere.lk/pay/checkout");
  const fields = placed.cardPayment.fields;
  assert.equal(fields.order_id, String(placed.orderId));
  assert.equal(fields.amount, placed.subtotal.toFixed(2));
  assert.equal(fields.currency, "LKR");
  assert.equal(fields.return_url, placed.orderUrl);
  assert.equal(fields.cancel_url, `${placed.orderUrl}&card=cancelled`);
  assert.match(fields.notify_url, /\/api\/payments\/payhere\/notify$/);
  assert.match(fields.hash, /^[0-9A-F]{32}$/);
  const cod = await orderOf(t, {
    paymentMethod: "COD",
    phone: "0719998888",
    email: "other@example.lk",
  });
  assert.equal((await cod.json()).cardPayment, undefined, "no form for another method");
});

Deno.test("a verified notice pays the order once and mails the customer; a copy of it changes nothing", async () => {
  const t = await testApp({ providers: { payhere: gateway() } });
  const placed = await placeCardOrder(t);
  const amount = placed.subtotal.toFixed(2);
  const first = await post(t, notice(placed.orderId, amount));
  assert.equal(first.status, 200);
  assert.equal(await first.text(), "OK");
  const order = await t.orders.findById(placed.orderId);
  assert.equal(order?.paymentStatus, "paid");
  assert.equal(order?.expiresAt, null, "a paid order no longer lapses");
  const paid = order?.events.find((e) => e.kind === "paid");
  assert.equal(paid?.actor, "system");
  assert.equal(paid?.note, "PayHere payment 320027150501 (VISA)");
  const mails = () => t.orders.outbox.filter((m) => m.kind === "payment_received").length;
  assert.equal(mails(), 1);
  const again = await post(t, notice(placed.orderId, amount));
  assert.equal(again.status, 200);
  assert.equal(await again.text(), "IGNORED");
  assert.equal(mails(), 1);
  assert.equal(
    (await t.orders.findById(placed.orderId))?.events.filter((e) => e.kind === "paid").length,
    1,
  );
});

Deno.test("a charge-back is final: the paid notice posted again after it is ignored, the order stays unpaid and the ledger keeps both rows", async () => {
  const t = await testApp({ providers: { payhere: gateway() } });
  const placed = await placeCardOrder(t);
  const amount = placed.subtotal.toFixed(2);
  assert.equal(await (await post(t, notice(placed.orderId, amount))).text(), "OK");
  const chargeback = await post(t, notice(placed.orderId, amount, { status_code: "-3" }));
  assert.equal(await chargeback.text(), "OK");
  assert.equal((await t.orders.findById(placed.orderId))?.paymentStatus, "unpaid");
  const replayed = await post(t, notice(placed.orderId, amount));
  assert.equal(replayed.status, 200);
  assert.equal(await replayed.text(), "IGNORED");
  assert.equal((await t.orders.findById(placed.orderId))?.paymentStatus, "unpaid");
  const rows = await t.deps.payments!.entriesFor(placed.orderId);
  assert.deepEqual(rows.map((r) => [r.provider, r.kind, r.ref, r.amountCents]), [
    ["payhere", "payment", "320027150501", Math.round(placed.subtotal * 100)],
    ["payhere", "chargeback", "320027150501", Math.round(placed.subtotal * 100)],
  ]);
  assert.ok(
    t.logger.lines.some((l) =>
      l.message === "A payment notice" && l.fields?.reason === "charged_back"
    ),
  );
});

Deno.test("a notice with a wrong signature, merchant or fields is refused with 400; a wrong amount, currency or order is ignored; nothing changes", async () => {
  const t = await testApp({ providers: { payhere: gateway() } });
  const placed = await placeCardOrder(t);
  const amount = placed.subtotal.toFixed(2);
  const refused: Record<string, string>[] = [
    notice(placed.orderId, amount, {}, "a-guessed-secret"),
    { ...notice(placed.orderId, amount), payhere_amount: "1.00" },
    notice(placed.orderId, amount, { merchant_id: "999999" }),
    notice(placed.orderId, amount, { status_code: "9" }),
  ];
  for (const fields of refused) {
    const answer = await post(t, fields);
    assert.equal(answer.status, 400, JSON.stringify(fields));
    assert.equal((await answer.json()).error.code, "BAD_REQUEST");
  }
  const ignored: Record<string, string>[] = [
    notice(placed.orderId, "1.00"),
    notice(placed.orderId, amount, { payhere_currency: "USD" }),
    notice(placed.orderId + 1000, amount),
    notice(placed.orderId, amount, { status_code: "0" }),
    notice(placed.orderId, amount, { status_code: "-1" }),
  ];
  for (const fields of ignored) {
    const answer = await post(t, fields);
    assert.equal(answer.status, 200, JSON.stringify(fields));
    assert.equal(await answer.text(), "IGNORED");
  }
  const order = await t.orders.findById(placed.orderId);
  assert.equal(order?.paymentStatus, "unpaid");
  assert.deepEqual(order?.events.map((e) => e.kind), ["placed"]);
  assert.ok(order?.expiresAt, "still held, still lapsing");
  assert.ok(t.logger.lines.some((e) => e.message === "A payment notice was refused"));
  // The body must be the gateway's form, and its fields within their bounds.
  const asJson = await t.app.request(
    "/api/payments/payhere/notify",
    json("POST", notice(placed.orderId, amount)),
  );
  assert.equal(asJson.status, 415);
  const { md5sig: _, ...unsigned } = notice(placed.orderId, amount);
  assert.equal((await post(t, unsigned)).status, 400);
  assert.equal(
    (await post(t, { ...notice(placed.orderId, amount), method: "x".repeat(501) })).status,
    400,
  );
});

Deno.test("a declined card's notice is told on the order's timeline once, and a payment after it pays the order", async () => {
  const t = await testApp({ providers: { payhere: gateway() } });
  const placed = await placeCardOrder(t);
  const amount = placed.subtotal.toFixed(2);
  const declined = notice(placed.orderId, amount, {
    payment_id: "320027150999",
    status_code: "-2",
    status_message: "Payment declined by the card issuer.",
  });
  assert.equal(await (await post(t, declined)).text(), "OK");
  assert.equal(await (await post(t, declined)).text(), "IGNORED");
  const order = await t.orders.findById(placed.orderId);
  assert.equal(order?.paymentStatus, "unpaid");
  assert.equal(order?.events.filter((e) => e.kind === "payment_failed").length, 1);
  assert.equal(await (await post(t, notice(placed.orderId, amount))).text(), "OK");
  assert.equal((await t.orders.findById(placed.orderId))?.paymentStatus, "paid");
});

Deno.test("300 forged notices in a burst write one log line that counts the rest, and another only after ten seconds", async () => {
  const t = await testApp({ providers: { payhere: gateway() } });
  const placed = await placeCardOrder(t);
  const forged = notice(placed.orderId, placed.subtotal.toFixed(2), {}, "not-the-secret");
  for (let i = 0; i < 300; i++) assert.equal((await post(t, forged)).status, 400);
  const refused = () => t.logger.lines.filter((l) => l.message === "A payment notice was refused");
  assert.equal(refused().length, 1);
  assert.equal(refused()[0].level, "error");
  t.clock.advance(10_000);
  assert.equal((await post(t, forged)).status, 400);
  assert.equal(refused().length, 2);
  assert.equal(refused()[1].fields?.repeated, 299);
  assert.equal((await t.orders.findById(placed.orderId))?.paymentStatus, "unpaid");
});

Deno.test("a gift voucher pays part of a card order: the gateway charges only the rest, and its notice of that amount pays the order", async () => {
  const t = await testApp({ providers: { payhere: gateway() } });
  const issued = await t.asAdmin(
    "/api/vouchers",
    json("POST", { amount: 500, expiresOn: "2026-12-31" }),
  );
  assert.equal(issued.status, 201);
  const { code } = (await issued.json()).data;
  t.clock.advance(60_000);
  const answer = await orderOf(t, { voucher: { code, amount: 500 } });
  assert.equal(answer.status, 201, await answer.clone().text());
  const placed = await answer.json();
  const rest = (placed.subtotal - 500).toFixed(2);
  assert.equal(placed.breakdown.to_pay.toFixed(2), rest);
  assert.equal(placed.cardPayment.fields.amount, rest, "the voucher's part is not charged again");
  const whole = await post(t, notice(placed.orderId, placed.subtotal.toFixed(2)));
  assert.equal(await whole.text(), "IGNORED", "a notice of the whole total is not this payment");
  assert.equal((await t.orders.findById(placed.orderId))?.paymentStatus, "unpaid");
  const paid = await post(t, notice(placed.orderId, rest));
  assert.equal(await paid.text(), "OK");
  assert.equal((await t.orders.findById(placed.orderId))?.paymentStatus, "paid");
});

Deno.test("a card order its gift voucher pays in full is paid as placed: no card form", async () => {
  const t = await testApp({ providers: { payhere: gateway() } });
  const issued = await t.asAdmin(
    "/api/vouchers",
    json("POST", { amount: 5000, expiresOn: "2026-12-31" }),
  );
  const { code } = (await issued.json()).data;
  t.clock.advance(60_000);
  const first = await orderOf(t, { voucher: { code, amount: 1 } });
  assert.equal(first.status, 409, "the shopper is told what it pays");
  const pays = (await first.json()).error.details.pays;
  const answer = await orderOf(t, { voucher: { code, amount: pays } });
  assert.equal(answer.status, 201, await answer.clone().text());
  const placed = await answer.json();
  assert.equal(placed.breakdown.to_pay, 0);
  assert.equal(placed.cardPayment, undefined);
  assert.equal((await t.orders.findById(placed.orderId))?.paymentStatus, "paid");
});

/** A Koko notice for `orderId` as Koko would sign it. */
function kokoNotice(koko: KokoGateway, orderId: number, status = "SUCCESS", trnId = "KOKO5501") {
  const fields = { orderId: koko.kokoOrderId(orderId), trnId, status };
  return {
    ...fields,
    desc: "done",
    signature: rsaSign(noticeDataString(fields), KOKO_KEYS.privateKey),
  };
}

function postTo(t: TestApp, provider: string, fields: Record<string, string>) {
  return t.app.request(`/api/payments/${provider}/notify`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

Deno.test("Koko is offered only with its provider; its order carries Koko's signed form and its own notice address", async () => {
  const without = await testApp({ providers: { payhere: gateway() } });
  const refused = await orderOf(without, { paymentMethod: "Koko" });
  assert.equal(refused.status, 400);
  assert.match(JSON.stringify((await refused.json()).error.details), /Koko is not offered/);
  assert.equal((await postTo(without, "koko", { orderId: "1" })).status, 404);
  assert.equal((await postTo(without, "paypal", { orderId: "1" })).status, 400);

  const koko = kokoGateway();
  const t = await testApp({ providers: { payhere: gateway(), koko } });
  t.clock.advance(60_000);
  const answer = await orderOf(t, { paymentMethod: "Koko" });
  assert.equal(answer.status, 201, await answer.clone().text());
  const placed = await answer.json();
  assert.equal(placed.cardPayment.action, "https://qaapi.paykoko.com/api/merchants/orderCreate");
  assert.equal(placed.cardPayment.fields._amount, placed.subtotal.toFixed(2));
  assert.match(placed.cardPayment.fields._responseUrl, /\/api\/payments\/koko\/notify$/);
  assert.equal(placed.cardPayment.fields._orderId, koko.kokoOrderId(placed.orderId));
});

Deno.test("Koko's notice pays a Koko order once; no other provider's notice pays it, nor Koko's a card order", async () => {
  const koko = kokoGateway();
  const t = await testApp({ providers: { payhere: gateway(), koko } });
  t.clock.advance(60_000);
  const placed = await (await orderOf(t, { paymentMethod: "Koko" })).json();
  const card = await placeCardOrder(t);
  // PayHere's well-signed notice names the Koko order: it is about a payment never asked for.
  const payhere = await post(t, notice(placed.orderId, placed.subtotal.toFixed(2)));
  assert.equal(await payhere.text(), "IGNORED");
  // Koko's notice for the card order changes nothing either.
  assert.equal(await (await postTo(t, "koko", kokoNotice(koko, card.orderId))).text(), "IGNORED");
  assert.equal((await t.orders.findById(card.orderId))?.paymentStatus, "unpaid");

  const paid = await postTo(t, "koko", kokoNotice(koko, placed.orderId));
  assert.equal(await paid.text(), "OK");
  const order = await t.orders.findById(placed.orderId);
  assert.equal(order?.paymentStatus, "paid");
  assert.equal(order?.events.find((e) => e.kind === "paid")?.note, "Koko payment KOKO5501 (Koko)");
  const rows = await t.deps.payments!.entriesFor(placed.orderId);
  assert.deepEqual(
    rows.map((r) => [r.provider, r.kind, r.ref, r.amountCents]),
    [["koko", "payment", "KOKO5501", Math.round(placed.subtotal * 100)]],
  );
  assert.equal(await (await postTo(t, "koko", kokoNotice(koko, placed.orderId))).text(), "IGNORED");
  // A forged one is refused.
  const forged = { ...kokoNotice(koko, placed.orderId), trnId: "KOKO9999" };
  assert.equal((await postTo(t, "koko", forged)).status, 400);
});

Deno.test("a Koko payment that was not approved is told on the order's timeline, and the order can be paid after it", async () => {
  const koko = kokoGateway();
  const t = await testApp({ providers: { koko } });
  t.clock.advance(60_000);
  const placed = await (await orderOf(t, { paymentMethod: "Koko" })).json();
  const failed = await postTo(t, "koko", kokoNotice(koko, placed.orderId, "FAILED", "KOKO1"));
  assert.equal(await failed.text(), "OK");
  const order = await t.orders.findById(placed.orderId);
  assert.equal(order?.events.at(-1)?.kind, "payment_failed");
  assert.equal(order?.paymentStatus, "unpaid");
  assert.equal(
    await (await postTo(t, "koko", kokoNotice(koko, placed.orderId, "SUCCESS", "KOKO2"))).text(),
    "OK",
  );
  assert.equal((await t.orders.findById(placed.orderId))?.paymentStatus, "paid");
});
