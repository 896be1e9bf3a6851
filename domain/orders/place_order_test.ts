import assert from "node:assert/strict";
import { keptNamesOf } from "./place_names.ts";
import type {
  IdempotencyClaim,
  Locations,
  NewOrder,
  OrderRepository,
  SellableItem,
} from "../ports.ts";
import type { Order } from "./model.ts";
import type { PlacementPlan } from "./plans.ts";
import { destinationProblem, placeOrder, type PlaceOrderInput } from "./place_order.ts";
import type { PromotionStore } from "../promotions/ports.ts";
import { type Campaign, type DiscountCode, normaliseCode } from "../promotions/pricing.ts";

/** The promotions running, as a store would read them: these campaigns and codes. */
function running(campaigns: Campaign[], codes: DiscountCode[] = []): PromotionStore {
  const refuse = () => Promise.reject(new Error("not kept here"));
  return {
    runningRules: () => Promise.resolve({ campaigns, offers: [] }),
    findCode: (typed) =>
      Promise.resolve(codes.find((c) => normaliseCode(c.code) === normaliseCode(typed))),
    addCampaign: refuse,
    addOffer: refuse,
    addCode: refuse,
    setPaused: refuse,
    listPromotions: refuse,
    getPromotion: refuse,
    changeCampaign: refuse,
    changeOffer: refuse,
    changeCode: refuse,
    endPromotion: refuse,
    deletePromotion: refuse,
  };
}

const NOW = new Date("2026-03-01T10:00:00.000Z");

const locations: Locations = {
  provinces: () => Promise.resolve([]),
  districts: () => Promise.resolve([]),
  areas: () => Promise.resolve([]),
  findArea: (areaId) =>
    Promise.resolve(
      areaId === 1
        ? {
          area: { id: 1, name: "Mount Lavinia", districtId: 1, postcode: "10370", names: {} },
          district: { id: 1, name: "Colombo", provinceId: 1, names: {} },
          province: { id: 1, name: "Western", names: {} },
        }
        : undefined,
    ),
};

function book(overrides: Partial<SellableItem> = {}): SellableItem {
  return {
    type: "book",
    id: 1,
    title: "Madol Doova",
    isbn13: "9789552100000",
    priceCents: 95_000,
    stock: 5,
    weightGrams: 350,
    preorder: false,
    categoryId: 1,
    language: "Sinhala",
    sale: null,
    ...overrides,
  };
}

/** Records what it was asked to store and answers as the database would for a fresh key. */
function ordersHolding(items: SellableItem[]) {
  const placed: { order: NewOrder; plan: PlacementPlan; idempotency?: IdempotencyClaim }[] = [];
  const orders: OrderRepository = {
    findSellable: (asked) =>
      Promise.resolve(items.filter((i) => asked.some((a) => a.type === i.type && a.id === i.id))),
    place: (plan, idempotency) => {
      const { order } = plan;
      placed.push({ order, plan, idempotency });
      const stored: Order = {
        id: 41,
        userId: order.userId,
        status: plan.status,
        orderDate: order.orderDate,
        customer: order.customer,
        provinceName: order.provinceName,
        districtName: order.districtName,
        areaName: order.areaName,
        ...keptNamesOf(order),
        totalCents: order.totalCents,
        deliveryFeeCents: order.deliveryFeeCents,
        parcels: order.parcels ?? "together",
        secondParcelFeeCents: order.secondParcelFeeCents ?? 0,
        paymentMethod: order.paymentMethod,
        items: order.lines.map((line, i) => ({ ...line, id: i + 1 })),
        adjustments: order.adjustments,
        vouchers: order.vouchers,
        refundsGiven: [],
        paymentStatus: plan.paymentStatus,
        courier: null,
        trackingNumber: null,
        rejectReason: null,
        expiresAt: plan.expiresAt,
        locale: order.locale,
        events: plan.events,
        paymentProofs: [],
        keySalt: order.key?.salt ?? null,
      };
      return Promise.resolve({ kind: "placed", order: stored });
    },
    findById: () => Promise.resolve(undefined),
    findByKey: () => Promise.resolve(undefined),
    addProof: () => Promise.resolve({ kind: "not_found" }),
    findProof: () => Promise.resolve(undefined),
    list: () => Promise.resolve([]),
    search: () => Promise.resolve({ orders: [], total: 0 }),
    stats: () =>
      Promise.resolve({
        completedItemsTotalCents: 0,
        pending: 0,
        completed: 0,
        rejected: 0,
        awaitingPayment: 0,
        proofsToCheck: 0,
        today: { orders: 0, subtotalCents: 0, paidOrders: 0, takingsCents: 0 },
      }),
    changeStatus: () => Promise.resolve({ kind: "not_found" }),
    changePayment: () => Promise.resolve({ kind: "not_found" }),
    addEvent: () => Promise.resolve(undefined),
    enqueueMail: () => Promise.resolve(),
    lapseDue: () => Promise.resolve([]),
    holdingPreorder: () => Promise.resolve([]),
    findSlip: () => Promise.resolve(undefined),
  };
  return { orders, placed };
}

