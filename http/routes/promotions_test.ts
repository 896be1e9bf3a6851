/**
 * The owner's promotion routes over the memory stores: adding, listing, changing, pausing,
 * ending and deleting campaigns, order offers and codes, every bad input answered 400, 404
 * or 409 with its field, and the preview of a cart priced as an order is. The fixture's
 * clock stands at 2026-03-01 10:00 UTC, 15:30 in Colombo.
 */
import assert from "node:assert/strict";
import { json, orderBody, type TestApp, testApp } from "../testing/fixture.ts";

const BOOK_FAIR = {
  name: "Book Fair: 20% off",
  names: { si: "පොත් ප්‍රදර්ශනය: 20% අඩුවෙන්", ta: "புத்தகக் கண்காட்சி: 20% தள்ளுபடி" },
  scope: { kind: "store", store: "book" },
  benefit: { kind: "percent", percent: 20 },
  startsAt: "2026-03-01T09:00",
  endsAt: "2026-03-10T00:00",
};

const CODE = {
  code: "reading-club",
  benefit: { kind: "amount", amount: 100 },
  minimum: 0,
  maxUses: 10,
  maxUsesPerCustomer: null,
};

async function send(t: TestApp, method: string, path: string, body?: unknown) {
  const response = await t.asAdmin(path, body === undefined ? { method } : json(method, body));
  const text = await response.text();
  return { status: response.status, body: text === "" ? undefined : JSON.parse(text) };
}

/** The fields a 400 names, and their messages. */
function fieldsOf(answer: { body: { error: { details?: { field: string }[] } } }) {
  return (answer.body.error.details ?? []).map((d) => d.field);
}

async function added(t: TestApp, kind: string, body: unknown) {
  const answer = await send(t, "POST", `/api/promotions/${kind}`, body);
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return answer.body.data;
}

Deno.test("a campaign is added in Colombo time, kept as UTC, listed with its state and names, and found alone", async () => {
  const t = await testApp();
  assert.deepEqual((await send(t, "GET", "/api/promotions")).body, {
    data: { campaigns: [], offers: [], codes: [] },
  });
  const fair = await added(t, "campaigns", BOOK_FAIR);
  assert.deepEqual(fair, {
    kind: "campaign",
    id: fair.id,
    name: "Book Fair: 20% off",
    names: BOOK_FAIR.names,
    scope: { kind: "store", store: "book" },
    benefit: { kind: "percent", percent: 20 },
    starts_at: "2026-03-01T03:30:00.000Z",
    ends_at: "2026-03-09T18:30:00.000Z",
    starts_at_local: "2026-03-01T09:00",
    ends_at_local: "2026-03-10T00:00",
    paused: false,
    state: "running",
    uses: 0,
    saving: 0,
  });
  const later = await added(t, "campaigns", {
    ...BOOK_FAIR,
    name: "Stationery week",
    names: { si: "  ", ta: null },
    scope: { kind: "categories", store: "stationery", ids: [2] },
    benefit: { kind: "amount", amount: 5 },
    startsAt: "2026-04-01T00:00",
    endsAt: null,
  });
  assert.equal(later.state, "scheduled");
  assert.deepEqual(later.names, { si: null, ta: null }, "blank names are none");
  const list = (await send(t, "GET", "/api/promotions")).body.data;
  assert.deepEqual(list.campaigns.map((c: { id: number }) => c.id), [fair.id, later.id]);
  assert.deepEqual((await send(t, "GET", `/api/promotions/campaigns/${fair.id}`)).body.data, fair);
  assert.equal((await send(t, "GET", `/api/promotions/offers/${fair.id}`)).status, 404);
});

