/**
 * The contract of the OrderRepository port, run against every adapter: the in-memory
 * repository the HTTP tests use, PGlite and a PostgreSQL server. A fake that drifts from
 * the real repositories fails here.
 */
import assert from "node:assert/strict";
import { aLine, anOrder, aPlacement, complete, reject } from "./postgres/testing/builders.ts";
import { planPlacement } from "../domain/orders/plans.ts";
import { colomboDays, type TimeRange } from "../domain/orders/order_query.ts";
import { changed, contract, placed, type World } from "./postgres/testing/order_world.ts";
import { promoteOrder } from "../domain/promotions/order_pricing.ts";

/** 1 March 2026 in Sri Lanka. */
const MARCH_FIRST = colomboDays("2026-03-01", "2026-03-01") as TimeRange;

contract(
  "place() stores the order, takes the stock and enqueues the checkout mail",
  async (make) => {
    const world = await make();
    const { orders, book, pen } = world;
    const request = anOrder([aLine(book, "book", 2), aLine(pen, "stationery", 3)]);
    const order = placed(await orders.place(planPlacement(request)));
    assert.equal(order.status, "pending");
    assert.equal(order.orderDate, request.orderDate);
    assert.deepEqual(order.customer, request.customer);
    assert.deepEqual(
      [order.provinceName, order.districtName, order.areaName],
      ["Western", "Colombo", "Akarawita"],
    );
    // The Sinhala and Tamil names it was placed with are kept with it.
    assert.deepEqual(
      [order.provinceNameSi, order.districtNameTa, order.areaNameSi, order.areaNameTa],
      ["බස්නාහිර", "கொழும்பு", "අකරවිට", null],
    );
    assert.deepEqual(
      [order.totalCents, order.deliveryFeeCents, order.paymentMethod, order.userId],
      [request.totalCents, 25_000, "Bank Deposit", null],
    );
    assert.deepEqual(order.items.map(({ id: _id, ...line }) => line), request.lines);
    assert.deepEqual(await orders.findById(order.id), order);
    assert.equal(await world.stockOf(book), 3);
    assert.equal(await world.stockOf(pen), 7);
    assert.deepEqual(await world.outbox(), [
      { kind: "order_placed", orderId: order.id },
      { kind: "shop_order_placed", orderId: order.id },
    ]);
  },
);

contract(
  "place() keeps how a mixed cart is sent and its second parcel's fee, read back as placed",
  async (make) => {
    const world = await make();
    const { orders, book, pen } = world;
    const split = placed(
      await orders.place(
        planPlacement(anOrder([aLine(book, "book", 1), aLine(pen, "stationery", 1)], {
          deliveryFeeCents: 40_000,
          parcels: "split",
          secondParcelFeeCents: 15_000,
        })),
      ),
    );
    assert.deepEqual([split.parcels, split.secondParcelFeeCents, split.deliveryFeeCents], [
      "split",
      15_000,
      40_000,
    ]);
    assert.deepEqual(await orders.findById(split.id), split);
    // An order that says nothing is sent together, with no second parcel.
    const together = placed(await orders.place(planPlacement(anOrder([aLine(book, "book", 1)]))));
    const found = await orders.findById(together.id);
    assert.deepEqual([found?.parcels, found?.secondParcelFeeCents], ["together", 0]);
  },
);

contract(
  "holdingPreorder() lists the orders not cancelled with a pre-ordered line of the book, oldest first",
  async (make) => {
    const world = await make({ book: 10, pen: 10 });
    const { orders, book, pen } = world;
    const preordered = { ...aLine(book, "book", 2), preorder: true, preorderDate: "2027-03-15" };
    const at = (orderDate: string, lines: ReturnType<typeof aLine>[]) =>
      orders.place(planPlacement(anOrder(lines, { orderDate })));
    const later = placed(await at("2026-03-02T09:00:00.000Z", [preordered]));
    const first = placed(
      await at("2026-03-01T09:00:00.000Z", [preordered, aLine(pen, "stationery", 1)]),
    );
    placed(await at("2026-03-01T10:00:00.000Z", [aLine(book, "book", 1)]));
    const cancelled = placed(await at("2026-03-01T11:00:00.000Z", [preordered]));
    changed(await reject(orders, cancelled.id));
    const holding = await orders.holdingPreorder(book.id, 10);
    assert.deepEqual(holding.map((o) => o.id), [first.id, later.id]);
    assert.deepEqual(holding[0], await orders.findById(first.id));
    assert.deepEqual((await orders.holdingPreorder(book.id, 1)).map((o) => o.id), [first.id]);
    assert.deepEqual(await orders.holdingPreorder(pen.id + 1000, 10), []);
  },
);

