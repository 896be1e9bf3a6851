/**
 * Books and stationery as CSV, the way a spreadsheet opens and saves it: UTF-8 with a
 * byte-order mark (so Excel shows Sinhala and Tamil), CRLF line ends, quoted cells where
 * needed (a line break inside a cell too). Cells that a spreadsheet would run as a formula
 * (isFormula: = or @ first, or + or - before more than a number) are written with a
 * leading apostrophe, and read back without it. Parsing and writing are done by csv-parse
 * and csv-stringify (quoting, embedded newlines, BOM); the orders' CSV is written here too.
 */
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { centsToRupees, gramsToKg } from "../../domain/money.ts";
import type { Book, StationeryItem } from "../../domain/catalogue/model.ts";
import type {
  BookRowValues,
  ImportProblem,
  ImportSummary,
} from "../../domain/catalogue/book_import.ts";
import {
  CLEAR_MARKER,
  type ImportRow,
  isClearMarker,
} from "../../domain/catalogue/catalogue_import.ts";
import { ApiError, fieldProblems, validationFailed } from "../middleware/errors.ts";
import { z } from "zod";
import type { StationeryRowValues } from "../../domain/catalogue/stationery_import.ts";
import {
  idText,
  isbn13Digits,
  newBookFields,
  newStationeryFields,
} from "../../contract/requests.ts";
import {
  createName,
  defaultOf,
  type Field,
  type Fields,
  fieldsOf,
  hasDefault,
  isWritable,
} from "../../domain/records/fields.ts";
import { creationNames } from "../../contract/record_fields.ts";
import { MULTILINE_FIELDS, plainTextProblems, textProblem } from "../middleware/text_rule.ts";
import { BOOK_FIELDS } from "../../domain/catalogue/book_record.ts";
import { STATIONERY_FIELDS } from "../../domain/catalogue/stationery_record.ts";

/**
 * A kind of product's CSV file, from its declaration: a column for its `id` and for each
 * writable field under its creation name, in the declaration's order, the images last
 * (URL paths separated by `|`), and each cell written and read by its field's kind.
 */
interface CsvColumn {
  /** The field's name in the domain; `id` for the id. */
  name: string;
  column: string;
  field?: Field;
}

function csvColumnsOf(fields: Fields): CsvColumn[] {
  const writable = fieldsOf(fields).filter(([, field]) => isWritable(field))
    .map(([name, field]) => ({ name, column: createName(name, field), field }));
  return [
    { name: "id", column: "id" },
    ...writable.filter((c) => c.field.kind !== "images"),
    ...writable.filter((c) => c.field.kind === "images"),
  ];
}

const BOOK_CSV = csvColumnsOf(BOOK_FIELDS);
const STATIONERY_CSV = csvColumnsOf(STATIONERY_FIELDS);

/** The creation field names, plus `id` and `images` (URL paths separated by `|`). */
export const BOOK_CSV_COLUMNS: readonly string[] = BOOK_CSV.map((c) => c.column);

export const STATIONERY_CSV_COLUMNS: readonly string[] = STATIONERY_CSV.map((c) => c.column);

/** The largest CSV the shop reads. */
export const MAX_CSV_BYTES = 10 * 1024 * 1024;

/** A text a spreadsheet runs as a formula whatever follows: = and @, or a tab or CR first. */
const FORMULA_START = /^[=@\t\r]/;
/** + or - followed only by what numbers and phone numbers are written with. */
const SIGNED_NUMBER = /^[+-][\d\s.,()/+-]*$/;

/**
 * Whether a spreadsheet would run a text as a formula that can do harm (CSV injection): it
 * starts with = or @, or with a tab or a carriage return (some spreadsheets skip them
 * before one), or with + or - followed by anything but a number. A formula that does harm
 * calls a function, names a cell, a sheet or another program, or builds a link, and each
 * needs a letter, a !, a | or a quote; a text of digits, spaces and . , ( ) / + - alone,
 * such as the phone number +94 77 123 4567 or -12.50, can at most be summed, so it is
 * written as it is, not mangled with an apostrophe.
 *
 * @example isFormula("=HYPERLINK(\"http://x\")") // true
 * @example isFormula("+94 77 123 4567") // false
 * @example isFormula("+SUM(A1)") // true
 */
