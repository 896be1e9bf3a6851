/**
 * Importing products from a spreadsheet, for either kind: a plan of what each row creates,
 * updates or leaves (book_import.ts and stationery_import.ts make it, each by its own
 * matching rule), images checked, pictures made for what has none, and one write of all
 * or nothing. What differs between the kinds is a ProductImport: data and small functions.
 */
import type { BookImportOutcome, CatalogueAdmin, ImageStorage } from "../ports.ts";
import { discardUnusedImages } from "./manage_catalogue.ts";
import { canonicalJson } from "../canonical_json.ts";

/** Where a row stands in its file. */
export interface RowPlace {
  /** The data rows count from 1, the header not counted (the answer's `row`). */
  row: number;
  /**
   * The row's number as a spreadsheet shows the file: the header is line 1, an empty line
   * counts, a cell of several lines is one row (the answer's `line`, what people are told).
   */
  line: number;
}

/** A problem with one row, at its place in the file. */
export interface ImportProblem extends RowPlace {
  /** A key of the new record, or "row" for the row as a whole. */
  field: string;
  message: string;
}

/** One row of a file as its cells were read. */
export interface ImportRow<V> extends RowPlace {
  /** The values of the cells that were read; absent keys were not in the file. */
  values: V;
  /**
   * The fields (keys of the record) whose cells were refused: the row is still checked,
   * so that every problem of a file is told at once, but never written.
   */
  refused: readonly string[];
}

/** The images a row names, checked to be stored unless the product listed them already. */
export interface NamedImages extends RowPlace {
  /** The product the row updates, whose own images need no check. */
  id?: number;
  images: readonly string[];
}

/**
 * The cell that clears a value: an empty cell never does (it keeps the value, as a column
 * left out does). Read without regard to case; in a field a record needs, the row's error.
 */
export const CLEAR_MARKER = "[clear]";

/** Whether a cell is the clear marker. */
export function isClearMarker(text: string): boolean {
  return text.trim().toLowerCase() === CLEAR_MARKER;
}

/** One field an update changes, with the value before and after (the domain's values). */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** What an update would change in one row's product, for the dry run to show. */
export interface RowChanges extends RowPlace {
  id: number;
  fields: FieldChange[];
}

/**
 * The fields whose values differ between two records, in the order of `after`'s keys.
 *
 * @example fieldChanges({ stock: 1, title: "A" }, { stock: 4, title: "A" }) // [{ field: "stock", before: 1, after: 4 }]
 */
export function fieldChanges(before: object, after: object): FieldChange[] {
  const was = before as Record<string, unknown>;
  return Object.entries(after as Record<string, unknown>).flatMap(([field, value]) =>
    canonicalJson(was[field] ?? null) === canonicalJson(value ?? null)
      ? []
      : [{ field, before: was[field] ?? null, after: value ?? null }]
  );
}

/** What an import would write: `N` is the kind's whole new record. */
export interface ImportPlan<N> {
  create: (RowPlace & { record: N })[];
  /** Each update with the record as it is now (`before`), for the dry run's changes. */
  update: (RowPlace & { id: number; record: N; before: N })[];
  unchanged: number;
  errors: ImportProblem[];
  /** Every row's images, rows with problems too, so a missing one is told with the rest. */
  images: NamedImages[];
}

/** A row's problems at its place. */
export function problemsAt(
  place: RowPlace,
  problems: { field: string; message: string }[],
): ImportProblem[] {
  return problems.map((p) => ({ row: place.row, line: place.line, ...p }));
}

export interface ImportSummary {
  created: number;
  updated: number;
  unchanged: number;
  errors: ImportProblem[];
  /** Nothing was written: a dry run, or a file with errors. */
  written: boolean;
  /** Per updated row, each field that changes, before and after. */
  changes: RowChanges[];
}

export type ImportOutcome =
  | { kind: "done"; summary: ImportSummary }
  /** Another change came between the check and the write: nothing written. */
  | { kind: "conflict"; message: string };

/** Makes the picture of a product that came without one (a PNG). */
export interface CoverRenderer {
  render(book: { title: string; author: string }): Uint8Array;
  renderItem(item: { title: string; category: string }): Uint8Array;
}