contract("place() sums lines for the same item before taking stock", async (make) => {
  const world = await make({ book: 3, pen: 1 });
  const { orders, book } = world;
  const outcome = await orders.place(aPlacement([aLine(book, "book", 2), aLine(book, "book", 2)]));
  assert.deepEqual(outcome, {
    kind: "insufficient_stock",
    lines: [{ type: "book", id: book.id, title: book.title, requested: 4, available: 3 }],
  });
  assert.equal(await world.stockOf(book), 3);
});

contract(
  "place() takes nothing when one line cannot be served, naming it",
  async (make) => {
    const world = await make({ book: 5, pen: 1 });
    const { orders, book, pen } = world;
    const outcome = await orders.place(
      aPlacement([aLine(book, "book", 2), aLine(pen, "stationery", 4)]),
    );
    assert.deepEqual(outcome, {
      kind: "insufficient_stock",
      lines: [{ type: "stationery", id: pen.id, title: pen.title, requested: 4, available: 1 }],
    });
    assert.equal(await world.stockOf(book), 5);
    assert.deepEqual(await orders.list(), []);
    assert.deepEqual(await world.outbox(), []);
  },
);

contract(
  "place() reports a price changed since pricing, with the current items",
  async (make) => {
    const world = await make();
    const { orders, book, pen } = world;
    await world.admin.updateBook(book.id, { priceCents: 200_000 });
    const outcome = await orders.place(
      aPlacement([aLine(book, "book", 1), aLine(pen, "stationery", 1)]),
    );
    assert.equal(outcome.kind, "price_changed");
    const items = (outcome as { items: { id: number; priceCents: number }[] }).items;
    assert.deepEqual(items.map((i) => [i.id, i.priceCents]), [[book.id, 200_000], [
      pen.id,
      pen.priceCents,
    ]]);
    assert.equal(await world.stockOf(pen), 10);
  },
);

contract(
  "findSellable() gives each item's sale price with its days as moments in Colombo",
  async (make) => {
    const world = await make();
    const { orders, book, pen } = world;
    await world.admin.updateBook(book.id, {
      salePriceCents: book.priceCents - 10_000,
      saleStarts: "2026-03-01",
      saleEnds: "2026-03-07",
    });
    const [onSale, plain] = await orders.findSellable([
      { type: "book", id: book.id },
      { type: "stationery", id: pen.id },
    ]);
    assert.deepEqual(onSale.sale, {
      priceCents: book.priceCents - 10_000,
      startsAt: "2026-02-28T18:30:00.000Z",
      endsAt: "2026-03-07T18:30:00.000Z",
    });
    assert.equal(onSale.priceCents, book.priceCents);
    assert.equal(plain.sale, null);
  },
);

contract(
  "place() holds a line to what a copy sells at on the order's day: its sale price while the sale runs",
  async (make) => {
    const world = await make();
    const { orders, book, pen } = world;
    const sale = book.priceCents - 10_000;
    // The sale runs through 1 March in Colombo; the orders are placed at 15:00 there.
    await world.admin.updateBook(book.id, { salePriceCents: sale, saleEnds: "2026-03-01" });
    const atSale = { ...aLine(book, "book", 1), unitPriceCents: sale };
    const order = placed(await orders.place(aPlacement([atSale])));
    assert.equal(order.items[0].unitPriceCents, sale);
    // The usual price while the sale runs is a price that moved: priced again.
    const usual = await orders.place(aPlacement([aLine(book, "book", 1)]));
    assert.equal(usual.kind, "price_changed");
    // The next day the sale is over: the usual price holds and the sale price does not.
    const nextDay = { orderDate: "2026-03-01T19:00:00.000Z" };
    assert.equal(
      (await orders.place(aPlacement([atSale], nextDay))).kind,
      "price_changed",
    );
    placed(
      await orders.place(
        aPlacement([aLine(book, "book", 1), aLine(pen, "stationery", 1)], nextDay),
      ),
    );
    assert.equal(await world.stockOf(book), 3);
  },
);