function input(overrides: Partial<PlaceOrderInput> = {}): PlaceOrderInput {
  return {
    customer: {
      name: "Nimal Perera",
      address: "12 Galle Road",
      email: "nimal@example.lk",
      phone: "0771234567",
      postalCode: "10370",
    },
    destination: { provinceId: 1, districtId: 1, areaId: 1 },
    paymentMethod: "COD",
    items: [{ type: "book", id: 1, quantity: 2 }],
    clientTotalCents: 190_000,
    ...overrides,
  };
}

function deps(items: SellableItem[]) {
  const held = ordersHolding(items);
  return { ...held, deps: { orders: held.orders, locations, clock: { now: () => NOW } } };
}

Deno.test("placeOrder() stores a COD order priced by the shop with the destination's names", async () => {
  const { deps: d, placed } = deps([book()]);
  const result = await placeOrder(d, input());
  assert.equal(result.kind, "placed");
  assert.equal(placed.length, 1);
  const stored = placed[0].order;
  assert.equal(stored.totalCents, 190_000);
  assert.equal(stored.deliveryFeeCents, 40_000);
  assert.equal(stored.provinceName, "Western");
  assert.equal(stored.districtName, "Colombo");
  assert.equal(stored.areaName, "Mount Lavinia");
  assert.equal(stored.orderDate, NOW.toISOString());
  assert.equal(stored.userId, null);
  assert.deepEqual(stored.lines.map((l) => [l.itemId, l.quantity, l.unitPriceCents]), [[
    1,
    2,
    95_000,
  ]]);
  // The repository is handed the whole plan: the first status, the takes and the mail.
  assert.equal(placed[0].plan.status, "pending");
  assert.deepEqual(placed[0].plan.takes.map((t) => [t.type, t.id, t.quantity]), [["book", 1, 2]]);
  assert.deepEqual(placed[0].plan.mails, ["order_placed", "shop_order_placed"]);
});

Deno.test("placeOrder() charges the Bank Deposit tier fee", async () => {
  const { deps: d, placed } = deps([book()]);
  await placeOrder(d, input({ paymentMethod: "Bank Deposit" }));
  assert.equal(placed[0].order.deliveryFeeCents, 25_000);
});

Deno.test("placeOrder() holds a Bank Deposit order for the shop's hours and keeps its language", async () => {
  const { deps: d, placed } = deps([book()]);
  const rules = { bankDepositHours: 1.5, maxLineQuantity: 20 };
  await placeOrder(
    { ...d, orderRules: rules },
    input({ paymentMethod: "Bank Deposit", locale: "si" }),
  );
  await placeOrder(d, input());
  assert.equal(placed[0].plan.expiresAt, "2026-03-01T11:30:00.000Z");
  assert.equal(placed[0].order.locale, "si");
  // A COD order's hold ends too: seven days for the shop to confirm it (it held for ever).
  assert.equal(placed[1].plan.expiresAt, "2026-03-08T10:00:00.000Z");
  assert.equal(placed[1].order.locale, "en");
});

