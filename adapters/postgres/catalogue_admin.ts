import type { CatalogueAdmin, DeleteResult, WriteResult } from "../../domain/ports.ts";
import type {
  Book,
  BookChanges,
  Category,
  NewBook,
  NewStationeryItem,
  StationeryChanges,
  StationeryItem,
} from "../../domain/catalogue/model.ts";
import type { SqlClient } from "./sql_client.ts";
import { MAX_STOCK, nextStock, type StockChange } from "../../domain/catalogue/stock.ts";
import {
  BOOK_COLUMNS,
  bookFromRow,
  type BookRow,
  BOOKS_FROM,
  STATIONERY_COLUMNS,
  STATIONERY_FROM,
  stationeryFromRow,
  type StationeryRow,
} from "./catalogue_rows.ts";

type Product = "books" | "stationery_items";

/**
 * The new stock of a change: absolute `stock`, or the current one, plus `addStock`,
 * reckoned in bigint so that no sum overflows before it is checked.
 */
const NEW_STOCK = "(COALESCE($2::bigint, stock) + COALESCE($3::bigint, 0))";
/** The rule of `nextStock()`: not below zero, not above the ceiling unless coming down. */
const STOCK_ALLOWED =
  `${NEW_STOCK} >= 0 AND (${NEW_STOCK} <= ${MAX_STOCK} OR ${NEW_STOCK} <= stock)`;

/** The admin's catalogue changes; every write checks its rules in the same statement. */
export class PostgresCatalogueAdmin implements CatalogueAdmin {
  readonly #sql: SqlClient;

  constructor(sql: SqlClient) {
    this.#sql = sql;
  }