contract("place() treats an archived item as out of stock", async (make) => {
  const world = await make();
  const { orders, book, pen } = world;
  placed(await orders.place(aPlacement([aLine(pen, "stationery", 1)])));
  await world.admin.deleteStationery(pen.id);
  const outcome = await orders.place(
    aPlacement([aLine(book, "book", 1), aLine(pen, "stationery", 1)]),
  );
  assert.deepEqual(outcome, {
    kind: "insufficient_stock",
    lines: [{ type: "stationery", id: pen.id, title: pen.title, requested: 1, available: 0 }],
  });
});

contract(
  "place() with the same idempotency key and body replays the first order",
  async (make) => {
    const world = await make();
    const { orders, book } = world;
    const claim = { key: "k-1", requestHash: "h-1", expiresAt: "2026-03-02T09:30:00.000Z" };
    const first = placed(await orders.place(aPlacement([aLine(book, "book", 1)]), claim));
    assert.deepEqual(await orders.place(aPlacement([aLine(book, "book", 1)]), claim), {
      kind: "replayed",
      order: first,
    });
    assert.deepEqual(
      await orders.place(aPlacement([aLine(book, "book", 2)]), { ...claim, requestHash: "h-2" }),
      { kind: "idempotency_mismatch" },
    );
    assert.equal(await world.stockOf(book), 4);
    assert.equal((await orders.list()).length, 1);
  },
);

contract(
  "place() forgets an expired idempotency key and one whose order failed",
  async (make) => {
    const world = await make({ book: 2, pen: 1 });
    const { orders, book } = world;
    const claim = { key: "k-2", requestHash: "h", expiresAt: "2026-03-01T10:00:00.000Z" };
    const refused = await orders.place(aPlacement([aLine(book, "book", 3)]), claim);
    assert.equal(refused.kind, "insufficient_stock");
    const first = placed(await orders.place(aPlacement([aLine(book, "book", 1)]), claim));
    const later = anOrder([aLine(book, "book", 1)], { orderDate: "2026-03-01T11:00:00.000Z" });
    const second = placed(
      await orders.place(planPlacement(later), { ...claim, expiresAt: "2026-03-02T11:00:00.000Z" }),
    );
    assert.notEqual(second.id, first.id);
  },
);

contract(
  "findSellable() reads a long list of items as a short one: each found once, in the order asked",
  async (make) => {
    const { orders, book, pen } = await make();
    // Past the ids a statement names one by one (a longer list goes as one array).
    const asked = [
      { type: "book" as const, id: book.id },
      ...Array.from({ length: 20 }, (_, i) => ({ type: "book" as const, id: book.id + 100 + i })),
      { type: "stationery" as const, id: pen.id },
      { type: "book" as const, id: book.id },
    ];
    const items = await orders.findSellable(asked);
    assert.deepEqual(items.map((i) => `${i.type}:${i.id}`), [
      `book:${book.id}`,
      `stationery:${pen.id}`,
    ]);
    assert.deepEqual(await orders.findSellable([]), []);
  },
);

contract(
  "findSellable() gives current state of the asked items, leaving out missing ones",
  async (make) => {
    const world = await make();
    const { orders, book, pen } = world;
    const items = await orders.findSellable([
      { type: "stationery", id: pen.id },
      { type: "book", id: book.id },
      { type: "book", id: book.id + 100 },
      { type: "book", id: book.id },
    ]);
    assert.deepEqual(items, [
      {
        type: "stationery",
        id: pen.id,
        title: pen.title,
        isbn13: null,
        priceCents: pen.priceCents,
        stock: 10,
        weightGrams: pen.weightGrams,
        preorder: false,
        preorderDate: null,
        categoryId: pen.categoryId,
        language: null,
        sale: null,
      },
      {
        type: "book",
        id: book.id,
        title: book.title,
        isbn13: book.isbn13,
        priceCents: book.priceCents,
        stock: 5,
        weightGrams: book.weightGrams,
        preorder: false,
        preorderDate: null,
        categoryId: book.categoryId,
        language: book.language,
        sale: null,
      },
    ]);
  },
);

