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
  type ImportRow,
  problemsAt,
  type ProductImport,
  runImport,
} from "./catalogue_import.ts";
import { defaultsOf, requiredOf } from "../records/fields.ts";
import { STATIONERY_FIELDS } from "./stationery_record.ts";
import { saleChangeProblems } from "./sale_price.ts";

export type StationeryRowValues = Partial<NewStationeryItem> & { id?: number };

export type StationeryImportPlan = ImportPlan<NewStationeryItem>;

/** The fields a new item needs; its image starts empty until one is drawn or given. */
const REQUIRED_FOR_NEW = requiredOf(STATIONERY_FIELDS);

/**
 * What a stationery import would do; an `id` no item on sale has, a repeated `id`, an
 * unknown category, a field a new item needs but lacks or a sale the sale rules refuse
 * (sale_price.ts) is an error of that row. Every
 * problem is told, on rows with refused cells too (a refused cell is not also called
 * missing).
 *
 * @example planStationeryImport([{ row: 1, line: 2, values: { id: 3, stock: 40 }, refused: [] }], context)
 */
export function planStationeryImport(
  rows: ImportRow<StationeryRowValues>[],
  context: { existing: StationeryItem[]; categoryIds: Set<number> },
): StationeryImportPlan {
  const byId = new Map(context.existing.map((s) => [s.id, s]));
  const seen = new Map<number, number>();
  const plan: StationeryImportPlan = {
    create: [],
    update: [],
    unchanged: 0,
    errors: [],
    images: [],
  };
  for (const entry of rows) {
    const { id, ...fields } = entry.values;
    const place = { row: entry.row, line: entry.line };
    const refused = new Set(entry.refused);
    const problems: { field: string; message: string }[] = [];
    if (fields.categoryId !== undefined && !context.categoryIds.has(fields.categoryId)) {
      problems.push({ field: "categoryId", message: "No such category" });
    }
    const first = id === undefined ? undefined : seen.get(id);
    if (first !== undefined) problems.push({ field: "id", message: `repeats line ${first}` });
    else if (id !== undefined) seen.set(id, entry.line);
    const current = id === undefined || first !== undefined ? undefined : byId.get(id);
    if (id !== undefined && first === undefined && !current) {
      problems.push({ field: "id", message: "No stationery item on sale has this id" });
    }
    if (fields.image !== undefined && fields.image !== "") {
      plan.images.push({
        ...place,
        id: id === undefined ? undefined : byId.get(id)?.id,
        images: [fields.image],
      });
    }
    if (id === undefined && !refused.has("id")) {
      for (const field of REQUIRED_FOR_NEW) {
        if (fields[field] === undefined && !refused.has(field)) {
          problems.push({ field, message: "is required for a new item" });
        }
      }
    }
    // The sale the row leaves the item with, as on the forms and the API.
    const { id: _was, categoryName: _named, ...base } = current ?? { id: 0, categoryName: "" };
    problems.push(
      ...saleChangeProblems(undefined, {
        ...(current ? base : defaultsOf(STATIONERY_FIELDS)),
        ...definedValues(fields),
      }),
    );
    if (problems.length > 0 || refused.size > 0) {
      plan.errors.push(...problemsAt(place, problems));
      continue;
    }
    if (current) {
      const { id: _id, categoryName: _name, ...before } = current;
      const after = { ...before, ...definedValues(fields) };
      const same = (Object.keys(after) as (keyof NewStationeryItem)[])
        .every((key) => after[key] === before[key]);
      if (same) plan.unchanged++;
      else plan.update.push({ ...place, id: current.id, record: after, before });
      continue;
    }
    plan.create.push({
      ...place,
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
