/**
 * Books and stationery as CSV, the way a spreadsheet opens and saves it: UTF-8 with a
 * byte-order mark (so Excel shows Sinhala and Tamil), CRLF line ends, quoted cells where
 * needed. Cells that a spreadsheet would run as a formula (starting with = + - @) are
 * written with a leading apostrophe, and read back without it. Parsing and writing are
 * done by csv-parse and csv-stringify (quoting, embedded newlines, BOM).
 */
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { centsToRupees, gramsToKg } from "../domain/money.ts";
import type { Book, NewBook, StationeryItem } from "../domain/catalogue/model.ts";
import type {
  BookRowValues,
  ImportProblem,
  ImportSummary,
} from "../domain/catalogue/book_import.ts";
import { ApiError, fieldProblems } from "./errors.ts";
import { z } from "zod";
import type { StationeryRowValues } from "../domain/catalogue/stationery_import.ts";
import { idText, newBookFields, newStationeryFields } from "../contract/requests.ts";
import { MULTILINE_FIELDS, textProblem } from "./text_rule.ts";

/** The creation field names, plus `id` and `images` (URL paths separated by `|`). */
export const BOOK_CSV_COLUMNS = [
  "id",
  "title",
  "author",
  "price",
  "stock",
  "categoryId",
  "isbn13",
  "language",
  "binding",
  "publisher",
  "publishingDate",
  "productEdition",
  "weight",
  "description",
  "preorder",
  "preorderDate",
  "preorderedStock",
  "images",
] as const;

export const STATIONERY_CSV_COLUMNS = [
  "id",
  "title",
  "price",
  "stock",
  "weight",
  "categoryId",
  "image",
] as const;

/** The largest CSV the shop reads. */
export const MAX_CSV_BYTES = 10 * 1024 * 1024;

const FORMULA = /^[=+\-@]/;

function cell(value: string | number | null): string {
  const text = value === null ? "" : String(value);
  return FORMULA.test(text) ? `'${text}` : text;
}

export function csv(columns: readonly string[], rows: (string | number | null)[][]): string {
  return "\ufeff" + stringify([columns as string[], ...rows.map((r) => r.map(cell))], {
    record_delimiter: "\r\n",
  });
}

export function booksCsv(books: Book[]): string {
  return csv(
    BOOK_CSV_COLUMNS,
    books.map((b) => [
      b.id,
      b.title,
      b.author,
      centsToRupees(b.priceCents).toFixed(2),
      b.stock,
      b.categoryId,
      b.isbn13,
      b.language,
      b.binding,
      b.publisher,
      b.publishingDate,
      b.edition,
      gramsToKg(b.weightGrams),
      b.description,
      b.preorder ? 1 : 0,
      b.preorderDate,
      b.preorderedStock,
      b.images.join("|"),
    ]),
  );
}

export function stationeryCsv(items: StationeryItem[]): string {
  return csv(
    STATIONERY_CSV_COLUMNS,
    items.map((s) => [
      s.id,
      s.title,
      centsToRupees(s.priceCents).toFixed(2),
      s.stock,
      gramsToKg(s.weightGrams),
      s.categoryId,
      s.image,
    ]),
  );
}

/** The wire name of each book field, as the CSV and the add form call it. */
const WIRE_NAME: Record<string, string> = {
  priceCents: "price",
  edition: "productEdition",
  weightGrams: "weight",
};

/** The field a person reads in an import problem. */
export function wireField(field: string): string {
  return WIRE_NAME[field] ?? field;
}

/** An import's answer, books or stationery: the counts and every problem by row and field. */
export function importSummaryRecord(summary: ImportSummary) {
  return {
    data: {
      created: summary.created,
      updated: summary.updated,
      unchanged: summary.unchanged,
      written: summary.written,
      errors: summary.errors.map((e) => ({ ...e, field: wireField(e.field) })),
    },
  };
}

/** Reads the text of a CSV body: 413 above the limit, 400 when it is not UTF-8 text. */
export async function readCsvBody(request: Request): Promise<string> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  if (!["text/csv", "text/plain", "application/vnd.ms-excel"].includes(type)) {
    throw new ApiError(
      415,
      "UNSUPPORTED_MEDIA_TYPE",
      "Expected a CSV body (Content-Type: text/csv)",
    );
  }
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_CSV_BYTES) throw tooLarge();
  const bytes = new Uint8Array(await request.arrayBuffer());
  if (bytes.length > MAX_CSV_BYTES) throw tooLarge();
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw notCsv('The file is not UTF-8 text: save it as "CSV UTF-8"');
  }
  // deno-lint-ignore no-control-regex
  if (/[\u0000-\u0008\u000e-\u001f]/.test(text)) {
    throw notCsv("The file holds control characters: it is not a CSV file");
  }
  return text;
}

function tooLarge(): ApiError {
  return new ApiError(413, "PAYLOAD_TOO_LARGE", `A CSV file may be at most 10 MB`);
}

function notCsv(message: string): ApiError {
  return new ApiError(400, "BAD_CSV", message);
}

/**
 * A cell by the JSON API's text rule (http/text_rule.ts): no control characters, newline
 * and tab only in a field of several lines (and between the paths of `images`), never
 * only invisible characters.
 */
function cellProblem(column: string, text: string): string | undefined {
  return textProblem(text, MULTILINE_FIELDS.has(column) || column === "images");
}

/** A CSV cell as it was meant: Excel's formula guard removed, spaces trimmed. */
function cleanCell(value: string): string {
  const text = value.trim();
  return text.startsWith("'") && FORMULA.test(text.slice(1)) ? text.slice(1) : text;
}