contract(
  "a pre-ordered book's expected date is sold with it and kept on the order's line",
  async (make) => {
    const world = await make();
    const { orders, admin, book, pen } = world;
    const update = await admin.updateBook(book.id, { preorder: true, preorderDate: "2027-03-15" });
    assert.equal(update.kind, "ok");
    const [sold] = await orders.findSellable([{ type: "book", id: book.id }]);
    assert.deepEqual([sold.preorder, sold.preorderDate], [true, "2027-03-15"]);
    const order = placed(
      await orders.place(aPlacement([
        { ...aLine(book, "book", 1), preorder: true, preorderDate: "2027-03-15" },
        aLine(pen, "stationery", 1),
      ])),
    );
    const stored = (await orders.findById(order.id))!;
    assert.deepEqual(stored.items.map((l) => [l.preorder, l.preorderDate]), [
      [true, "2027-03-15"],
      [false, null],
    ]);
  },
);

contract("reject() returns the stock once and only a pending order moves", async (make) => {
  const world = await make();
  const { orders, book, pen } = world;
  const order = placed(
    await orders.place(
      aPlacement([aLine(book, "book", 2), aLine(pen, "stationery", 1), aLine(book, "book", 1)]),
    ),
  );
  assert.equal(changed(await reject(orders, order.id)).status, "rejected");
  assert.equal(await world.stockOf(book), 5);
  assert.equal(await world.stockOf(pen), 10);
  assert.deepEqual(await reject(orders, order.id), { kind: "not_pending", status: "rejected" });
  assert.deepEqual(await complete(orders, order.id, new Uint8Array([1])), {
    kind: "not_pending",
    status: "rejected",
  });
  assert.equal(await world.stockOf(book), 5);
  assert.deepEqual(await reject(orders, order.id + 1), { kind: "not_found" });
});

contract("complete() saves the slip and enqueues the completion mail", async (make) => {
  const world = await make();
  const { orders, book } = world;
  const order = placed(await orders.place(aPlacement([aLine(book, "book", 1)])));
  const pdf = new TextEncoder().encode("%PDF-1.7 slip");
  assert.equal(changed(await complete(orders, order.id, pdf)).status, "completed");
  assert.deepEqual(await orders.findSlip(order.id), pdf);
  assert.equal(await orders.findSlip(order.id + 1), undefined);
  assert.deepEqual(await world.outbox(), [
    { kind: "order_placed", orderId: order.id },
    { kind: "shop_order_placed", orderId: order.id },
    { kind: "order_completed", orderId: order.id },
  ]);
  assert.deepEqual(await complete(orders, order.id, pdf), {
    kind: "not_pending",
    status: "completed",
  });
  assert.equal(await world.stockOf(book), 4);
});

contract(
  "list() is newest first, optionally by status, and stats() counts them",
  async (make) => {
    const world = await make();
    const { orders, book, pen } = world;
    const at = (day: number) => `2026-03-0${day}T08:00:00.000Z`;
    const a = placed(
      await orders.place(aPlacement([aLine(book, "book", 2)], { orderDate: at(1) })),
    );
    const b = placed(
      await orders.place(aPlacement([aLine(pen, "stationery", 3)], { orderDate: at(3) })),
    );
    const c = placed(
      await orders.place(aPlacement([aLine(book, "book", 1)], { orderDate: at(2) })),
    );
    await complete(orders, a.id, new Uint8Array([1]));
    await complete(orders, b.id, new Uint8Array([2]));
    assert.deepEqual((await orders.list()).map((o) => o.id), [b.id, c.id, a.id]);
    assert.deepEqual((await orders.list("completed")).map((o) => o.id), [b.id, a.id]);
    assert.deepEqual((await orders.list("pending")).map((o) => o.id), [c.id]);
    await reject(orders, c.id);
    assert.deepEqual(await orders.stats(MARCH_FIRST), {
      completedItemsTotalCents: 2 * book.priceCents + 3 * pen.priceCents,
      pending: 0,
      completed: 2,
      rejected: 1,
      awaitingPayment: 0,
      proofsToCheck: 0,
      today: {
        orders: 1,
        subtotalCents: a.totalCents + a.deliveryFeeCents,
        paidOrders: 0,
        takingsCents: 0,
      },
    });
  },
);

