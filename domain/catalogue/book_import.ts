/**
 * Importing books from a spreadsheet: rows are matched to the books on sale by ISBN-13,
 * merged over them (a column left out keeps the book's value), checked as a whole, and
 * written all together or not at all.
 */
import type { CatalogueAdmin, Clock, ImageStorage } from "../ports.ts";
import type { Book, NewBook } from "./model.ts";
import { discardUnusedImages } from "./manage_catalogue.ts";
import { preorderDateProblemOn, shopDate } from "./preorder.ts";

/** One row's values after its cells were parsed; absent keys were not in the file. */
export type BookRowValues = Partial<NewBook> & { isbn13: string };

/** A problem with one row: `row` counts data rows from 1 (the header is row 0). */
export interface ImportProblem {
  row: number;
  /** A key of NewBook, or "row" for the row as a whole. */
  field: string;
  message: string;
}

export interface BookImportPlan {
  create: { row: number; book: NewBook }[];
  update: { row: number; id: number; book: NewBook }[];
  unchanged: number;
  errors: ImportProblem[];
}

/** Makes the picture of a product that came without one (a PNG). */
export interface CoverRenderer {
  render(book: { title: string; author: string }): Uint8Array;
  renderItem(item: { title: string; category: string }): Uint8Array;
}

const REQUIRED_FOR_NEW: (keyof NewBook)[] = [
  "title",
  "author",
  "priceCents",
  "stock",
  "categoryId",
  "language",
  "binding",
  "publisher",
  "publishingDate",
  "edition",
  "weightGrams",
];

function asNew(book: Book): NewBook {
  const { id: _id, categoryName: _name, ...rest } = book;
  return { ...rest, images: [...rest.images] };
}

function defined<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<
    T
  >;
}

/** A book off pre-order keeps no expected date, as on the add form. */
function settled(book: NewBook): NewBook {
  return book.preorder ? book : { ...book, preorderDate: null };
}

function sameBook(a: NewBook, b: NewBook): boolean {
  return JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
}

/**
 * What an import would do: each row creates a book (new ISBN-13), updates one (a value
 * differs) or leaves it unchanged; a repeated ISBN-13, an unknown category or a field a new
 * book needs but lacks, or a changed pre-order date in the past, is an error of that row.
 *
 * @example planBookImport([{ row: 1, values: { isbn13: "978...", stock: 4 } }], books, ids)
 */
export function planBookImport(
  rows: { row: number; values: BookRowValues }[],
  context: { existing: Book[]; categoryIds: Set<number>; today: string },
): BookImportPlan {
  const byIsbn = new Map(context.existing.map((b) => [b.isbn13, b]));
  const seen = new Map<string, number>();
  const plan: BookImportPlan = { create: [], update: [], unchanged: 0, errors: [] };
  for (const { row, values } of rows) {
    const first = seen.get(values.isbn13);
    if (first !== undefined) {
      plan.errors.push({ row, field: "isbn13", message: `repeats row ${first}` });
      continue;
    }
    seen.set(values.isbn13, row);
    if (values.categoryId !== undefined && !context.categoryIds.has(values.categoryId)) {
      plan.errors.push({ row, field: "categoryId", message: "No such category" });
      continue;
    }
    const current = byIsbn.get(values.isbn13);
    // A new expected date must not lie in the past, as on the forms; one already set stays.
    const newDate = values.preorderDate ?? undefined;
    const past = newDate && newDate !== current?.preorderDate
      ? preorderDateProblemOn(newDate, context.today)
      : undefined;
    if (past) {
      plan.errors.push({ row, field: "preorderDate", message: past });
      continue;
    }
    if (current) {
      const before = asNew(current);
      const given = defined(values);
      if (given.images !== undefined && given.images.length === 0) delete given.images;
      const after = settled({ ...before, ...given });
      if (sameBook(before, after)) plan.unchanged++;
      else plan.update.push({ row, id: current.id, book: after });
      continue;
    }
    const missing = REQUIRED_FOR_NEW.filter((key) => values[key] === undefined);
    if (missing.length > 0) {
      for (const field of missing) {
        plan.errors.push({ row, field, message: "is required for a new book" });
      }
      continue;
    }
    plan.create.push({
      row,
      book: settled({
        description: null,
        preorder: false,
        preorderDate: null,
        preorderedStock: 0,
        images: [],
        ...defined(values),
      } as NewBook),
    });
  }
  return plan;
}

