/**
 * POST /api/cart/price: a cart priced by the shop under its running promotions and a typed
 * code, every answer and every bad input; and the limit on refused codes per client, shared
 * with POST /api/orders.
 */
import assert from "node:assert/strict";
import { json, orderBody, testApp } from "../testing/fixture.ts";
import { createApp } from "../app.ts";
import type { AppDeps } from "../deps.ts";
import { MemoryPromotionStore } from "../../adapters/memory/promotions.ts";
import { MemoryOrderRepository } from "../../adapters/memory/orders.ts";
import { MemoryRateLimitStore } from "../../domain/accounts/memory_rate_limit_store.ts";
import type { NewCampaign, NewDiscountCode } from "../../domain/promotions/ports.ts";
import { CODE_ATTEMPTS_MESSAGE } from "./code_attempts.ts";
import type { AccountMail } from "../../domain/notifications/mail.ts";

const OPEN = { startsAt: null, endsAt: null };

const FAIR: NewCampaign = {
  name: "Book Fair 2026: 20% off",
  names: { si: "පොත් ප්‍රදර්ශනය 2026: 20% අඩුවෙන්", ta: "புத்தகக் கண்காட்சி 2026: 20% தள்ளுபடி" },
  scope: { kind: "store", store: "book" },
  benefit: { kind: "percent", basisPoints: 2000 },
  window: OPEN,
  paused: false,
};

function code(overrides: Partial<NewDiscountCode> = {}): NewDiscountCode {
  return {
    code: "SCHOOL10",
    benefit: { kind: "amount", cents: 20_000 },
    minItemsCents: 0,
    scope: { kind: "shop" },
    window: OPEN,
    paused: false,
    maxUses: null,
    maxUsesPerCustomer: null,
    ...overrides,
  };
}

/**
 * The test shop with promotions (codes counted by its orders), behind one trusted proxy so
 * each request names its client's address.
 */
async function shop(overrides: Partial<AppDeps> = {}) {
  const t = await testApp();
  const promotions = new MemoryPromotionStore();
  const orders = new MemoryOrderRepository(t.catalogue, undefined, promotions);
  const deps: AppDeps = {
    ...t.deps,
    orders,
    customerOrders: orders,
    promotions,
    trustProxy: true,
    rateLimits: new MemoryRateLimitStore(),
    ...overrides,
  };
  const app = createApp(deps);
  const send = (path: string, body: unknown, address = "192.0.2.10") =>
    app.request(path, json("POST", body, { "X-Forwarded-For": address }));
  return {
    ...t,
    app,
    promotions,
    /** Prices `body` as a client at `address`. */
    price: (body: unknown, address?: string) => send("/api/cart/price", body, address),
    order: (body: unknown, address?: string) => send("/api/orders", body, address),
  };
}

async function answer(response: Response, status: number) {
  assert.equal(response.status, status, await response.clone().text());
  return await response.json();
}

Deno.test("POST /api/cart/price prices a cart at the usual prices without promotions, delivery by the method", async () => {
  const t = await shop();
  const items = [{ type: "book", id: t.ids.book, quantity: 2 }, {
    type: "stationery",
    id: t.ids.pen,
    quantity: 3,
  }];
  const { data } = await answer(await t.price({ items }), 200);
  assert.deepEqual(data.lines, [
    {
      type: "book",
      id: t.ids.book,
      title: "Madol Doova",
      quantity: 2,
      usual_price: 950,
      price: 950,
      line_total: 1900,
      saving: 0,
    },
    {
      type: "stationery",
      id: t.ids.pen,
      title: "Atlas pen, blue",
      quantity: 3,
      usual_price: 50,
      price: 50,
      line_total: 150,
      saving: 0,
    },
  ]);
  assert.deepEqual(
    { ...data, lines: undefined, breakdown: undefined },
    {
      lines: undefined,
      breakdown: undefined,
      usual_items: 2050,
      items: 2050,
      saving: 0,
      code: null,
      voucher: null,
      payment_method: null,
      free_delivery: false,
      delivery_fee: null,
      total: 2050,
      priced_at: "2026-03-01T10:00:00.000Z",
      // Books in stock only: no choice of parcels, no second parcel's fee.
      mixed: false,
      parcels: "together",
      split_fee: null,
    },
  );
  const cod = (await answer(await t.price({ items, paymentMethod: "COD" }), 200)).data;
  // 0.73 kg by COD: LKR 400.
  assert.equal(cod.delivery_fee, 400);
  assert.equal(cod.total, 2450);
  assert.equal(cod.payment_method, "COD");
  // The breakdown names the same figures: Items, no fee before a method, then the method's.
  assert.deepEqual([data.breakdown.items, data.breakdown.delivery_fee, data.breakdown.total], [
    2050,
    null,
    2050,
  ]);
  assert.deepEqual([cod.breakdown.delivery_fee, cod.breakdown.total], [400, 2450]);
});

