/**
 * What the admin's SQL writes share (catalogue_admin.ts, catalogue_editing.ts): a product
 * read back by id inside the write's transaction, whether a row exists, a unique violation
 * answered as a duplicate, and a sale price the database refuses after a concurrent edit
 * answered as a change made meanwhile.
 */
import type { WriteResult } from "../../domain/ports.ts";
import type { Book, StationeryItem } from "../../domain/catalogue/model.ts";
import type { SqlClient } from "./sql_client.ts";
import { BOOK_TABLE, type ProductTable, STATIONERY_TABLE } from "./catalogue_rows.ts";

/** The constraint a database error names (postgres.js and PGlite name it differently). */
function constraintOf(error: unknown): string {
  const named = error as { constraint_name?: unknown; constraint?: unknown };
  const name = named.constraint_name ?? named.constraint;
  return typeof name === "string" ? name : "";
}

/** The sale checks of migration 0030: a sale price below the price, a window in order. */
const SALE_CHECK = /_sale_(price|window)_check$/;

/**
 * A unique violation that slipped past the checks (another transaction took the value
 * between the check and the write) answered as a duplicate rather than a failure.
 */
export async function uniqueAsDuplicate<T>(
  field: string,
  write: () => Promise<WriteResult<T>>,
): Promise<WriteResult<T>> {
  try {
    return await write();
  } catch (error) {
    if ((error as { code?: string }).code === "23505") return { kind: "duplicate", field };
    throw error;
  }
}

/**
 * A sale check of 0030 that a change broke because another edit changed the price or the
 * sale price after the change was checked against the product, answered as a change made
 * meanwhile (409) rather than a failure.
 */
export async function saleCheckAsConflict<T>(
  write: () => Promise<WriteResult<T>>,
): Promise<WriteResult<T>> {
  try {
    return await write();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "23514" && SALE_CHECK.test(constraintOf(error))) {
      return { kind: "changed_meanwhile" };
    }
    throw error;
  }
}

/** Whether `sql` (a query of the id) finds a row. */
export async function exists(tx: SqlClient, sql: string, id: number): Promise<boolean> {
  return (await tx.query(sql, [id])).length > 0;
}

/** A product by id, archived or not: the caller knows it is there. */
async function readProduct<T>(tx: SqlClient, product: ProductTable<T>, id: number) {
  const [row] = await tx.query(
    `SELECT ${product.columns} FROM ${product.from} WHERE ${product.alias}.id = $1`,
    [id],
  );
  return product.fromRow(row);
}

/** A book by id, archived or not: the caller knows it is there. */
export function readBook(tx: SqlClient, id: number): Promise<Book> {
  return readProduct(tx, BOOK_TABLE, id);
}

/** A stationery item by id, archived or not: the caller knows it is there. */
export function readStationery(tx: SqlClient, id: number): Promise<StationeryItem> {
  return readProduct(tx, STATIONERY_TABLE, id);
}