export interface ImportSummary {
  created: number;
  updated: number;
  unchanged: number;
  errors: ImportProblem[];
  /** Nothing was written: a dry run, or a file with errors. */
  written: boolean;
}

export type ImportOutcome =
  | { kind: "done"; summary: ImportSummary }
  /** Another change came between the check and the write: nothing written. */
  | { kind: "conflict"; message: string };

export interface ImportPorts {
  admin: CatalogueAdmin;
  storage: ImageStorage;
  covers: CoverRenderer;
  categoryIds(): Promise<Set<number>>;
  /** For "today" in Sri Lanka, which a new pre-order date may not precede. */
  clock: Clock;
}

const UPLOADS = "/uploads/";

/**
 * Checks an import and, unless it is a dry run or any row has an error, writes it: new
 * books without images get a generated cover; images a row names must be stored already.
 * Covers made for a write that then fails, and images no updated book lists any more,
 * are removed from storage.
 */
export async function importBooks(
  ports: ImportPorts,
  request: {
    rows: { row: number; values: BookRowValues }[];
    parseErrors: ImportProblem[];
    dryRun: boolean;
  },
): Promise<ImportOutcome> {
  const existing = await ports.admin.findBooksByIsbn(request.rows.map((r) => r.values.isbn13));
  const plan = planBookImport(request.rows, {
    existing,
    categoryIds: await ports.categoryIds(),
    today: shopDate(ports.clock.now()),
  });
  const errors = [...request.parseErrors, ...plan.errors];
  const before = new Map(existing.map((b) => [b.id, b.images]));
  const entries: { row: number; id?: number; book: NewBook }[] = [...plan.create, ...plan.update];
  for (const entry of entries) {
    const known = entry.id === undefined ? [] : before.get(entry.id) ?? [];
    for (const image of entry.book.images) {
      if (known.includes(image)) continue;
      const stored = image.startsWith(UPLOADS) &&
        await ports.storage.get(image.slice(UPLOADS.length)) !== undefined;
      if (!stored) {
        errors.push({ row: entry.row, field: "images", message: `No stored image "${image}"` });
        break;
      }
    }
  }
  errors.sort((a, b) => a.row - b.row);
  const summary = {
    created: plan.create.length,
    updated: plan.update.length,
    unchanged: plan.unchanged,
    errors,
    written: false,
  };
  if (errors.length > 0 || request.dryRun) return { kind: "done", summary };
  const covers: string[] = [];
  let outcome;
  try {
    await storeCovers(ports, plan.create.map((c) => c.book), covers);
    outcome = await ports.admin.importBooks({
      create: plan.create.map((c) => c.book),
      update: plan.update.map((u) => ({ id: u.id, book: u.book })),
    });
  } catch (error) {
    await discardUnusedImages(ports, covers);
    throw error;
  }
  if (outcome.kind === "conflict") {
    await discardUnusedImages(ports, covers);
    return outcome;
  }
  const dropped = plan.update.flatMap((u) =>
    (before.get(u.id) ?? []).filter((i) => !u.book.images.includes(i))
  );
  await discardUnusedImages(ports, dropped);
  return { kind: "done", summary: { ...summary, written: true } };
}

/** Covers stored at once: writing one waits on the disk or the database, not on the CPU. */
const COVERS_AT_ONCE = 16;

/** Gives each book without images a generated cover; `stored` collects what was stored. */
async function storeCovers(ports: ImportPorts, books: NewBook[], stored: string[]) {
  const bare = books.filter((b) => b.images.length === 0);
  for (let start = 0; start < bare.length; start += COVERS_AT_ONCE) {
    await Promise.all(
      bare.slice(start, start + COVERS_AT_ONCE).map(async (book) => {
        const cover = await ports.storage.put(ports.covers.render(book), "image/png");
        stored.push(cover);
        book.images = [cover];
      }),
    );
  }
}
