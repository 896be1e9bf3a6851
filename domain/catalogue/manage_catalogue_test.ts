import assert from "node:assert/strict";
import type { CatalogueAdmin } from "../ports.ts";
import type { Book, BookChanges, NewBook } from "./model.ts";
import {
  addBook,
  addCategory,
  changeBook,
  changeStationery,
  normaliseBookChanges,
  planAfterDeletion,
  renameCategory,
} from "./manage_catalogue.ts";

function recordingAdmin() {
  const calls: { method: string; args: unknown[] }[] = [];
  const record = (method: string) => (...args: unknown[]) => {
    calls.push({ method, args });
    return Promise.resolve({ kind: "not_found" as const });
  };
  const admin = {
    createBook: record("createBook"),
    updateBook: record("updateBook"),
    deleteBook: record("deleteBook"),
    createStationery: record("createStationery"),
    updateStationery: record("updateStationery"),
    deleteStationery: record("deleteStationery"),
    createCategory: record("createCategory"),
    createStationeryCategory: record("createStationeryCategory"),
    renameCategory: record("renameCategory"),
    findBooksByIsbn: (isbns: string[]) => {
      calls.push({ method: "findBooksByIsbn", args: [isbns] });
      return Promise.resolve(isbns.includes(HELD_ISBN) ? [{ id: 7, isbn13: HELD_ISBN }] : []);
    },
  } as unknown as CatalogueAdmin;
  return { admin, calls };
}

/** An ISBN-13 with a wrong check digit that book 7 was listed with before the rule. */
const HELD_ISBN = "9789550000001";

const NEW_BOOK: NewBook = {
  title: "Gamperaliya",
  author: "Martin Wickramasinghe",
  priceCents: 120_000,
  stock: 3,
  categoryId: 1,
  isbn13: "9789550000005",
  language: "Sinhala",
  binding: "Paperback",
  publisher: "Sarasa",
  publishingDate: "2020-01-15",
  edition: "2nd",
  weightGrams: 400,
  description: "   ",
  images: ["/uploads/a.png"],
  preorder: false,
  preorderDate: null,
  preorderedStock: 0,
};

Deno.test("changeBook() refuses stock and addStock together without touching the store", async () => {
  const { admin, calls } = recordingAdmin();
  const result = await changeBook(admin, { id: 1, changes: { stock: 3, addStock: 2 } });
  assert.deepEqual(result, { kind: "stock_and_add_stock" });
  assert.equal(calls.length, 0);
});

Deno.test("changeStationery() refuses stock and addStock together", async () => {
  const { admin, calls } = recordingAdmin();
  const result = await changeStationery(admin, { id: 1, changes: { stock: 0, addStock: -1 } });
  assert.deepEqual(result, { kind: "stock_and_add_stock" });
  assert.equal(calls.length, 0);
});

Deno.test("changeBook() passes a relative stock change to the store as it is", async () => {
  const { admin, calls } = recordingAdmin();
  await changeBook(admin, { id: 4, changes: { addStock: -2, priceCents: 50_000 } });
  assert.deepEqual(calls, [{
    method: "updateBook",
    args: [4, { addStock: -2, priceCents: 50_000 }],
  }]);
});

Deno.test("normaliseBookChanges() clears the expected date of a book taken off pre-order", () => {
  assert.deepEqual(normaliseBookChanges({ preorder: false }), {
    preorder: false,
    preorderDate: null,
  });
  const kept: BookChanges = { preorder: true, preorderDate: "2026-05-01" };
  assert.deepEqual(normaliseBookChanges(kept), kept);
});

Deno.test("addBook() needs an image and stores a blank description as null", async () => {
  const { admin, calls } = recordingAdmin();
  assert.deepEqual(await addBook(admin, { ...NEW_BOOK, images: [] }), { kind: "no_images" });
  assert.equal(calls.length, 0);
  await addBook(admin, NEW_BOOK);
  assert.equal((calls[0].args[0] as Book).description, null);
});

Deno.test("addCategory() trims the name and refuses a blank one", async () => {
  const { admin, calls } = recordingAdmin();
  assert.deepEqual(await addCategory(admin, { kind: "book", name: "  " }), { kind: "blank_name" });
  await addCategory(admin, { kind: "stationery", name: "  Pens " });
  assert.deepEqual(calls, [{ method: "createStationeryCategory", args: ["Pens", {}] }]);
});

Deno.test("addCategory() and renameCategory() trim the Sinhala and Tamil names and drop a blank one", async () => {
  const { admin, calls } = recordingAdmin();
  await addCategory(admin, { kind: "book", name: "Novels", names: { si: " නවකතා ", ta: " " } });
  await renameCategory(admin, { kind: "book", id: 1, name: "Fiction" });
  await renameCategory(admin, { kind: "book", id: 1, name: "Fiction", names: { ta: "புனைவு" } });
  assert.deepEqual(calls, [
    { method: "createCategory", args: ["Novels", { si: "නවකතා" }] },
    { method: "renameCategory", args: ["book", 1, "Fiction"] },
    { method: "renameCategory", args: ["book", 1, "Fiction", { ta: "புனைவு" }] },
  ]);
});

Deno.test("planAfterDeletion() takes an erased product's images out, an archived one's not", () => {
  assert.deepEqual(planAfterDeletion({ kind: "deleted", images: ["/uploads/a.png"] }), {
    outcome: "deleted",
    discard: ["/uploads/a.png"],
  });
  assert.deepEqual(planAfterDeletion({ kind: "archived" }), { outcome: "archived", discard: [] });
  assert.deepEqual(planAfterDeletion({ kind: "not_found" }), {
    outcome: "not_found",
    discard: [],
  });
});

Deno.test("addBook() refuses an ISBN-13 whose last digit is not its check digit", async () => {
  const { admin, calls } = recordingAdmin();
  const result = await addBook(admin, { ...NEW_BOOK, isbn13: "9789550000001" });
  assert.deepEqual(result, { kind: "bad_isbn13" });
  assert.deepEqual(calls, []);
});

Deno.test("changeBook() refuses a new ISBN-13 without its check digit, never the book's own", async () => {
  const { admin, calls } = recordingAdmin();
  const wrong = await changeBook(admin, { id: 1, changes: { isbn13: "9789550000002" } });
  assert.deepEqual(wrong, { kind: "bad_isbn13" });
  assert.ok(!calls.some((c) => c.method === "updateBook"));
  const anothers = await changeBook(admin, { id: 1, changes: { isbn13: HELD_ISBN } });
  assert.deepEqual(anothers, { kind: "bad_isbn13" });
  await changeBook(admin, { id: 7, changes: { isbn13: HELD_ISBN, title: "Gamperaliya" } });
  assert.equal(calls.filter((c) => c.method === "updateBook").length, 1);
  await changeBook(admin, { id: 1, changes: { isbn13: "9789550000005" } });
  assert.equal(calls.filter((c) => c.method === "updateBook").length, 2);
});
