import type {
  BookImportOutcome,
  BookImportWrite,
  CatalogueAdmin,
  CategoryDeleteResult,
  DeleteResult,
  ImageWriteResult,
  StationeryImportWrite,
  WriteResult,
} from "../../domain/ports.ts";
import type {
  Book,
  BookChanges,
  Category,
  CategoryNames,
  ImageChange,
  NewBook,
  NewStationeryItem,
  Page,
  PageRequest,
  ProductKind,
  StationeryChanges,
  StationeryItem,
} from "../../domain/catalogue/model.ts";
import type { SqlClient } from "./sql_client.ts";
import { MAX_STOCK, nextStock, type StockChange } from "../../domain/catalogue/stock.ts";
import {
  exists,
  readBook,
  readStationery,
  saleCheckAsConflict,
  uniqueAsDuplicate,
} from "./catalogue_writes.ts";
import * as editing from "./catalogue_editing.ts";
import * as adjustments from "./stock_adjustments.ts";
import type {
  AdjustmentResult,
  NewStockAdjustment,
  StockAdjustment,
} from "../../domain/catalogue/stock_adjustment.ts";
import {
  BOOK_SQL,
  BOOK_TABLE,
  CATEGORY_COLUMNS,
  categoryFromRow,
  type CategoryRow,
  STATIONERY_SQL,
  STATIONERY_TABLE,
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

/**
 * A change of every declared field but the stock (NEW_STOCK above), its parameters after
 * the id ($1), the stock ($2) and the stock to add ($3).
 */
const BOOK_CHANGES = BOOK_SQL.changes<BookChanges>(4, ["stock"]);
const STATIONERY_CHANGES = STATIONERY_SQL.changes<StationeryChanges>(4, ["stock"]);

/**
 * Writes a product's changes and its new stock where the stock rule allows, in one statement;
 * false when no row was written (gone, archived, or the stock refused: `whyRefused` says).
 */
async function writeChanges<C extends { stock?: number; addStock?: number }>(
  tx: SqlClient,
  table: Product,
  columns: { set: string; params(changes: C): unknown[] },
  id: number,
  changes: C,
): Promise<boolean> {
  const updated = await tx.query(
    `UPDATE ${table} SET stock = ${NEW_STOCK}, ${columns.set}
      WHERE id = $1 AND NOT archived AND ${STOCK_ALLOWED}
      RETURNING id`,
    [id, changes.stock ?? null, changes.addStock ?? null, ...columns.params(changes)],
  );
  return updated.length > 0;
}

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
        `${BOOK_SQL.insert} ON CONFLICT (isbn13) WHERE NOT archived DO NOTHING RETURNING id`,
        BOOK_SQL.insertParams(book),
      );
      if (inserted.length === 0) return { kind: "duplicate", field: "isbn13" };
      return { kind: "ok", value: await readBook(tx, inserted[0].id) };
    });
  }

  updateBook(id: number, changes: BookChanges): Promise<WriteResult<Book>> {
    return uniqueAsDuplicate(
      "isbn13",
      () =>
        saleCheckAsConflict(() =>
          this.#sql.transaction(async (tx) => {
            const refused = await refuseBookChanges(tx, id, changes);
            if (refused) return refused;
            if (!await writeChanges(tx, "books", BOOK_CHANGES, id, changes)) {
              return await whyRefused(tx, "books", id, changes);
            }
            return { kind: "ok", value: await readBook(tx, id) };
          })
        ),
    );
  }

  deleteBook(id: number): Promise<DeleteResult> {
    return deleteProduct(this.#sql, "books", id);
  }

  adjustStock(adjustment: NewStockAdjustment): Promise<AdjustmentResult> {
    return adjustments.adjustStock(this.#sql, adjustment);
  }

  stockAdjustments(
    product: { kind: ProductKind; id: number },
    limit: number,
  ): Promise<StockAdjustment[]> {
    return adjustments.listStockAdjustments(this.#sql, product, limit);
  }

  createStationery(item: NewStationeryItem): Promise<WriteResult<StationeryItem>> {
    return this.#sql.transaction(async (tx) => {
      const category = "SELECT 1 FROM stationery_categories WHERE id = $1";
      if (!await exists(tx, category, item.categoryId)) return { kind: "unknown_category" };
      const [{ id }] = await tx.query<{ id: number }>(
        `${STATIONERY_SQL.insert} RETURNING id`,
        STATIONERY_SQL.insertParams(item),
      );
      return { kind: "ok", value: await readStationery(tx, id) };
    });
  }

  updateStationery(id: number, changes: StationeryChanges): Promise<WriteResult<StationeryItem>> {
    return saleCheckAsConflict(() =>
      this.#sql.transaction(async (tx) => {
        const category = "SELECT 1 FROM stationery_categories WHERE id = $1";
        if (changes.categoryId !== undefined && !await exists(tx, category, changes.categoryId)) {
          const found = await exists(tx, LIVE_STATIONERY, id);
          return found ? { kind: "unknown_category" } : { kind: "not_found" };
        }
        if (!await writeChanges(tx, "stationery_items", STATIONERY_CHANGES, id, changes)) {
          return await whyRefused(tx, "stationery_items", id, changes);
        }
        return { kind: "ok", value: await readStationery(tx, id) };
      })
    );
  }

  deleteStationery(id: number): Promise<DeleteResult> {
    return deleteProduct(this.#sql, "stationery_items", id);
  }

  createCategory(name: string, names: CategoryNames = {}): Promise<WriteResult<Category>> {
    return createNamed(this.#sql, "book_categories", name, names);
  }

  createStationeryCategory(
    name: string,
    names: CategoryNames = {},
  ): Promise<WriteResult<Category>> {
    return createNamed(this.#sql, "stationery_categories", name, names);
  }

  renameCategory(
    kind: ProductKind,
    id: number,
    name: string,
    names?: CategoryNames,
  ): Promise<WriteResult<Category>> {
    return editing.renameCategory(this.#sql, { kind, id, name, names });
  }

  deleteCategory(kind: ProductKind, id: number): Promise<CategoryDeleteResult> {
    return editing.deleteCategory(this.#sql, { kind, id });
  }

  changeBookImages(id: number, change: ImageChange): Promise<ImageWriteResult<Book>> {
    return editing.changeBookImages(this.#sql, { id, change });
  }

  replaceStationeryImage(id: number, image: string): Promise<ImageWriteResult<StationeryItem>> {
    return editing.replaceStationeryImage(this.#sql, { id, image });
  }

  imagesInUse(images: string[]): Promise<string[]> {
    return editing.imagesInUse(this.#sql, images);
  }

  listArchivedBooks(page: PageRequest, q?: string): Promise<Page<Book>> {
    return editing.listArchived(this.#sql, BOOK_TABLE, { page, q });
  }

  listArchivedStationery(page: PageRequest, q?: string): Promise<Page<StationeryItem>> {
    return editing.listArchived(this.#sql, STATIONERY_TABLE, { page, q });
  }

  restoreBook(id: number): Promise<WriteResult<Book>> {
    return editing.restoreBook(this.#sql, id);
  }

  restoreStationery(id: number): Promise<WriteResult<StationeryItem>> {
    return editing.restoreStationery(this.#sql, id);
  }

  findBooksByIsbn(isbns: string[]): Promise<Book[]> {
    return editing.findBooksByIsbn(this.#sql, isbns);
  }

  importBooks(plan: BookImportWrite): Promise<BookImportOutcome> {
    return editing.importBooks(this.#sql, plan);
  }

  importStationery(plan: StationeryImportWrite): Promise<BookImportOutcome> {
    return editing.importStationery(this.#sql, plan);
  }
}

const LIVE_BOOK = "SELECT 1 FROM books WHERE id = $1 AND NOT archived";
const LIVE_STATIONERY = "SELECT 1 FROM stationery_items WHERE id = $1 AND NOT archived";

/** A missing book, an unknown category or a taken ISBN-13, found before the update. */
async function refuseBookChanges(
  tx: SqlClient,
  id: number,
  changes: BookChanges,
): Promise<WriteResult<Book> | undefined> {
  if (!await exists(tx, LIVE_BOOK, id)) return { kind: "not_found" };
  const category = "SELECT 1 FROM book_categories WHERE id = $1";
  if (changes.categoryId !== undefined && !await exists(tx, category, changes.categoryId)) {
    return { kind: "unknown_category" };
  }
  if (changes.isbn13 !== undefined) {
    const taken = await tx.query(
      "SELECT 1 FROM books WHERE isbn13 = $1 AND id <> $2 AND NOT archived",
      [changes.isbn13, id],
    );
    if (taken.length > 0) return { kind: "duplicate", field: "isbn13" };
  }
  return undefined;
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
  const images = table === "books" ? "images" : "ARRAY[image]";
  return sql.transaction(async (tx) => {
    const erased = await tx.query<{ images: string[] }>(
      `DELETE FROM ${table} WHERE id = $1 AND NOT archived
         AND NOT EXISTS (SELECT 1 FROM order_items WHERE ${itemColumn} = $1)
       RETURNING ${images} AS images`,
      [id],
    );
    if (erased.length > 0) return { kind: "deleted", images: erased[0].images };
    const archived = await tx.query(
      `UPDATE ${table} SET archived = true WHERE id = $1 AND NOT archived RETURNING id`,
      [id],
    );
    return archived.length > 0 ? { kind: "archived" } : { kind: "not_found" };
  });
}

async function createNamed(
  sql: SqlClient,
  table: "book_categories" | "stationery_categories",
  name: string,
  names: CategoryNames,
): Promise<WriteResult<Category>> {
  const rows = await sql.query<CategoryRow>(
    `INSERT INTO ${table} (name, name_si, name_ta) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING
     RETURNING ${CATEGORY_COLUMNS}`,
    [name, names.si ?? null, names.ta ?? null],
  );
  return rows.length > 0
    ? { kind: "ok", value: categoryFromRow(rows[0]) }
    : { kind: "duplicate", field: "name" };
}
