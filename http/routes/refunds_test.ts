/**
 * Refunds over HTTP against the local PayHere: a card order paid through the simulator is
 * refunded in part and then in full through PayHere's refund API; bad requests are answered
 * with their reason and reach no provider; a refund PayHere fails is kept as failed and
 * retried once under its key; a COD order is refunded by hand with a reference; staff may
 * not refund; and the customer is mailed and texted.
 */
import assert from "node:assert/strict";
import { json, orderBody, type TestApp, testApp } from "../testing/fixture.ts";
import { PayHereGateway } from "../../adapters/payments/payhere.ts";
import { payhereSimulator } from "../../adapters/payments/payhere_simulator.ts";
import { noticeUrl } from "./payments.ts";
import { colomboDate } from "../../domain/orders/order_query.ts";

const MERCHANT = "1211149";
const SECRET = "a-merchant-secret-for-tests";
const APP = { id: "TestApp4Refunds", secret: "TestAppSecret4Refunds" };
const SHOP = "http://localhost:8000";

interface World {
  t: TestApp;
  faults: { refund: ("error" | "timeout")[] };
  /** Refund requests that reached the simulator. */
  calls: string[];
  sim: (url: string, init?: RequestInit) => Promise<Response>;
}

/** The shop with PayHere's simulator as its gateway, each calling the other in process. */
async function world(): Promise<World> {
  const faults = { refund: [] as ("error" | "timeout")[] };
  const calls: string[] = [];
  const the: { shop?: TestApp } = {};
  const simulator = payhereSimulator({
    merchantId: MERCHANT,
    merchantSecret: SECRET,
    basePath: "",
    shop: { origin: SHOP, notifyUrl: noticeUrl(SHOP, "payhere") },
    app: APP,
    faults,
    fetch: (url, init) => Promise.resolve(the.shop!.app.request(new Request(url, init))),
  });
  const sim = (url: string | URL | Request, init?: RequestInit) => {
    const request = new Request(url, init);
    if (request.url.endsWith("/payment/refund")) calls.push(request.url);
    return Promise.resolve(simulator.fetch(request));
  };
  const gateway = new PayHereGateway({
    merchantId: MERCHANT,
    merchantSecret: SECRET,
    checkoutUrl: "http://payhere.test/pay/checkout",
    api: {
      baseUrl: "http://payhere.test",
      appId: APP.id,
      appSecret: APP.secret,
      timeoutMs: 300,
      fetch: sim,
    },
  });
  the.shop = await testApp({ providers: { payhere: gateway } });
  return { t: the.shop, faults, calls, sim };
}

/** An order of one copy of the test book (by card unless told), answered as placed. */
async function place(w: World, paymentMethod = "Card") {
  w.t.clock.advance(60_000);
  const placed = await w.t.app.request(
    "/api/orders",
    json(
      "POST",
      orderBody(w.t.ids.book, {
        total: 950,
        paymentMethod,
        items: [{ id: w.t.ids.book, quantity: 1, type: "book" }],
      }),
    ),
  );
  assert.equal(placed.status, 201, await placed.clone().text());
  return await placed.json();
}

/** A card order paid on the simulator (its notice posted to the shop). */
async function paidCardOrder(w: World): Promise<{ id: number; cents: number }> {
  const { orderId, cardPayment } = await place(w);
  const html = await (await w.sim(cardPayment.action, {
    method: "POST",
    body: new URLSearchParams(cardPayment.fields),
  })).text();
  const pay = /<form method="post" action="([^"]+)"><button[^>]*>Pay</.exec(html);
  assert.ok(pay, html);
  const paid = await w.sim(new URL(pay[1], cardPayment.action).toString(), { method: "POST" });
  assert.equal(paid.status, 302);
  const order = await w.t.orders.findById(orderId);
  assert.equal(order?.paymentStatus, "paid");
  return { id: orderId, cents: order!.totalCents + order!.deliveryFeeCents };
}

/** The order's money figures as the owner's order answer gives them. */
async function figures(w: World, id: number) {
  const answer = await w.t.asAdmin(`/api/orders/${id}`);
  assert.equal(answer.status, 200, await answer.clone().text());
  const { paid, refunded, to_pay } = (await answer.json()).data.breakdown;
  return { paid, refunded, to_pay };
}

function refund(w: World, id: number, body: Record<string, unknown>, key?: string) {
  return w.t.asAdmin(
    `/api/orders/${id}/refunds`,
    json("POST", body, key ? { "Idempotency-Key": key } : {}),
  );
}

