import assert from "node:assert/strict";
import { PAYMENT_METHODS } from "../orders/model.ts";
import type { DaySales, ProductSales, SalesFacts } from "./ports.ts";
import {
  basisPoints,
  idleSince,
  periodSales,
  ranking,
  salesReport,
  SELLERS_LISTED,
} from "./sales_report.ts";
import fc from "fast-check";
import { addDays, periodBefore, REPORT_GRAINS, reportPeriods } from "./range.ts";

function day(partial: Partial<DaySales> & Pick<DaySales, "day" | "paymentMethod">): DaySales {
  return {
    placed: 0,
    lapsed: 0,
    rejected: 0,
    paidOrders: 0,
    takingsCents: 0,
    deliveryCents: 0,
    ...partial,
  };
}

function product(id: number, units: number, cents: number, over: Partial<ProductSales> = {}) {
  return {
    store: "book" as const,
    id,
    title: `Book ${id}`,
    categoryName: "Novels",
    language: "Sinhala" as const,
    units,
    cents,
    ...over,
  };
}

/** Figures as a store would give them, whatever range is asked (the report picks its days). */
function facts(days: DaySales[], products: ProductSales[] = []): SalesFacts {
  return {
    daySales: (range) =>
      Promise.resolve(days.filter((d) => d.day >= range.from && d.day <= range.to)),
    productSales: () => Promise.resolve(products),
    stock: () =>
      Promise.resolve([
        { store: "book", categoryName: "Novels", products: 3, units: 10, valueCents: 1_000_000 },
        { store: "stationery", categoryName: "Pens", products: 1, units: 50, valueCents: 250_000 },
      ]),
    idleProducts: () => Promise.resolve({ total: 0, products: [] }),
  };
}

const MARCH = { from: "2026-03-01", to: "2026-03-31" };

Deno.test("takings, orders and the average order set the range against the one before", async () => {
  const report = await salesReport(
    facts([
      day({ day: "2026-03-01", paymentMethod: "COD", placed: 3, lapsed: 0, rejected: 1 }),
      day({
        day: "2026-03-02",
        paymentMethod: "COD",
        paidOrders: 2,
        takingsCents: 300_001,
        deliveryCents: 80_000,
      }),
      day({ day: "2026-03-02", paymentMethod: "Bank Deposit", placed: 1, lapsed: 1 }),
      // The range before: 29 January to 28 February.
      day({
        day: "2026-02-28",
        paymentMethod: "COD",
        placed: 1,
        paidOrders: 1,
        takingsCents: 50_000,
      }),
      // Before that: in neither range.
      day({ day: "2026-01-28", paymentMethod: "COD", placed: 9 }),
    ]),
    { range: MARCH, grain: "month", idleDays: 90 },
  );
  assert.deepEqual(report.previousRange, { from: "2026-01-29", to: "2026-02-28" });
  assert.deepEqual(report.periods, [{
    start: "2026-03-01",
    end: "2026-03-31",
    orders: 4,
    paidOrders: 2,
    takingsCents: 300_001,
    previous: {
      start: "2026-01-29",
      end: "2026-02-28",
      orders: 1,
      paidOrders: 1,
      takingsCents: 50_000,
    },
  }]);
  const current = report.totals.current;
  assert.equal(current.averageOrderCents, 150_001, "300,001 cents over 2 orders, rounded half up");
  assert.equal(current.deliveryCents, 80_000);
  assert.equal(current.lapseRate, 2500);
  assert.equal(current.rejectionRate, 2500);
  assert.equal(report.totals.previous.averageOrderCents, 50_000);
});

Deno.test("every payment method has its share, named by its policy, even with no orders", async () => {
  const report = await salesReport(
    facts([
      day({ day: "2026-03-01", paymentMethod: "COD", placed: 2, paidOrders: 1, takingsCents: 100 }),
      day({ day: "2026-03-01", paymentMethod: "Bank Deposit", placed: 1, lapsed: 1 }),
    ]),
    { range: MARCH, grain: "day", idleDays: 90 },
  );
  assert.deepEqual(report.paymentMethods.map((m) => m.method), [...PAYMENT_METHODS]);
  const [cod, bank, card] = report.paymentMethods;
  assert.equal(cod.name, "Cash on Delivery");
  assert.equal(cod.ordersShare, 6667);
  assert.equal(cod.takingsShare, 10_000);
  assert.equal(bank.lapseRate, 10_000);
  assert.equal(card.orders, 0);
  assert.equal(card.ordersShare, 0);
  assert.equal(card.lapseRate, null, "nothing placed: no rate");
});

Deno.test("an empty range answers zeros and no average, never a division by zero", async () => {
  const report = await salesReport(facts([]), { range: MARCH, grain: "week", idleDays: 90 });
  assert.equal(report.periods.length, 6);
  assert.equal(report.totals.current.averageOrderCents, null);
  assert.equal(report.totals.current.lapseRate, null);
  assert.equal(report.sellers.productsSold, 0);
  assert.deepEqual(report.sellers.byUnits, { best: [], worst: [] });
  assert.deepEqual(report.sellers.languages.map((l) => l.units), [0, 0, 0, 0]);
});

