/**
 * The admin's catalogue upkeep in SQL: categories renamed and deleted, images changed,
 * archived products listed and restored, books imported. Used by PostgresCatalogueAdmin.
 */
import type {
  BookImportOutcome,
  BookImportWrite,
  CategoryDeleteResult,
  ImageWriteResult,
  StationeryImportWrite,
  WriteResult,
} from "../../domain/ports.ts";
import type {
  Book,
  Category,
  CategoryNames,
  ImageChange,
  Page,
  PageRequest,
  ProductKind,
  StationeryItem,
} from "../../domain/catalogue/model.ts";
import { applyImageChange } from "../../domain/catalogue/images.ts";
import type { SqlClient } from "./sql_client.ts";
import { readBook, readStationery, uniqueAsDuplicate } from "./catalogue_writes.ts";
import {
  BOOK_COLUMNS,
  BOOK_SQL,
  BOOKS_FROM,
  CATEGORY_COLUMNS,
  categoryFromRow,
  type CategoryRow,
  filterCondition,
  idsSource,
  type ProductTable,
  productTableOf,
  STATIONERY_SQL,
} from "./catalogue_rows.ts";

export async function renameCategory(
  sql: SqlClient,
  change: { kind: ProductKind; id: number; name: string; names?: CategoryNames },
): Promise<WriteResult<Category>> {
  const table = productTableOf(change.kind).categoryTable;
  return await uniqueAsDuplicate<Category>("name", () =>
    sql.transaction(async (tx) => {
      const taken = await tx.query(
        `SELECT 1 FROM ${table} WHERE lower(name) = lower($1) AND id <> $2`,
        [change.name, change.id],
      );
      if (taken.length > 0) return { kind: "duplicate", field: "name" };
      // Without names the Sinhala and Tamil ones stay; with them, they become those.
      const rows = await tx.query<CategoryRow>(
        `UPDATE ${table} SET name = $2,
           name_si = CASE WHEN $3::boolean THEN $4 ELSE name_si END,
           name_ta = CASE WHEN $3::boolean THEN $5 ELSE name_ta END
         WHERE id = $1 RETURNING ${CATEGORY_COLUMNS}`,
        [
          change.id,
          change.name,
          change.names !== undefined,
          change.names?.si ?? null,
          change.names?.ta ?? null,
        ],
      );
      return rows.length > 0
        ? { kind: "ok", value: categoryFromRow(rows[0]) }
        : { kind: "not_found" };
    }));
}

/**
 * Deletes an unused category. The category row is locked first: a product being added
 * to it holds a key-share lock on that row, so the count below sees it.
 */
export function deleteCategory(
  sql: SqlClient,
  target: { kind: ProductKind; id: number },
): Promise<CategoryDeleteResult> {
  const table = productTableOf(target.kind).categoryTable;
  return sql.transaction(async (tx) => {
    const found = await tx.query(`SELECT 1 FROM ${table} WHERE id = $1 FOR UPDATE`, [target.id]);
    if (found.length === 0) return { kind: "not_found" };
    const [use] = await tx.query<{ products: number; archived: number }>(
      `SELECT count(*)::integer AS products, (count(*) FILTER (WHERE archived))::integer AS archived
       FROM ${productTableOf(target.kind).table} WHERE category_id = $1`,
      [target.id],
    );
    if (use.products > 0) {
      return { kind: "in_use", products: use.products, archived: use.archived };
    }
    await tx.query(`DELETE FROM ${table} WHERE id = $1`, [target.id]);
    return { kind: "deleted" };
  });
}

export function changeBookImages(
  sql: SqlClient,
  target: { id: number; change: ImageChange },
): Promise<ImageWriteResult<Book>> {
  return sql.transaction(async (tx) => {
    const rows = await tx.query<{ images: string[] }>(
      "SELECT images FROM books WHERE id = $1 AND NOT archived FOR UPDATE",
      [target.id],
    );
    if (rows.length === 0) return { kind: "not_found" };
    const outcome = applyImageChange(rows[0].images, target.change);
    if (outcome.kind !== "ok") return outcome;
    await tx.query("UPDATE books SET images = $2::text[] WHERE id = $1", [
      target.id,
      outcome.images,
    ]);
    return { kind: "ok", value: await readBook(tx, target.id), removed: outcome.removed };
  });
}