contract("stats() of a shop without orders is all zero", async (make) => {
  const { orders } = await make();
  assert.deepEqual(await orders.stats(MARCH_FIRST), {
    completedItemsTotalCents: 0,
    pending: 0,
    completed: 0,
    rejected: 0,
    awaitingPayment: 0,
    proofsToCheck: 0,
    today: { orders: 0, subtotalCents: 0, paidOrders: 0, takingsCents: 0 },
  });
});

contract(
  "place() bounds what one client's unpaid orders hold, under each of its marks, until they are paid or leave pending",
  async (make) => {
    const world = await make({ book: 100, pen: 100 });
    const { orders, book, pen } = world;
    // One bound for every mark here; an address's own, higher bound is tested below.
    const limits = {
      maxUnits: 5,
      maxCents: 100_000_00,
      addressMaxUnits: 5,
      addressMaxCents: 100_000_00,
    };
    const held = (keys: string[], lines: ReturnType<typeof aLine>[]) =>
      orders.place(planPlacement(anOrder(lines), {}, { keys, limits }));
    const first = placed(
      await held(["address:10.0.0.0", "email:a"], [aLine(pen, "stationery", 3)]),
    );
    // The same address with new contact details: the address's mark is full.
    const over = await held(["address:10.0.0.0", "email:b"], [aLine(pen, "stationery", 3)]);
    assert.deepEqual(over, {
      kind: "too_much_held",
      refusal: { bound: "units", limit: 5, held: { units: 3, cents: 3 * pen.priceCents } },
    });
    assert.equal(await world.stockOf(pen), 97);
    // Another client is not held back; the first one's other marks are its own.
    placed(await held(["address:10.0.0.9", "email:c"], [aLine(pen, "stationery", 5)]));
    placed(await held(["address:10.0.0.0", "email:d"], [aLine(pen, "stationery", 2)]));
    // The value bound, on its own mark.
    placed(await held(["email:e"], [aLine(book, "book", 1)]));
    const tooDear = await orders.place(
      planPlacement(anOrder([aLine(book, "book", 1)]), {}, {
        keys: ["email:e"],
        limits: {
          maxUnits: 5,
          maxCents: book.priceCents + 1,
          addressMaxUnits: 5,
          addressMaxCents: book.priceCents + 1,
        },
      }),
    );
    assert.equal(tooDear.kind, "too_much_held");
    if (tooDear.kind === "too_much_held") assert.equal(tooDear.refusal.bound, "value");
    // An order that leaves pending holds nothing: the address may order again.
    assert.equal((await reject(orders, first.id)).kind, "changed");
    placed(await held(["address:10.0.0.0", "email:f"], [aLine(pen, "stationery", 3)]));
    // A plan without a hold claim (the shop's own tools) is not bounded.
    placed(await orders.place(planPlacement(anOrder([aLine(pen, "stationery", 50)]))));
    // Stock is checked before holds: an order refused on both counts is refused for stock,
    // and takes nothing.
    const both = await held(["address:10.0.0.9", "email:g"], [aLine(pen, "stationery", 90)]);
    assert.equal(both.kind, "insufficient_stock");
    assert.equal(
      await world.stockOf(pen),
      100 - 5 - 2 - 3 - 50,
      "the first order was rejected: its 3 are back",
    );
    // Refused for holds after its stock was taken: the stock is back.
    const overAfterTaking = await held(["address:10.0.0.9"], [aLine(pen, "stationery", 1)]);
    assert.equal(overAfterTaking.kind, "too_much_held");
    assert.equal(
      await world.stockOf(pen),
      100 - 5 - 2 - 3 - 50,
      "the first order was rejected: its 3 are back",
    );
  },
);