Deno.test("placeOrder() bounds the order's hold under its address, e-mail and phone, with the shop's limits", async () => {
  const { deps: d, placed } = deps([book()]);
  const limits = {
    maxUnits: 30,
    maxCents: 1_000_000,
    addressMaxUnits: 90,
    addressMaxCents: 3_000_000,
  };
  await placeOrder(
    { ...d, orderRules: { holdLimits: limits } },
    { ...input(), clientAddress: "2001:db8:1:2::/64" },
  );
  await placeOrder(d, input());
  const [withAddress, without] = placed.map((p) => p.plan.hold!);
  assert.equal(withAddress.keys.length, 3);
  assert.equal(withAddress.keys[0], "address:2001:db8:1:2::/64");
  assert.match(withAddress.keys[1], /^email:[0-9a-f]{32}$/);
  assert.match(withAddress.keys[2], /^phone:[0-9a-f]{32}$/);
  assert.deepEqual(withAddress.limits, limits);
  assert.deepEqual([withAddress.units, withAddress.cents], [2, 190_000]);
  // No address known (an in-process call): the contact details still bound it.
  assert.deepEqual(without.keys, withAddress.keys.slice(1));
});

Deno.test("placeOrder() refuses more copies of one item than a line may hold, counting its lines together", async () => {
  const { deps: d, placed } = deps([book({ stock: 100 })]);
  const rules = { bankDepositHours: 48, maxLineQuantity: 20 };
  const split = await placeOrder(
    { ...d, orderRules: rules },
    input({
      items: [{ type: "book", id: 1, quantity: 15 }, { type: "book", id: 1, quantity: 6 }],
      clientTotalCents: 21 * 95_000,
    }),
  );
  assert.deepEqual(split, {
    kind: "too_many_copies",
    max: 20,
    items: [{ type: "book", id: 1, title: book().title, quantity: 21 }],
  });
  const atLimit = await placeOrder(
    { ...d, orderRules: rules },
    input({
      items: [{ type: "book", id: 1, quantity: 20 }],
      clientTotalCents: 20 * 95_000,
    }),
  );
  assert.equal(atLimit.kind, "placed");
  assert.equal(placed.length, 1);
});

Deno.test("placeOrder() answers price_changed with what a copy costs now when the client's total differs", async () => {
  const { deps: d, placed } = deps([book({ priceCents: 99_000 })]);
  const result = await placeOrder(d, input());
  const { id, title } = book();
  assert.deepEqual(result, {
    kind: "price_changed",
    items: [{ type: "book", id, title, usualCents: 99_000, unitCents: 99_000 }],
  });
  assert.equal(placed.length, 0);
  // On sale: the refusal names the sale price, never the usual one.
  const onSale = deps([
    book({ priceCents: 99_000, sale: { priceCents: 80_000, startsAt: null, endsAt: null } }),
  ]);
  const sold = await placeOrder(onSale.deps, input());
  assert.ok(sold.kind === "price_changed");
  assert.deepEqual(sold.items.map((i) => [i.usualCents, i.unitCents]), [[99_000, 80_000]]);
});

Deno.test("placeOrder() refuses an unknown area or one outside the given district or province", async () => {
  const { deps: d, placed } = deps([book()]);
  const unknown = await placeOrder(
    d,
    input({ destination: { provinceId: 1, districtId: 1, areaId: 9 } }),
  );
  const district = await placeOrder(
    d,
    input({ destination: { provinceId: 1, districtId: 2, areaId: 1 } }),
  );
  const province = await placeOrder(
    d,
    input({ destination: { provinceId: 2, districtId: 1, areaId: 1 } }),
  );
  assert.deepEqual(unknown, { kind: "bad_destination", problem: "unknown_area" });
  assert.deepEqual(district, { kind: "bad_destination", problem: "area_not_in_district" });
  assert.deepEqual(province, { kind: "bad_destination", problem: "district_not_in_province" });
  assert.equal(placed.length, 0);
});