export function replaceStationeryImage(
  sql: SqlClient,
  target: { id: number; image: string },
): Promise<ImageWriteResult<StationeryItem>> {
  return sql.transaction(async (tx) => {
    const rows = await tx.query<{ image: string }>(
      "SELECT image FROM stationery_items WHERE id = $1 AND NOT archived FOR UPDATE",
      [target.id],
    );
    if (rows.length === 0) return { kind: "not_found" };
    await tx.query("UPDATE stationery_items SET image = $2 WHERE id = $1", [
      target.id,
      target.image,
    ]);
    const removed = rows[0].image === target.image ? [] : [rows[0].image];
    return { kind: "ok", value: await readStationery(tx, target.id), removed };
  });
}

/** Every product counts, archived ones too: they can be restored, and orders name them. */
export async function imagesInUse(sql: SqlClient, images: string[]): Promise<string[]> {
  if (images.length === 0) return [];
  const rows = await sql.query<{ image: string }>(
    `SELECT DISTINCT u AS image FROM unnest($1::text[]) AS u
     WHERE EXISTS (SELECT 1 FROM books WHERE images @> ARRAY[u])
        OR EXISTS (SELECT 1 FROM stationery_items WHERE image = u)`,
    [images],
  );
  return rows.map((r) => r.image);
}

/** Archived products of one kind, the most recently added first. */
export async function listArchived<T>(
  sql: SqlClient,
  product: ProductTable<T>,
  query: { page: PageRequest; q?: string },
): Promise<Page<T>> {
  const { alias, from, columns } = product;
  const filter = { q: query.q, inStock: true, outOfStock: true };
  const { where, params } = filterCondition(product, filter, { archived: true });
  // A search finds the ids in the search copy (`idsSource`), the rows are read by id.
  const source = idsSource(product, filter);
  const [{ total }] = await sql.query<{ total: number }>(
    `SELECT count(*)::integer AS total FROM ${source} WHERE ${where}`,
    params,
  );
  const limit = `$${params.length + 1}`, offset = `$${params.length + 2}`;
  const rows = await sql.query(
    `SELECT ${columns} FROM ${from}
     JOIN (SELECT ${alias}.id FROM ${source} WHERE ${where} ORDER BY ${alias}.id DESC
           LIMIT ${limit} OFFSET ${offset}) AS page ON page.id = ${alias}.id
     ORDER BY ${alias}.id DESC`,
    [...params, query.page.pageSize, (query.page.page - 1) * query.page.pageSize],
  );
  const items = rows.map(product.fromRow);
  return { items, page: query.page.page, pageSize: query.page.pageSize, total };
}

/** Puts an archived book back on sale, unless a book on sale has its ISBN-13 now. */
export function restoreBook(sql: SqlClient, id: number): Promise<WriteResult<Book>> {
  return uniqueAsDuplicate<Book>("isbn13", () =>
    sql.transaction(async (tx) => {
      const rows = await tx.query<{ isbn13: string }>(
        "SELECT isbn13 FROM books WHERE id = $1 AND archived FOR UPDATE",
        [id],
      );
      if (rows.length === 0) return { kind: "not_found" };
      const taken = await tx.query("SELECT 1 FROM books WHERE isbn13 = $1 AND NOT archived", [
        rows[0].isbn13,
      ]);
      if (taken.length > 0) return { kind: "duplicate", field: "isbn13" };
      await tx.query("UPDATE books SET archived = false WHERE id = $1", [id]);
      return { kind: "ok", value: await readBook(tx, id) };
    }));
}

export async function restoreStationery(
  sql: SqlClient,
  id: number,
): Promise<WriteResult<StationeryItem>> {
  const rows = await sql.query(
    "UPDATE stationery_items SET archived = false WHERE id = $1 AND archived RETURNING id",
    [id],
  );
  if (rows.length === 0) return { kind: "not_found" };
  return { kind: "ok", value: await readStationery(sql, id) };
}

export async function findBooksByIsbn(sql: SqlClient, isbns: string[]): Promise<Book[]> {
  if (isbns.length === 0) return [];
  const rows = await sql.query(
    `SELECT ${BOOK_COLUMNS} FROM ${BOOKS_FROM}
     WHERE b.isbn13 = ANY($1::text[]) AND NOT b.archived`,
    [isbns],
  );
  return rows.map(BOOK_SQL.fromRow);
}

/** Whole books as JSON records, which jsonb_to_recordset reads in one statement. */
const BOOK_RECORDS = BOOK_SQL.recordset();

class ImportConflict extends Error {}

/**
 * Writes an import in one transaction: the categories it names are locked against
 * deletion first, and an ImportConflict (something changed since the check) rolls it all
 * back and is answered as a conflict.
 */