Deno.test("a campaign's bad fields are answered 400, each named", async () => {
  const t = await testApp();
  const cases: [string, Record<string, unknown>, string][] = [
    ["no percentage", { benefit: { kind: "percent", percent: 0 } }, "benefit.percent"],
    ["over 100%", { benefit: { kind: "percent", percent: 100.5 } }, "benefit.percent"],
    ["3 decimals", { benefit: { kind: "percent", percent: 12.345 } }, "benefit.percent"],
    ["no amount", { benefit: { kind: "amount", amount: 0 } }, "benefit.amount"],
    ["a negative amount", { benefit: { kind: "amount", amount: -5 } }, "benefit.amount"],
    ["an unknown benefit", { benefit: { kind: "half" } }, "benefit.kind"],
    ["an end before the start", { endsAt: "2026-03-01T08:00" }, "endsAt"],
    ["an end at the start", { endsAt: "2026-03-01T09:00" }, "endsAt"],
    ["no such day", { startsAt: "2026-02-30T09:00" }, "startsAt"],
    ["a time with a zone", { startsAt: "2026-03-01T09:00Z" }, "startsAt"],
    ["no name", { name: "  " }, "name"],
    ["a long name", { name: "x".repeat(121) }, "name"],
    ["a long Tamil name", { names: { ta: "த".repeat(121) } }, "names.ta"],
    ["an unknown scope", { scope: { kind: "everything" } }, "scope.kind"],
    ["no categories", { scope: { kind: "categories", store: "book", ids: [] } }, "scope.ids"],
    [
      "an unknown category",
      { scope: { kind: "categories", store: "book", ids: [99] } },
      "scope.ids",
    ],
    ["no products", { scope: { kind: "products", items: [] } }, "scope.items"],
    [
      "an unknown product",
      { scope: { kind: "products", items: [{ type: "book", id: 99 }] } },
      "scope.items",
    ],
    ["an unknown language", { scope: { kind: "language", language: "French" } }, "scope.language"],
    ["a field it does not know", { colour: "red" }, "body"],
    ["a pause that is not a flag", { paused: "yes" }, "paused"],
  ];
  for (const [label, change, field] of cases) {
    const answer = await send(t, "POST", "/api/promotions/campaigns", { ...BOOK_FAIR, ...change });
    assert.equal(answer.status, 400, label);
    assert.equal(answer.body.error.code, "VALIDATION_FAILED", label);
    assert.ok(fieldsOf(answer).includes(field), `${label}: ${JSON.stringify(answer.body)}`);
  }
  const notJson = await t.asAdmin("/api/promotions/campaigns", {
    method: "POST",
    headers: { "Content-Type": "text/plain" },
    body: "hello",
  });
  assert.equal(notJson.status, 415);
  await notJson.body?.cancel();
  assert.deepEqual((await send(t, "GET", "/api/promotions")).body.data.campaigns, []);
});

Deno.test("an amount off each copy of chosen products is never above the cheapest one's price", async () => {
  const t = await testApp();
  const scope = {
    kind: "products",
    items: [{ type: "book", id: t.ids.book }, { type: "stationery", id: t.ids.pen }],
  };
  const dear = await send(t, "POST", "/api/promotions/campaigns", {
    ...BOOK_FAIR,
    scope,
    benefit: { kind: "amount", amount: 50.01 },
  });
  assert.equal(dear.status, 400);
  assert.deepEqual(dear.body.error.details, [{
    field: "benefit.amount",
    message: "must not be above the price of Atlas pen, blue (LKR 50.00)",
  }]);
  await added(t, "campaigns", { ...BOOK_FAIR, scope, benefit: { kind: "amount", amount: 50 } });
});

Deno.test("two campaigns over the same scope at a shared moment would stack twice: 409 naming the other", async () => {
  const t = await testApp();
  const fair = await added(t, "campaigns", BOOK_FAIR);
  const overlapping = await send(t, "POST", "/api/promotions/campaigns", {
    ...BOOK_FAIR,
    name: "Poya weekend",
    startsAt: "2026-03-09T00:00",
    endsAt: "2026-03-12T00:00",
  });
  assert.equal(overlapping.status, 409);
  assert.equal(overlapping.body.error.code, "CONFLICT");
  assert.match(overlapping.body.error.message, /Book Fair: 20% off.*the two would stack twice/);
  assert.deepEqual(fieldsOf(overlapping), ["startsAt", "endsAt"]);
  // From the moment the first ends, or over another scope, it is fine.
  await added(t, "campaigns", {
    ...BOOK_FAIR,
    name: "Poya",
    startsAt: "2026-03-10T00:00",
    endsAt: null,
  });
  await added(t, "campaigns", { ...BOOK_FAIR, scope: { kind: "language", language: "Tamil" } });
  // A campaign changed over its own window does not stack with itself.
  const changed = await send(t, "PUT", `/api/promotions/campaigns/${fair.id}`, {
    ...BOOK_FAIR,
    benefit: { kind: "percent", percent: 25 },
  });
  assert.equal(changed.status, 200, JSON.stringify(changed.body));
  assert.deepEqual(changed.body.data.benefit, { kind: "percent", percent: 25 });
  const moved = await send(t, "PUT", `/api/promotions/campaigns/${fair.id}`, {
    ...BOOK_FAIR,
    endsAt: "2026-03-11T00:00",
  });
  assert.equal(moved.status, 409, "moved over the next one's window");
});

