/** How catalogue rows are read and filtered: shared by the catalogue repositories. */
import { hasIndicLetters, soundTerm } from "../../domain/catalogue/script_sound.ts";
import { isbnTerm, searchTerm } from "../../domain/catalogue/search.ts";
import { SEARCH_FIELDS, type SearchFields } from "../../domain/catalogue/filter.ts";
import type {
  Book,
  BookFilter,
  Category,
  ProductKind,
  StationeryItem,
} from "../../domain/catalogue/model.ts";
import { BOOK_FIELDS } from "../../domain/catalogue/book_record.ts";
import { STATIONERY_FIELDS } from "../../domain/catalogue/stationery_record.ts";
import type { Row } from "./sql_client.ts";
import { recordTable } from "./record_table.ts";
import { columnName, type Fields } from "../../domain/records/fields.ts";

/** The books table as BOOK_FIELDS declares it: columns, row checks, statements. */
export const BOOK_SQL = recordTable(BOOK_FIELDS, {
  table: "books",
  alias: "b",
  joined: { categoryName: "c.name" },
});

/** The stationery table as STATIONERY_FIELDS declares it. */
export const STATIONERY_SQL = recordTable(STATIONERY_FIELDS, {
  table: "stationery_items",
  alias: "s",
  joined: { categoryName: "c.name" },
});

/** The columns of a whole book, with its category's name (from BOOKS_FROM). */
export const BOOK_COLUMNS = BOOK_SQL.columns;

export const BOOKS_FROM = "books b JOIN book_categories c ON c.id = b.category_id";

export const STATIONERY_COLUMNS = STATIONERY_SQL.columns;

export const STATIONERY_FROM =
  "stationery_items s JOIN stationery_categories c ON c.id = s.category_id";

/**
 * One kind of product as its SQL reads it: its table and alias, the columns of a whole
 * record (with its category's name) and the join they are read from, the fields a search
 * looks in (the domain's SEARCH_FIELDS), and how a row becomes a product.
 */
export interface ProductTable<T> {
  kind: ProductKind;
  table: "books" | "stationery_items";
  /** The narrow copy a search reads (migration 0019): every column a listing filters or sorts by. */
  searchTable: "book_search" | "stationery_search";
  /** The distinct words of its searched texts on sale, for suggestions (migration 0032). */
  wordsTable: "book_words" | "stationery_words";
  categoryTable: "book_categories" | "stationery_categories";
  alias: "b" | "s";
  columns: string;
  from: string;
  searched: SearchFields;
  /** The columns of the searched texts (`searched.texts`), in the product table and its copy. */
  searchedColumns: string[];
  /** The product of a row read with `columns`; a row of the wrong shape throws. */
  fromRow(row: Row): T;
}

export const BOOK_TABLE: ProductTable<Book> = {
  kind: "book",
  table: "books",
  searchTable: "book_search",
  wordsTable: "book_words",
  categoryTable: "book_categories",
  alias: "b",
  columns: BOOK_COLUMNS,
  from: BOOKS_FROM,
  searched: SEARCH_FIELDS.book,
  searchedColumns: searchedColumns(BOOK_FIELDS, SEARCH_FIELDS.book),
  fromRow: BOOK_SQL.fromRow,
};

export const STATIONERY_TABLE: ProductTable<StationeryItem> = {
  kind: "stationery",
  table: "stationery_items",
  searchTable: "stationery_search",
  wordsTable: "stationery_words",
  categoryTable: "stationery_categories",
  alias: "s",
  columns: STATIONERY_COLUMNS,
  from: STATIONERY_FROM,
  searched: SEARCH_FIELDS.stationery,
  searchedColumns: searchedColumns(STATIONERY_FIELDS, SEARCH_FIELDS.stationery),
  fromRow: STATIONERY_SQL.fromRow,
};

function searchedColumns(fields: Fields, searched: SearchFields): string[] {
  return searched.texts.map((text) => columnName(text, fields[text]));
}

/** How the SQL reads a kind of product (its tables, alias and columns). */
export function productTableOf(
  kind: ProductKind,
): ProductTable<Book> | ProductTable<StationeryItem> {
  return kind === "book" ? BOOK_TABLE : STATIONERY_TABLE;
}

/** A category's row. */
export interface CategoryRow {
  id: number;
  name: string;
  name_si: string | null;
  name_ta: string | null;
}

/** The columns a category is read from. */
export const CATEGORY_COLUMNS = "id, name, name_si, name_ta";

