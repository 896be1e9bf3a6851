/**
 * The sales report's figures, in memory, on PGlite and on a PostgreSQL server, checked
 * against a reference worked out in this file from the raw orders each adapter holds: the
 * days placed and received in Sri Lanka (an order at 18:29:59Z and one at 18:30:00Z fall on
 * different days), what each product sold, the stock and the idle products; and the whole
 * report built over them. A property test places random orders around Colombo's midnight,
 * pays, unpays, completes, rejects and lapses them, and checks random ranges and ranges
 * holding whole months and years (which the engines read from monthly and yearly summaries).
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { testOnBothEngines } from "./postgres/testing/databases.ts";
import {
  aBook,
  aLine,
  aPlacement,
  aStationeryItem,
  complete,
  reject,
} from "./postgres/testing/builders.ts";
import { PostgresCatalogueAdmin } from "./postgres/catalogue_admin.ts";
import { lineTotalCents } from "../domain/orders/line_total.ts";
import { PostgresCatalogue } from "./postgres/catalogue.ts";
import { PostgresOrderRepository } from "./postgres/orders.ts";
import { PostgresSalesFacts } from "./postgres/sales_facts.ts";
import { MemoryCatalogue } from "./memory/catalogue.ts";
import { MemoryOrderRepository } from "./memory/orders.ts";
import { MemorySalesFacts } from "./memory/sales_facts.ts";
import type { Catalogue, CatalogueAdmin, OrderRepository } from "../domain/ports.ts";
import type { BookLanguage } from "../domain/catalogue/book_record.ts";
import type { ItemType, Order, OrderLine, PaymentMethod } from "../domain/orders/model.ts";
import { PAYMENT_METHODS } from "../domain/orders/model.ts";
import { planPaymentChange } from "../domain/orders/payment.ts";
import { paysOnline } from "../domain/orders/payment_policy.ts";
import type {
  DaySales,
  IdlePage,
  IdleProduct,
  ProductSales,
  SalesFacts,
  StockLine,
} from "../domain/reports/ports.ts";
import {
  addDays,
  REPORT_GRAINS,
  type ReportGrain,
  type ReportRange,
} from "../domain/reports/range.ts";
import { salesReport } from "../domain/reports/sales_report.ts";

/** A product as this suite made it: what the reference names it by. */
interface Made {
  store: ItemType;
  id: number;
  title: string;
  categoryName: string;
  language: BookLanguage | null;
  priceCents: number;
  weightGrams: number;
}

interface World {
  orders: OrderRepository;
  admin: CatalogueAdmin;
  catalogue: Catalogue;
  facts: SalesFacts;
  products: Made[];
}

const BOOKS: {
  title: string;
  category: "Novels" | "Poetry";
  language: BookLanguage;
  priceCents: number;
}[] = [
  { title: "Madol Doova", category: "Novels", language: "Sinhala", priceCents: 125_050 },
  { title: "Gitanjali", category: "Poetry", language: "English", priceCents: 90_000 },
  { title: "Ponniyin Selvan", category: "Novels", language: "Tamil", priceCents: 240_000 },
  { title: "Godaan", category: "Novels", language: "Hindi", priceCents: 75_000 },
];
const PEN = { title: "Atlas pen, blue", category: "Pens", priceCents: 5_000 };

async function stock(world: Omit<World, "products">): Promise<Made[]> {
  const made: Made[] = [];
  const novels = await world.admin.createCategory("Novels");
  const poetry = await world.admin.createCategory("Poetry");
  const pens = await world.admin.createStationeryCategory("Pens");
  assert.ok(novels.kind === "ok" && poetry.kind === "ok" && pens.kind === "ok");
  for (const book of BOOKS) {
    const category = book.category === "Novels" ? novels.value : poetry.value;
    const created = await world.admin.createBook(aBook(category.id, {
      title: book.title,
      language: book.language,
      priceCents: book.priceCents,
      stock: 10_000,
    }));
    assert.ok(created.kind === "ok");
    made.push({
      store: "book",
      id: created.value.id,
      title: book.title,
      categoryName: book.category,
      language: book.language,
      priceCents: book.priceCents,
      weightGrams: created.value.weightGrams,
    });
  }
  const pen = await world.admin.createStationery(
    aStationeryItem(pens.value.id, { title: PEN.title, priceCents: PEN.priceCents, stock: 10_000 }),
  );
  assert.ok(pen.kind === "ok");
  made.push({
    store: "stationery",
    id: pen.value.id,
    title: PEN.title,
    categoryName: PEN.category,
    language: null,
    priceCents: PEN.priceCents,
    weightGrams: pen.value.weightGrams,
  });
  return made;
}