Deno.test("an order offer is added and changed, and its bad fields are named", async () => {
  const t = await testApp();
  const offer = {
    name: "Free delivery over LKR 5,000",
    minimum: 5000,
    benefit: { kind: "free_delivery" },
  };
  const free = await added(t, "offers", offer);
  assert.equal(free.state, "running");
  assert.equal(free.minimum, 5000);
  const changed = await send(t, "PUT", `/api/promotions/offers/${free.id}`, {
    ...offer,
    benefit: { kind: "amount_off", amount: 300 },
  });
  assert.deepEqual(changed.body.data.benefit, { kind: "amount_off", amount: 300 });
  for (
    const [change, field] of [
      [{ benefit: { kind: "amount_off", amount: 0 } }, "benefit.amount"],
      [{ benefit: { kind: "amount_off" } }, "benefit.amount"],
      [{ minimum: -1 }, "minimum"],
      [{ minimum: 10.005 }, "minimum"],
      [{ minimum: undefined }, "minimum"],
    ] as const
  ) {
    const answer = await send(t, "POST", "/api/promotions/offers", { ...offer, ...change });
    assert.equal(answer.status, 400, JSON.stringify(change));
    assert.deepEqual(fieldsOf(answer), [field], JSON.stringify(answer.body));
  }
  assert.equal((await send(t, "PUT", "/api/promotions/offers/999", offer)).status, 404);
});

Deno.test("a code is kept in capitals, once per spelling in any case; its spelling and caps are checked", async () => {
  const t = await testApp();
  const code = await added(t, "codes", CODE);
  assert.equal(code.code, "READING-CLUB");
  assert.deepEqual(code.scope, { kind: "shop" });
  assert.equal(code.uses, 0);
  assert.equal(code.max_uses, 10);
  const duplicate = await send(t, "POST", "/api/promotions/codes", {
    ...CODE,
    code: "Reading-Club",
  });
  assert.equal(duplicate.status, 409);
  assert.equal(duplicate.body.error.code, "DUPLICATE");
  assert.deepEqual(fieldsOf(duplicate), ["code"]);
  const other = await added(t, "codes", { ...CODE, code: "SCHOOL-25" });
  const renamed = await send(t, "PUT", `/api/promotions/codes/${other.id}`, {
    ...CODE,
    code: "READING-club",
  });
  assert.equal(renamed.status, 409, "changed to another code's spelling");
  for (
    const [change, field] of [
      [{ code: "AB" }, "code"],
      [{ code: "A".repeat(33) }, "code"],
      [{ code: "SCHOOL 25" }, "code"],
      [{ code: "ÉCOLE" }, "code"],
      [{ maxUses: 0 }, "maxUses"],
      [{ maxUsesPerCustomer: 1.5 }, "maxUsesPerCustomer"],
      [{ benefit: { kind: "percent", percent: 101 } }, "benefit.percent"],
      [{ minimum: -1 }, "minimum"],
      [{ scope: { kind: "store", store: "toys" } }, "scope.store"],
      [{ startsAt: "2026-03-02T00:00", endsAt: "2026-03-01T00:00" }, "endsAt"],
    ] as const
  ) {
    const answer = await send(t, "POST", "/api/promotions/codes", { ...CODE, ...change });
    assert.equal(answer.status, 400, JSON.stringify(change));
    assert.deepEqual(fieldsOf(answer), [field], JSON.stringify(answer.body));
  }
  const free = await added(t, "codes", {
    code: "FREESHIP",
    benefit: { kind: "free_delivery" },
  });
  assert.deepEqual([free.max_uses, free.minimum, free.starts_at], [null, 0, null]);
});