Deno.test("a card order is refunded in part, then the rest, through PayHere's refund API; its ledger and state follow and the customer is told", async () => {
  const w = await world();
  const { id, cents } = await paidCardOrder(w);
  const part = await refund(w, id, { amount: 300, reason: "One page torn" }, "dialog-1");
  assert.equal(part.status, 201, await part.clone().text());
  const first = (await part.json()).data;
  assert.equal(first.state, "partly_refunded");
  assert.equal(first.refunded, 300);
  assert.equal(first.left, (cents - 30_000) / 100);
  assert.equal(first.refunds[0].status, "succeeded");
  assert.match(first.refunds[0].reference, /^\d+$/);
  // The same request again (a second click): the same refund, nothing sent again.
  const again = await refund(w, id, { amount: 300, reason: "One page torn" }, "dialog-1");
  assert.equal(again.status, 201);
  assert.equal((await again.json()).data.refunds.length, 1);
  assert.equal(w.calls.length, 1);
  // The order's figures count it, apart: paid in full, 300 back, nothing to pay.
  assert.deepEqual(await figures(w, id), { paid: cents / 100, refunded: 300, to_pay: 0 });
  const rest = await refund(w, id, { amount: (cents - 30_000) / 100, reason: "Order cancelled" });
  assert.equal(rest.status, 201, await rest.clone().text());
  const all = (await rest.json()).data;
  assert.equal(all.state, "refunded");
  assert.equal(all.left, 0);
  assert.equal(all.channel, null);
  const rows = await w.t.deps.payments!.entriesFor(id);
  assert.deepEqual(rows.map((r) => [r.kind, r.amountCents]), [
    ["payment", cents],
    ["refund", 30_000],
    ["refund", cents - 30_000],
  ]);
  assert.deepEqual(
    rows.filter((r) => r.kind === "refund").map((r) => r.ref),
    all.refunds.map((r: { reference: string }) => r.reference),
  );
  const order = await w.t.orders.findById(id);
  const told = order!.events.filter((e) => e.kind === "refunded");
  assert.equal(told.length, 2);
  assert.match(told[0].note!, /^LKR 300\.00 \(ref \d+\): One page torn$/);
  const outbox = w.t.orders.outbox.filter((m) => m.kind === "order_refunded");
  assert.equal(outbox.length, 2);
  // The customer's page shows the refunds (the desk's read of them).
  const read = await w.t.asAdmin(`/api/orders/${id}/refunds`);
  assert.equal((await read.json()).data.state, "refunded");
});

