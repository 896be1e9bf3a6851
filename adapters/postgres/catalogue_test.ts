import assert from "node:assert/strict";
import { completeRecord } from "../../domain/records/fields.ts";
import { BOOK_FIELDS } from "../../domain/catalogue/book_record.ts";
import { testOnBothEngines } from "./testing/databases.ts";
import { aBook, aLine, aPlacement, aStationeryItem, insertCategory } from "./testing/builders.ts";
import { PostgresCatalogue } from "./catalogue.ts";
import { PostgresCatalogueAdmin } from "./catalogue_admin.ts";
import { PostgresOrderRepository } from "./orders.ts";
import type { SqlClient } from "./sql_client.ts";
import type { Book, StationeryItem } from "../../domain/catalogue/model.ts";
import type { WriteResult } from "../../domain/ports.ts";

const ALL = { inStock: true, outOfStock: true };
const FIRST_PAGE = { page: 1, pageSize: 10 };

function ok<T>(result: WriteResult<T>): T {
  assert.equal(result.kind, "ok");
  return (result as { kind: "ok"; value: T }).value;
}

async function setup(sql: SqlClient) {
  const catalogue = new PostgresCatalogue(sql);
  const admin = new PostgresCatalogueAdmin(sql);
  const novels = await insertCategory(sql, "book_categories", "Novels");
  const pens = await insertCategory(sql, "stationery_categories", "Pens");
  return { catalogue, admin, novels, pens };
}

testOnBothEngines("createBook() stores a book that findBook() returns in full", async (sql) => {
  const { catalogue, admin, novels } = await setup(sql);
  const input = aBook(novels, { description: "", preorder: true, preorderDate: "2026-09-01" });
  const created = ok(await admin.createBook(input));
  // What the book left out comes back at its default (BOOK_FIELDS).
  const { description: _d, ...rest } = completeRecord(BOOK_FIELDS, input);
  assert.deepEqual(created, { ...rest, id: created.id, categoryName: "Novels", description: null });
  assert.deepEqual(await catalogue.findBook(created.id), created);
  assert.equal(await catalogue.findBook(created.id + 1), undefined);
});

testOnBothEngines("createBook() refuses an unknown category and a taken ISBN-13", async (sql) => {
  const { admin, novels } = await setup(sql);
  assert.deepEqual(await admin.createBook(aBook(novels + 99)), { kind: "unknown_category" });
  const first = ok(await admin.createBook(aBook(novels)));
  assert.deepEqual(await admin.createBook(aBook(novels, { isbn13: first.isbn13 })), {
    kind: "duplicate",
    field: "isbn13",
  });
});

testOnBothEngines("listBooks() pages in id order with the total of all matches", async (sql) => {
  const { catalogue, admin, novels } = await setup(sql);
  const ids: number[] = [];
  for (let i = 0; i < 5; i++) ids.push(ok(await admin.createBook(aBook(novels))).id);
  const page = await catalogue.listBooks(ALL, { page: 2, pageSize: 2 });
  assert.deepEqual(page.items.map((b) => b.id), ids.slice(2, 4));
  assert.deepEqual([page.page, page.pageSize, page.total], [2, 2, 5]);
  const past = await catalogue.listBooks(ALL, { page: 9, pageSize: 2 });
  assert.deepEqual([past.items.length, past.total], [0, 5]);
});

testOnBothEngines("listBooks() takes % and _ in the search term literally", async (sql) => {
  const { catalogue, admin, novels } = await setup(sql);
  await admin.createBook(aBook(novels, { title: "100% Lanka" }));
  await admin.createBook(aBook(novels, { title: "1000 Lanka" }));
  await admin.createBook(aBook(novels, { title: "snake_case" }));
  await admin.createBook(aBook(novels, { title: "snakeXcase" }));
  const titles = async (q: string) =>
    (await catalogue.listBooks({ ...ALL, q }, FIRST_PAGE)).items.map((b) => b.title);
  assert.deepEqual(await titles("0% l"), ["100% Lanka"]);
  assert.deepEqual(await titles("E_C"), ["snake_case"]);
  assert.deepEqual(await titles("  lanka "), ["100% Lanka", "1000 Lanka"]);
});