Deno.test("POST /api/cart/price's breakdown names each line's campaign, with its Sinhala and Tamil names, and a saving's source", async () => {
  const t = await shop();
  await t.promotions.addCampaign(FAIR);
  const items = [{ type: "book", id: t.ids.book, quantity: 2 }, {
    type: "stationery",
    id: t.ids.pen,
    quantity: 1,
  }];
  const named = async (locale?: string) =>
    (await answer(await t.price({ items, ...(locale ? { locale } : {}) }), 200)).data;
  const english = await named();
  assert.deepEqual(english.breakdown.lines[0].savings, [{
    kind: "campaign",
    source_id: 1,
    name: FAIR.name,
    name_si: FAIR.names.si,
    name_ta: FAIR.names.ta,
    amount: 380,
  }]);
  assert.equal(english.lines[0].line_total, 1520);
  assert.equal(english.lines[0].saving, 380);
  assert.deepEqual(english.breakdown.lines[1].savings, [], "the campaign covers books only");
  assert.equal(english.usual_items, 1950);
  assert.equal(english.items, 1570);
  assert.equal(english.saving, 380);
  assert.deepEqual(english.breakdown.savings.map((s: { kind: string }) => s.kind), ["campaign"]);
  await t.promotions.addCampaign({
    ...FAIR,
    name: "Novels 25% off",
    names: {},
    benefit: {
      kind: "percent",
      basisPoints: 2500,
    },
  });
  const better = (await named("ta")).breakdown.lines[0].savings[0];
  assert.deepEqual([better.name, better.name_ta], ["Novels 25% off", null]);
});

Deno.test("POST /api/cart/price applies a code whatever its case, with its saving, and says when it makes delivery free", async () => {
  const t = await shop();
  await t.promotions.addCode(code());
  await t.promotions.addCode(code({ code: "FREESHIP", benefit: { kind: "free_delivery" } }));
  const items = [{ type: "book", id: t.ids.book, quantity: 2 }];
  const applied = (await answer(
    await t.price({ items, paymentMethod: "COD", code: " school10 " }),
    200,
  )).data;
  assert.deepEqual(applied.code, {
    status: "applied",
    code: "SCHOOL10",
    saving: 200,
    free_delivery: false,
  });
  assert.deepEqual(
    applied.breakdown.lines[0].savings.map((s: { kind: string; amount: number }) => [
      s.kind,
      s.amount,
    ]),
    [["code", 200]],
  );
  assert.equal(applied.items, 1700);
  assert.equal(applied.delivery_fee, 400);
  assert.equal(applied.total, 2100);
  const free = (await answer(
    await t.price({ items, paymentMethod: "Bank Deposit", code: "freeship" }),
    200,
  )).data;
  assert.deepEqual(free.code, {
    status: "applied",
    code: "FREESHIP",
    saving: 0,
    free_delivery: true,
  });
  assert.equal(free.free_delivery, true);
  assert.equal(free.delivery_fee, 0);
  assert.equal(free.total, 1900);
});