  createBook(book: NewBook): Promise<WriteResult<Book>> {
    return this.#sql.transaction(async (tx) => {
      if (!await exists(tx, "SELECT 1 FROM book_categories WHERE id = $1", book.categoryId)) {
        return { kind: "unknown_category" };
      }
      const inserted = await tx.query<{ id: number }>(
        `INSERT INTO books (title, author, price_cents, stock, category_id, isbn13, language,
           binding, publisher, publishing_date, edition, weight_grams, description, images,
           preorder, preorder_date, preordered_stock)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
         ON CONFLICT (isbn13) WHERE NOT archived DO NOTHING
         RETURNING id`,
        [
          book.title,
          book.author,
          book.priceCents,
          book.stock,
          book.categoryId,
          book.isbn13,
          book.language,
          book.binding,
          book.publisher,
          book.publishingDate,
          book.edition,
          book.weightGrams,
          book.description?.trim() ? book.description : null,
          book.images,
          book.preorder,
          book.preorderDate,
          book.preorderedStock,
        ],
      );
      if (inserted.length === 0) return { kind: "duplicate", field: "isbn13" };
      return { kind: "ok", value: await readBook(tx, inserted[0].id) };
    });
  }

  updateBook(id: number, changes: BookChanges): Promise<WriteResult<Book>> {
    return this.#sql.transaction(async (tx) => {
      const updated = await tx.query(
        `UPDATE books SET stock = ${NEW_STOCK},
           price_cents = COALESCE($4::bigint, price_cents),
           preorder = COALESCE($5::boolean, preorder),
           preorder_date = CASE WHEN $6::boolean THEN $7::date ELSE preorder_date END,
           preordered_stock = COALESCE($8::integer, preordered_stock)
         WHERE id = $1 AND NOT archived AND ${STOCK_ALLOWED}
         RETURNING id`,
        [
          id,
          changes.stock ?? null,
          changes.addStock ?? null,
          changes.priceCents ?? null,
          changes.preorder ?? null,
          changes.preorderDate !== undefined,
          changes.preorderDate ?? null,
          changes.preorderedStock ?? null,
        ],
      );
      if (updated.length === 0) return await whyRefused(tx, "books", id, changes);
      return { kind: "ok", value: await readBook(tx, id) };
    });
  }

  deleteBook(id: number): Promise<DeleteResult> {
    return deleteProduct(this.#sql, "books", id);
  }

  createStationery(item: NewStationeryItem): Promise<WriteResult<StationeryItem>> {
    return this.#sql.transaction(async (tx) => {
      const category = "SELECT 1 FROM stationery_categories WHERE id = $1";
      if (!await exists(tx, category, item.categoryId)) return { kind: "unknown_category" };
      const [{ id }] = await tx.query<{ id: number }>(
        `INSERT INTO stationery_items (title, price_cents, stock, weight_grams, category_id, image)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [item.title, item.priceCents, item.stock, item.weightGrams, item.categoryId, item.image],
      );
      return { kind: "ok", value: await readStationery(tx, id) };
    });
  }

  updateStationery(id: number, changes: StationeryChanges): Promise<WriteResult<StationeryItem>> {
    return this.#sql.transaction(async (tx) => {
      const updated = await tx.query(
        `UPDATE stationery_items SET stock = ${NEW_STOCK},
           price_cents = COALESCE($4::bigint, price_cents)
         WHERE id = $1 AND NOT archived AND ${STOCK_ALLOWED}
         RETURNING id`,
        [id, changes.stock ?? null, changes.addStock ?? null, changes.priceCents ?? null],
      );
      if (updated.length === 0) return await whyRefused(tx, "stationery_items", id, changes);
      return { kind: "ok", value: await readStationery(tx, id) };
    });
  }

  deleteStationery(id: number): Promise<DeleteResult> {
    return deleteProduct(this.#sql, "stationery_items", id);
  }

  createCategory(name: string): Promise<WriteResult<Category>> {
    return createNamed(this.#sql, "book_categories", name);
  }

  createStationeryCategory(name: string): Promise<WriteResult<Category>> {
    return createNamed(this.#sql, "stationery_categories", name);
  }
}

async function exists(tx: SqlClient, sql: string, id: number): Promise<boolean> {
  return (await tx.query(sql, [id])).length > 0;
}

async function readBook(tx: SqlClient, id: number): Promise<Book> {
  const [row] = await tx.query<BookRow>(
    `SELECT ${BOOK_COLUMNS} FROM ${BOOKS_FROM} WHERE b.id = $1`,
    [id],
  );
  return bookFromRow(row);
}

async function readStationery(tx: SqlClient, id: number): Promise<StationeryItem> {
  const [row] = await tx.query<StationeryRow>(
    `SELECT ${STATIONERY_COLUMNS} FROM ${STATIONERY_FROM} WHERE s.id = $1`,
    [id],
  );
  return stationeryFromRow(row);
}

/** Why a guarded update touched nothing: the product is gone, or its stock rule refused. */
async function whyRefused<T>(
  tx: SqlClient,
  table: Product,
  id: number,
  change: StockChange,
): Promise<WriteResult<T>> {
  const rows = await tx.query<{ stock: number }>(
    `SELECT stock FROM ${table} WHERE id = $1 AND NOT archived`,
    [id],
  );
  if (rows.length === 0) return { kind: "not_found" };
  const refused = nextStock(rows[0].stock, change);
  return refused.kind === "ok" ? { kind: "negative_stock" } : refused;
}

/** Erases a product no order refers to; archives one that orders refer to. */
function deleteProduct(sql: SqlClient, table: Product, id: number): Promise<DeleteResult> {
  const itemColumn = table === "books" ? "book_id" : "stationery_id";
  return sql.transaction(async (tx) => {
    const erased = await tx.query(
      `DELETE FROM ${table} WHERE id = $1 AND NOT archived
         AND NOT EXISTS (SELECT 1 FROM order_items WHERE ${itemColumn} = $1)
       RETURNING id`,
      [id],
    );
    if (erased.length > 0) return "deleted";
    const archived = await tx.query(
      `UPDATE ${table} SET archived = true WHERE id = $1 AND NOT archived RETURNING id`,
      [id],
    );
    return archived.length > 0 ? "archived" : "not_found";
  });
}

async function createNamed(
  sql: SqlClient,
  table: "book_categories" | "stationery_categories",
  name: string,
): Promise<WriteResult<Category>> {
  const rows = await sql.query<Category>(
    `INSERT INTO ${table} (name) VALUES ($1) ON CONFLICT DO NOTHING RETURNING id, name`,
    [name],
  );
  return rows.length > 0
    ? { kind: "ok", value: { id: rows[0].id, name: rows[0].name } }
    : { kind: "duplicate", field: "name" };
}