testOnBothEngines(
  "listBooks() filters by category, author, inclusive price and stock boxes",
  async (sql) => {
    const { catalogue, admin, novels } = await setup(sql);
    const poems = await insertCategory(sql, "book_categories", "Poems");
    const a = ok(
      await admin.createBook(aBook(novels, { priceCents: 1000, stock: 0, author: "A" })),
    );
    const b = ok(
      await admin.createBook(aBook(novels, { priceCents: 2000, stock: 3, author: "B" })),
    );
    const c = ok(await admin.createBook(aBook(poems, { priceCents: 3000, stock: 1, author: "A" })));
    const ids = async (filter: object) =>
      (await catalogue.listBooks({ ...ALL, ...filter }, FIRST_PAGE)).items.map((x) => x.id);
    assert.deepEqual(await ids({ categoryId: novels }), [a.id, b.id]);
    assert.deepEqual(await ids({ author: "A" }), [a.id, c.id]);
    assert.deepEqual(await ids({ minPriceCents: 2000, maxPriceCents: 3000 }), [b.id, c.id]);
    assert.deepEqual(await ids({ outOfStock: false }), [b.id, c.id]);
    assert.deepEqual(await ids({ inStock: false }), [a.id]);
    assert.deepEqual(await ids({ inStock: false, outOfStock: false }), []);
  },
);

testOnBothEngines("listAuthors() gives each author on sale once, sorted", async (sql) => {
  const { catalogue, admin, novels } = await setup(sql);
  await admin.createBook(aBook(novels, { author: "Kumaratunga Munidasa" }));
  await admin.createBook(aBook(novels, { author: "Gunadasa Amarasekara" }));
  await admin.createBook(aBook(novels, { author: "Kumaratunga Munidasa" }));
  const gone = ok(await admin.createBook(aBook(novels, { author: "Archived Author" })));
  await admin.deleteBook(gone.id);
  assert.deepEqual(await catalogue.listAuthors(), [
    "Gunadasa Amarasekara",
    "Kumaratunga Munidasa",
  ]);
});

testOnBothEngines(
  "updateBook() sets or adds stock and changes price and pre-order fields",
  async (sql) => {
    const { admin, novels } = await setup(sql);
    const book = ok(await admin.createBook(aBook(novels, { stock: 5 })));
    assert.equal(ok(await admin.updateBook(book.id, { addStock: 3 })).stock, 8);
    assert.equal(ok(await admin.updateBook(book.id, { addStock: -8 })).stock, 0);
    const changed = ok(
      await admin.updateBook(book.id, {
        stock: 12,
        priceCents: 99_900,
        preorder: true,
        preorderDate: "2026-12-01",
        preorderedStock: 40,
      }),
    );
    assert.deepEqual(
      [changed.stock, changed.priceCents, changed.preorder, changed.preorderDate],
      [12, 99_900, true, "2026-12-01"],
    );
    assert.equal(changed.preorderedStock, 40);
    const kept = ok(await admin.updateBook(book.id, { priceCents: 100 }));
    assert.deepEqual([kept.stock, kept.preorderDate], [12, "2026-12-01"]);
    assert.equal(ok(await admin.updateBook(book.id, { preorderDate: null })).preorderDate, null);
  },
);

testOnBothEngines("updateBook() refuses stock below zero and unknown books", async (sql) => {
  const { admin, novels } = await setup(sql);
  const book = ok(await admin.createBook(aBook(novels, { stock: 2 })));
  assert.deepEqual(await admin.updateBook(book.id, { addStock: -3 }), { kind: "negative_stock" });
  assert.deepEqual(await admin.updateBook(book.id + 1, { stock: 1 }), { kind: "not_found" });
});

testOnBothEngines(
  "deleteBook() erases an unordered book and archives an ordered one",
  async (sql) => {
    const { catalogue, admin, novels } = await setup(sql);
    const unordered = ok(await admin.createBook(aBook(novels)));
    const ordered = ok(await admin.createBook(aBook(novels)));
    const placed = await new PostgresOrderRepository(sql).place(
      aPlacement([aLine(ordered, "book", 1)]),
    );
    assert.equal(placed.kind, "placed");
    assert.equal((await admin.deleteBook(unordered.id)).kind, "deleted");
    assert.equal((await admin.deleteBook(ordered.id)).kind, "archived");
    assert.equal((await admin.deleteBook(ordered.id)).kind, "not_found");
    assert.equal(await catalogue.findBook(ordered.id), undefined);
    assert.equal((await catalogue.listBooks(ALL, FIRST_PAGE)).total, 0);
    assert.deepEqual(await admin.updateBook(ordered.id, { stock: 1 }), { kind: "not_found" });
    // The archived book's ISBN-13 may be listed again.
    assert.equal((await admin.createBook(aBook(novels, { isbn13: ordered.isbn13 }))).kind, "ok");
  },
);