contract(
  "with SMS on, each customer mail of an SMS kind gets its text in the same change; the shop's notices get none",
  async (make) => {
    const world = await make(undefined, { sms: true });
    const { orders, book } = world;
    const first = placed(await orders.place(aPlacement([aLine(book, "book", 1)])));
    const second = placed(await orders.place(aPlacement([aLine(book, "book", 1)])));
    changed(await complete(orders, first.id, new TextEncoder().encode("%PDF-1.7")));
    changed(await reject(orders, second.id));
    await orders.enqueueMail(first.id, "order_link");
    assert.deepEqual(await world.texts(), [
      { kind: "order_placed", orderId: first.id },
      { kind: "order_placed", orderId: second.id },
      { kind: "order_completed", orderId: first.id },
      { kind: "order_rejected", orderId: second.id },
    ]);
    // The mails are as they were with SMS off.
    assert.deepEqual((await world.outbox()).map((m) => m.kind), [
      "order_placed",
      "shop_order_placed",
      "order_placed",
      "shop_order_placed",
      "order_completed",
      "order_rejected",
      "order_link",
    ]);
  },
);

contract("with SMS off, no text is written", async (make) => {
  const world = await make();
  const order = placed(await world.orders.place(aPlacement([aLine(world.book, "book", 1)])));
  changed(await complete(world.orders, order.id, new TextEncoder().encode("%PDF-1.7")));
  assert.deepEqual(await world.texts(), []);
  assert.equal((await world.outbox()).length, 3);
});

contract("an order refused for want of stock writes no text either", async (make) => {
  const world = await make({ book: 1, pen: 1 }, { sms: true });
  const outcome = await world.orders.place(aPlacement([aLine(world.book, "book", 2)]));
  assert.equal(outcome.kind, "insufficient_stock");
  assert.deepEqual(await world.texts(), []);
});

/**
 * An order placed under a campaign, an order offer and a code, as the shop's pricing makes
 * it: 2 books in the Book Fair (20% off), a pen, free delivery over LKR 1,000 and the code
 * SCHOOL10 (LKR 100 off).
 */
async function promotedOrder(world: World) {
  const { orders, promotions, book, pen } = world;
  const open = { startsAt: null, endsAt: null };
  const fair = await promotions.addCampaign({
    name: "Book Fair 2026",
    names: { si: "පොත් ප්‍රදර්ශනය 2026", ta: "புத்தகக் கண்காட்சி 2026" },
    scope: { kind: "store", store: "book" },
    benefit: { kind: "percent", basisPoints: 2000 },
    window: open,
    paused: false,
  });
  const offer = await promotions.addOffer({
    name: "Free delivery over LKR 1,000",
    names: { si: "රු. 1,000ට වැඩි ඇණවුම්වලට නොමිලේ බෙදාහැරීම" },
    minItemsCents: 100_000,
    benefit: { kind: "free_delivery" },
    window: open,
    paused: false,
  });
  const code = await promotions.addCode({
    code: "School10",
    benefit: { kind: "amount", cents: 10_000 },
    minItemsCents: 0,
    scope: { kind: "shop" },
    window: open,
    paused: false,
    maxUses: 5,
    maxUsesPerCustomer: null,
  });
  assert.ok(code.kind === "ok");
  const now = "2026-03-01T09:30:00.000Z";
  const lines = [aLine(book, "book", 2), aLine(pen, "stationery", 1)];
  const promoted = promoteOrder(
    lines,
    await orders.findSellable([{ type: "book", id: book.id }, { type: "stationery", id: pen.id }]),
    {
      ...await promotions.runningRules(now),
      code: { typed: "school10", found: await promotions.findCode("school10") },
      deliveryFeeCents: 25_000,
      now,
    },
  );
  const plan = planPlacement(anOrder(promoted.lines, {
    adjustments: promoted.adjustments,
    totalCents: promoted.totalCents,
    deliveryFeeCents: promoted.deliveryFeeCents,
    orderDate: now,
  }));
  const order = placed(
    await orders.place({
      ...plan,
      codeUse: { codeId: code.code.id, customerKeys: ["email:x"], maxPerCustomer: null },
    }),
  );
  return { order, promoted, fair, offer, code: code.code };
}

