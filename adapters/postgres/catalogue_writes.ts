/**
 * What the admin's SQL writes share (catalogue_admin.ts, catalogue_editing.ts): a product
 * read back by id inside the write's transaction, whether a row exists, and a unique
 * violation answered as a duplicate.
 */
import type { WriteResult } from "../../domain/ports.ts";
import type { Book, StationeryItem } from "../../domain/catalogue/model.ts";
import type { SqlClient } from "./sql_client.ts";
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

/** Whether `sql` (a query of the id) finds a row. */
export async function exists(tx: SqlClient, sql: string, id: number): Promise<boolean> {
  return (await tx.query(sql, [id])).length > 0;
}

/** A book by id, archived or not: the caller knows it is there. */
export async function readBook(tx: SqlClient, id: number): Promise<Book> {
  const [row] = await tx.query<BookRow>(
    `SELECT ${BOOK_COLUMNS} FROM ${BOOKS_FROM} WHERE b.id = $1`,
    [id],
  );
  return bookFromRow(row);
}

/** A stationery item by id, archived or not: the caller knows it is there. */
export async function readStationery(tx: SqlClient, id: number): Promise<StationeryItem> {
  const [row] = await tx.query<StationeryRow>(
    `SELECT ${STATIONERY_COLUMNS} FROM ${STATIONERY_FROM} WHERE s.id = $1`,
    [id],
  );
  return stationeryFromRow(row);
}
