/**
 * The catalogue's use cases that touch storage (imports, deleting a product) carried out
 * by the memory adapters: what they write, and which images leave storage. The same use
 * cases over the database are tested through HTTP in http/catalogue_editing_postgres_test.ts.
 */
import assert from "node:assert/strict";
import { MemoryCatalogue } from "./catalogue.ts";
import { MemoryImageStorage } from "./images.ts";
import { importBooks } from "../../domain/catalogue/book_import.ts";
import { importStationery } from "../../domain/catalogue/stationery_import.ts";
import { deleteProduct } from "../../domain/catalogue/manage_catalogue.ts";
import type { CoverRenderer } from "../../domain/catalogue/catalogue_import.ts";
import { aBook, aStationeryItem } from "../postgres/testing/builders.ts";
import type { WriteResult } from "../../domain/ports.ts";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function ok<T>(result: WriteResult<T>): T {
  assert.equal(result.kind, "ok", JSON.stringify(result));
  return (result as { kind: "ok"; value: T }).value;
}

/** A catalogue with a book category and a stationery category, images in memory. */
async function shop() {
  const admin = new MemoryCatalogue();
  const storage = new MemoryImageStorage();
  const novels = ok(await admin.createCategory("Novels")).id;
  const pens = ok(await admin.createStationeryCategory("Pens")).id;
  const drawn: string[] = [];
  const covers: CoverRenderer = {
    render: (book) => (drawn.push(`book:${book.title}`), PNG),
    renderItem: (item) => (drawn.push(`item:${item.title}:${item.category}`), PNG),
  };
  const clock = { now: () => new Date("2026-03-14T09:00:00Z") };
  const stored = () => [...storage.images.keys()].map((k) => `/uploads/${k}`).sort();
  return { admin, storage, novels, pens, covers, drawn, clock, stored };
}

const ALL = { inStock: true, outOfStock: true };

/** The data row `row` of a file with a header and no empty lines (line = row + 1). */
function at<V>(row: number, values: V, refused: string[] = []) {
  return { row, line: row + 1, values, refused };
}
const PAGE = { page: 1, pageSize: 50 };

Deno.test("importBooks() checks a dry run whole and writes and stores nothing", async () => {
  const s = await shop();
  const existing = ok(await s.admin.createBook(aBook(s.novels)));
  const { id: _id, categoryName: _c, ...record } = existing;
  const outcome = await importBooks({
    ...s,
    categoryIds: () => Promise.resolve(new Set([s.novels])),
  }, {
    rows: [
      at(1, { ...record, stock: 9 }),
      at(2, aBook(s.novels, { images: [] })),
      at(3, record),
    ],
    parseErrors: [],
    dryRun: true,
  });
  assert.deepEqual(outcome, {
    kind: "done",
    summary: {
      // The check names each field an update would change, before and after.
      changes: [{
        row: 1,
        line: 2,
        id: existing.id,
        fields: [{ field: "stock", before: 5, after: 9 }],
      }],
      created: 1,
      updated: 1,
      unchanged: 0,
      errors: [{ row: 3, line: 4, field: "isbn13", message: "repeats line 2" }],
      written: false,
    },
  });
  assert.equal((await s.admin.findBook(existing.id))?.stock, existing.stock);
  assert.deepEqual([s.drawn, s.stored()], [[], []]);
});

Deno.test("importBooks() gives a bare new book a cover and drops images an update left", async () => {
  const s = await shop();
  const kept = await s.storage.put(PNG, "image/png");
  const dropped = await s.storage.put(PNG, "image/png");
  const existing = ok(await s.admin.createBook(aBook(s.novels, { images: [kept, dropped] })));
  const { id: _id, categoryName: _c, ...record } = existing;
  const outcome = await importBooks({
    ...s,
    categoryIds: () => Promise.resolve(new Set([s.novels])),
  }, {
    rows: [
      at(1, { ...record, images: [kept] }),
      at(2, aBook(s.novels, { title: "Gamperaliya", images: [] })),
    ],
    parseErrors: [],
    dryRun: false,
  });
  assert.equal(outcome.kind === "done" && outcome.summary.written, true);
  const books = (await s.admin.listBooks(ALL, PAGE)).items;
  assert.deepEqual(books.map((b) => b.images.length), [1, 1]);
  assert.deepEqual(s.drawn, ["book:Gamperaliya"]);
  assert.deepEqual(s.stored(), [kept, books[1].images[0]].sort());
});

