/**
 * Gift vouchers over the memory stores: the owner issues one (its code answered once, mailed
 * to its recipient in their language), every bad input is 400 naming its field, a shopper
 * checks a balance, pays part or all of an order with one (the rest by COD or Bank Deposit),
 * and gets it back when the order is cancelled; a voucher that cannot pay is a clear 4xx and
 * nothing is charged. The fixture's clock stands at 2026-03-01 10:00 UTC.
 */
import assert from "node:assert/strict";
import { json, orderBody, type TestApp, testApp } from "../testing/fixture.ts";
import { readStoredAccountMail } from "../../domain/notifications/account_mail.ts";

async function send(t: TestApp, method: string, path: string, body?: unknown) {
  const response = await t.asAdmin(path, body === undefined ? { method } : json(method, body));
  const text = await response.text();
  return { status: response.status, body: text === "" ? undefined : JSON.parse(text) };
}

async function issue(t: TestApp, body: Record<string, unknown> = {}) {
  const answer = await send(t, "POST", "/api/vouchers", {
    amount: 1000,
    expiresOn: "2026-12-31",
    ...body,
  });
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return answer.body.data as { voucher: { id: number; code: string }; code: string };
}

async function shopper(t: TestApp, path: string, body: unknown) {
  const response = await t.app.request(path, json("POST", body));
  return { status: response.status, body: await response.json() };
}

/** An order of two copies of the LKR 950 book by COD (LKR 1,900 and LKR 400 delivery). */
function paidWith(t: TestApp, voucher: { code: string; amount: number }, overrides = {}) {
  return shopper(t, "/api/orders", orderBody(t.ids.book, { voucher, ...overrides }));
}

Deno.test("the owner issues a voucher: its code answered once and mailed to its recipient in their language; the list shows its last four symbols only", async () => {
  const t = await testApp();
  const issued = await issue(t, {
    amount: 2500,
    recipient: { name: "Kamala", email: "kamala@example.lk", language: "ta" },
    message: "Happy birthday!",
  });
  assert.match(issued.code, /^PGV(-[2-9A-HJKMNP-Z]{4}){4}$/);
  assert.equal(issued.voucher.code, `…${issued.code.slice(-4)}`);
  const mail = t.outbox.rows.find((row) => row.kind === "voucher_issued");
  assert.ok(mail);
  const stored = readStoredAccountMail("voucher_issued", mail.payload);
  assert.ok(stored?.kind === "voucher_issued");
  assert.deepEqual([stored.to, stored.language, stored.code, stored.amountCents], [
    "kamala@example.lk",
    "ta",
    issued.code,
    250_000,
  ]);
  assert.equal(stored.balanceUrl, "http://localhost:8000/ta/gift-voucher");
  const list = (await send(t, "GET", "/api/vouchers")).body.data;
  assert.deepEqual(
    list.map((v: { code: string; balance: number; state: string }) => [
      v.code,
      v.balance,
      v.state,
    ]),
    [[issued.voucher.code, 2500, "usable"]],
  );
  assert.ok(!JSON.stringify(list).includes(issued.code), "the whole code is never listed");
  // Nor does one voucher's own page.
  assert.ok(
    !JSON.stringify((await send(t, "GET", `/api/vouchers/${issued.voucher.id}`)).body).includes(
      issued.code,
    ),
  );
});