function contract(name: string, fn: (world: World) => Promise<void>): void {
  Deno.test(`${name} [memory]`, async () => {
    const catalogue = new MemoryCatalogue();
    const orders = new MemoryOrderRepository(catalogue);
    const world = {
      orders,
      admin: catalogue,
      catalogue,
      facts: new MemorySalesFacts(orders, catalogue),
    };
    await fn({ ...world, products: await stock(world) });
  });
  testOnBothEngines(name, async (sql) => {
    const world = {
      orders: new PostgresOrderRepository(sql),
      admin: new PostgresCatalogueAdmin(sql),
      catalogue: new PostgresCatalogue(sql),
      facts: new PostgresSalesFacts(sql),
    };
    await fn({ ...world, products: await stock(world) });
  });
}

// ---------------------------------------------------------------------------------------
// The reference: the figures worked out from the raw orders, by the rules as written in
// domain/reports/sales_report.ts, without the domain's helpers.

const COLOMBO_MS = 330 * 60_000;

function dayOf(iso: string): string {
  return new Date(Date.parse(iso) + COLOMBO_MS).toISOString().slice(0, 10);
}

function receivedDay(order: Order): string | null {
  if (order.paymentStatus !== "paid" || order.status === "rejected") return null;
  const paid = order.events.filter((e) => e.kind === "paid").map((e) => e.at).sort();
  return paid.length === 0 ? null : dayOf(paid[paid.length - 1]);
}

function lapsed(order: Order): boolean {
  return order.status === "rejected" && order.events.some((e) => e.kind === "lapsed");
}

function inRange(day: string, range: ReportRange): boolean {
  return range.from <= day && day <= range.to;
}

async function allOrders(orders: OrderRepository): Promise<Order[]> {
  return await orders.list();
}

/** The live state of the products made: stock and whether they are still on sale. */
async function liveProducts(world: World) {
  return await Promise.all(world.products.map(async (made) => {
    const found = made.store === "book"
      ? await world.catalogue.findBook(made.id)
      : await world.catalogue.findStationery(made.id);
    return { ...made, onSale: found !== undefined, stock: found?.stock ?? 0 };
  }));
}

function referenceDays(orders: Order[], range: ReportRange): DaySales[] {
  const days: DaySales[] = [];
  const row = (day: string, method: PaymentMethod) => {
    let found = days.find((d) => d.day === day && d.paymentMethod === method);
    if (!found) {
      found = {
        day,
        paymentMethod: method,
        placed: 0,
        lapsed: 0,
        rejected: 0,
        paidOrders: 0,
        takingsCents: 0,
        deliveryCents: 0,
      };
      days.push(found);
    }
    return found;
  };
  for (const order of orders) {
    const placed = dayOf(order.orderDate);
    if (inRange(placed, range)) {
      const r = row(placed, order.paymentMethod);
      r.placed++;
      if (lapsed(order)) r.lapsed++;
      else if (order.status === "rejected") r.rejected++;
    }
    const received = receivedDay(order);
    if (received !== null && inRange(received, range)) {
      const r = row(received, order.paymentMethod);
      r.paidOrders++;
      r.takingsCents += order.totalCents + order.deliveryFeeCents;
      r.deliveryCents += order.deliveryFeeCents;
    }
  }
  return days;
}

function soldLines(orders: Order[]) {
  return orders.filter((o) => o.status !== "rejected").flatMap((o) =>
    o.items.map((line) => ({ day: dayOf(o.orderDate), line }))
  );
}

function referenceProducts(orders: Order[], made: Made[], range: ReportRange): ProductSales[] {
  return made.flatMap((product) => {
    const lines = soldLines(orders).filter(({ day, line }) =>
      inRange(day, range) && line.type === product.store && line.itemId === product.id
    );
    if (lines.length === 0) return [];
    return [{
      store: product.store,
      id: product.id,
      title: product.title,
      categoryName: product.categoryName,
      language: product.language,
      units: lines.reduce((sum, { line }) => sum + line.quantity, 0),
      cents: lines.reduce(
        (sum, { line }) => sum + lineTotalCents(line),
        0,
      ),
    }];
  });
}

type Live = Awaited<ReturnType<typeof liveProducts>>[number];