Deno.test("best and worst sellers by units and by LKR, ties by the other measure and then id", () => {
  const products = [
    product(1, 5, 10_000),
    product(2, 5, 20_000),
    product(3, 1, 90_000),
    product(4, 2, 1_000),
    product(5, 0, 0),
  ];
  const byUnits = ranking(products, "units");
  assert.deepEqual(byUnits.best.map((p) => p.id), [2, 1, 4, 3]);
  assert.deepEqual(
    byUnits.worst.map((p) => p.id),
    [3, 4, 1, 2],
    "a product that sold none is not a seller",
  );
  assert.deepEqual(ranking(products, "cents").best.map((p) => p.id), [3, 2, 1, 4]);
  const many = Array.from({ length: 25 }, (_, i) => product(i + 1, i + 1, 100));
  assert.equal(ranking(many, "units").best.length, SELLERS_LISTED);
  assert.equal(ranking(many, "units").worst[0].id, 1);
});

Deno.test("sellers are grouped by category, store and language; stock is valued at price only", async () => {
  const report = await salesReport(
    facts([day({ day: "2026-03-05", paymentMethod: "COD", placed: 3 })], [
      product(1, 2, 2_000, { categoryName: "Novels", language: "Tamil" }),
      product(2, 1, 5_000, { categoryName: "Poetry", language: "English" }),
      product(3, 4, 400, { store: "stationery", categoryName: "Pens", language: null }),
    ]),
    { range: MARCH, grain: "day", idleDays: 30 },
  );
  assert.deepEqual(report.sellers.categories.map((c) => [c.store, c.category, c.units]), [
    ["stationery", "Pens", 4],
    ["book", "Novels", 2],
    ["book", "Poetry", 1],
  ]);
  assert.deepEqual(report.sellers.stores, [
    { store: "book", units: 3, cents: 7_000 },
    { store: "stationery", units: 4, cents: 400 },
  ]);
  assert.deepEqual(
    report.sellers.languages.map((l) => [l.language, l.units]),
    [["Sinhala", 0], ["English", 1], ["Tamil", 2], ["Hindi", 0]],
  );
  assert.equal(report.stock.costRecorded, false);
  assert.deepEqual(report.stock.total, { products: 4, units: 60, valueCents: 1_250_000 });
  assert.deepEqual(report.idle, {
    days: 30,
    asOf: "2026-03-31",
    since: "2026-03-02",
    total: 0,
    products: [],
  });
});

Deno.test("a range in which no order was placed reads no products, however long", async () => {
  const asked: string[] = [];
  const counted = (days: DaySales[]): SalesFacts => {
    const store = facts(days, [product(1, 2, 2_000)]);
    return {
      ...store,
      productSales: (range) => {
        asked.push(`${range.from}..${range.to}`);
        return store.productSales(range);
      },
    };
  };
  const fiveYears = { from: "2096-01-01", to: "2100-12-31" };
  // Nothing at all, and only money received or orders placed in the range before.
  for (
    const days of [
      [],
      [day({ day: "2098-05-01", paymentMethod: "COD", paidOrders: 1, takingsCents: 1_000 })],
      [day({ day: "2095-12-31", paymentMethod: "COD", placed: 4 })],
    ]
  ) {
    const report = await salesReport(counted(days), {
      range: fiveYears,
      grain: "day",
      idleDays: 90,
    });
    assert.equal(report.sellers.productsSold, 0);
    assert.deepEqual(report.sellers.byUnits, { best: [], worst: [] });
    assert.equal(report.periods.length, 1826);
  }
  assert.deepEqual(asked, [], "no products were read");

  // One order placed on the range's last day: its products are read.
  const report = await salesReport(
    counted([day({ day: "2100-12-31", paymentMethod: "COD", placed: 1 })]),
    { range: fiveYears, grain: "month", idleDays: 90 },
  );
  assert.deepEqual(asked, ["2096-01-01..2100-12-31"]);
  assert.equal(report.sellers.productsSold, 1);
});

Deno.test("shares are basis points rounded half up, none of nothing", () => {
  assert.equal(basisPoints(1, 3), 3333);
  assert.equal(basisPoints(2, 3), 6667);
  assert.equal(basisPoints(0, 0), null);
  assert.equal(idleSince("2026-03-31", 1), "2026-03-31");
});

Deno.test("periodSales() sets each period beside the same period one range earlier, as periodBefore() does, for every grain", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: 36_000 }),
      fc.integer({ min: 0, max: 1826 }),
      fc.constantFrom(...REPORT_GRAINS),
      (start, length, grain) => {
        const range = {
          from: addDays("2000-01-01", start),
          to: addDays("2000-01-01", start + length),
        };
        const periods = periodSales([], range, grain);
        const expected = reportPeriods(range, grain);
        assert.equal(periods.length, expected.length);
        periods.forEach((p, i) => {
          assert.deepEqual({ start: p.start, end: p.end }, expected[i]);
          assert.deepEqual(
            { start: p.previous.start, end: p.previous.end },
            periodBefore(expected[i], range),
          );
        });
      },
    ),
    { numRuns: 100 },
  );
});
