import assert from "node:assert/strict";
import fc from "fast-check";
import { pageCount, pageLinks, pageOffset, paginate } from "./pagination.ts";

Deno.test("pageCount() rounds up and never says fewer than 1 page", () => {
  assert.equal(pageCount(0, 10), 1);
  assert.equal(pageCount(10, 10), 1);
  assert.equal(pageCount(11, 10), 2);
  assert.equal(pageCount(21, 10), 3);
  assert.throws(() => pageCount(5, 0), RangeError);
});

Deno.test("pageOffset() counts the items on the pages before", () => {
  assert.equal(pageOffset({ page: 1, pageSize: 10 }), 0);
  assert.equal(pageOffset({ page: 3, pageSize: 10 }), 20);
  assert.equal(pageOffset({ page: 2, pageSize: 100 }), 100);
});

Deno.test("paginate() cuts one page and reports the whole total", () => {
  const items = Array.from({ length: 23 }, (_, i) => i + 1);
  assert.deepEqual(paginate(items, { page: 3, pageSize: 10 }), {
    items: [21, 22, 23],
    page: 3,
    pageSize: 10,
    total: 23,
  });
  assert.deepEqual(paginate(items, { page: 4, pageSize: 10 }).items, []);
});

Deno.test("paginate() visits every item exactly once across all pages", () => {
  fc.assert(fc.property(
    fc.array(fc.integer(), { maxLength: 60 }),
    fc.integer({ min: 1, max: 15 }),
    (items, pageSize) => {
      const pages = pageCount(items.length, pageSize);
      const seen = Array.from(
        { length: pages },
        (_, i) => paginate(items, { page: i + 1, pageSize }).items,
      ).flat();
      assert.deepEqual(seen, items);
    },
  ));
});

Deno.test("pageLinks() lists all pages when there are 7 or fewer", () => {
  assert.deepEqual(pageLinks(1, 1), [1]);
  assert.deepEqual(pageLinks(3, 7), [1, 2, 3, 4, 5, 6, 7]);
  assert.deepEqual(pageLinks(1, 0), [1]);
});

Deno.test("pageLinks() shows first, last and the neighbours of the current page", () => {
  assert.deepEqual(pageLinks(5, 20), [1, "gap", 4, 5, 6, "gap", 20]);
  assert.deepEqual(pageLinks(1, 20), [1, 2, 3, 4, 5, "gap", 20]);
  assert.deepEqual(pageLinks(4, 20), [1, 2, 3, 4, 5, "gap", 20]);
  assert.deepEqual(pageLinks(17, 20), [1, "gap", 16, 17, 18, 19, 20]);
  assert.deepEqual(pageLinks(20, 20), [1, "gap", 16, 17, 18, 19, 20]);
  assert.deepEqual(pageLinks(99, 20), [1, "gap", 16, 17, 18, 19, 20]);
});

Deno.test("pageLinks() always holds the current, first and last pages in order, gaps hiding 2+", () => {
  fc.assert(fc.property(fc.integer({ min: 1, max: 200 }), fc.nat(), (total, seed) => {
    const current = (seed % total) + 1;
    const links = pageLinks(current, total);
    const numbers = links.filter((l): l is number => l !== "gap");
    assert.ok(numbers.includes(1) && numbers.includes(total) && numbers.includes(current));
    assert.ok(links.length <= 7);
    links.forEach((link, i) => {
      if (link !== "gap") return;
      const before = links[i - 1] as number;
      const after = links[i + 1] as number;
      assert.ok(after - before > 2, `gap between ${before} and ${after}`);
    });
    for (let i = 1; i < numbers.length; i++) assert.ok(numbers[i] > numbers[i - 1]);
  }));
});