Deno.test("POST /api/cart/price refuses a code with its reason: unknown, not yet, expired, paused, used up, minimum (said), nothing it applies to", async () => {
  const t = await shop();
  // The test clock says 2026-03-01T10:00Z.
  await t.promotions.addCode(code({
    code: "LATER",
    window: { startsAt: "2026-04-01T00:00:00.000Z", endsAt: null },
  }));
  await t.promotions.addCode(code({
    code: "GONE",
    window: { startsAt: null, endsAt: "2026-02-01T00:00:00.000Z" },
  }));
  await t.promotions.addCode(code({ code: "RESTING", paused: true }));
  await t.promotions.addCode(code({ code: "BIGORDER", minItemsCents: 500_000 }));
  await t.promotions.addCode(code({
    code: "PENSONLY",
    scope: { kind: "store", store: "stationery" },
  }));
  const once = await t.promotions.addCode(code({ code: "ONCE", maxUses: 1 }));
  assert.equal(once.kind, "ok");
  // ONCE is used by an order.
  await answer(
    await t.order(orderBody(t.ids.book, { total: 1700, code: "ONCE" }), "198.51.100.1"),
    201,
  );
  const items = [{ type: "book", id: t.ids.book, quantity: 2 }];
  const refusal = async (typed: string) =>
    (await answer(await t.price({ items, code: typed }), 200)).data;
  const cases: [string, string][] = [
    ["NOSUCHCODE", "unknown"],
    ["LATER", "not_yet"],
    ["GONE", "expired"],
    ["RESTING", "paused"],
    ["ONCE", "used_up"],
    ["PENSONLY", "nothing_applies"],
  ];
  for (const [typed, reason] of cases) {
    const priced = await refusal(typed);
    assert.deepEqual(priced.code, { status: "refused", code: typed, reason }, typed);
    assert.equal(priced.items, 1900, `${typed} takes nothing off`);
  }
  const small = await refusal("bigorder");
  assert.deepEqual(small.code, {
    status: "refused",
    code: "BIGORDER",
    reason: "minimum_not_met",
    minimum: 5000,
    short_by: 3100,
  });
});

Deno.test("POST /api/cart/price shows the order offer the items reach", async () => {
  const t = await shop();
  await t.promotions.addOffer({
    name: "Free delivery over LKR 1,500",
    names: { si: "රු. 1,500ට වැඩි නම් නොමිලේ බෙදාහැරීම" },
    minItemsCents: 150_000,
    benefit: { kind: "free_delivery" },
    window: OPEN,
    paused: false,
  });
  const items = [{ type: "book", id: t.ids.book, quantity: 2 }];
  const { data } = await answer(await t.price({ items, paymentMethod: "COD", locale: "si" }), 200);
  assert.deepEqual(data.breakdown.free_delivery, {
    kind: "offer",
    source_id: 1,
    name: "Free delivery over LKR 1,500",
    name_si: "රු. 1,500ට වැඩි නම් නොමිලේ බෙදාහැරීම",
    name_ta: null,
    amount: 0,
    free_delivery: true,
  });
  assert.equal(data.delivery_fee, 0);
  assert.equal(data.total, 1900);
  const one = (await answer(
    await t.price({ items: [{ ...items[0], quantity: 1 }], paymentMethod: "COD" }),
    200,
  )).data;
  assert.equal(one.breakdown.free_delivery, null, "LKR 950 does not reach it");
  assert.equal(one.delivery_fee, 400);
});

Deno.test("POST /api/cart/price answers 422 for items no longer sold, too many copies and pre-orders on COD", async () => {
  const t = await shop();
  const unknown = await answer(
    await t.price({ items: [{ type: "book", id: 999, quantity: 1 }] }),
    422,
  );
  assert.equal(unknown.error.code, "UNKNOWN_ITEMS");
  assert.deepEqual(unknown.error.details, [{ type: "book", id: 999 }]);

  const many = await answer(
    await t.price({
      items: [
        { type: "book", id: t.ids.book, quantity: 15 },
        { type: "book", id: t.ids.book, quantity: 6 },
      ],
    }),
    422,
  );
  assert.equal(many.error.code, "TOO_MANY_COPIES");
  assert.deepEqual(many.error.details, [
    { type: "book", id: t.ids.book, quantity: 21, title: "Madol Doova", max: 20 },
  ]);

  const preorder = [{ type: "book", id: t.ids.preorderBook, quantity: 1 }];
  const cod = await answer(await t.price({ items: preorder, paymentMethod: "COD" }), 422);
  assert.equal(cod.error.code, "PREORDER_NEEDS_BANK_DEPOSIT");
  assert.equal(cod.error.details[0].title, "Gamperaliya");
  // Without a method the cart is priced, no fee said; by Bank Deposit with its fee.
  assert.equal((await answer(await t.price({ items: preorder }), 200)).data.items, 1200);
  const bank = (await answer(
    await t.price({ items: preorder, paymentMethod: "Bank Deposit" }),
    200,
  )).data;
  // 0.6 kg by Bank Deposit: LKR 250.
  assert.equal(bank.delivery_fee, 250);
});