Deno.test("pausing, resuming and ending move a promotion's state; an ended one refuses them", async () => {
  const t = await testApp();
  const fair = await added(t, "campaigns", BOOK_FAIR);
  const path = `/api/promotions/campaigns/${fair.id}`;
  assert.equal((await send(t, "POST", `${path}/pause`)).body.data.state, "paused");
  assert.equal((await send(t, "POST", `${path}/resume`)).body.data.state, "running");
  const ended = await send(t, "POST", `${path}/end`);
  assert.equal(ended.status, 200);
  assert.equal(ended.body.data.state, "ended");
  assert.equal(ended.body.data.ends_at, "2026-03-01T10:00:00.000Z", "its end is now");
  for (const step of ["end", "pause", "resume"]) {
    const again = await send(t, "POST", `${path}/${step}`);
    assert.equal(again.status, 409, step);
    assert.equal(again.body.error.message, "This campaign has ended already");
  }
  const scheduled = await added(t, "codes", { ...CODE, startsAt: "2026-04-01T00:00" });
  const notYet = await send(t, "POST", `/api/promotions/codes/${scheduled.id}/end`);
  assert.equal(notYet.status, 409);
  assert.match(notYet.body.error.message, /has not started yet: delete it instead/);
  for (const step of ["pause", "resume", "end"]) {
    assert.equal((await send(t, "POST", `/api/promotions/offers/77/${step}`)).status, 404, step);
  }
  assert.equal((await send(t, "POST", "/api/promotions/offers/abc/pause")).status, 400);
  assert.equal((await send(t, "POST", "/api/promotions/offers/0/end")).status, 400);
});

Deno.test("a promotion no order got is deleted; one an order got, or a code orders held, is ended instead", async () => {
  const t = await testApp();
  const idle = await added(t, "campaigns", { ...BOOK_FAIR, name: "Unused" });
  assert.equal((await send(t, "DELETE", `/api/promotions/campaigns/${idle.id}`)).status, 204);
  const running = await added(t, "campaigns", BOOK_FAIR);
  const scheduled = await added(t, "offers", {
    name: "Next month",
    minimum: 0,
    benefit: { kind: "free_delivery" },
    startsAt: "2026-04-01T00:00",
  });
  assert.equal((await send(t, "DELETE", `/api/promotions/offers/${scheduled.id}`)).status, 204);
  assert.equal((await send(t, "DELETE", `/api/promotions/offers/${scheduled.id}`)).status, 404);

  const unused = await added(t, "codes", { ...CODE, code: "UNUSED" });
  assert.equal((await send(t, "DELETE", `/api/promotions/codes/${unused.id}`)).status, 204);

  const code = await added(t, "codes", { ...CODE, maxUses: 1 });
  // 2 copies at LKR 950 with 20% off from the campaign is 1,520; the code takes 100 more.
  const placed = await t.app.request(
    "/api/orders",
    json("POST", orderBody(t.ids.book, { code: "Reading-Club", total: 1420 })),
  );
  assert.equal(placed.status, 201, await placed.clone().text());
  await placed.body?.cancel();
  const inUse = await send(t, "DELETE", `/api/promotions/codes/${code.id}`);
  assert.equal(inUse.status, 409);
  assert.equal(inUse.body.error.code, "IN_USE");
  assert.equal(inUse.body.error.message, "This discount code was given to orders: end it instead");
  const given = await send(t, "DELETE", `/api/promotions/campaigns/${running.id}`);
  assert.equal(given.status, 409);
  assert.equal(given.body.error.message, "This campaign was given to orders: end it instead");
  // Each one's orders and what it took off them: the campaign 20% of 1,900, the code 100.
  const listed = (await send(t, "GET", "/api/promotions")).body.data;
  const use = (p: { uses: number; saving: number }) => [p.uses, p.saving];
  assert.deepEqual(listed.codes.map(use), [[1, 100]]);
  assert.deepEqual(listed.campaigns.map(use), [[1, 380]]);
  const belowUses = await send(t, "PUT", `/api/promotions/codes/${code.id}`, {
    ...CODE,
    maxUses: null,
    maxUsesPerCustomer: null,
  });
  assert.equal(belowUses.status, 200, "no cap is above any number of uses");
  assert.equal((await send(t, "POST", `/api/promotions/codes/${code.id}/end`)).status, 200);
  assert.equal((await send(t, "DELETE", "/api/promotions/codes/abc")).status, 400);
});