export function isFormula(text: string): boolean {
  if (FORMULA_START.test(text)) return true;
  return /^[+-]/.test(text) && !SIGNED_NUMBER.test(text);
}

/**
 * A cell as written: a formula (isFormula) gets a leading apostrophe, and so does a text
 * that starts with an apostrophe before one, so that reading the cell back (which drops
 * one apostrophe) gives the text as it was.
 */
function cell(value: string | number | null): string {
  const text = value === null ? "" : String(value);
  return guarded(text) ? `'${text}` : text;
}

/** Whether a text is written with a leading apostrophe (see cell). */
function guarded(text: string): boolean {
  return isFormula(text) || (text.startsWith("'") && guarded(text.slice(1)));
}

/**
 * A CSV file as a spreadsheet opens it: UTF-8 with a byte-order mark (Excel reads Sinhala
 * and Tamil only then), CRLF line ends, formula cells guarded (isFormula), and every cell
 * that holds a quote, a comma or a line break of any kind quoted (a description of several
 * lines stays one cell for Excel, Python's csv and csv-parse alike).
 */
export function csv(
  columns: readonly string[],
  rows: (string | number | null)[][],
  note?: string,
): string {
  // A note goes in a row of its own above the header, as wide as the header so that every
  // reader of CSV takes the file; the import skips it (a first cell starting with #).
  const noteRow = note === undefined ? [] : [[note, ...columns.slice(1).map(() => "")]];
  return stringify([...noteRow, columns as string[], ...rows.map((r) => r.map(cell))], {
    bom: true,
    record_delimiter: "\r\n",
    quoted_match: /[\r\n]/,
  });
}

/** A field's value in a cell: rupees with 2 decimals, kg, 1 or 0, images joined by `|`. */
function cellOf(field: Field | undefined, value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  switch (field?.kind) {
    case "money":
      return centsToRupees(value as number).toFixed(2);
    case "weight":
      return gramsToKg(value as number);
    case "flag":
      return value ? 1 : 0;
    case "images":
      return Array.isArray(value) ? value.join("|") : value as string;
    default:
      return value as string | number;
  }
}

/**
 * The note row above a product file's header: how an empty cell and the clear marker are
 * read, where the owner editing the sheet sees it.
 */
export const PRODUCT_CSV_NOTE =
  `# An empty cell keeps the value; ${CLEAR_MARKER} clears it (not in a required column). ` +
  "A row whose first cell starts with # is skipped.";

function productsCsv<P>(columns: CsvColumn[], products: P[]): string {
  return csv(
    columns.map((c) => c.column),
    products.map((p) =>
      columns.map((c) => cellOf(c.field, (p as Record<string, unknown>)[c.name]))
    ),
    PRODUCT_CSV_NOTE,
  );
}

export function booksCsv(books: Book[]): string {
  return productsCsv(BOOK_CSV, books);
}

export function stationeryCsv(items: StationeryItem[]): string {
  return productsCsv(STATIONERY_CSV, items);
}

/** The creation name of each product field, as the CSV and the add form call it. */
const WIRE_NAME: Record<string, string> = {
  ...creationNames(STATIONERY_FIELDS),
  ...creationNames(BOOK_FIELDS),
};

/** The field a person reads in an import problem. */
export function wireField(field: string): string {
  return WIRE_NAME[field] ?? field;
}

/** A changed value as the file writes it: rupees, kg, 1 or 0; "" for none. */
function shownCell(columns: CsvColumn[], field: string, value: unknown): string {
  const c = columns.find((c) => c.name === field);
  const shown = cellOf(c?.field, value);
  return shown === null ? "" : String(shown);
}

/**
 * An import's answer, books or stationery: the counts, every problem by row and field, and
 * per updated row each field that changes (before → after, written as the file writes it).
 */
