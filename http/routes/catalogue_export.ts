/** Helpers of the catalogue's CSV export: every product on sale, and the download answer. */
import type { Page, PageRequest } from "../../domain/catalogue/model.ts";

const EXPORT_PAGE = 100;

/** Every item of a paged listing, in id order. */
export async function allPages<T>(list: (page: PageRequest) => Promise<Page<T>>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1;; page++) {
    const found = await list({ page, pageSize: EXPORT_PAGE });
    items.push(...found.items);
    if (found.items.length < EXPORT_PAGE || items.length >= found.total) return items;
  }
}

/** A CSV download named for the shop, the kind and the day. */
export function csvResponse(text: string, kind: string): Response {
  const day = new Date().toISOString().slice(0, 10);
  return new Response(text, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="pothgula-${kind}-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