Deno.test("POST /api/cart/price refuses bad input with 400 naming the field, and a body not JSON with 415", async () => {
  const t = await shop();
  const item = { type: "book", id: t.ids.book, quantity: 1 };
  const bad: [unknown, string][] = [
    [{}, "items"],
    [{ items: [] }, "items"],
    [{ items: [{ ...item, quantity: 0 }] }, "items"],
    [{ items: [{ ...item, quantity: 1.5 }] }, "items"],
    [{ items: [{ ...item, type: "magazine" }] }, "items"],
    [{ items: [{ ...item, id: -1 }] }, "items"],
    [{ items: [item], paymentMethod: "Cheque" }, "paymentMethod"],
    [{ items: [item], paymentMethod: "Card" }, "paymentMethod"],
    [{ items: [item], code: "no" }, "code"],
    [{ items: [item], code: "SCHOOL 10" }, "code"],
    [{ items: [item], code: "x".repeat(33) }, "code"],
    [{ items: [item], code: 10 }, "code"],
    [{ items: [item], locale: "fr" }, "locale"],
    [{ items: Array.from({ length: 101 }, () => item) }, "items"],
  ];
  for (const [body, field] of bad) {
    const refused = await answer(await t.price(body), 400);
    assert.equal(refused.error.code, "VALIDATION_FAILED", JSON.stringify(body).slice(0, 80));
    assert.match(JSON.stringify(refused.error.details), new RegExp(field), JSON.stringify(body));
  }
  const text = await t.app.request("/api/cart/price", {
    method: "POST",
    headers: { "Content-Type": "text/plain" },
    body: "items",
  });
  assert.equal(text.status, 415);
  const broken = await t.app.request("/api/cart/price", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: "{items",
  });
  assert.equal(broken.status, 400);
});

Deno.test("the cart's priced items are the total an order with the same code is placed at", async () => {
  const t = await shop();
  await t.promotions.addCampaign(FAIR);
  await t.promotions.addCode(code());
  const items = [{ type: "book", id: t.ids.book, quantity: 2 }];
  const priced = (await answer(
    await t.price({ items, paymentMethod: "COD", code: "school10" }),
    200,
  )).data;
  // 1,900 less 20% (380) less the code's 200.
  assert.equal(priced.items, 1320);
  const placed = await answer(
    await t.order(orderBody(t.ids.book, { total: priced.items, code: "school10" })),
    201,
  );
  assert.equal(placed.total, priced.items);
  assert.equal(placed.deliveryFee, priced.delivery_fee);
  assert.equal(placed.subtotal, priced.total);
});

Deno.test("refused codes are limited per client: 429 with Retry-After past the limit, whether the code exists or not", async () => {
  const t = await shop({ codeAttemptLimit: { limit: 3, windowMs: 60_000 } });
  await t.promotions.addCode(code());
  const items = [{ type: "book", id: t.ids.book, quantity: 1 }];
  const guesser = "203.0.113.7";
  for (const guess of ["AAAA1", "AAAA2", "AAAA3"]) {
    const priced = await answer(await t.price({ items, code: guess }, guesser), 200);
    assert.equal(priced.data.code.reason, "unknown");
  }
  for (const next of ["AAAA4", "SCHOOL10"]) {
    const blocked = await t.price({ items, code: next }, guesser);
    const body = await answer(blocked, 429);
    assert.equal(body.error.code, "TOO_MANY_REQUESTS");
    assert.equal(body.error.message, CODE_ATTEMPTS_MESSAGE, "the same words for a real code");
    assert.equal(blocked.headers.get("Retry-After"), "60");
  }
  // The cart still prices without a code.
  assert.equal((await answer(await t.price({ items }, guesser), 200)).data.items, 950);
  // So does an order with a code: the same counter.
  const order = await answer(
    await t.order(orderBody(t.ids.book, { total: 1700, code: "SCHOOL10" }), guesser),
    429,
  );
  assert.equal(order.error.message, CODE_ATTEMPTS_MESSAGE);
});

