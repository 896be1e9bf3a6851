import assert from "node:assert/strict";
import fc from "fast-check";
import { boundedTotal, listingTotal, SEARCH_COUNT_STEP, searchCountBound } from "./search_count.ts";

Deno.test("pages 1 to 100 of ten count up to 1,000, pages 101 to 200 up to 2,000", () => {
  assert.equal(searchCountBound(0, 10), 1000);
  assert.equal(searchCountBound(990, 10), 1000);
  assert.equal(searchCountBound(1000, 10), 2000);
  assert.equal(searchCountBound(1990, 10), 2000);
  // A page of 24 that ends past 1,000 counts to the next bound: it never shows rows past it.
  assert.equal(searchCountBound(984, 24), 2000);
});

Deno.test("a search's bound is a whole step at or past its page's end, and the least such", () => {
  fc.assert(fc.property(
    fc.nat(1_000_000),
    fc.integer({ min: 1, max: 100 }),
    fc.integer({ min: 1, max: 5_000 }),
    (offset, pageSize, step) => {
      const bound = searchCountBound(offset, pageSize, step);
      assert.equal(bound % step, 0);
      assert.ok(bound >= offset + pageSize);
      assert.ok(bound === step || bound - step < offset + pageSize);
    },
  ));
});

Deno.test("a count past the bound answers the bound, capped; one within it is exact", () => {
  assert.deepEqual(boundedTotal(1001, 1000), { total: 1000, totalCapped: true });
  assert.deepEqual(boundedTotal(1000, 1000), { total: 1000 });
  assert.deepEqual(boundedTotal(0, 1000), { total: 0 });
});

Deno.test("only a search's total is capped; a listing without one counts exactly", () => {
  const page = { page: 101, pageSize: 10 };
  assert.deepEqual(listingTotal(5000, page, { searching: true }), {
    total: 2000,
    totalCapped: true,
  });
  assert.deepEqual(listingTotal(5000, page, { searching: false }), { total: 5000 });
  assert.deepEqual(listingTotal(1500, page, { searching: true }), { total: 1500 });
  assert.deepEqual(listingTotal(7, { page: 1, pageSize: 2 }, { searching: true, step: 3 }), {
    total: 3,
    totalCapped: true,
  });
  assert.equal(SEARCH_COUNT_STEP, 1000);
});
