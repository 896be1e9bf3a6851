/**
 * Importing books from a spreadsheet: rows are matched to the books on sale by ISBN-13,
 * merged over them (a column left out keeps the book's value), checked as a whole, and
 * written all together or not at all.
 */
import type { CatalogueAdmin, Clock, ImageStorage } from "../ports.ts";
import type { Book, NewBook } from "./model.ts";
import {
  type CoverRenderer,
  definedValues,
  type ImportOutcome,
  type ImportPlan,
  type ImportRequest,
  type ProductImport,
  runImport,
} from "./catalogue_import.ts";
import { preorderDateProblemOn, shopDate } from "./preorder.ts";
import { canonicalJson } from "../canonical_json.ts";
import { defaultsOf, requiredOf } from "../records/fields.ts";
import { BOOK_FIELDS } from "./book_record.ts";
import { ISBN13_CHECK_PROBLEM, isValidIsbn13 } from "./isbn.ts";

export type {
  CoverRenderer,
  ImportOutcome,
  ImportProblem,
  ImportSummary,
} from "./catalogue_import.ts";

/** One row's values after its cells were parsed; absent keys were not in the file. */
export type BookRowValues = Partial<NewBook> & { isbn13: string };

export type BookImportPlan = ImportPlan<NewBook>;

/** The fields a new book needs; the others start at their defaults (BOOK_FIELDS). */
const REQUIRED_FOR_NEW = requiredOf(BOOK_FIELDS);

function asNew(book: Book): NewBook {
  const { id: _id, categoryName: _name, ...rest } = book;
  return { ...rest, images: [...rest.images] };
}

/** A book off pre-order keeps no expected date, as on the add form. */
function settled(book: NewBook): NewBook {
  return book.preorder ? book : { ...book, preorderDate: null };
}

function sameBook(a: NewBook, b: NewBook): boolean {
  return canonicalJson(a) === canonicalJson(b);
}

/**
 * What an import would do: each row creates a book (new ISBN-13), updates one (a value
 * differs) or leaves it unchanged; a repeated ISBN-13, an unknown category, a field a new
 * book needs but lacks, a new book's ISBN-13 without its check digit, or a changed
 * pre-order date in the past, is an error of that row. A row matched to a book on sale is
 * never refused for that book's own ISBN-13, even one listed before the check digit counted.
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
      const given = definedValues(values);
      if (given.images !== undefined && given.images.length === 0) delete given.images;
      const after = settled({ ...before, ...given });
      if (sameBook(before, after)) plan.unchanged++;
      else plan.update.push({ row, id: current.id, record: after });
      continue;
    }
    if (!isValidIsbn13(values.isbn13)) {
      plan.errors.push({ row, field: "isbn13", message: ISBN13_CHECK_PROBLEM });
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
      record: settled({ ...defaultsOf(BOOK_FIELDS), ...definedValues(values) } as NewBook),
    });
  }
  return plan;
}

export interface ImportPorts {
  admin: CatalogueAdmin;
  storage: ImageStorage;
  covers: CoverRenderer;
  categoryIds(): Promise<Set<number>>;
  /** For "today" in Sri Lanka, which a new pre-order date may not precede. */
  clock: Clock;
}

/** Books in an import: matched by ISBN-13, shown with their images, each a cover when bare. */
function bookImport(covers: CoverRenderer): ProductImport<NewBook> {
  return {
    imageField: "images",
    imagesOf: (book) => book.images,
    withImage: (book, image) => ({ ...book, images: [image] }),
    cover: (book) => covers.render(book),
    write: (admin, plan) =>
      admin.importBooks({
        create: plan.create,
        update: plan.update.map((u) => ({ id: u.id, book: u.record })),
      }),
  };
}

/**
 * Checks an import and, unless it is a dry run or any row has an error, writes it (see
 * runImport): new books without images get a generated cover.
 */
export async function importBooks(
  ports: ImportPorts,
  request: ImportRequest<BookRowValues>,
): Promise<ImportOutcome> {
  const existing = await ports.admin.findBooksByIsbn(request.rows.map((r) => r.values.isbn13));
  const plan = planBookImport(request.rows, {
    existing,
    categoryIds: await ports.categoryIds(),
    today: shopDate(ports.clock.now()),
  });
  return await runImport(bookImport(ports.covers), ports, {
    plan,
    before: new Map(existing.map((b) => [b.id, b.images])),
    request,
  });
}