function referenceStock(live: Live[]): StockLine[] {
  const lines: StockLine[] = [];
  for (const p of live.filter((p) => p.onSale)) {
    let line = lines.find((l) => l.store === p.store && l.categoryName === p.categoryName);
    if (!line) {
      line = { store: p.store, categoryName: p.categoryName, products: 0, units: 0, valueCents: 0 };
      lines.push(line);
    }
    line.products++;
    line.units += p.stock;
    line.valueCents += p.stock * p.priceCents;
  }
  return lines;
}

function referenceIdle(orders: Order[], live: Live[], spell: ReportRange, limit: number): IdlePage {
  const idle: IdleProduct[] = live
    .filter((p) => p.onSale && p.stock > 0)
    .map((p) => {
      const days = soldLines(orders)
        .filter(({ day, line }) => day <= spell.to && line.type === p.store && line.itemId === p.id)
        .map(({ day }) => day).sort();
      return {
        store: p.store,
        id: p.id,
        title: p.title,
        categoryName: p.categoryName,
        stock: p.stock,
        valueCents: p.stock * p.priceCents,
        lastSold: days.length === 0 ? null : days[days.length - 1],
      };
    })
    .filter((p) => p.lastSold === null || p.lastSold < spell.from)
    .sort((a, b) =>
      (a.lastSold ?? "") < (b.lastSold ?? "")
        ? -1
        : (a.lastSold ?? "") > (b.lastSold ?? "")
        ? 1
        : a.store < b.store
        ? -1
        : a.store > b.store
        ? 1
        : a.id - b.id
    );
  return { total: idle.length, products: idle.slice(0, limit) };
}

/** The reference as a SalesFacts, for the whole report built over it. */
async function referenceFacts(world: World): Promise<SalesFacts> {
  const orders = await allOrders(world.orders);
  const live = await liveProducts(world);
  return {
    daySales: (range) => Promise.resolve(referenceDays(orders, range)),
    productSales: (range) => Promise.resolve(referenceProducts(orders, world.products, range)),
    stock: () => Promise.resolve(referenceStock(live)),
    idleProducts: (spell, limit) => Promise.resolve(referenceIdle(orders, live, spell, limit)),
  };
}

const byDay = (a: DaySales, b: DaySales) =>
  a.day.localeCompare(b.day) || a.paymentMethod.localeCompare(b.paymentMethod);
const byProduct = (a: ProductSales, b: ProductSales) =>
  a.store.localeCompare(b.store) || a.id - b.id;
const byLine = (a: StockLine, b: StockLine) =>
  a.store.localeCompare(b.store) || a.categoryName.localeCompare(b.categoryName);

/** Every figure of the adapter against the reference, and the report built over each. */
async function assertMatchesReference(
  world: World,
  range: ReportRange,
  grain: ReportGrain,
  idleDays: number,
): Promise<void> {
  const reference = await referenceFacts(world);
  assert.deepEqual(
    (await world.facts.daySales(range)).sort(byDay),
    (await reference.daySales(range)).sort(byDay),
    `days of ${range.from}..${range.to}`,
  );
  assert.deepEqual(
    (await world.facts.productSales(range)).sort(byProduct),
    (await reference.productSales(range)).sort(byProduct),
    "products sold",
  );
  assert.deepEqual(
    (await world.facts.stock()).sort(byLine),
    (await reference.stock()).sort(byLine),
  );
  const spell = { from: addDays(range.to, 1 - idleDays), to: range.to };
  for (const limit of [0, 2, 50]) {
    assert.deepEqual(
      await world.facts.idleProducts(spell, limit),
      await reference.idleProducts(spell, limit),
      `idle products, at most ${limit}`,
    );
  }
  const query = { range, grain, idleDays };
  assert.deepEqual(await salesReport(world.facts, query), await salesReport(reference, query));
}

// ---------------------------------------------------------------------------------------
// Moving orders as the shop's use cases plan it.

async function place(
  world: World,
  lines: OrderLine[],
  paymentMethod: PaymentMethod,
  orderDate: string,
  deliveryFeeCents = 25_000,
): Promise<Order> {
  const placed = await world.orders.place(
    aPlacement(lines, { paymentMethod, orderDate, deliveryFeeCents }),
  );
  assert.equal(placed.kind, "placed");
  return (placed as { order: Order }).order;
}