testOnBothEngines(
  "stationery is created, filtered, updated and deleted like books",
  async (sql) => {
    const { catalogue, admin, pens } = await setup(sql);
    assert.deepEqual(await admin.createStationery(aStationeryItem(pens + 9)), {
      kind: "unknown_category",
    });
    const pen = ok(await admin.createStationery(aStationeryItem(pens, { title: "Atlas Pen" })));
    const ruler: StationeryItem = ok(
      await admin.createStationery(aStationeryItem(pens, { title: "Ruler", stock: 0 })),
    );
    assert.deepEqual(await catalogue.findStationery(pen.id), pen);
    assert.equal(pen.categoryName, "Pens");
    const page = await catalogue.listStationery({ ...ALL, q: "PEN" }, FIRST_PAGE);
    assert.deepEqual([page.items, page.total], [[pen], 1]);
    assert.deepEqual(
      (await catalogue.listStationery({ inStock: false, outOfStock: true }, FIRST_PAGE)).items,
      [ruler],
    );
    assert.equal(ok(await admin.updateStationery(pen.id, { addStock: 5 })).stock, 25);
    assert.deepEqual(await admin.updateStationery(pen.id, { stock: -1 }), {
      kind: "negative_stock",
    });
    assert.equal((await admin.deleteStationery(ruler.id)).kind, "deleted");
    assert.equal(await catalogue.findStationery(ruler.id), undefined);
    assert.equal((await admin.deleteStationery(ruler.id)).kind, "not_found");
  },
);

testOnBothEngines("category names are unique ignoring case, per kind", async (sql) => {
  const { catalogue, admin, novels, pens } = await setup(sql);
  assert.deepEqual(await admin.createCategory("NOVELS"), { kind: "duplicate", field: "name" });
  const history = ok(await admin.createCategory("History"));
  assert.deepEqual(await catalogue.listCategories(), [
    { id: novels, name: "Novels", names: {} },
    history,
  ]);
  const novelsToo = ok(await admin.createStationeryCategory("Novels"));
  assert.deepEqual(await catalogue.listStationeryCategories(), [
    { id: pens, name: "Pens", names: {} },
    novelsToo,
  ]);
  assert.deepEqual(await admin.createStationeryCategory("pens"), {
    kind: "duplicate",
    field: "name",
  });
});

testOnBothEngines("findBook() hides archived books but keeps them for the orders", async (sql) => {
  const { catalogue, admin, novels } = await setup(sql);
  const book: Book = ok(await admin.createBook(aBook(novels)));
  await new PostgresOrderRepository(sql).place(aPlacement([aLine(book, "book", 2)]));
  await admin.deleteBook(book.id);
  const [row] = await sql.query<{ archived: boolean; stock: number }>(
    "SELECT archived, stock FROM books WHERE id = $1",
    [book.id],
  );
  assert.deepEqual(row, { archived: true, stock: 3 });
  assert.equal(await catalogue.findBook(book.id), undefined);
});

testOnBothEngines(
  "listBooks() finds books by title, author or ISBN-13 with hyphens",
  async (sql) => {
    const { catalogue, admin, novels } = await setup(sql);
    const madol = ok(
      await admin.createBook(
        aBook(novels, { title: "Madol Doova", author: "Martin Wickramasinghe" }),
      ),
    );
    ok(await admin.createBook(aBook(novels, { title: "Wickrama's days", author: "Someone Else" })));
    ok(await admin.createBook(aBook(novels, { title: "Other", author: "Another" })));
    const found = async (q: string) =>
      (await catalogue.listBooks({ ...ALL, q }, FIRST_PAGE)).items.map((b) => b.title).sort();
    assert.deepEqual(await found("WICKRAMA"), ["Madol Doova", "Wickrama's days"]);
    const isbn = `${madol.isbn13.slice(0, 3)}-${madol.isbn13.slice(3, 10)} ${
      madol.isbn13.slice(10)
    }`;
    assert.deepEqual(await found(isbn), ["Madol Doova"]);
    assert.deepEqual(await found("nothing like it"), []);
    // The ISBN-10 printed on older books finds the same book by its ISBN-13.
    const fowles = ok(
      await admin.createBook(aBook(novels, { title: "The Magus", isbn13: "9780306406157" })),
    );
    assert.equal(fowles.isbn13, "9780306406157");
    assert.deepEqual(await found("0-306-40615-2"), ["The Magus"]);
  },
);
