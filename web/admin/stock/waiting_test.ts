import assert from "node:assert/strict";
import { sortWaiting, waitingCounts, type WireWaitingProduct } from "./waiting.ts";

const row = (id: number, title: string, waiting: number, stock: number, oldest: string) => ({
  type: "book" as const,
  id,
  title,
  stock,
  archived: false,
  waiting,
  oldest,
});

const LIST: WireWaitingProduct[] = [
  row(1, "Reef", 5, 0, "2026-03-02T00:00:00Z"),
  row(2, "Gamperaliya", 5, 2, "2026-03-01T00:00:00Z"),
  row(3, "Aa", 1, 0, "2026-03-03T00:00:00Z"),
];

Deno.test("each product's count is looked up by its kind and id", () => {
  const counts = waitingCounts(LIST);
  assert.equal(counts.get("book:2"), 5);
  assert.equal(counts.get("stationery:2"), undefined);
});

Deno.test("the owner orders the list by any column, ties kept in the shop's order", () => {
  assert.deepEqual(sortWaiting(LIST, "waiting", "desc").map((w) => w.id), [1, 2, 3]);
  assert.deepEqual(sortWaiting(LIST, "waiting", "asc").map((w) => w.id), [3, 1, 2]);
  assert.deepEqual(sortWaiting(LIST, "title", "asc").map((w) => w.id), [3, 2, 1]);
  assert.deepEqual(sortWaiting(LIST, "stock", "desc").map((w) => w.id), [2, 1, 3]);
  assert.deepEqual(sortWaiting(LIST, "oldest", "asc").map((w) => w.id), [2, 1, 3]);
});