Deno.test("placeOrder() refuses pre-order books under COD but sells them by Bank Deposit", async () => {
  const { deps: d } = deps([book({ preorder: true })]);
  const cod = await placeOrder(d, input());
  assert.equal(cod.kind, "preorder_needs_bank_deposit");
  const bank = await placeOrder(d, input({ paymentMethod: "Bank Deposit" }));
  assert.equal(bank.kind, "placed");
});

Deno.test("placeOrder() names items the shop does not sell", async () => {
  const { deps: d } = deps([book()]);
  const result = await placeOrder(
    d,
    input({ items: [{ type: "stationery", id: 1, quantity: 1 }], clientTotalCents: 0 }),
  );
  assert.deepEqual(result, { kind: "unknown_items", items: [{ type: "stationery", id: 1 }] });
});

Deno.test("placeOrder() hands the idempotency claim to the repository", async () => {
  const { deps: d, placed } = deps([book()]);
  const claim = { key: "k-1", requestHash: "abc", expiresAt: "2026-03-02T10:00:00.000Z" };
  await placeOrder(d, input(), claim);
  assert.deepEqual(placed[0].idempotency, claim);
});

Deno.test("destinationProblem() accepts an area inside its district and province", () => {
  const found = { area: { districtId: 3 }, district: { id: 3, provinceId: 2 } };
  assert.equal(destinationProblem({ provinceId: 2, districtId: 3, areaId: 7 }, found), undefined);
});

Deno.test("placeOrder() prices a running campaign on the server, keeps each line's saving, and asks for the price again when the shopper's total is stale", async () => {
  const promotions = running([{
    id: 1,
    name: "Book Fair 2026: 20% off",
    scope: { kind: "store", store: "book" },
    benefit: { kind: "percent", basisPoints: 2000 },
    window: { startsAt: null, endsAt: null },
    paused: false,
  }]);
  const { deps: d, placed } = deps([book()]);
  const stale = await placeOrder({ ...d, promotions }, input());
  assert.equal(stale.kind, "price_changed", "the cart still showed the usual price");
  const result = await placeOrder({ ...d, promotions }, input({ clientTotalCents: 152_000 }));
  assert.equal(result.kind, "placed");
  const stored = placed[0].order;
  assert.equal(stored.totalCents, 152_000);
  assert.deepEqual(stored.lines.map((l) => l.unitPriceCents), [95_000]);
  assert.deepEqual(stored.lines[0].adjustments, [{
    kind: "campaign",
    sourceId: 1,
    name: "Book Fair 2026: 20% off",
    names: {},
    amountCents: 38_000,
  }]);
  assert.equal(stored.lines[0].listUnitCents, 95_000);
  assert.deepEqual(stored.adjustments, []);
  assert.equal(placed[0].plan.codeUse, undefined);
});