Deno.test("a voucher's bad amount or last day is 400 naming the field: 0, negative, above LKR 1,000,000, three decimals, past", async () => {
  const t = await testApp();
  for (
    const [body, field] of [
      [{ amount: 0 }, "amount"],
      [{ amount: -5 }, "amount"],
      [{ amount: 1_000_000.01 }, "amount"],
      [{ amount: 10.005 }, "amount"],
      [{ amount: "100" }, "amount"],
      [{ expiresOn: "2026-02-28" }, "expiresOn"],
      [{ expiresOn: "31/12/2026" }, "expiresOn"],
      [{ recipient: { name: "A", email: "not mail", language: "si" } }, "recipient.email"],
      [{ recipient: { name: "A", email: "a@example.lk", language: "fr" } }, "recipient.language"],
    ] as const
  ) {
    const answer = await send(t, "POST", "/api/vouchers", {
      amount: 1000,
      expiresOn: "2026-12-31",
      ...body,
    });
    assert.equal(answer.status, 400, JSON.stringify(body));
    assert.ok(
      answer.body.error.details.some((d: { field: string }) => d.field === field),
      `${field}: ${JSON.stringify(answer.body)}`,
    );
  }
  assert.equal((await send(t, "GET", "/api/vouchers")).body.data.length, 0, "none was issued");
  await issue(t, { amount: 1_000_000 });
});

Deno.test("a shopper checks a balance; a code not the shop's, unknown, expired or used up is 422 with its reason", async () => {
  const t = await testApp();
  const { code } = await issue(t, { amount: 3000 });
  const balance = await shopper(t, "/api/vouchers/balance", { code: code.toLowerCase() });
  assert.equal(balance.status, 200, JSON.stringify(balance.body));
  assert.deepEqual(balance.body.data, {
    code: `…${code.slice(-4)}`,
    balance: 3000,
    expires_on: "2026-12-31",
  });
  const refused = async (typed: string) => {
    const answer = await shopper(t, "/api/vouchers/balance", { code: typed });
    assert.equal(answer.status, 422, JSON.stringify(answer.body));
    assert.equal(answer.body.error.code, "VOUCHER_REFUSED");
    return answer.body.error.details.reason;
  };
  assert.equal(await refused("GIFT-1234-5678"), "other_shop");
  assert.equal(await refused("PGV-2222-2222-2222-2222"), "unknown");
  // Used up by an order paying LKR 2,300 of its 3,000, then LKR 700 of another.
  await paidWith(t, { code, amount: 2300 });
  const rest = await paidWith(t, { code, amount: 700 });
  assert.equal(rest.status, 201, JSON.stringify(rest.body));
  assert.equal(await refused(code), "used_up");
  const expiring = await issue(t, { amount: 100, expiresOn: "2026-03-01" });
  t.clock.advance(9 * 3_600_000); // 2026-03-02 00:30 in Colombo.
  assert.equal(await refused(expiring.code), "expired");
  // Bad input: 400 naming the field.
  const bad = await shopper(t, "/api/vouchers/balance", { code: "<script>" });
  assert.equal(bad.status, 400);
  assert.equal(bad.body.error.details[0].field, "code");
});

Deno.test("a voucher pays part of a COD order: the prices stay, the courier collects the rest, and the cancelled order gives it back", async () => {
  const t = await testApp();
  const { code, voucher } = await issue(t, { amount: 1000 });
  // The cart tells what it pays before the order.
  const priced = await shopper(t, "/api/cart/price", {
    items: [{ type: "book", id: t.ids.book, quantity: 2 }],
    paymentMethod: "COD",
    voucher: code,
  });
  assert.equal(priced.status, 200);
  assert.deepEqual(priced.body.data.voucher, {
    status: "applied",
    code: voucher.code,
    pays: 1000,
    balance: 1000,
  });
  const b = priced.body.data.breakdown;
  assert.deepEqual([b.items, b.total, b.voucher_total, b.to_pay], [1900, 2300, 1000, 1300]);
  const placed = await paidWith(t, { code, amount: 1000 });
  assert.equal(placed.status, 201, JSON.stringify(placed.body));
  assert.deepEqual(
    [placed.body.total, placed.body.subtotal, placed.body.breakdown.to_pay],
    [1900, 2300, 1300],
    "a tender, not a discount: the items and the total keep their prices",
  );
  const order = (await send(t, "GET", `/api/orders/${placed.body.orderId}`)).body.data;
  assert.equal(order.payment_status, "unpaid");
  assert.deepEqual(order.breakdown.vouchers, [{ code: voucher.code, amount: 1000 }]);
  assert.equal((await shopper(t, "/api/vouchers/balance", { code })).status, 422, "used up");
  // Cancelled: the voucher has its LKR 1,000 again, once.
  await send(t, "PUT", "/api/orders/status", { id: placed.body.orderId, status: "rejected" });
  const back = await shopper(t, "/api/vouchers/balance", { code });
  assert.equal(back.body.data.balance, 1000);
  const ledger = (await send(t, "GET", `/api/vouchers/${voucher.id}`)).body.data.ledger;
  assert.deepEqual(ledger.map((r: { move: string; amount: number }) => [r.move, r.amount]), [
    ["issued", 1000],
    ["spent", 1000],
    ["returned", 1000],
  ]);
});