Deno.test("honest requests never count: no code, an applied code, the same refused code again, a cart refused for its items", async () => {
  const t = await shop({ codeAttemptLimit: { limit: 2, windowMs: 60_000 } });
  await t.promotions.addCode(code());
  await t.promotions.addCode(code({ code: "BIGORDER", minItemsCents: 500_000 }));
  const items = [{ type: "book", id: t.ids.book, quantity: 1 }];
  const shopper = "198.51.100.20";
  for (let i = 0; i < 10; i++) {
    await answer(await t.price({ items }, shopper), 200);
    const applied = await answer(await t.price({ items, code: "school10" }, shopper), 200);
    assert.equal(applied.data.code.status, "applied");
    // A code under its minimum, priced again as the cart changes, counts once.
    const short = await answer(await t.price({ items, code: "BIGORDER" }, shopper), 200);
    assert.equal(short.data.code.reason, "minimum_not_met");
    await answer(
      await t.price({ items: [{ type: "book", id: 999, quantity: 1 }], code: "OTHER" }, shopper),
      422,
    );
  }
  // One refusal counted (BIGORDER); one more new refused code is still answered.
  const typo = await answer(await t.price({ items, code: "SCHOL10" }, shopper), 200);
  assert.equal(typo.data.code.reason, "unknown");
  assert.equal((await t.price({ items, code: "SCHOOL10" }, shopper)).status, 429);
});

Deno.test("one client's refused codes never hold back another, and the window expires", async () => {
  const t = await shop({ codeAttemptLimit: { limit: 2, windowMs: 60_000 } });
  await t.promotions.addCode(code());
  const items = [{ type: "book", id: t.ids.book, quantity: 1 }];
  const guesser = "2001:db8:1:1::1";
  await answer(await t.price({ items, code: "GUESS1" }, guesser), 200);
  await answer(await t.price({ items, code: "GUESS2" }, guesser), 200);
  assert.equal((await t.price({ items, code: "GUESS3" }, guesser)).status, 429);
  // The same /64 is the same client; another /64 and an IPv4 client are not.
  assert.equal((await t.price({ items, code: "GUESS3" }, "2001:db8:1:1::99")).status, 429);
  for (const other of ["2001:db8:1:2::1", "192.0.2.55"]) {
    const priced = await answer(await t.price({ items, code: "school10" }, other), 200);
    assert.equal(priced.data.code.status, "applied", other);
  }
  t.clock.advance(60_001);
  const later = await answer(await t.price({ items, code: "school10" }, guesser), 200);
  assert.equal(later.data.code.status, "applied");
});

Deno.test("a code refused at POST /api/orders counts against its client like one refused in the cart", async () => {
  const t = await shop({ codeAttemptLimit: { limit: 2, windowMs: 60_000 } });
  await t.promotions.addCode(code({ code: "ONCE", maxUses: 1 }));
  const guesser = "203.0.113.40";
  const refused = await answer(
    await t.order(orderBody(t.ids.book, { code: "NOPE1" }), guesser),
    422,
  );
  assert.deepEqual(refused.error.details, { code: "NOPE1", reason: "unknown" });
  // The same code again counts no more.
  await answer(await t.order(orderBody(t.ids.book, { code: "NOPE1" }), guesser), 422);
  // ONCE used up by someone else, then refused here: the second counted refusal.
  await answer(
    await t.order(orderBody(t.ids.book, { total: 1700, code: "ONCE" }), "192.0.2.99"),
    201,
  );
  const gone = await answer(
    await t.order(orderBody(t.ids.book, { code: "ONCE" }), guesser),
    422,
  );
  assert.equal(gone.error.details.reason, "used_up");
  assert.equal(
    (await t.price(
      { items: [{ type: "book", id: t.ids.book, quantity: 1 }], code: "X123" },
      guesser,
    ))
      .status,
    429,
  );
  // Orders without a code go on.
  await answer(await t.order(orderBody(t.ids.book), guesser), 201);
});