Deno.test("placeOrder() refuses a code that gives nothing with its reason, and plans the use of one that applies under the customer's marks", async () => {
  const code: DiscountCode = {
    id: 5,
    code: "READING-CLUB",
    benefit: { kind: "amount", cents: 10_000 },
    minItemsCents: 100_000,
    scope: { kind: "shop" },
    window: { startsAt: null, endsAt: null },
    paused: false,
    usesLeft: 10,
    maxUsesPerCustomer: 1,
  };
  const promotions = running([], [code]);
  const { deps: d, placed } = deps([book()]);
  const unknown = await placeOrder({ ...d, promotions }, input({ code: "NO-SUCH" }));
  assert.deepEqual(unknown, { kind: "code_not_applied", code: "NO-SUCH", reason: "unknown" });
  const small = await placeOrder(
    { ...d, promotions },
    input({
      code: "reading-club",
      items: [{ type: "book", id: 1, quantity: 1 }],
      clientTotalCents: 95_000,
    }),
  );
  assert.deepEqual(small, {
    kind: "code_not_applied",
    code: "READING-CLUB",
    reason: "minimum_not_met",
  });
  const result = await placeOrder(
    { ...d, promotions },
    input({ code: "reading-club", clientTotalCents: 180_000, userId: 7 }),
  );
  assert.equal(result.kind, "placed");
  const plan = placed[0].plan;
  assert.equal(plan.codeUse?.codeId, 5);
  assert.equal(plan.codeUse?.maxPerCustomer, 1);
  assert.ok(plan.codeUse?.customerKeys.includes("account:7"));
  assert.ok(plan.codeUse?.customerKeys.every((k) => !k.startsWith("address:")));
  assert.equal(placed[0].order.totalCents, 180_000);
  // The order keeps the code as the shop spells it, with what it took off.
  assert.deepEqual(placed[0].order.adjustments, [{
    kind: "code",
    sourceId: 5,
    name: "READING-CLUB",
    names: {},
    amountCents: 10_000,
    freeDelivery: false,
  }]);
  assert.deepEqual(
    placed[0].order.lines[0].adjustments.map((a) => [a.kind, a.amountCents]),
    [["code", 10_000]],
  );
});

/** A mixed cart: Madol Doova in stock (350 g) and a pre-ordered book (400 g). */
function mixedCart() {
  const preordered = book({
    id: 2,
    title: "Kaliyugaya",
    priceCents: 80_000,
    weightGrams: 400,
    preorder: true,
    preorderDate: "2027-03-15",
  });
  return {
    items: [book(), preordered],
    input: input({
      paymentMethod: "Bank Deposit",
      items: [{ type: "book", id: 1, quantity: 1 }, { type: "book", id: 2, quantity: 1 }],
      clientTotalCents: 175_000,
    }),
  };
}

Deno.test("placeOrder() sends a mixed cart together by default, for one parcel's fee", async () => {
  const cart = mixedCart();
  const { deps: d, placed } = deps(cart.items);
  const result = await placeOrder(d, cart.input);
  assert.equal(result.kind, "placed");
  // 750 g by Bank Deposit: LKR 250.
  assert.deepEqual(
    [
      placed[0].order.parcels,
      placed[0].order.secondParcelFeeCents,
      placed[0].order.deliveryFeeCents,
    ],
    ["together", 0, 25_000],
  );
});

Deno.test("placeOrder() sends a mixed cart in two parcels for the second parcel's fee the shopper saw", async () => {
  const cart = mixedCart();
  const { deps: d, placed } = deps(cart.items);
  // 350 g (LKR 200) and 400 g (LKR 200) apart, against 750 g (LKR 250) together: LKR 150 more.
  const result = await placeOrder(d, {
    ...cart.input,
    parcels: { choice: "split", feeCents: 15_000 },
  });
  assert.equal(result.kind, "placed");
  const stored = placed[0].order;
  assert.deepEqual([stored.parcels, stored.secondParcelFeeCents, stored.deliveryFeeCents], [
    "split",
    15_000,
    40_000,
  ]);
});

Deno.test("placeOrder() refuses a second parcel's fee other than the shop's, storing nothing", async () => {
  const cart = mixedCart();
  const { deps: d, placed } = deps(cart.items);
  const result = await placeOrder(d, { ...cart.input, parcels: { choice: "split", feeCents: 0 } });
  assert.deepEqual(result, { kind: "parcel_fee_changed", feeCents: 15_000 });
  assert.equal(placed.length, 0);
});

Deno.test("placeOrder() refuses two parcels for a cart without a pre-order, storing nothing", async () => {
  const { deps: d, placed } = deps([book()]);
  const result = await placeOrder(d, input({ parcels: { choice: "split", feeCents: 0 } }));
  assert.deepEqual(result, { kind: "parcels_not_mixed" });
  assert.equal(placed.length, 0);
});
