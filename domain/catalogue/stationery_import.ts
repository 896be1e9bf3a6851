/**
 * Importing stationery from a spreadsheet: a row with the `id` of an item on sale updates
 * it (columns left out keep their values), a row without `id` adds an item. Checked as a
 * whole and written all together or not at all, like the book import.
 */
import type { CatalogueAdmin, ImageStorage } from "../ports.ts";
import type { NewStationeryItem, StationeryItem } from "./model.ts";
import type { CoverRenderer, ImportOutcome, ImportProblem } from "./book_import.ts";
import { discardUnusedImages } from "./manage_catalogue.ts";

export type StationeryRowValues = Partial<NewStationeryItem> & { id?: number };

export interface StationeryImportPlan {
  create: { row: number; item: NewStationeryItem }[];
  update: { row: number; id: number; item: NewStationeryItem }[];
  unchanged: number;
  errors: ImportProblem[];
}

const REQUIRED_FOR_NEW: (keyof NewStationeryItem)[] = [
  "title",
  "priceCents",
  "stock",
  "weightGrams",
  "categoryId",
];

function defined<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<
    T
  >;
}

/**
 * What a stationery import would do; an `id` no item on sale has, a repeated `id`, an
 * unknown category or a field a new item needs but lacks is an error of that row.
 *
 * @example planStationeryImport([{ row: 1, values: { id: 3, stock: 40 } }], context)
 */
export function planStationeryImport(
  rows: { row: number; values: StationeryRowValues }[],
  context: { existing: StationeryItem[]; categoryIds: Set<number> },
): StationeryImportPlan {
  const byId = new Map(context.existing.map((s) => [s.id, s]));
  const seen = new Map<number, number>();
  const plan: StationeryImportPlan = { create: [], update: [], unchanged: 0, errors: [] };
  for (const { row, values } of rows) {
    const { id, ...fields } = values;
    if (values.categoryId !== undefined && !context.categoryIds.has(values.categoryId)) {
      plan.errors.push({ row, field: "categoryId", message: "No such category" });
      continue;
    }
    if (id !== undefined) {
      const first = seen.get(id);
      if (first !== undefined) {
        plan.errors.push({ row, field: "id", message: `repeats row ${first}` });
        continue;
      }
      seen.set(id, row);
      const current = byId.get(id);
      if (!current) {
        plan.errors.push({ row, field: "id", message: "No stationery item on sale has this id" });
        continue;
      }
      const { id: _id, categoryName: _name, ...before } = current;
      const after = { ...before, ...defined(fields) };
      const same = (Object.keys(after) as (keyof NewStationeryItem)[])
        .every((key) => after[key] === before[key]);
      if (same) plan.unchanged++;
      else plan.update.push({ row, id, item: after });
      continue;
    }
    const missing = REQUIRED_FOR_NEW.filter((key) => fields[key] === undefined);
    if (missing.length > 0) {
      for (const field of missing) {
        plan.errors.push({ row, field, message: "is required for a new item" });
      }
      continue;
    }
    plan.create.push({ row, item: { image: "", ...defined(fields) } as NewStationeryItem });
  }
  return plan;
}

const UPLOADS = "/uploads/";

/** Checks a stationery import and, unless a dry run or any row has an error, writes it. */
export async function importStationery(
  ports: {
    admin: CatalogueAdmin;
    storage: ImageStorage;
    covers: CoverRenderer;
    existing(): Promise<StationeryItem[]>;
    categories(): Promise<{ id: number; name: string }[]>;
  },
  request: {
    rows: { row: number; values: StationeryRowValues }[];
    parseErrors: ImportProblem[];
    dryRun: boolean;
  },
): Promise<ImportOutcome> {
  const existing = await ports.existing();
  const categories = await ports.categories();
  const plan = planStationeryImport(request.rows, {
    existing,
    categoryIds: new Set(categories.map((c) => c.id)),
  });
  const errors = [...request.parseErrors, ...plan.errors];
  const before = new Map(existing.map((s) => [s.id, s.image]));
  const entries: { row: number; id?: number; item: NewStationeryItem }[] = [
    ...plan.create,
    ...plan.update,
  ];
  for (const entry of entries) {
    const image = entry.item.image;
    if (image === "" || (entry.id !== undefined && before.get(entry.id) === image)) continue;
    const stored = image.startsWith(UPLOADS) &&
      await ports.storage.get(image.slice(UPLOADS.length)) !== undefined;
    if (!stored) {
      errors.push({ row: entry.row, field: "image", message: `No stored image "${image}"` });
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
  const pictures: string[] = [];
  try {
    for (const { item } of plan.create) {
      if (item.image !== "") continue;
      const category = categories.find((c) => c.id === item.categoryId)?.name ?? "";
      item.image = await ports.storage.put(
        ports.covers.renderItem({ title: item.title, category }),
        "image/png",
      );
      pictures.push(item.image);
    }
    const outcome = await ports.admin.importStationery({
      create: plan.create.map((c) => c.item),
      update: plan.update.map((u) => ({ id: u.id, item: u.item })),
    });
    if (outcome.kind === "conflict") {
      await discardUnusedImages(ports, pictures);
      return outcome;
    }
  } catch (error) {
    await discardUnusedImages(ports, pictures);
    throw error;
  }
  const dropped = plan.update.map((u) => before.get(u.id) ?? "")
    .filter((image, i) => image !== plan.update[i].item.image);
  await discardUnusedImages(ports, dropped);
  return { kind: "done", summary: { ...summary, written: true } };
}