const BOOK_FIELD: Record<string, keyof NewBook> = {
  title: "title",
  author: "author",
  price: "priceCents",
  stock: "stock",
  categoryId: "categoryId",
  isbn13: "isbn13",
  language: "language",
  binding: "binding",
  publisher: "publisher",
  publishingDate: "publishingDate",
  productEdition: "edition",
  weight: "weightGrams",
  description: "description",
  preorder: "preorder",
  preorderDate: "preorderDate",
  preorderedStock: "preorderedStock",
  images: "images",
};

/**
 * The header and data records of a CSV file whose columns must be among `columns` and
 * include `required` (400 BAD_CSV otherwise, naming the problem).
 */
function readTable(
  text: string,
  columns: readonly string[],
  required?: string,
): { header: string[]; records: string[][] } {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: false });
  } catch (error) {
    throw notCsv(`The file is not valid CSV: ${(error as Error).message}`);
  }
  if (records.length === 0) throw notCsv("The file is empty: it needs a header row");
  const header = records[0].map((h) => h.trim());
  const unknown = header.filter((h) => !columns.includes(h));
  if (unknown.length > 0) {
    throw new ApiError(
      400,
      "BAD_CSV",
      `Unknown columns: ${unknown.map((u) => `"${u}"`).join(", ")}`,
      unknown.map((column) => ({ field: column, message: "is not a field of this file" })),
    );
  }
  const repeated = header.filter((h, i) => header.indexOf(h) !== i);
  if (repeated.length > 0) throw notCsv(`Columns appear twice: ${repeated.join(", ")}`);
  if (required && !header.includes(required)) throw notCsv(`The file needs an ${required} column`);
  return { header, records: records.slice(1) };
}

/**
 * The rows of a book CSV, each cell checked by the add form's rules. An empty cell leaves
 * the book's value as it is, except a description or pre-order date, which it clears.
 * A file that is not CSV, has unknown columns or lacks `isbn13` is refused as a whole (400).
 */
export function parseBookCsv(
  text: string,
): { rows: { row: number; values: BookRowValues }[]; errors: ImportProblem[] } {
  const { header, records } = readTable(text, BOOK_CSV_COLUMNS, "isbn13");
  const rows: { row: number; values: BookRowValues }[] = [];
  const errors: ImportProblem[] = [];
  records.forEach((record, index) => {
    const row = index + 1;
    const raw: Record<string, string> = {};
    header.forEach((column, i) => {
      if (column !== "id") raw[column] = cleanCell(record[i] ?? "");
    });
    const parsed = parseBookRow(raw);
    if (parsed.kind === "errors") {
      errors.push(...parsed.problems.map((p) => ({ row, ...p })));
    } else rows.push({ row, values: parsed.values });
  });
  return { rows, errors };
}

const ITEM_FIELD: Record<string, string> = {
  id: "id",
  title: "title",
  price: "priceCents",
  stock: "stock",
  weight: "weightGrams",
  categoryId: "categoryId",
  image: "image",
};

const ITEM_SCHEMAS: Record<string, z.ZodType> = {
  ...newStationeryFields.shape,
  id: idText,
  image: z.string().max(500),
};

/**
 * The rows of a stationery CSV: a row with `id` updates that item, one without adds an
 * item. An empty cell leaves the item's value as it is.
 */
export function parseStationeryCsv(
  text: string,
): { rows: { row: number; values: StationeryRowValues }[]; errors: ImportProblem[] } {
  const { header, records } = readTable(text, STATIONERY_CSV_COLUMNS);
  const rows: { row: number; values: StationeryRowValues }[] = [];
  const errors: ImportProblem[] = [];
  records.forEach((record, index) => {
    const row = index + 1;
    const values: Record<string, unknown> = {};
    const problems: ImportProblem[] = [];
    header.forEach((column, i) => {
      const text = cleanCell(record[i] ?? "");
      if (text === "") return;
      const refused = cellProblem(column, text);
      if (refused) {
        problems.push({ row, field: column, message: refused });
        return;
      }
      const parsed = ITEM_SCHEMAS[column].safeParse(text);
      if (parsed.success) values[ITEM_FIELD[column]] = parsed.data;
      else {
        const [problem] = fieldProblems(parsed.error.issues);
        problems.push({ row, field: column, message: problem.message });
      }
    });
    if (problems.length > 0) errors.push(...problems);
    else rows.push({ row, values: values as StationeryRowValues });
  });
  return { rows, errors };
}

const FIELD_SCHEMAS = newBookFields.shape;

function parseBookRow(
  raw: Record<string, string>,
):
  | { kind: "ok"; values: BookRowValues }
  | { kind: "errors"; problems: { field: string; message: string }[] } {
  const values: Record<string, unknown> = {};
  const problems: { field: string; message: string }[] = [];
  for (const [column, text] of Object.entries(raw)) {
    const key = BOOK_FIELD[column];
    if (text === "") {
      if (column === "description" || column === "preorderDate") values[key] = null;
      if (column === "isbn13") problems.push({ field: column, message: "ISBN-13 is required" });
      continue;
    }
    const refused = cellProblem(column, text);
    if (refused) {
      problems.push({ field: column, message: refused });
      continue;
    }
    if (column === "images") {
      values[key] = text.split(/[\s|]+/).filter((i) => i !== "");
      continue;
    }
    const schema = FIELD_SCHEMAS[column as keyof typeof FIELD_SCHEMAS];
    const parsed = schema.safeParse(text);
    if (parsed.success) values[key] = parsed.data === "" ? null : parsed.data;
    else {
      for (const p of fieldProblems(parsed.error.issues)) {
        problems.push({ field: column, message: p.message });
      }
    }
  }
  if (problems.length > 0) return { kind: "errors", problems };
  return { kind: "ok", values: values as BookRowValues };
}