/** What an import of one product kind needs to know besides the shared steps. */
export interface ProductImport<N> {
  /** The row field that names images, for a problem ("images", "image"). */
  imageField: string;
  /** The images a record lists. */
  imagesOf(record: N): string[];
  /** The record showing `image` as its only picture. */
  withImage(record: N, image: string): N;
  /** The generated picture of a record that has none. */
  cover(record: N): Uint8Array;
  write(
    admin: CatalogueAdmin,
    plan: { create: N[]; update: { id: number; record: N }[] },
  ): Promise<BookImportOutcome>;
}

export interface ImportRequest<V> {
  /** Every data row of the file, those with refused cells too. */
  rows: ImportRow<V>[];
  /** The refused cells, by row and field. */
  parseErrors: ImportProblem[];
  dryRun: boolean;
}

/** The values a row gave: keys whose value is undefined were not in the file. */
export function definedValues<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<
    T
  >;
}

const UPLOADS = "/uploads/";

/** Pictures stored at once: writing one waits on the disk or the database, not on the CPU. */
const COVERS_AT_ONCE = 16;

/**
 * Checks a planned import and, unless it is a dry run or any row has an error, writes it:
 * a new record without images gets a generated picture; an image a row names must be
 * stored already. Every problem of the file is told at once, in the order of its rows
 * (a row's refused cells first). Pictures made for a write that then fails, and images no
 * updated record lists any more, are removed from storage.
 *
 * @param before the images each existing record lists now, by id
 */
export async function runImport<N extends object>(
  kind: ProductImport<N>,
  ports: { admin: CatalogueAdmin; storage: ImageStorage },
  input: { plan: ImportPlan<N>; before: Map<number, string[]>; request: ImportRequest<unknown> },
): Promise<ImportOutcome> {
  const { plan, before, request } = input;
  const errors = [...request.parseErrors, ...plan.errors];
  for (const named of plan.images) {
    const known = named.id === undefined ? [] : before.get(named.id) ?? [];
    for (const image of named.images) {
      if (known.includes(image)) continue;
      if (!await isStored(ports.storage, image)) {
        errors.push(...problemsAt(named, [{
          field: kind.imageField,
          message: `No stored image "${image}"`,
        }]));
        break;
      }
    }
  }
  // A stable sort: within a row, the refused cells, then the plan's problems, then images.
  errors.sort((a, b) => a.line - b.line);
  const summary = {
    created: plan.create.length,
    updated: plan.update.length,
    unchanged: plan.unchanged,
    errors,
    written: false,
    changes: plan.update.map((u) => ({
      row: u.row,
      line: u.line,
      id: u.id,
      fields: fieldChanges(u.before, u.record),
    })),
  };
  if (errors.length > 0 || request.dryRun) return { kind: "done", summary };
  const covers: string[] = [];
  let outcome;
  try {
    const create = await withCovers(kind, ports.storage, plan.create, covers);
    outcome = await kind.write(ports.admin, {
      create,
      update: plan.update.map((u) => ({ id: u.id, record: u.record })),
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
    (before.get(u.id) ?? []).filter((i) => !kind.imagesOf(u.record).includes(i))
  );
  await discardUnusedImages(ports, dropped);
  return { kind: "done", summary: { ...summary, written: true } };
}

async function isStored(storage: ImageStorage, image: string): Promise<boolean> {
  return image.startsWith(UPLOADS) && await storage.get(image.slice(UPLOADS.length)) !== undefined;
}

/** The new records, each without images given a generated one; `stored` collects those. */
async function withCovers<N>(
  kind: ProductImport<N>,
  storage: ImageStorage,
  create: { record: N }[],
  stored: string[],
): Promise<N[]> {
  const records = create.map((c) => c.record);
  const bare = records.flatMap((record, i) => kind.imagesOf(record).length === 0 ? [i] : []);
  for (let start = 0; start < bare.length; start += COVERS_AT_ONCE) {
    await Promise.all(
      bare.slice(start, start + COVERS_AT_ONCE).map(async (i) => {
        const cover = await storage.put(kind.cover(records[i]), "image/png");
        stored.push(cover);
        records[i] = kind.withImage(records[i], cover);
      }),
    );
  }
  return records;
}