export function importSummaryRecord(summary: ImportSummary, kind: "book" | "stationery") {
  const columns = kind === "book" ? BOOK_CSV : STATIONERY_CSV;
  return {
    data: {
      created: summary.created,
      updated: summary.updated,
      unchanged: summary.unchanged,
      written: summary.written,
      errors: summary.errors.map((e) => ({
        row: e.row,
        line: e.line,
        field: wireField(e.field),
        message: e.message,
      })),
      changes: summary.changes.map((change) => ({
        row: change.row,
        line: change.line,
        id: change.id,
        fields: change.fields.map((f) => ({
          field: wireField(f.field),
          before: shownCell(columns, f.field, f.before),
          after: shownCell(columns, f.field, f.after),
        })),
      })),
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
  // The text rule first, as on every body: a spreadsheet or an image is named for what it is.
  const problems = plainTextProblems(new TextDecoder().decode(bytes));
  if (problems.length > 0) throw validationFailed(problems);
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
 * A cell by the JSON API's text rule (http/middleware/text_rule.ts): no control characters, newline
 * and tab only in a field of several lines (and between the paths of `images`), never
 * only invisible characters.
 */
function cellProblem(column: string, text: string): string | undefined {
  return textProblem(text, MULTILINE_FIELDS.has(column) || column === "images");
}

/** A CSV cell as it was meant: Excel's formula guard removed, spaces trimmed. */
function cleanCell(value: string): string {
  const text = value.trim();
  return text.startsWith("'") && guarded(text.slice(1)) ? text.slice(1) : text;
}

/**
 * The header and data records of a CSV file whose columns must be among `columns` and
 * include `required` (400 BAD_CSV otherwise, naming the problem).
 */
function readTable(
  text: string,
  columns: readonly string[],
  required?: string,
): { header: string[]; records: { cells: string[]; line: number }[] } {
  let read: { record: string[]; info: { records: number; empty_lines: number } }[];
  try {
    // With `info`, csv-parse gives each record with its counts (its types say only cells).
    read = parse(text, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: false,
      info: true,
    }) as unknown as typeof read;
  } catch (error) {
    throw notCsv(`The file is not valid CSV: ${(error as Error).message}`);
  }
  // A spreadsheet shows a record as one row however many lines its cells hold, and an
  // empty line as an empty row: the records so far plus the empty lines skipped. Note rows
  // above the header (a first cell starting with #, as the export writes one) are skipped.
  const all = read.map(({ record, info }) => ({
    cells: record,
    line: info.records + info.empty_lines,
  }));
  const notes = all.findIndex((r) => !(r.cells[0] ?? "").trim().startsWith("#"));
  const records = notes < 0 ? [] : all.slice(notes);
  if (records.length === 0) throw notCsv("The file is empty: it needs a header row");
  const header = records[0].cells.map((h) => h.trim());
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

/** How a kind's CSV rows are read: its columns, their schemas and the row's match key. */
interface RowReader {
  columns: CsvColumn[];
  /** Each column's schema: the add form's, the id's and the images'. */
  schemas: Record<string, z.ZodType>;
  /** A book is matched by its ISBN-13, which each row needs; a stationery item by id. */
  match: "isbn13" | "id";
}

function rowReader(
  columns: CsvColumn[],
  shape: Record<string, z.ZodType>,
  match: RowReader["match"],
): RowReader {
  const schemas: Record<string, z.ZodType> = { ...shape, id: idText };
  for (const c of columns) {
    if (c.field?.kind === "images") {
      schemas[c.column] = c.field.many
        ? z.string().transform((text) => text.split(/[\s|]+/).filter((i) => i !== ""))
        : z.string().max(500);
    }
  }
  return { columns, schemas, match };
}

/**
 * A book row's cells are read by the add form's rules, but for the ISBN-13, which the import
 * plan holds to its check digit only when the row lists a new book: a row never fails for
 * the ISBN-13 of the book it updates (domain/catalogue/book_import.ts).
 */
const BOOK_ROWS = rowReader(BOOK_CSV, { ...newBookFields.shape, isbn13: isbn13Digits }, "isbn13");
const STATIONERY_ROWS = rowReader(STATIONERY_CSV, newStationeryFields.shape, "id");

/**
 * A row's cells checked by the add form's rules, under the fields' own names. An empty
 * cell leaves the product's value as it is (a book's ISBN-13 may not be empty); the clear
 * marker (CLEAR_MARKER) sets a field to its empty value (null, 0 or no, no images), and
 * in a field a product needs (a title, a price, the match key) is the row's error. A
 * book's `id` is not read: books are matched by ISBN-13.
 */
function parseRow(
  reader: RowReader,
  raw: Record<string, string>,
): { values: Record<string, unknown>; problems: { field: string; message: string }[] } {
  const values: Record<string, unknown> = {};
  const problems: { field: string; message: string }[] = [];
  for (const [column, text] of Object.entries(raw)) {
    const c = reader.columns.find((c) => c.column === column)!;
    if (column === "id" && reader.match !== "id") continue;
    if (text === "") {
      if (c.name === reader.match && reader.match === "isbn13") {
        problems.push({ field: c.column, message: "ISBN-13 is required" });
      }
      continue;
    }
    if (isClearMarker(text)) {
      if (c.field && c.name !== reader.match && hasDefault(c.field)) {
        values[c.name] = defaultOf(c.field);
      } else {
        problems.push({
          field: c.column,
          message: `${CLEAR_MARKER} cannot clear a field every product needs`,
        });
      }
      continue;
    }
    const refused = cellProblem(column, text);
    if (refused) {
      problems.push({ field: column, message: refused });
      continue;
    }
    const parsed = reader.schemas[c.column].safeParse(text);
    if (parsed.success) values[c.name] = parsed.data;
    else {
      for (const p of fieldProblems(parsed.error.issues)) {
        problems.push({ field: c.column, message: p.message });
      }
    }
  }
  return { values, problems };
}

/**
 * Every row of a CSV file read by `reader`, with its place (`row` counts the data rows,
 * `line` is the spreadsheet's row number, the header being line 1) and the fields whose
 * cells were refused, and those problems by row and column.
 */
function parseRows<V>(
  reader: RowReader,
  text: string,
): { rows: ImportRow<V>[]; errors: ImportProblem[] } {
  const { header, records } = readTable(
    text,
    reader.columns.map((c) => c.column),
    reader.match === "isbn13" ? "isbn13" : undefined,
  );
  const rows: ImportRow<V>[] = [];
  const errors: ImportProblem[] = [];
  records.forEach(({ cells, line }, index) => {
    const place = { row: index + 1, line };
    const raw: Record<string, string> = {};
    header.forEach((column, i) => raw[column] = cleanCell(cells[i] ?? ""));
    const { values, problems } = parseRow(reader, raw);
    errors.push(...problems.map((p) => ({ ...place, field: p.field, message: p.message })));
    const refused = [...new Set(problems.map((p) => nameOfColumn(reader, p.field)))];
    rows.push({ ...place, values: values as V, refused });
  });
  return { rows, errors };
}

/** The field a column holds (`price` holds `priceCents`). */
function nameOfColumn(reader: RowReader, column: string): string {
  return reader.columns.find((c) => c.column === column)?.name ?? column;
}

/**
 * The rows of a book CSV, each cell checked by the add form's rules. An empty cell leaves
 * the book's value as it is; the clear marker clears an optional one (parseRow).
 * A file that is not CSV, has unknown columns or lacks `isbn13` is refused as a whole (400).
 */
export function parseBookCsv(
  text: string,
): { rows: ImportRow<BookRowValues>[]; errors: ImportProblem[] } {
  return parseRows<BookRowValues>(BOOK_ROWS, text);
}

/**
 * The rows of a stationery CSV: a row with `id` updates that item, one without adds an
 * item. An empty cell leaves the item's value as it is; the clear marker clears it.
 */
export function parseStationeryCsv(
  text: string,
): { rows: ImportRow<StationeryRowValues>[]; errors: ImportProblem[] } {
  return parseRows<StationeryRowValues>(STATIONERY_ROWS, text);
}