async function pay(world: World, id: number, to: "paid" | "unpaid", at: string): Promise<void> {
  const order = await world.orders.findById(id);
  assert.ok(order);
  // A method paid online is paid by its provider's notice (the system), others by the owner.
  const actor = paysOnline(order.paymentMethod) ? "system" : "admin";
  const planned = planPaymentChange(order, { to, actor, at, note: null });
  assert.equal(planned.kind, "ok", `${order.paymentMethod} ${order.paymentStatus} → ${to}`);
  if (planned.kind !== "ok") return;
  const outcome = await world.orders.changePayment(
    planned.plan,
    planned.plan.saveSlip ? new Uint8Array([1]) : undefined,
  );
  assert.equal(outcome.kind, "changed");
}

function line(product: Made, quantity: number): OrderLine {
  return aLine(product, product.store, quantity);
}

contract(
  "orders and takings fall on Colombo's days: 18:29:59Z is one day, 18:30:00Z the next",
  async (world) => {
    const [madol, gitanjali, ponniyin, godaan, pen] = world.products;
    // 23:59:59 on 1 March in Colombo; paid one second later, on 2 March.
    const late = await place(world, [line(madol, 2)], "COD", "2026-03-01T18:29:59.000Z");
    await pay(world, late.id, "paid", "2026-03-01T18:30:00.000Z");
    // 00:00:00 on 2 March in Colombo; paid and sent the same day.
    const early = await place(
      world,
      [line(gitanjali, 1), line(pen, 3)],
      "Bank Deposit",
      "2026-03-01T18:30:00.000Z",
    );
    await pay(world, early.id, "paid", "2026-03-02T10:00:00.000Z");
    assert.equal((await complete(world.orders, early.id, new Uint8Array([1]))).kind, "changed");
    // Never paid: lapses 48 hours on.
    const lapsing = await place(
      world,
      [line(ponniyin, 1)],
      "Bank Deposit",
      "2026-03-02T05:00:00.000Z",
    );
    assert.deepEqual(await world.orders.lapseDue("2026-03-04T06:00:00.000Z", 10), [lapsing.id]);
    // Rejected by the shop; paid and then taken back; paid by card, then cancelled.
    const refused = await place(world, [line(godaan, 1)], "COD", "2026-03-03T05:00:00.000Z");
    assert.equal((await reject(world.orders, refused.id)).kind, "changed");
    const undone = await place(world, [line(madol, 1)], "COD", "2026-03-03T06:00:00.000Z");
    await pay(world, undone.id, "paid", "2026-03-03T07:00:00.000Z");
    await pay(world, undone.id, "unpaid", "2026-03-03T08:00:00.000Z");
    const card = await place(world, [line(pen, 1)], "Card", "2026-03-03T09:00:00.000Z", 15_000);
    await pay(world, card.id, "paid", "2026-03-03T09:05:00.000Z");
    // Placed and paid in February: the range before March's.
    const before = await place(
      world,
      [line(gitanjali, 2)],
      "Bank Deposit",
      "2026-02-20T04:00:00.000Z",
    );
    await pay(world, before.id, "paid", "2026-02-21T04:00:00.000Z");

    const march = { from: "2026-03-01", to: "2026-03-31" };
    const days = (await world.facts.daySales(march)).sort(byDay);
    const totalOf = (o: Order) => o.totalCents + o.deliveryFeeCents;
    assert.deepEqual(
      days.map((d) => [d.day, d.paymentMethod, d.placed, d.paidOrders, d.takingsCents]),
      [
        ["2026-03-01", "COD", 1, 0, 0],
        ["2026-03-02", "Bank Deposit", 2, 1, totalOf(early)],
        ["2026-03-02", "COD", 0, 1, totalOf(late)],
        ["2026-03-03", "Card", 1, 1, totalOf(card)],
        ["2026-03-03", "COD", 2, 0, 0],
      ],
    );
    const report = await salesReport(world.facts, { range: march, grain: "day", idleDays: 30 });
    assert.equal(report.totals.current.orders, 6);
    assert.equal(report.totals.current.lapsed, 1);
    assert.equal(report.totals.current.rejected, 1);
    assert.equal(report.totals.current.deliveryCents, 25_000 + 25_000 + 15_000);
    assert.equal(report.totals.previous.paidOrders, 1);
    assert.equal(report.periods[1].takingsCents, totalOf(late) + totalOf(early));
    assert.deepEqual(
      report.sellers.byUnits.best.map((p) => [p.title, p.units]),
      [["Atlas pen, blue", 4], ["Madol Doova", 3], ["Gitanjali", 1]],
      "the lapsed and the rejected orders' books sold nothing",
    );
    // Ponniyin Selvan and Godaan sat the whole month; archived, a book leaves the stock.
    assert.deepEqual(report.idle.products.map((p) => p.title), ["Ponniyin Selvan", "Godaan"]);
    assert.equal((await world.admin.deleteBook(gitanjali.id)).kind, "archived");
    await assertMatchesReference(world, march, "day", 30);
    await assertMatchesReference(world, march, "week", 7);
    await assertMatchesReference(world, { from: "2026-02-01", to: "2026-03-02" }, "month", 1);
  },
);