Deno.test("twenty honest shoppers behind one address sending one valid code at once are all priced: none is 429", async () => {
  const t = await shop({ codeAttemptLimit: { limit: 10, windowMs: 60_000 } });
  await t.promotions.addCode(code({ code: "WELCOME501" }));
  const items = [{ type: "book", id: t.ids.book, quantity: 2 }];
  const office = "198.51.100.77";
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => t.price({ items, code: "welcome501" }, office)),
  );
  assert.deepEqual(answers.map((r) => r.status), Array(20).fill(200));
  for (const response of answers) {
    assert.equal((await response.json()).data.code.status, "applied");
  }
  // Nothing was counted: the office still has all ten refusals of its own.
  for (let i = 1; i <= 10; i++) {
    assert.equal((await t.price({ items, code: `TYPO${i}` }, office)).status, 200, `TYPO${i}`);
  }
  assert.equal((await t.price({ items, code: "TYPO11" }, office)).status, 429);
});

Deno.test("refused codes past the shop-wide bound slow every client to two refusals a window, spare a valid code, and tell the owner once", async () => {
  const told: AccountMail[] = [];
  const t = await shop({
    codeAttemptLimit: { limit: 10, windowMs: 60_000 },
    codeRefusalShopLimit: { limit: 5, windowMs: 60_000 },
    accountMail: { enqueue: (mail) => Promise.resolve(void told.push(mail)) },
  });
  await t.promotions.addCode(code());
  const items = [{ type: "book", id: t.ids.book, quantity: 1 }];
  // A guessing run from many addresses: each refusal is answered, five fill the shop's bound.
  for (let n = 1; n <= 6; n++) {
    const guessed = await answer(
      await t.price({ items, code: `GUESS${n}` }, `203.0.113.${n}`),
      200,
    );
    assert.equal(guessed.data.code.reason, "unknown");
  }
  assert.deepEqual(told.map((mail) => [mail.kind, mail.to]), [[
    "code_guessing",
    "hello@pothgula.lk",
  ]]);
  // Past the bound a new address may have two codes refused, not its ten.
  const next = "203.0.113.50";
  await answer(await t.price({ items, code: "GUESS7" }, next), 200);
  await answer(await t.price({ items, code: "GUESS8" }, next), 200);
  const slowed = await answer(await t.price({ items, code: "GUESS9" }, next), 429);
  assert.equal(slowed.error.message, CODE_ATTEMPTS_MESSAGE);
  // A shopper with a valid code is still answered, and it costs them nothing.
  const honest = "192.0.2.200";
  for (let i = 0; i < 5; i++) {
    const applied = await answer(await t.price({ items, code: "SCHOOL10" }, honest), 200);
    assert.equal(applied.data.code.status, "applied");
  }
  assert.equal(told.length, 1, "the owner is told once a window");
  // The window over, the shop's bound is clear and every client has its ten again.
  t.clock.advance(60_001);
  for (let n = 1; n <= 3; n++) {
    await answer(await t.price({ items, code: `LATER${n}` }, next), 200);
  }
});

Deno.test("a one-per-customer code is one per person across Gmail variants, phone spellings and made-up phones to one name and address", async () => {
  const t = await shop();
  await t.promotions.addCode(code({ code: "WELCOME501", maxUsesPerCustomer: 1 }));
  const place = (overrides: Record<string, unknown>, address: string) =>
    t.order(
      orderBody(t.ids.book, {
        total: 1700,
        code: "WELCOME501",
        name: "Nimali Perera",
        address: "45/2 Temple Road",
        email: "nimali.perera@gmail.com",
        phone: "077 123 4567",
        ...overrides,
      }),
      address,
    );
  await answer(await place({}, "192.0.2.1"), 201);
  // The attack of issue 44, from one address: each a refusal, no second LKR 200.
  for (
    const variant of [
      { email: "nimaliperera+1@gmail.com", phone: "0711111111" },
      { email: "n.i.m.a.l.i.perera@googlemail.com", phone: "0722222222" },
      { email: "someone.else@example.lk", phone: "+94 77 123 4567" },
      { email: "another@example.lk", phone: "0733333333", name: "NIMALI  PERERA" },
    ]
  ) {
    const refused = await answer(await place(variant, "192.0.2.1"), 409);
    assert.equal(refused.error.details.reason, "customer_limit", JSON.stringify(variant));
  }
  // Another person at the same address is served.
  await answer(
    await place(
      { email: "kamal@example.lk", phone: "0779999999", name: "Kamal Silva", address: "7 Hill St" },
      "192.0.2.1",
    ),
    201,
  );
});
