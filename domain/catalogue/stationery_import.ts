/**
 * Importing stationery from a spreadsheet: a row with the `id` of an item on sale updates
 * it (columns left out keep their values), a row without `id` adds an item. Checked as a
 * whole and written all together or not at all, like the book import.
 */
import type { CatalogueAdmin, ImageStorage } from "../ports.ts";
import type { Category, NewStationeryItem, StationeryItem } from "./model.ts";
import {
  type CoverRenderer,
  definedValues,
  type ImportOutcome,
  type ImportPlan,
  type ImportRequest,
  type ProductImport,
  runImport,
} from "./catalogue_import.ts";
import { defaultsOf, requiredOf } from "../records/fields.ts";
import { STATIONERY_FIELDS } from "./stationery_record.ts";

export type StationeryRowValues = Partial<NewStationeryItem> & { id?: number };

export type StationeryImportPlan = ImportPlan<NewStationeryItem>;

/** The fields a new item needs; its image starts empty until one is drawn or given. */
const REQUIRED_FOR_NEW = requiredOf(STATIONERY_FIELDS);

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
      const after = { ...before, ...definedValues(fields) };
      const same = (Object.keys(after) as (keyof NewStationeryItem)[])
        .every((key) => after[key] === before[key]);
      if (same) plan.unchanged++;
      else plan.update.push({ row, id, record: after });
      continue;
    }
    const missing = REQUIRED_FOR_NEW.filter((key) => fields[key] === undefined);
    if (missing.length > 0) {
      for (const field of missing) {
        plan.errors.push({ row, field, message: "is required for a new item" });
      }
      continue;
    }
    plan.create.push({
      row,
      record: { ...defaultsOf(STATIONERY_FIELDS), ...definedValues(fields) } as NewStationeryItem,
    });
  }
  return plan;
}

/**
 * Stationery in an import: one image each ("" until given), and a picture naming the
 * item's category when it has none.
 */
function stationeryImport(
  covers: CoverRenderer,
  categories: Category[],
): ProductImport<NewStationeryItem> {
  return {
    imageField: "image",
    imagesOf: (item) => item.image === "" ? [] : [item.image],
    withImage: (item, image) => ({ ...item, image }),
    cover: (item) =>
      covers.renderItem({
        title: item.title,
        category: categories.find((c) => c.id === item.categoryId)?.name ?? "",
      }),
    write: (admin, plan) =>
      admin.importStationery({
        create: plan.create,
        update: plan.update.map((u) => ({ id: u.id, item: u.record })),
      }),
  };
}

/** Checks a stationery import and, unless a dry run or any row has an error, writes it. */
export async function importStationery(
  ports: {
    admin: CatalogueAdmin;
    storage: ImageStorage;
    covers: CoverRenderer;
    existing(): Promise<StationeryItem[]>;
    categories(): Promise<Category[]>;
  },
  request: ImportRequest<StationeryRowValues>,
): Promise<ImportOutcome> {
  const existing = await ports.existing();
  const categories = await ports.categories();
  const plan = planStationeryImport(request.rows, {
    existing,
    categoryIds: new Set(categories.map((c) => c.id)),
  });
  return await runImport(stationeryImport(ports.covers, categories), ports, {
    plan,
    before: new Map(existing.map((s) => [s.id, [s.image]])),
    request,
  });
}