export function categoryFromRow(
  row: { id: number; name: string; name_si?: string | null; name_ta?: string | null },
): Category {
  const names: NonNullable<Category["names"]> = {};
  if (row.name_si) names.si = row.name_si;
  if (row.name_ta) names.ta = row.name_ta;
  return { id: row.id, name: row.name, names };
}

/** Escapes LIKE's wildcards (and its escape character) so the term matches literally. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The column holding a searched text's search form (domain/catalogue/search.ts's
 * `searchKey` in SQL: NFC, lower case, no zero-width joiners), stored and trigram-indexed
 * (migrations 0015 and 0019): `search_` and the text's column.
 *
 * @example searchKeySql("b.title") // "b.search_title"
 */
export function searchKeySql(column: string) {
  const [alias, name] = column.includes(".") ? column.split(".") : ["", column];
  return `${alias ? `${alias}.` : ""}search_${
    name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
  }`;
}

/**
 * Where a listing finds its products' ids, as `table alias`: a search reads the narrow
 * copy of migration 0019, which holds the trigram indexes and every column a listing
 * filters or sorts by (its rows a quarter the width, its search keys read first); any
 * other listing reads the product table's own btree indexes. `category` joins the
 * categories as `c`, for a sort by their names.
 *
 * @example idsSource(BOOK_TABLE, { q: "gar" }) // "book_search b"
 */
export function idsSource(
  product: Pick<
    ProductTable<unknown>,
    "table" | "searchTable" | "categoryTable" | "alias"
  >,
  filter: { q?: string },
  options: { category?: boolean } = {},
): string {
  const { alias } = product;
  const table = searchTerm(filter.q) === "" ? product.table : product.searchTable;
  return options.category
    ? `${table} ${alias} JOIN ${product.categoryTable} c ON c.id = ${alias}.category_id`
    : `${table} ${alias}`;
}

/** A WHERE clause and its positional parameters. */
export interface SqlCondition {
  where: string;
  params: unknown[];
}

/**
 * The storefront filter as SQL over a product table's alias (books b or stationery s), or
 * its search copy's, which names the same columns: the same rules as
 * domain/catalogue/filter.ts. Archived products never match, unless
 * `archived` asks for them alone (the admin's archive, searched by the same rules).
 */
export function filterCondition(
  product: Pick<ProductTable<unknown>, "alias" | "searched" | "searchedColumns">,
  filter: BookFilter,
  options: { archived?: boolean } = {},
): SqlCondition {
  const { alias, searched } = product;
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const clauses = [options.archived ? `${alias}.archived` : `NOT ${alias}.archived`];
  const term = searchTerm(filter.q);
  if (term !== "") {
    // Each searched column of the search copy has a trigram index (migration 0019), so a
    // search of several (a book's title, author and ISBN-13) is one bitmap OR, not a scan.
    const like = param(`%${escapeLike(term)}%`);
    const found = product.searchedColumns.map((column) =>
      `${searchKeySql(`${alias}.${column}`)} LIKE ${like}`
    );
    // The ISBN-13 is searched by the term's digits, its hyphens and spaces ignored.
    const digits = searched.isbn ? isbnTerm(filter.q) : "";
    if (digits !== "") found.push(`${alias}.isbn13 LIKE ${param(`%${escapeLike(digits)}%`)}`);
    // A book is found across scripts by the sound key of its title and author (migration
    // 0073, domain/catalogue/script_sound.ts), kept in the search copy with its own index.
    // A term in English letters crosses only into books written in Sinhala or Tamil ("~ ").
    const sound = searched.isbn ? soundTerm(term) : "";
    if (sound !== "") {
      const key = `${alias}.search_sound`;
      const like = `${key} LIKE ${param(`%${escapeLike(sound)}%`)}`;
      found.push(hasIndicLetters(term) ? like : `(${like} AND ${key} LIKE '~ %')`);
    }
    clauses.push(found.length === 1 ? found[0] : `(${found.join(" OR ")})`);
  }
  if (filter.categoryId !== undefined) {
    clauses.push(`${alias}.category_id = ${param(filter.categoryId)}`);
  }
  if (filter.author !== undefined) clauses.push(`${alias}.author = ${param(filter.author)}`);
  if (filter.minPriceCents !== undefined) {
    clauses.push(`${alias}.price_cents >= ${param(filter.minPriceCents)}`);
  }
  if (filter.maxPriceCents !== undefined) {
    clauses.push(`${alias}.price_cents <= ${param(filter.maxPriceCents)}`);
  }
  if (!filter.inStock) clauses.push(`${alias}.stock = 0`);
  if (!filter.outOfStock) clauses.push(`${alias}.stock > 0`);
  return { where: clauses.join(" AND "), params };
}