/** One order of the property test: when, how, what, and what became of it. */
const anOrder = fc.record({
  day: fc.integer({ min: 0, max: 40 }),
  /** Seconds from Colombo's midnight (18:30Z): around it, or anywhere in the day. */
  second: fc.oneof(fc.integer({ min: -2, max: 1 }), fc.integer({ min: 0, max: 86_399 })),
  method: fc.constantFrom(...PAYMENT_METHODS),
  lines: fc.uniqueArray(
    fc.record({
      product: fc.integer({ min: 0, max: BOOKS.length }),
      quantity: fc.integer({ min: 1, max: 3 }),
    }),
    { minLength: 1, maxLength: 3, selector: (l) => l.product },
  ),
  delivery: fc.integer({ min: 0, max: 90_000 }),
  fate: fc.constantFrom(
    "pending",
    "paid",
    "completed",
    "unpaid_again",
    "rejected",
    "paid_rejected",
    "lapsed",
  ),
  /** Seconds from placing to the payment: the same Colombo day or a later one. */
  paidAfter: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 60, max: 3 * 86_400 })),
});

const START = Date.parse("2026-01-31T18:30:00.000Z"); // 1 February in Colombo

/** Ranges over the orders' February and March with whole months and years in them, and edges. */
const MONTH_RANGES = [
  { from: "2026-02-01", to: "2026-02-28" },
  { from: "2026-02-01", to: "2026-03-31" },
  { from: "2026-01-20", to: "2026-03-15" },
  { from: "2026-02-15", to: "2026-04-30" },
  { from: "2026-02-28", to: "2026-03-01" },
  { from: "2026-01-01", to: "2026-12-31" },
  { from: "2025-12-31", to: "2027-01-01" },
  { from: "2025-06-01", to: "2026-03-31" },
];

contract(
  "every figure equals the reference over random orders across Colombo midnight",
  async (world) => {
    let lapseClock = START;
    await fc.assert(
      fc.asyncProperty(
        fc.array(anOrder, { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 0, max: 45 }),
        fc.integer({ min: 0, max: 30 }),
        fc.constantFrom(...REPORT_GRAINS),
        fc.integer({ min: 1, max: 60 }),
        async (orders, fromDay, length, grain, idleDays) => {
          for (const o of orders) {
            const placedAt = START + o.day * 86_400_000 + o.second * 1000;
            const orderDate = new Date(placedAt).toISOString();
            const lines = o.lines.map((l) => line(world.products[l.product], l.quantity));
            const placed = await place(world, lines, o.method, orderDate, o.delivery);
            const paidAt = new Date(placedAt + o.paidAfter * 1000).toISOString();
            if (o.fate === "lapsed") {
              // Its hold is up an hour after its time: every order due then lapses.
              lapseClock = Math.max(lapseClock, Date.parse(placed.expiresAt!) + 3_600_000);
              await world.orders.lapseDue(new Date(lapseClock).toISOString(), 1_000);
              continue;
            }
            if (o.fate !== "pending" && o.fate !== "rejected") {
              await pay(
                world,
                placed.id,
                "paid",
                paidAt,
              );
            }
            if (o.fate === "unpaid_again") {
              await pay(
                world,
                placed.id,
                "unpaid",
                new Date(Date.parse(paidAt) + 1000).toISOString(),
              );
            }
            if (o.fate === "completed") {
              assert.equal(
                (await complete(world.orders, placed.id, new Uint8Array([1]))).kind,
                "changed",
              );
            }
            if (o.fate === "rejected" || o.fate === "paid_rejected") {
              assert.equal((await reject(world.orders, placed.id)).kind, "changed");
            }
          }
          const from = addDays("2026-02-01", fromDay);
          await assertMatchesReference(world, { from, to: addDays(from, length) }, grain, idleDays);
          // Ranges holding whole months, read from the monthly summary where there is one.
          for (const range of MONTH_RANGES) {
            assert.deepEqual(
              (await world.facts.productSales(range)).sort(byProduct),
              (await (await referenceFacts(world)).productSales(range)).sort(byProduct),
              `products sold ${range.from}..${range.to}`,
            );
          }
        },
      ),
      { numRuns: 25 },
    );
  },
);
