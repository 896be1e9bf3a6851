/** How catalogue rows are read and filtered: shared by the catalogue repositories. */
import { isbnTerm, searchTerm } from "../../domain/catalogue/search.ts";
import { SEARCH_FIELDS, type SearchFields } from "../../domain/catalogue/filter.ts";
import type {
  Book,
  BookFilter,
  BookLanguage,
  Category,
  ProductKind,
  StationeryItem,
} from "../../domain/catalogue/model.ts";

export const BOOK_COLUMNS = `b.id, b.title, b.author, b.price_cents, b.stock, b.category_id,
  c.name AS category_name, b.isbn13, b.language, b.binding, b.publisher, b.publishing_date,
  b.edition, b.weight_grams, b.description, b.images, b.preorder, b.preorder_date,
  b.preordered_stock`;

export const BOOKS_FROM = "books b JOIN book_categories c ON c.id = b.category_id";

export const STATIONERY_COLUMNS = `s.id, s.title, s.price_cents, s.stock, s.weight_grams,
  s.category_id, c.name AS category_name, s.image`;

export const STATIONERY_FROM =
  "stationery_items s JOIN stationery_categories c ON c.id = s.category_id";

export interface BookRow {
  id: number;
  title: string;
  author: string;
  price_cents: number;
  stock: number;
  category_id: number;
  category_name: string;
  isbn13: string;
  language: string;
  binding: string;
  publisher: string;
  publishing_date: string;
  edition: string;
  weight_grams: number;
  description: string | null;
  images: string[];
  preorder: boolean;
  preorder_date: string | null;
  preordered_stock: number;
}

export interface StationeryRow {
  id: number;
  title: string;
  price_cents: number;
  stock: number;
  weight_grams: number;
  category_id: number;
  category_name: string;
  image: string;
}

export function bookFromRow(row: BookRow): Book {
  return {
    id: row.id,
    title: row.title,
    author: row.author,
    priceCents: row.price_cents,
    stock: row.stock,
    categoryId: row.category_id,
    categoryName: row.category_name,
    isbn13: row.isbn13,
    language: row.language as BookLanguage,
    binding: row.binding,
    publisher: row.publisher,
    publishingDate: row.publishing_date,
    edition: row.edition,
    weightGrams: row.weight_grams,
    description: row.description === null || row.description.trim() === "" ? null : row.description,
    images: row.images,
    preorder: row.preorder,
    preorderDate: row.preorder_date,
    preorderedStock: row.preordered_stock,
  };
}

export function stationeryFromRow(row: StationeryRow): StationeryItem {
  return {
    id: row.id,
    title: row.title,
    priceCents: row.price_cents,
    stock: row.stock,
    weightGrams: row.weight_grams,
    categoryId: row.category_id,
    categoryName: row.category_name,
    image: row.image,
  };
}

/**
 * One kind of product as its SQL reads it: its table and alias, the columns of a whole
 * record (with its category's name) and the join they are read from, the fields a search
 * looks in (the domain's SEARCH_FIELDS), and how a row becomes a product.
 */
export interface ProductTable<Row, T> {
  kind: ProductKind;
  table: "books" | "stationery_items";
  /** The narrow copy a search reads (migration 0019): every column a listing filters or sorts by. */
  searchTable: "book_search" | "stationery_search";
  categoryTable: "book_categories" | "stationery_categories";
  alias: "b" | "s";
  columns: string;
  from: string;
  searched: SearchFields;
  fromRow(row: Row): T;
}

export const BOOK_TABLE: ProductTable<BookRow, Book> = {
  kind: "book",
  table: "books",
  searchTable: "book_search",
  categoryTable: "book_categories",
  alias: "b",
  columns: BOOK_COLUMNS,
  from: BOOKS_FROM,
  searched: SEARCH_FIELDS.book,
  fromRow: bookFromRow,
};

export const STATIONERY_TABLE: ProductTable<StationeryRow, StationeryItem> = {
  kind: "stationery",
  table: "stationery_items",
  searchTable: "stationery_search",
  categoryTable: "stationery_categories",
  alias: "s",
  columns: STATIONERY_COLUMNS,
  from: STATIONERY_FROM,
  searched: SEARCH_FIELDS.stationery,
  fromRow: stationeryFromRow,
};

/** How the SQL reads a kind of product (its tables, alias and columns). */
export function productTableOf(
  kind: ProductKind,
): ProductTable<BookRow, Book> | ProductTable<StationeryRow, StationeryItem> {
  return kind === "book" ? BOOK_TABLE : STATIONERY_TABLE;
}

export function categoryFromRow(row: { id: number; name: string }): Category {
  return { id: row.id, name: row.name };
}

/** Escapes LIKE's wildcards (and its escape character) so the term matches literally. */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The column holding a title's or an author's search form (domain/catalogue/search.ts's
 * `searchKey` in SQL: NFC, lower case, no zero-width joiners), stored and trigram-indexed
 * by migration 0015.
 *
 * @example searchKeySql("b.title") // "b.search_title"
 */
export function searchKeySql(column: `${"b" | "s"}.${"title" | "author"}` | "title" | "author") {
  const [alias, name] = column.includes(".") ? column.split(".") : ["", column];
  return `${alias ? `${alias}.` : ""}search_${name}`;
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
    ProductTable<unknown, unknown>,
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
  product: Pick<ProductTable<unknown, unknown>, "alias" | "searched">,
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
    const found = searched.texts.map((text) => `${searchKeySql(`${alias}.${text}`)} LIKE ${like}`);
    // The ISBN-13 is searched by the term's digits, its hyphens and spaces ignored.
    const digits = searched.isbn ? isbnTerm(filter.q) : "";
    if (digits !== "") found.push(`${alias}.isbn13 LIKE ${param(`%${escapeLike(digits)}%`)}`);
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
