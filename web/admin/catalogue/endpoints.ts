/**
 * The admin's catalogue upkeep calls: edits, images, categories, archive, CSV. Each goes
 * through the client on a route's place in contract/paths.ts.
 */
import type { ApiClient } from "../api.ts";
import {
  ADMIN_PAGE_SIZE,
  CATEGORY_PATHS_OF,
  PRODUCT_PATHS,
  type ProductKind,
} from "../endpoints.ts";
import { BOOK_PATHS, STATIONERY_PATHS } from "../../../contract/paths.ts";
import type { bookChangesBody, stationeryChangesBody } from "../../../contract/requests.ts";
import type {
  ImportSummarySchema,
  WireBook,
  WireCategory,
  WirePage,
  WireStationery,
} from "../../../contract/records.ts";
import type { z } from "zod";

export type ImportSummary = z.output<typeof ImportSummarySchema>;
export type ImportProblem = ImportSummary["errors"][number];

export async function getBook(api: ApiClient, id: number): Promise<WireBook> {
  return (await api.call(BOOK_PATHS.one, { params: { id } })).data;
}

export async function getStationery(api: ApiClient, id: number): Promise<WireStationery> {
  return (await api.call(STATIONERY_PATHS.one, { params: { id } })).data;
}

/** Sends only the fields that changed: a concurrent edit of another field stays. */
export async function editBook(
  api: ApiClient,
  target: { id: number; changes: Record<string, unknown> },
): Promise<WireBook> {
  const json = target.changes as z.input<typeof bookChangesBody>;
  return (await api.call(BOOK_PATHS.change, { params: { id: target.id }, json })).data;
}

/** Sends only the fields that changed (see editBook). */
export async function editStationery(
  api: ApiClient,
  target: { id: number; changes: Record<string, unknown> },
): Promise<WireStationery> {
  const json = target.changes as z.input<typeof stationeryChangesBody>;
  return (await api.call(STATIONERY_PATHS.change, { params: { id: target.id }, json })).data;
}

/** A change of either kind (the edit form's), answered with the product as saved. */
export async function editProduct<P>(
  api: ApiClient,
  target: { kind: ProductKind; id: number; changes: Record<string, unknown> },
): Promise<P> {
  const saved = target.kind === "books"
    ? await editBook(api, target)
    : await editStationery(api, target);
  return saved as P;
}

export async function addBookImages(api: ApiClient, id: number, files: File[]) {
  const form = new FormData();
  for (const file of files) form.append("images", file);
  return (await api.call(BOOK_PATHS.addImages, { params: { id }, form })).data;
}

export async function arrangeBookImages(api: ApiClient, id: number, images: string[]) {
  return (await api.call(BOOK_PATHS.arrangeImages, { params: { id }, json: { images } })).data;
}

export async function replaceBookImage(
  api: ApiClient,
  target: { id: number; old: string; file: File },
) {
  const form = new FormData();
  form.set("old", target.old);
  form.set("image", target.file);
  return (await api.call(BOOK_PATHS.replaceImage, { params: { id: target.id }, form })).data;
}

export async function replaceStationeryImage(api: ApiClient, id: number, file: File) {
  const form = new FormData();
  form.set("image", file);
  return (await api.call(STATIONERY_PATHS.replaceImage, { params: { id }, form })).data;
}

export async function renameCategory(
  api: ApiClient,
  target: { kind: ProductKind; id: number; name: string; nameSi?: string; nameTa?: string },
): Promise<WireCategory> {
  const route = CATEGORY_PATHS_OF[target.kind].rename;
  const json = {
    name: target.name.trim(),
    // Blank is none; left out, the names it has stay.
    ...(target.nameSi === undefined ? {} : { name_si: target.nameSi.trim() || null }),
    ...(target.nameTa === undefined ? {} : { name_ta: target.nameTa.trim() || null }),
  };
  return (await api.call(route, { params: { id: target.id }, json })).data;
}

export async function deleteCategory(api: ApiClient, kind: ProductKind, id: number) {
  await api.call(CATEGORY_PATHS_OF[kind].remove, { params: { id } });
}

export function listArchived<T>(
  api: ApiClient,
  kind: ProductKind,
  query: { page: number; q?: string },
): Promise<WirePage<T>> {
  return api.call(PRODUCT_PATHS[kind].archived, {
    query: { ...query, pageSize: ADMIN_PAGE_SIZE },
  }) as Promise<WirePage<T>>;
}

export async function restoreProduct(api: ApiClient, kind: ProductKind, id: number) {
  await api.call(PRODUCT_PATHS[kind].restore, { params: { id } });
}

export function exportCsv(api: ApiClient, kind: ProductKind): Promise<Blob> {
  return api.file(PRODUCT_PATHS[kind].export);
}

/** Checks (dryRun) or imports a CSV file of books or stationery. */
export async function importCsv(
  api: ApiClient,
  file: Blob,
  options: { kind: ProductKind; dryRun: boolean },
): Promise<ImportSummary> {
  const query = { dryRun: options.dryRun ? "1" as const : undefined };
  return (await api.call(PRODUCT_PATHS[options.kind].import, { query, csv: file })).data;
}