Deno.test("a voucher that pays the whole order pays it as it is placed: nothing to collect or deposit", async () => {
  const t = await testApp();
  const { code } = await issue(t, { amount: 5000 });
  const placed = await paidWith(t, { code, amount: 2150 }, {
    paymentMethod: "Bank Deposit",
  });
  assert.equal(placed.status, 201, JSON.stringify(placed.body));
  assert.equal(placed.body.breakdown.to_pay, 0);
  const order = (await send(t, "GET", `/api/orders/${placed.body.orderId}`)).body.data;
  assert.deepEqual([order.payment_status, order.expires_at], ["paid", null]);
  assert.equal(order.breakdown.paid, 0, "no payment was received: the voucher paid it");
  assert.equal((await shopper(t, "/api/vouchers/balance", { code })).body.data.balance, 2850);
});

Deno.test("a voucher that cannot pay what the shopper was shown is refused and nothing is charged", async () => {
  const t = await testApp();
  const { code } = await issue(t, { amount: 1000 });
  const changed = await paidWith(t, { code, amount: 900 });
  assert.equal(changed.status, 409);
  assert.equal(changed.body.error.code, "VOUCHER_CHANGED");
  assert.deepEqual(changed.body.error.details, { balance: 1000, pays: 1000 });
  const unknown = await paidWith(t, { code: "PGV-2222-2222-2222-2222", amount: 100 });
  assert.equal(unknown.status, 422);
  assert.deepEqual(unknown.body.error.details, { field: "voucher.code", reason: "unknown" });
  for (const amount of [0.001, 0, -5, 1_000_000.01]) {
    const bad = await paidWith(t, { code, amount });
    assert.equal(bad.status, 400, `${amount}`);
    assert.equal(bad.body.error.details[0].field, "voucher.amount");
  }
  assert.equal((await shopper(t, "/api/vouchers/balance", { code })).body.data.balance, 1000);
  assert.equal((await t.orders.list()).length, 0, "no order was placed");
});

Deno.test("two checkouts at once on one voucher: one order is placed, the other is refused, and nothing is spent twice", async () => {
  const t = await testApp();
  const { code } = await issue(t, { amount: 1000 });
  const [a, b] = await Promise.all([
    paidWith(t, { code, amount: 1000 }),
    paidWith(t, { code, amount: 1000 }, {
      name: "Kamala Silva",
      email: "kamala@example.lk",
      phone: "071 765 4321",
      address: "7 Temple Road",
    }),
  ]);
  // The loser is told as far as it got: the balance moved under it (409), or it found the
  // voucher used up already (422); either way nothing was charged.
  const statuses = [a.status, b.status].sort();
  assert.ok(
    statuses[0] === 201 && (statuses[1] === 409 || statuses[1] === 422),
    JSON.stringify([a.body, b.body]),
  );
  const refused = a.status === 201 ? b : a;
  assert.ok(
    refused.body.error.code === "VOUCHER_CHANGED" ||
      (refused.body.error.code === "VOUCHER_REFUSED" &&
        refused.body.error.details.reason === "used_up"),
    JSON.stringify(refused.body),
  );
  assert.equal((await t.orders.list()).length, 1);
  assert.equal((await shopper(t, "/api/vouchers/balance", { code })).status, 422, "used up once");
});