async function writeImport(
  sql: SqlClient,
  plan: { kind: ProductKind; categoryIds: number[]; created: number; updated: number },
  write: (tx: SqlClient) => Promise<void>,
): Promise<BookImportOutcome> {
  try {
    return await sql.transaction(async (tx) => {
      const categories = [...new Set(plan.categoryIds)];
      const known = await tx.query<{ id: number }>(
        `SELECT id FROM ${
          productTableOf(plan.kind).categoryTable
        } WHERE id = ANY($1::integer[]) FOR SHARE`,
        [categories],
      );
      if (known.length < categories.length) {
        throw new ImportConflict("A category was deleted meanwhile");
      }
      await write(tx);
      return { kind: "ok", created: plan.created, updated: plan.updated };
    });
  } catch (error) {
    if (error instanceof ImportConflict) return { kind: "conflict", message: error.message };
    throw error;
  }
}

const ITEM_RECORDS = STATIONERY_SQL.recordset();

/** Writes a checked stationery import in one transaction (see importBooks). */
export function importStationery(
  sql: SqlClient,
  plan: StationeryImportWrite,
): Promise<BookImportOutcome> {
  const items = [...plan.create, ...plan.update.map((u) => u.item)];
  return writeImport(sql, {
    kind: "stationery",
    categoryIds: items.map((i) => i.categoryId),
    created: plan.create.length,
    updated: plan.update.length,
  }, async (tx) => {
    if (plan.update.length > 0) {
      const updated = await tx.query(
        `UPDATE stationery_items s SET ${ITEM_RECORDS.assignments()}
         FROM jsonb_to_recordset($1::text::jsonb) AS ${ITEM_RECORDS.definition}
         WHERE s.id = r.id AND NOT s.archived
         RETURNING s.id`,
        [ITEM_RECORDS.json(plan.update.map((u) => ({ id: u.id, record: u.item })))],
      );
      if (updated.length < plan.update.length) {
        throw new ImportConflict("A stationery item was deleted meanwhile");
      }
    }
    if (plan.create.length > 0) {
      await tx.query(
        `INSERT INTO stationery_items (${ITEM_RECORDS.columns})
         SELECT ${ITEM_RECORDS.columns}
         FROM jsonb_to_recordset($1::text::jsonb) AS ${ITEM_RECORDS.definition}`,
        [ITEM_RECORDS.json(plan.create.map((record) => ({ record })))],
      );
    }
  });
}

/**
 * Writes a checked import in one transaction with two statements (one UPDATE and one
 * INSERT over a JSON array of records), so thousands of rows take one round trip each.
 * Anything that changed since the check (a category gone, a book archived, an ISBN-13
 * taken) rolls everything back.
 */
export function importBooks(
  sql: SqlClient,
  plan: BookImportWrite,
): Promise<BookImportOutcome> {
  const books = [...plan.create, ...plan.update.map((u) => u.book)];
  return writeImport(sql, {
    kind: "book",
    categoryIds: books.map((b) => b.categoryId),
    created: plan.create.length,
    updated: plan.update.length,
  }, async (tx) => {
    if (plan.update.length > 0) {
      // A book is matched by its ISBN-13, which an import never changes.
      const updated = await tx.query(
        `UPDATE books b SET ${BOOK_RECORDS.assignments(["isbn13"])}
         FROM jsonb_to_recordset($1::text::jsonb) AS ${BOOK_RECORDS.definition}
         WHERE b.id = r.id AND b.isbn13 = r.isbn13 AND NOT b.archived
         RETURNING b.id`,
        [BOOK_RECORDS.json(plan.update.map((u) => ({ id: u.id, record: u.book })))],
      );
      if (updated.length < plan.update.length) {
        throw new ImportConflict("A book was changed or deleted meanwhile");
      }
    }
    if (plan.create.length > 0) {
      const inserted = await tx.query(
        `INSERT INTO books (${BOOK_RECORDS.columns})
         SELECT ${BOOK_RECORDS.columns}
         FROM jsonb_to_recordset($1::text::jsonb) AS ${BOOK_RECORDS.definition}
         ON CONFLICT (isbn13) WHERE NOT archived DO NOTHING
         RETURNING id`,
        [BOOK_RECORDS.json(plan.create.map((record) => ({ record })))],
      );
      if (inserted.length < plan.create.length) {
        throw new ImportConflict("A book with one of these ISBN-13s was added meanwhile");
      }
    }
  });
}
