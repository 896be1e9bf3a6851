import assert from "node:assert/strict";
import {
  apiSearch,
  bookFilter,
  catalogueSort,
  type ListQuery,
  listSearch,
  parseListQuery,
  PRICE_MAX,
  PRICE_MIN,
} from "./list_query.ts";

/** A list as it first opens: everything, in stock or not, from the first page. */
const DEFAULT_LIST_QUERY: Readonly<ListQuery> = Object.freeze({
  q: "",
  minPrice: PRICE_MIN,
  maxPrice: PRICE_MAX,
  inStock: true,
  outOfStock: true,
  page: 1,
});

const parse = (search: string) => parseListQuery(new URLSearchParams(search));

Deno.test("parseListQuery() gives the defaults for an empty query", () => {
  assert.deepEqual(parse(""), DEFAULT_LIST_QUERY);
});

Deno.test("parseListQuery() reads search, category, author, prices and page", () => {
  assert.deepEqual(
    parse("q=%20gam%20&categoryId=2&author=Sybil&minPrice=100&maxPrice=900&page=3"),
    {
      q: "gam",
      categoryId: 2,
      author: "Sybil",
      minPrice: 100,
      maxPrice: 900,
      inStock: true,
      outOfStock: true,
      page: 3,
    },
  );
});

Deno.test("parseListQuery() takes the last value a plain form sends for a ticked box", () => {
  const query = parse("inStock=0&inStock=1&outOfStock=0");
  assert.equal(query.inStock, true);
  assert.equal(query.outOfStock, false);
});

Deno.test("parseListQuery() falls back on unusable values and clamps prices", () => {
  const query = parse("categoryId=abc&page=-2&minPrice=9000&maxPrice=x");
  assert.equal(query.categoryId, undefined);
  assert.equal(query.page, 1);
  assert.equal(query.minPrice, PRICE_MAX);
  assert.equal(query.maxPrice, PRICE_MAX);
});

Deno.test("parseListQuery() swaps a reversed price range", () => {
  const query = parse("minPrice=800&maxPrice=200");
  assert.deepEqual([query.minPrice, query.maxPrice], [200, 800]);
});

Deno.test("listSearch() leaves defaults out and round-trips through parseListQuery()", () => {
  assert.equal(listSearch(DEFAULT_LIST_QUERY), "");
  const query = { ...DEFAULT_LIST_QUERY, q: "gam", categoryId: 2, page: 3, outOfStock: false };
  assert.equal(listSearch(query), "?q=gam&categoryId=2&outOfStock=0&page=3");
  assert.deepEqual(parse(listSearch(query).slice(1)), query);
});

Deno.test("apiSearch() always states the stock boxes, page and page size", () => {
  assert.equal(
    apiSearch({ ...DEFAULT_LIST_QUERY, maxPrice: 2000 }),
    "?maxPrice=2000&inStock=1&outOfStock=1&page=1&pageSize=10",
  );
});

Deno.test("bookFilter() sets no upper bound when the slider is at its top", () => {
  assert.deepEqual(bookFilter(DEFAULT_LIST_QUERY), { inStock: true, outOfStock: true });
  assert.deepEqual(bookFilter({ ...DEFAULT_LIST_QUERY, minPrice: 100, maxPrice: 4999 }), {
    minPriceCents: 10_000,
    maxPriceCents: 499_900,
    inStock: true,
    outOfStock: true,
  });
});

Deno.test("parseListQuery() keeps a known sort and drops any other", () => {
  assert.equal(parse("sort=price-desc").sort, "price-desc");
  assert.equal(parse("sort=newest&sort=title").sort, "title");
  assert.equal("sort" in parse("sort=id%3B%20DROP"), false);
  assert.equal("sort" in parse("sort="), false);
});

Deno.test("the sort lives in the URL and asks the API for its column and direction", () => {
  const query = { ...DEFAULT_LIST_QUERY, q: "gam", sort: "price-desc" as const, page: 2 };
  assert.equal(listSearch(query), "?q=gam&sort=price-desc&page=2");
  assert.deepEqual(parse(listSearch(query).slice(1)), query);
  const api = new URLSearchParams(apiSearch(query));
  assert.deepEqual([api.get("sort"), api.get("order")], ["price", "desc"]);
  assert.deepEqual(catalogueSort({ ...query, sort: "newest" }), { by: "id", direction: "desc" });
  assert.deepEqual(catalogueSort({ ...query, sort: "title" }), { by: "title", direction: "asc" });
  assert.equal(catalogueSort({ ...query, sort: undefined }), undefined);
  assert.equal(new URLSearchParams(apiSearch({ ...query, sort: undefined })).has("sort"), false);
});
