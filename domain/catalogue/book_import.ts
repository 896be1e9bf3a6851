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
  type ImportRow,
  problemsAt,
  type ProductImport,
  runImport,
} from "./catalogue_import.ts";
import {
  PREORDER_NEEDS_DATE,
  preorderDateProblemOn,
  preorderWithoutDate,
  shopDate,
} from "./preorder.ts";
import { canonicalJson } from "../canonical_json.ts";
import { defaultsOf, requiredOf } from "../records/fields.ts";
import { BOOK_FIELDS } from "./book_record.ts";
import { ISBN13_CHECK_PROBLEM, isValidIsbn13 } from "./isbn.ts";
import { saleChangeProblems } from "./sale_price.ts";

export type {
  CoverRenderer,
  ImportOutcome,
  ImportProblem,
  ImportSummary,
} from "./catalogue_import.ts";

/**
 * One row's values after its cells were read; absent keys were not in the file. The
 * ISBN-13 is absent only from a row whose ISBN-13 cell was empty or refused.
 */
export type BookRowValues = Partial<NewBook>;

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
 * differs) or leaves it unchanged. A repeated ISBN-13, an unknown category, a field a new
 * book needs but lacks, a new book's ISBN-13 without its check digit, a changed
 * pre-order date in the past, a pre-order left without a date, or a sale the sale rules
 * refuse (sale_price.ts), is an error of that row; every one of them is told, on rows
 * with refused cells too (a refused cell is not also called missing), so that a file is
 * corrected in one go. A row matched to a book on sale is never refused for that book's own
 * ISBN-13, even one listed before the check digit counted.
 *
 * @example planBookImport([{ row: 1, line: 2, values: { isbn13: "978...", stock: 4 }, refused: [] }], context)
 */
export function planBookImport(
  rows: ImportRow<BookRowValues>[],
  context: { existing: Book[]; categoryIds: Set<number>; today: string },
): BookImportPlan {
  const byIsbn = new Map(context.existing.map((b) => [b.isbn13, b]));
  const seen = new Map<string, number>();
  const plan: BookImportPlan = { create: [], update: [], unchanged: 0, errors: [], images: [] };
  for (const entry of rows) {
    const { values } = entry;
    const place = { row: entry.row, line: entry.line };
    const refused = new Set(entry.refused);
    const problems: { field: string; message: string }[] = [];
    const isbn = values.isbn13;
    const first = isbn === undefined ? undefined : seen.get(isbn);
    if (first !== undefined) problems.push({ field: "isbn13", message: `repeats line ${first}` });
    else if (isbn !== undefined) seen.set(isbn, entry.line);
    if (values.categoryId !== undefined && !context.categoryIds.has(values.categoryId)) {
      problems.push({ field: "categoryId", message: "No such category" });
    }
    const current = isbn === undefined || first !== undefined ? undefined : byIsbn.get(isbn);
    // A new expected date must not lie in the past, as on the forms; one already set stays.
    const newDate = values.preorderDate ?? undefined;
    const past = newDate && newDate !== current?.preorderDate
      ? preorderDateProblemOn(newDate, context.today)
      : undefined;
    if (past) problems.push({ field: "preorderDate", message: past });
    // No pre-order without its date, as on the forms and the API; a row that changes
    // neither (a book listed before the rule, exported and imported again) is not refused.
    const flag = values.preorder !== current?.preorder ? values.preorder : undefined;
    const date = values.preorderDate !== (current?.preorderDate ?? null)
      ? values.preorderDate
      : undefined;
    if (!past && preorderWithoutDate(current, { preorder: flag, preorderDate: date })) {
      problems.push({ field: "preorderDate", message: PREORDER_NEEDS_DATE });
    }
    if (values.images !== undefined && values.images.length > 0) {
      // The book on sale with this ISBN-13 needs no check of its own images (a repeat too).
      const listed = isbn === undefined ? undefined : byIsbn.get(isbn);
      plan.images.push({ ...place, id: listed?.id, images: values.images });
    }
    // A new book (an ISBN-13 read, no book on sale has it, not a repeat) needs the rest.
    if (isbn !== undefined && first === undefined && !current) {
      if (!isValidIsbn13(isbn)) problems.push({ field: "isbn13", message: ISBN13_CHECK_PROBLEM });
      for (const field of REQUIRED_FOR_NEW) {
        if (values[field] === undefined && !refused.has(field)) {
          problems.push({ field, message: "is required for a new book" });
        }
      }
    }
    // The sale the row leaves the book with, as on the forms and the API.
    problems.push(
      ...saleChangeProblems(undefined, {
        ...(current ? asNew(current) : defaultsOf(BOOK_FIELDS)),
        ...definedValues(values),
      }),
    );
    if (problems.length > 0 || refused.size > 0 || isbn === undefined) {
      plan.errors.push(...problemsAt(place, problems));
      continue;
    }
    if (current) {
      const before = asNew(current);
      const given = definedValues(values);
      if (given.images !== undefined && given.images.length === 0) delete given.images;
      const after = settled({ ...before, ...given });
      if (sameBook(before, after)) plan.unchanged++;
      else plan.update.push({ ...place, id: current.id, record: after, before });
      continue;
    }
    plan.create.push({
      ...place,
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
  const isbns = request.rows.flatMap((r) => r.values.isbn13 === undefined ? [] : [r.values.isbn13]);
  const existing = await ports.admin.findBooksByIsbn(isbns);
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