Deno.test("changing a campaign changes no order already placed", async () => {
  const t = await testApp();
  const fair = await added(t, "campaigns", BOOK_FAIR);
  const placed = await t.app.request(
    "/api/orders",
    json("POST", orderBody(t.ids.book, { total: 1520 })),
  );
  assert.equal(placed.status, 201, await placed.clone().text());
  const { orderId } = await placed.json();
  const before = await t.orders.findById(orderId);
  assert.deepEqual(
    before?.items.map((l) => [l.unitPriceCents, l.adjustments.map((a) => a.amountCents)]),
    [[95_000, [38_000]]],
  );
  const changed = await send(t, "PUT", `/api/promotions/campaigns/${fair.id}`, {
    ...BOOK_FAIR,
    benefit: { kind: "percent", percent: 50 },
  });
  assert.equal(changed.status, 200);
  assert.deepEqual(await t.orders.findById(orderId), before);
  assert.equal((await send(t, "POST", `/api/promotions/campaigns/${fair.id}/end`)).status, 200);
  assert.deepEqual(await t.orders.findById(orderId), before);
});

Deno.test("the preview prices a cart as an order would be: its breakdown, the campaign, the code, delivery and the total", async () => {
  const t = await testApp();
  const fair = await added(t, "campaigns", BOOK_FAIR);
  await added(t, "codes", CODE);
  const items = [
    { type: "book", id: t.ids.book, quantity: 2 },
    { type: "stationery", id: t.ids.pen, quantity: 1 },
  ];
  const answer = await send(t, "POST", "/api/promotions/preview", {
    items,
    paymentMethod: "COD",
    code: "reading-club",
  });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  const preview = answer.body.data;
  assert.deepEqual(preview.lines.map((l: { title: string }) => l.title), [
    "Madol Doova",
    "Atlas pen, blue",
  ]);
  const b = preview.breakdown;
  assert.deepEqual(
    b.lines[0].savings.map((s: { kind: string; source_id: number; amount: number }) => [
      s.kind,
      s.source_id,
      s.amount,
    ])[0],
    ["campaign", fair.id, 380],
  );
  assert.ok(b.lines[1].savings.every((s: { kind: string }) => s.kind !== "campaign"));
  assert.equal(b.items, 1950);
  // 1,520 + 50 = 1,570 before the code; its LKR 100 is shared over both lines.
  assert.equal(b.items_paid, 1470);
  assert.equal(b.saving, 480);
  assert.deepEqual(preview.code, {
    status: "applied",
    code: "READING-CLUB",
    saving: 100,
    free_delivery: false,
  });
  assert.deepEqual(
    b.savings.map((s: { kind: string; amount: number }) => [s.kind, s.amount]),
    [["campaign", 380], ["code", 100]],
  );
  assert.equal(b.total, b.items_paid + b.delivery_fee);
  assert.equal(b.delivery_fee, 400);

  const unknown = await send(t, "POST", "/api/promotions/preview", {
    items,
    paymentMethod: "COD",
    code: "NOPE-NOPE",
  });
  assert.deepEqual(unknown.body.data.code, {
    status: "refused",
    code: "NOPE-NOPE",
    reason: "unknown",
    message: "There is no such discount code",
  });
  assert.equal(unknown.body.data.breakdown.items_paid, 1570);
  const none = await send(t, "POST", "/api/promotions/preview", { items, paymentMethod: "COD" });
  assert.equal(none.body.data.code, null);
});