contract(
  "a placed order reads back with each line's usual price and adjustments (campaign, shares), and its offer and code as rows",
  async (make) => {
    const world = await make();
    const { book } = world;
    const { order, promoted, fair, offer, code } = await promotedOrder(world);
    const bookSaving = Math.round(book.priceCents * 2 * 0.2);
    assert.deepEqual(order.items[0].adjustments[0], {
      kind: "campaign",
      sourceId: fair.id,
      name: "Book Fair 2026",
      names: { si: "පොත් ප්‍රදර්ශනය 2026", ta: "புத்தகக் கண்காட்சி 2026" },
      amountCents: bookSaving,
    });
    assert.equal(order.items[0].listUnitCents, book.priceCents);
    assert.ok(order.items[1].adjustments.every((a) => a.kind !== "campaign"));
    assert.equal(
      order.items.flatMap((l) => l.adjustments).filter((a) => a.kind === "code")
        .reduce((sum, a) => sum + a.amountCents, 0),
      10_000,
      "the code's shares add up to its saving",
    );
    assert.deepEqual(order.adjustments, [
      {
        kind: "offer",
        sourceId: offer.id,
        name: "Free delivery over LKR 1,000",
        names: { si: "රු. 1,000ට වැඩි ඇණවුම්වලට නොමිලේ බෙදාහැරීම" },
        amountCents: 0,
        freeDelivery: true,
      },
      {
        kind: "code",
        sourceId: code.id,
        name: "School10",
        names: {},
        amountCents: 10_000,
        freeDelivery: false,
      },
    ]);
    assert.equal(order.deliveryFeeCents, 0);
    assert.deepEqual(order.items.map(({ id: _id, ...line }) => line), promoted.lines);
    assert.deepEqual(await world.orders.findById(order.id), order);
    assert.deepEqual((await world.orders.list()).find((o) => o.id === order.id), order);
  },
);

contract(
  "pausing or editing a campaign, an offer or a code after an order changes nothing on it",
  async (make) => {
    const world = await make();
    const { order, fair, offer, code } = await promotedOrder(world);
    const before = await world.orders.findById(order.id);
    assert.ok(await world.promotions.setPaused("campaign", fair.id, true));
    assert.ok(await world.promotions.setPaused("offer", offer.id, true));
    assert.ok(await world.promotions.setPaused("code", code.id, true));
    // The owner's edits, straight in the tables (the store's edits are the admin area's).
    await world.sql?.query(
      "UPDATE campaigns SET name = 'Book Fair ended', names = '{}'::jsonb, benefit_value = 500",
    );
    await world.sql?.query("UPDATE order_offers SET name = 'Gone', min_items_cents = 9999999");
    await world.sql?.query("UPDATE discount_codes SET code = 'SCHOOL20', benefit_value = 20000");
    // A richer campaign begun since prices new orders, not this one.
    await world.promotions.addCampaign({
      name: "Half price",
      names: {},
      scope: { kind: "shop" },
      benefit: { kind: "percent", basisPoints: 5000 },
      window: { startsAt: null, endsAt: null },
      paused: false,
    });
    assert.deepEqual(await world.orders.findById(order.id), before);
    assert.deepEqual(before, order);
  },
);

contract(
  "changePayment() of a refused slip sets the order's new deadline, writes its event and queues its mail",
  async (make) => {
    const world = await make({ book: 3, pen: 1 });
    const { orders, book } = world;
    const order = placed(
      await orders.place(aPlacement([aLine(book, "book", 1)], { paymentMethod: "Bank Deposit" })),
    );
    const at = "2026-03-02T08:00:00.000Z";
    const newExpiry = "2026-03-04T08:00:00.000Z";
    const outcome = await orders.changePayment({
      orderId: order.id,
      orderStatus: "pending",
      from: "unpaid",
      to: "unpaid",
      clearExpiry: false,
      newExpiry,
      event: { at, kind: "slip_refused", actor: "admin", note: "Blurred slip" },
      mails: ["slip_refused"],
      saveSlip: false,
    });
    assert.equal(outcome.kind, "changed");
    const now = await orders.findById(order.id);
    assert.equal(now?.expiresAt, newExpiry);
    assert.deepEqual(now?.events.at(-1), {
      at,
      kind: "slip_refused",
      actor: "admin",
      note: "Blurred slip",
    });
    assert.ok((await world.outbox()).some((m) => m.kind === "slip_refused"));
  },
);
