/**
 * The search copies of migration 0019: every write that changes what a listing filters or
 * sorts by reaches the copy in the same statement, so a search never answers from a
 * product as it was.
 */
import assert from "node:assert/strict";
import { testOnBothEngines } from "./testing/databases.ts";
import { aBook, aLine, aPlacement, aStationeryItem, insertCategory } from "./testing/builders.ts";
import { PostgresCatalogue } from "./catalogue.ts";
import { PostgresCatalogueAdmin } from "./catalogue_admin.ts";
import { PostgresOrderRepository } from "./orders.ts";
import type { SqlClient } from "./sql_client.ts";
import type { WriteResult } from "../../domain/ports.ts";

const ALL = { inStock: true, outOfStock: true };

function ok<T>(result: WriteResult<T>): T {
  if (result.kind !== "ok") throw new Error(`expected ok, got ${result.kind}`);
  return result.value;
}

/** What each product table holds of the copied columns, and what its copy holds. */
async function copiesAndTables(sql: SqlClient) {
  const books = `id, archived, category_id, price_cents, stock, search_title, search_author,
    isbn13, title, author`;
  const stationery = "id, archived, category_id, price_cents, stock, search_title, title";
  const read = (columns: string, table: string) =>
    sql.query(`SELECT ${columns} FROM ${table} ORDER BY id`);
  return {
    books: await read(books, "books"),
    bookCopy: await read(books, "book_search"),
    stationery: await read(stationery, "stationery_items"),
    stationeryCopy: await read(stationery, "stationery_search"),
  };
}

async function assertCopiesMatch(sql: SqlClient, step: string) {
  const { books, bookCopy, stationery, stationeryCopy } = await copiesAndTables(sql);
  assert.deepEqual(bookCopy, books, `books after ${step}`);
  assert.deepEqual(stationeryCopy, stationery, `stationery after ${step}`);
}

testOnBothEngines(
  "the search copies hold every product as its table does after each kind of write",
  async (sql) => {
    const novels = await insertCategory(sql, "book_categories", "Novels");
    const poetry = await insertCategory(sql, "book_categories", "Poetry");
    const pens = await insertCategory(sql, "stationery_categories", "Pens");
    const admin = new PostgresCatalogueAdmin(sql);

    const madol = ok(await admin.createBook(aBook(novels, { title: "Madol Doova", stock: 5 })));
    const pen = ok(await admin.createStationery(aStationeryItem(pens, { title: "Atlas pen" })));
    await assertCopiesMatch(sql, "creating");

    ok(
      await admin.updateBook(madol.id, {
        title: "ශ්‍රී ලංකා",
        author: "Kumaratunga",
        priceCents: 99_00,
      }),
    );
    const edited = ok(
      await admin.updateBook(madol.id, { categoryId: poetry, isbn13: "9789551234567" }),
    );
    ok(
      await admin.updateStationery(pen.id, {
        title: "Atlas ballpoint",
        stock: 0,
        priceCents: 50_00,
      }),
    );
    await assertCopiesMatch(sql, "editing");

    const placed = await new PostgresOrderRepository(sql).place(
      aPlacement([aLine(edited, "book", 2)]),
    );
    assert.equal(placed.kind, "placed");
    await assertCopiesMatch(sql, "an order");

    // Ordered, the book is archived; never ordered, the pen is erased.
    assert.deepEqual(await admin.deleteBook(madol.id), { kind: "archived" });
    assert.equal((await admin.deleteStationery(pen.id)).kind, "deleted");
    await assertCopiesMatch(sql, "archiving and erasing");
    ok(await admin.restoreBook(madol.id));
    await assertCopiesMatch(sql, "restoring");

    const imported = await admin.importBooks({
      create: [aBook(novels, { title: "Gamperaliya" }), aBook(novels, { title: "Kaliyugaya" })],
      update: [{
        id: madol.id,
        book: aBook(novels, {
          title: "Yuganthaya",
          author: "Wickramasinghe",
          isbn13: edited.isbn13,
        }),
      }],
    });
    assert.deepEqual(imported, { kind: "ok", created: 2, updated: 1 });
    await assertCopiesMatch(sql, "an import");

    const { books, bookCopy } = await copiesAndTables(sql);
    assert.equal(bookCopy.length, 3);
    assert.equal(books.length, 3);
  },
);

testOnBothEngines("a changed description writes nothing to the search copy", async (sql) => {
  const novels = await insertCategory(sql, "book_categories", "Novels");
  const admin = new PostgresCatalogueAdmin(sql);
  const book = ok(await admin.createBook(aBook(novels)));
  const version = () =>
    sql.query<{ xmin: string }>("SELECT xmin::text AS xmin FROM book_search WHERE id = $1", [
      book.id,
    ]);
  const before = await version();
  ok(await admin.updateBook(book.id, { description: "A new blurb", publisher: "Sarasavi" }));
  assert.deepEqual(await version(), before);
  ok(await admin.updateBook(book.id, { stock: book.stock + 1 }));
  assert.notDeepEqual(await version(), before);
});

testOnBothEngines(
  "a search finds a product by its new title and price at once, never by its old ones",
  async (sql) => {
    const novels = await insertCategory(sql, "book_categories", "Novels");
    const admin = new PostgresCatalogueAdmin(sql);
    const catalogue = new PostgresCatalogue(sql);
    const book = ok(
      await admin.createBook(aBook(novels, { title: "Madol Doova", priceCents: 900_00 })),
    );
    const titles = async (filter: Record<string, unknown>) =>
      (await catalogue.listBooks({ ...ALL, ...filter }, { page: 1, pageSize: 10 })).items
        .map((b) => b.title);

    assert.deepEqual(await titles({ q: "doova" }), ["Madol Doova"]);
    ok(await admin.updateBook(book.id, { title: "Gamperaliya", priceCents: 450_00 }));
    assert.deepEqual(await titles({ q: "doova" }), []);
    assert.deepEqual(await titles({ q: "peral", maxPriceCents: 500_00 }), ["Gamperaliya"]);
    assert.deepEqual(await titles({ q: "peral", minPriceCents: 500_00 }), []);

    // An ordered book is archived, not erased: the admin's archive searches it.
    const edited = ok(await admin.updateBook(book.id, { stock: 3 }));
    await new PostgresOrderRepository(sql).place(aPlacement([aLine(edited, "book", 1)]));
    assert.deepEqual(await admin.deleteBook(book.id), { kind: "archived" });
    assert.deepEqual(await titles({ q: "peral" }), []);
    const archived = await admin.listArchivedBooks({ page: 1, pageSize: 10 }, "peral");
    assert.deepEqual(archived.items.map((b) => b.title), ["Gamperaliya"]);
    assert.equal(archived.total, 1);
  },
);
