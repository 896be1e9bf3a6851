import assert from "node:assert/strict";
import fc from "fast-check";
import {
  colomboDayEnd,
  colomboDayStart,
  lastShopDay,
  SALE_ENDS_BEFORE_START,
  SALE_PRICE_TOO_LOW,
  SALE_WINDOW_NEEDS_PRICE,
  saleChangeProblems,
  saleOf,
  salePriceNotBelow,
  saleProblems,
} from "./sale_price.ts";
import { inWindow } from "../promotions/pricing.ts";
import { shopDate } from "./preorder.ts";

const NO_SALE = { priceCents: 100000, salePriceCents: null, saleStarts: null, saleEnds: null };

Deno.test("saleProblems() takes a sale price from LKR 0.01 up to below the price, and no sale at all", () => {
  assert.deepEqual(saleProblems(NO_SALE), []);
  assert.deepEqual(saleProblems({ ...NO_SALE, salePriceCents: 1 }), []);
  assert.deepEqual(saleProblems({ ...NO_SALE, salePriceCents: 99999 }), []);
  assert.deepEqual(saleProblems({ ...NO_SALE, salePriceCents: 0 }), [
    { field: "salePriceCents", message: SALE_PRICE_TOO_LOW },
  ]);
  assert.deepEqual(saleProblems({ ...NO_SALE, salePriceCents: 100000 }), [
    { field: "salePriceCents", message: "Sale price must be below the price (LKR 1,000.00)" },
  ]);
  assert.equal(salePriceNotBelow(100000), "Sale price must be below the price (LKR 1,000.00)");
});

Deno.test("saleProblems() refuses a last day before the first, and days without a sale price", () => {
  const sale = { ...NO_SALE, salePriceCents: 80000 };
  assert.deepEqual(saleProblems({ ...sale, saleStarts: "2026-09-20", saleEnds: "2026-09-20" }), []);
  assert.deepEqual(saleProblems({ ...sale, saleStarts: "2026-09-20", saleEnds: "2026-09-19" }), [
    { field: "saleEnds", message: SALE_ENDS_BEFORE_START },
  ]);
  assert.deepEqual(saleProblems({ ...NO_SALE, saleEnds: "2026-09-25" }), [
    { field: "salePriceCents", message: SALE_WINDOW_NEEDS_PRICE },
  ]);
  // Every problem at once, so the form is corrected in one go.
  assert.equal(
    saleProblems({
      ...NO_SALE,
      salePriceCents: 0,
      saleStarts: "2026-09-20",
      saleEnds: "2026-09-01",
    })
      .length,
    2,
  );
});

Deno.test("saleChangeProblems() judges the sale a change leaves, and never a change that touches neither price nor sale", () => {
  const onSale = { ...NO_SALE, salePriceCents: 80000 };
  assert.deepEqual(saleChangeProblems(onSale, {}), []);
  assert.deepEqual(saleChangeProblems(onSale, { priceCents: 70000 }), [
    { field: "salePriceCents", message: salePriceNotBelow(70000) },
  ]);
  assert.deepEqual(saleChangeProblems(onSale, { priceCents: 90000 }), []);
  // Ending the sale takes its days with it.
  assert.deepEqual(
    saleChangeProblems({ ...onSale, saleEnds: "2026-09-25" }, { salePriceCents: null }),
    [{ field: "salePriceCents", message: SALE_WINDOW_NEEDS_PRICE }],
  );
  assert.deepEqual(
    saleChangeProblems({ ...onSale, saleEnds: "2026-09-25" }, {
      salePriceCents: null,
      saleEnds: null,
    }),
    [],
  );
  // A product with a broken sale stored (none can be: the tables check it) keeps other edits.
  assert.deepEqual(saleChangeProblems({ ...NO_SALE, salePriceCents: 0 }, {}), []);
});

Deno.test("a sale's days run from 00:00 in Colombo on the first through the end of the last", () => {
  assert.equal(colomboDayStart("2026-09-20"), "2026-09-19T18:30:00.000Z");
  assert.equal(colomboDayEnd("2026-09-25"), "2026-09-25T18:30:00.000Z");
  const sale = saleOf({ salePriceCents: 80000, saleStarts: "2026-09-20", saleEnds: "2026-09-25" })!;
  assert.deepEqual(sale, {
    priceCents: 80000,
    startsAt: "2026-09-19T18:30:00.000Z",
    endsAt: "2026-09-25T18:30:00.000Z",
  });
  assert.equal(inWindow(sale, "2026-09-19T18:29:59.999Z"), false);
  assert.equal(inWindow(sale, "2026-09-19T18:30:00.000Z"), true);
  assert.equal(inWindow(sale, "2026-09-25T18:29:59.999Z"), true);
  assert.equal(inWindow(sale, "2026-09-25T18:30:00.000Z"), false);
  assert.equal(lastShopDay(sale.endsAt!), "2026-09-25");
  assert.equal(saleOf({ salePriceCents: null, saleStarts: null, saleEnds: null }), null);
  assert.deepEqual(saleOf({ salePriceCents: 5, saleStarts: null, saleEnds: null }), {
    priceCents: 5,
    startsAt: null,
    endsAt: null,
  });
});

Deno.test("a sale runs at a moment exactly when that moment's day in Colombo lies within its days", () => {
  const day = fc.integer({ min: 0, max: 3650 }).map((n) =>
    new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString().slice(0, 10)
  );
  fc.assert(fc.property(
    day,
    day,
    fc.integer({ min: Date.UTC(2025, 11, 1), max: Date.UTC(2036, 0, 1) }),
    (a, b, at) => {
      const [first, last] = a <= b ? [a, b] : [b, a];
      const sale = saleOf({ salePriceCents: 100, saleStarts: first, saleEnds: last })!;
      const today = shopDate(new Date(at));
      assert.equal(
        inWindow(sale, new Date(at).toISOString()),
        first <= today && today <= last,
      );
    },
  ));
});
