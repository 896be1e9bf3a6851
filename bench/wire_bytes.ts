/**
 * Bytes on the wire: the shop's first catalogue page against the whole catalogue as one
 * JSON list (what a client filtering in the browser would have to download), the latter
 * built from the database with the API's own book records.
 */
import { PostgresCatalogue, type SqlClient } from "../adapters/postgres/mod.ts";
import { DEFAULT_BOOK_FILTER } from "../domain/catalogue/filter.ts";
import { bookRecord } from "../http/routes/answers.ts";
import { gzipSize } from "./page_weight.ts";
import type { WireBytes } from "./results.ts";

/** Measures both sizes: the first page as the server answers it, the whole list from SQL. */
export async function measureWireBytes(
  sql: SqlClient,
  options: { baseUrl: string },
): Promise<WireBytes> {
  const response = await fetch(`${options.baseUrl}/api/books?page=1`);
  if (!response.ok) throw new Error(`GET /api/books?page=1 answered ${response.status}`);
  const firstPage = new Uint8Array(await response.arrayBuffer());
  const catalogue = new PostgresCatalogue(sql);
  const { total } = await catalogue.listBooks(DEFAULT_BOOK_FILTER, { page: 1, pageSize: 1 });
  const all = await catalogue.listBooks(DEFAULT_BOOK_FILTER, { page: 1, pageSize: total });
  const whole = new TextEncoder().encode(JSON.stringify({ data: all.items.map(bookRecord) }));
  return {
    books: total,
    firstPageBytes: firstPage.byteLength,
    firstPageGzipBytes: await gzipSize(firstPage),
    wholeCatalogueBytes: whole.byteLength,
    wholeCatalogueGzipBytes: await gzipSize(whole),
  };
}
