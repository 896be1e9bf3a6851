/** The admin's catalogue upkeep calls: edits, images, categories, archive, CSV. */
import type { ApiClient } from "../api.ts";
import { ADMIN_PAGE_SIZE, type ProductKind } from "../endpoints.ts";
import type {
  WireBook,
  WireCategory,
  WirePage,
  WireStationery,
} from "../../../contract/records.ts";

export interface ImportProblem {
  row: number;
  field: string;
  message: string;
}

export interface ImportSummary {
  created: number;
  updated: number;
  unchanged: number;
  written: boolean;
  errors: ImportProblem[];
}

function categoriesPath(kind: ProductKind) {
  return kind === "books" ? "/api/categories" : "/api/stationery-categories";
}

export async function getBook(api: ApiClient, id: number): Promise<WireBook> {
  return (await api.get<{ data: WireBook }>(`/api/books/${id}`)).data;
}

export async function getStationery(api: ApiClient, id: number): Promise<WireStationery> {
  return (await api.get<{ data: WireStationery }>(`/api/stationery/${id}`)).data;
}

/** Sends only the fields that changed: a concurrent edit of another field stays. */
export async function editProduct<T>(
  api: ApiClient,
  target: { kind: ProductKind; id: number; changes: Record<string, unknown> },
): Promise<T> {
  const path = `/api/${target.kind}/${target.id}`;
  return (await api.send<{ data: T }>("PUT", path, target.changes)).data;
}

export async function addBookImages(api: ApiClient, id: number, files: File[]) {
  const form = new FormData();
  for (const file of files) form.append("images", file);
  return (await api.send<{ data: WireBook }>("POST", `/api/books/${id}/images`, form)).data;
}

export async function arrangeBookImages(api: ApiClient, id: number, images: string[]) {
  const path = `/api/books/${id}/images`;
  return (await api.send<{ data: WireBook }>("PUT", path, { images })).data;
}

export async function replaceBookImage(
  api: ApiClient,
  target: { id: number; old: string; file: File },
) {
  const form = new FormData();
  form.set("old", target.old);
  form.set("image", target.file);
  const path = `/api/books/${target.id}/images/replace`;
  return (await api.send<{ data: WireBook }>("POST", path, form)).data;
}

export async function replaceStationeryImage(api: ApiClient, id: number, file: File) {
  const form = new FormData();
  form.set("image", file);
  const path = `/api/stationery/${id}/image`;
  return (await api.send<{ data: WireStationery }>("PUT", path, form)).data;
}

export async function renameCategory(
  api: ApiClient,
  target: { kind: ProductKind; id: number; name: string },
): Promise<WireCategory> {
  const path = `${categoriesPath(target.kind)}/${target.id}`;
  return (await api.send<{ data: WireCategory }>("PUT", path, { name: target.name.trim() })).data;
}

export async function deleteCategory(api: ApiClient, kind: ProductKind, id: number) {
  await api.send("DELETE", `${categoriesPath(kind)}/${id}`);
}

export function listArchived<T>(
  api: ApiClient,
  kind: ProductKind,
  query: { page: number; q?: string },
): Promise<WirePage<T>> {
  return api.get(`/api/${kind}/archived`, { ...query, pageSize: ADMIN_PAGE_SIZE });
}

export async function restoreProduct(api: ApiClient, kind: ProductKind, id: number) {
  await api.send("POST", `/api/${kind}/${id}/restore`);
}

export function exportCsv(api: ApiClient, kind: ProductKind): Promise<Blob> {
  return api.blob(`/api/${kind}/export`);
}

/** Checks (dryRun) or imports a CSV file of books or stationery. */
export async function importCsv(
  api: ApiClient,
  file: Blob,
  options: { kind: ProductKind; dryRun: boolean },
): Promise<ImportSummary> {
  const path = `/api/${options.kind}/import${options.dryRun ? "?dryRun=1" : ""}`;
  const body = new Blob([file], { type: "text/csv" });
  return (await api.send<{ data: ImportSummary }>("POST", path, body)).data;
}