Deno.test("a refund of 0, a negative one, one above what is left and one of an unpaid order are refused with their reason; nothing reaches PayHere", async () => {
  const w = await world();
  const { id, cents } = await paidCardOrder(w);
  const zero = await refund(w, id, { amount: 0, reason: "x" });
  assert.equal(zero.status, 400);
  assert.match((await zero.json()).error.message, /above 0/);
  const negative = await refund(w, id, { amount: -5, reason: "x" });
  assert.equal(negative.status, 400);
  const noReason = await refund(w, id, { amount: 5, reason: "  " });
  assert.equal(noReason.status, 400);
  const over = await refund(w, id, { amount: cents / 100 + 0.01, reason: "x" });
  assert.equal(over.status, 409);
  const overBody = await over.json();
  assert.equal(overBody.error.details.reason, "over_refund");
  assert.match(overBody.error.message, /left to refund \(LKR /);
  const { orderId: unpaid } = await place(w);
  const notPaid = await refund(w, unpaid, { amount: 5, reason: "x" });
  assert.equal(notPaid.status, 409);
  assert.equal((await notPaid.json()).error.details.reason, "not_paid");
  const missing = await refund(w, 999_999, { amount: 5, reason: "x" });
  assert.equal(missing.status, 404);
  assert.equal(w.calls.length, 0);
  assert.deepEqual(await w.t.deps.refunds!.forOrder(id), []);
});

Deno.test("a refund PayHere fails or does not answer is kept as failed with its answer, and its retry refunds once", async () => {
  const w = await world();
  const { id } = await paidCardOrder(w);
  w.faults.refund.push("error", "timeout");
  const failed = await refund(w, id, { amount: 100, reason: "Late" });
  assert.equal(failed.status, 502);
  const body = await failed.json();
  assert.match(body.error.message, /Internal server error/);
  const refundId = body.error.details.refund.id;
  const state = (await (await w.t.asAdmin(`/api/orders/${id}/refunds`)).json()).data;
  assert.equal(state.refunds[0].status, "failed");
  assert.equal(state.refunded, 0);
  const late = await w.t.asAdmin(`/api/orders/${id}/refunds/${refundId}/retry`, { method: "POST" });
  assert.equal(late.status, 502);
  // In process the simulator sees the abort and answers late; over a network no answer comes.
  assert.match((await late.json()).error.message, /no answer in time|Too late/);
  const retried = await w.t.asAdmin(`/api/orders/${id}/refunds/${refundId}/retry`, {
    method: "POST",
  });
  assert.equal(retried.status, 200, await retried.clone().text());
  const done = (await retried.json()).data;
  assert.equal(done.refunded, 100);
  assert.equal(done.refunds.length, 1);
  assert.equal(done.refunds[0].attempts, 3);
  const twice = await w.t.asAdmin(`/api/orders/${id}/refunds/${refundId}/retry`, {
    method: "POST",
  });
  assert.equal(twice.status, 409);
  const refunds = (await w.t.deps.payments!.entriesFor(id)).filter((r) => r.kind === "refund");
  assert.equal(refunds.length, 1);
});

Deno.test("a COD order recorded paid is refunded by hand with a reference; without one it is refused", async () => {
  const w = await world();
  const { orderId } = await place(w, "COD");
  const paid = await w.t.asAdmin(
    `/api/orders/${orderId}/payment`,
    json("PUT", { status: "paid", note: "Cash received" }),
  );
  assert.equal(paid.status, 200, await paid.clone().text());
  const noRef = await refund(w, orderId, { amount: 100, reason: "Wrong edition" });
  assert.equal(noRef.status, 400);
  assert.equal((await noRef.json()).error.details.reason, "reference_required");
  const made = await refund(w, orderId, {
    amount: 100,
    reason: "Wrong edition",
    reference: "Cash receipt 17",
  });
  assert.equal(made.status, 201, await made.clone().text());
  const data = (await made.json()).data;
  assert.equal(data.state, "partly_refunded");
  assert.equal(data.refunds[0].channel, "manual");
  assert.equal(data.refunds[0].reference, "Cash receipt 17");
  assert.equal(w.calls.length, 0);
  const rows = await w.t.deps.payments!.entriesFor(orderId);
  assert.deepEqual(rows.map((r) => [r.provider, r.kind]), [["cod", "payment"], ["cod", "refund"]]);
  const cod = await w.t.orders.findById(orderId);
  assert.deepEqual(await figures(w, orderId), {
    paid: (cod!.totalCents + cod!.deliveryFeeCents) / 100,
    refunded: 100,
    to_pay: 0,
  });
});

Deno.test("a cancelled order paid by card is owed a refund until refunds give back all it paid: then unpaid, off the list of refunds due", async () => {
  const w = await world();
  const { id, cents } = await paidCardOrder(w);
  const cancelled = await w.t.asAdmin(
    "/api/orders/status",
    json("PUT", { id, status: "rejected", reason: "Out of stock" }),
  );
  assert.equal(cancelled.status, 200, await cancelled.clone().text());
  const due = async () =>
    (await (await w.t.asAdmin("/api/orders?status=rejected&paymentStatus=paid")).json()).total;
  assert.equal(await due(), 1);
  const part = await refund(w, id, { amount: 100, reason: "Out of stock" });
  assert.equal(part.status, 201, await part.clone().text());
  assert.equal(await due(), 1, "money is still owed");
  const rest = await refund(w, id, { amount: cents / 100 - 100, reason: "Out of stock" });
  assert.equal(rest.status, 201, await rest.clone().text());
  assert.equal((await rest.json()).data.state, "refunded");
  assert.equal(await due(), 0);
  const order = await w.t.orders.findById(id);
  assert.equal(order?.paymentStatus, "unpaid");
  assert.equal(order?.events.at(-1)?.kind, "refund_settled");
  assert.equal(order?.events.at(-1)?.actor, "system");
  // No longer paid, yet the figures say what it paid and what came back: all of it.
  assert.deepEqual(await figures(w, id), { paid: cents / 100, refunded: cents / 100, to_pay: 0 });
});

Deno.test("only the owner refunds: staff read an order's refunds but are refused making one", async () => {
  const w = await world();
  const { id } = await paidCardOrder(w);
  const staff = (await w.t.deps.tokens.issueAdminToken({
    id: 50,
    email: "packer@pothgula.lk",
    role: "staff",
  })).token;
  const asStaff = (path: string, init: RequestInit = {}) =>
    w.t.app.request(path, {
      ...init,
      headers: { ...(init.headers ?? {}), Authorization: `Bearer ${staff}` },
    });
  assert.equal((await asStaff(`/api/orders/${id}/refunds`)).status, 200);
  const refused = await asStaff(
    `/api/orders/${id}/refunds`,
    json("POST", { amount: 1, reason: "x" }),
  );
  assert.equal(refused.status, 403);
  assert.equal(w.calls.length, 0);
});

Deno.test("the report shows the day's takings, its refunds apart, and their difference", async () => {
  const w = await world();
  const { id, cents } = await paidCardOrder(w);
  assert.equal((await refund(w, id, { amount: 300, reason: "Torn" })).status, 201);
  const day = colomboDate(w.t.clock.now());
  const answer = await w.t.asAdmin(`/api/reports/sales?from=${day}&to=${day}`);
  assert.equal(answer.status, 200, await answer.clone().text());
  const report = (await answer.json()).data;
  assert.equal(report.totals.current.takings, cents / 100);
  assert.deepEqual(report.refunds.current, {
    refunds: 1,
    refunded: 300,
    net: (cents - 30_000) / 100,
  });
});