Deno.test("importBooks() names a row's image that is not stored, once a row", async () => {
  const s = await shop();
  const outcome = await importBooks({
    ...s,
    categoryIds: () => Promise.resolve(new Set([s.novels])),
  }, {
    rows: [at(1, aBook(s.novels, { images: ["/uploads/x.png", "/uploads/y.png"] }))],
    parseErrors: [{ row: 2, line: 3, field: "price", message: "is not a number" }],
    dryRun: false,
  });
  assert.deepEqual(outcome.kind === "done" && outcome.summary.errors, [
    { row: 1, line: 2, field: "images", message: 'No stored image "/uploads/x.png"' },
    { row: 2, line: 3, field: "price", message: "is not a number" },
  ]);
  assert.equal((await s.admin.listBooks(ALL, PAGE)).total, 0);
});

Deno.test("importBooks() takes back the covers it made when the write meets a conflict", async () => {
  const s = await shop();
  // The category is known when the file is checked, and gone when it is written.
  const categoryIds = () => Promise.resolve(new Set([s.novels, s.novels + 99]));
  const outcome = await importBooks({ ...s, categoryIds }, {
    rows: [at(1, aBook(s.novels + 99, { images: [] }))],
    parseErrors: [],
    dryRun: false,
  });
  assert.deepEqual(outcome, { kind: "conflict", message: "A category was deleted meanwhile" });
  assert.equal(s.drawn.length, 1);
  assert.deepEqual(s.stored(), []);
});

Deno.test("importStationery() draws a bare item with its category and drops a replaced image", async () => {
  const s = await shop();
  const old = await s.storage.put(PNG, "image/png");
  const fresh = await s.storage.put(PNG, "image/png");
  const pen = ok(await s.admin.createStationery(aStationeryItem(s.pens, { image: old })));
  const ports = {
    ...s,
    existing: async () => (await s.admin.listStationery(ALL, PAGE)).items,
    categories: () => s.admin.listStationeryCategories(),
  };
  const outcome = await importStationery(ports, {
    rows: [
      at(1, { id: pen.id, image: fresh }),
      at(2, { ...aStationeryItem(s.pens, { title: "Ruler" }), image: undefined }),
      at(3, { id: pen.id + 99 }),
    ],
    parseErrors: [],
    dryRun: false,
  });
  assert.deepEqual(outcome.kind === "done" && outcome.summary.errors, [
    { row: 3, line: 4, field: "id", message: "No stationery item on sale has this id" },
  ]);
  const written = await importStationery(ports, {
    rows: [
      at(1, { id: pen.id, image: fresh }),
      at(2, { ...aStationeryItem(s.pens, { title: "Ruler" }), image: undefined }),
    ],
    parseErrors: [],
    dryRun: false,
  });
  assert.equal(written.kind === "done" && written.summary.written, true);
  assert.deepEqual(s.drawn, ["item:Ruler:Pens"]);
  const items = (await s.admin.listStationery(ALL, PAGE)).items;
  assert.deepEqual(items[0].image, fresh);
  assert.deepEqual(s.stored(), [fresh, items[1].image].sort());
});

Deno.test("deleteProduct() erases a book and the images only it listed", async () => {
  const s = await shop();
  const own = await s.storage.put(PNG, "image/png");
  const shared = await s.storage.put(PNG, "image/png");
  const book = ok(await s.admin.createBook(aBook(s.novels, { images: [own, shared] })));
  ok(await s.admin.createStationery(aStationeryItem(s.pens, { image: shared })));
  assert.equal(await deleteProduct(s, { kind: "book", id: book.id }), "deleted");
  assert.equal(await s.admin.findBook(book.id), undefined);
  assert.deepEqual(s.stored(), [shared]);
  assert.equal(await deleteProduct(s, { kind: "book", id: book.id }), "not_found");
});

Deno.test("deleteProduct() archives an ordered item and keeps its image", async () => {
  const s = await shop();
  const image = await s.storage.put(PNG, "image/png");
  const pen = ok(await s.admin.createStationery(aStationeryItem(s.pens, { image })));
  s.admin.ordered.add(`stationery:${pen.id}`);
  assert.equal(await deleteProduct(s, { kind: "stationery", id: pen.id }), "archived");
  assert.equal(await s.admin.findStationery(pen.id), undefined);
  assert.deepEqual(s.stored(), [image]);
  ok(await s.admin.restoreStationery(pen.id));
  s.admin.ordered.clear();
  assert.equal(await deleteProduct(s, { kind: "stationery", id: pen.id }), "deleted");
  assert.deepEqual(s.stored(), []);
});