Deno.test("a preview of things the shop does not sell, or of bad input, is refused", async () => {
  const t = await testApp();
  const item = { type: "book", id: t.ids.book, quantity: 1 };
  const cases: [unknown, number, string][] = [
    [{ items: [{ ...item, id: 999 }], paymentMethod: "COD" }, 422, "UNKNOWN_ITEMS"],
    [
      { items: [{ type: "book", id: t.ids.preorderBook, quantity: 1 }], paymentMethod: "COD" },
      422,
      "PREORDER_NEEDS_BANK_DEPOSIT",
    ],
    [{ items: [], paymentMethod: "COD" }, 400, "VALIDATION_FAILED"],
    [{ items: [{ ...item, quantity: 0 }], paymentMethod: "COD" }, 400, "VALIDATION_FAILED"],
    [{ items: [{ ...item, type: "toy" }], paymentMethod: "COD" }, 400, "VALIDATION_FAILED"],
    [{ items: [item], paymentMethod: "Cheque" }, 400, "VALIDATION_FAILED"],
    [{ items: [item], paymentMethod: "COD", code: "no spaces" }, 400, "VALIDATION_FAILED"],
    [{ items: [item] }, 400, "VALIDATION_FAILED"],
  ];
  for (const [body, status, code] of cases) {
    const answer = await send(t, "POST", "/api/promotions/preview", body);
    assert.equal(answer.status, status, JSON.stringify(body));
    assert.equal(answer.body.error.code, code, JSON.stringify(body));
  }
});

Deno.test("the promotion routes are the admin's alone", async () => {
  const t = await testApp();
  for (
    const [method, path] of [
      ["GET", "/api/promotions"],
      ["POST", "/api/promotions/preview"],
      ["POST", "/api/promotions/codes"],
      ["DELETE", "/api/promotions/campaigns/1"],
    ]
  ) {
    const stranger = await t.app.request(path, { method });
    assert.equal(stranger.status, 401, path);
    await stranger.body?.cancel();
    const customer = await t.app.request(path, {
      method,
      headers: { Authorization: `Bearer ${t.customerToken}` },
    });
    assert.equal(customer.status, 403, path);
    await customer.body?.cancel();
  }
});

Deno.test("before a campaign is saved the owner sees which items it would make free: 100% off, or an amount at or above their price", async () => {
  const t = await testApp();
  const free = async (scope: unknown, benefit: unknown) => {
    const answer = await send(t, "POST", "/api/promotions/free-items", { scope, benefit });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body.data;
  };
  // LKR 100,000 off each book: every book is free (the amount is clamped to each price).
  const books = await free({ kind: "store", store: "book" }, { kind: "amount", amount: 100_000 });
  assert.equal(books.total, 2);
  assert.deepEqual(books.items.map((i: { title: string }) => i.title).sort(), [
    "Gamperaliya",
    "Madol Doova",
  ]);
  assert.equal(books.total_capped, false);
  // LKR 1,000 frees the LKR 950 book, not the LKR 1,200 one; nor the pen outside the scope.
  const some = await free({ kind: "store", store: "book" }, { kind: "amount", amount: 1000 });
  assert.deepEqual(some.items, [{
    type: "book",
    id: t.ids.book,
    title: "Madol Doova",
    price: 950,
  }]);
  // 100% of anything in the shop is free; 99% frees nothing.
  assert.equal((await free({ kind: "shop" }, { kind: "percent", percent: 100 })).total, 3);
  assert.equal((await free({ kind: "shop" }, { kind: "percent", percent: 99 })).total, 0);
  // Chosen products and a book language are read too.
  const pen = await free(
    { kind: "products", items: [{ type: "stationery", id: t.ids.pen }] },
    { kind: "amount", amount: 50 },
  );
  assert.deepEqual(pen.items.map((i: { type: string }) => i.type), ["stationery"]);
  const sinhala = await free({ kind: "language", language: "Sinhala" }, {
    kind: "amount",
    amount: 100_000,
  });
  assert.ok(sinhala.total >= 1, JSON.stringify(sinhala));
  // Bad input: 400 naming the field.
  const bad = await send(t, "POST", "/api/promotions/free-items", {
    scope: { kind: "galaxy" },
    benefit: { kind: "amount", amount: -1 },
  });
  assert.equal(bad.status, 400);
  assert.deepEqual(fieldsOf(bad), ["scope.kind", "benefit.amount"]);
});
