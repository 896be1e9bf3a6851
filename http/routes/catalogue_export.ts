/** Helpers of the catalogue's CSV routes: every product on sale, the download, the covers. */
import type { CoverRenderer } from "../../domain/catalogue/book_import.ts";
import type { AppDeps } from "../deps.ts";
import type { Page, PageRequest } from "../../domain/catalogue/model.ts";
import type { WorkMeter } from "../middleware/work_budget.ts";

const EXPORT_PAGE = 100;

/**
 * Every item of a paged listing, in id order. With a meter, the listing's total is held to
 * its rows before the second page is read, and its time after every page; the pages read
 * are bounded by the total the first one gave.
 */
export async function allPages<T>(
  list: (page: PageRequest) => Promise<Page<T>>,
  meter?: WorkMeter,
): Promise<T[]> {
  const first = await list({ page: 1, pageSize: EXPORT_PAGE });
  meter?.expect(first.total);
  const items: T[] = [...first.items];
  const pages = Math.ceil(first.total / EXPORT_PAGE);
  for (let page = 2; page <= pages && first.items.length === EXPORT_PAGE; page++) {
    meter?.tick();
    const found = await list({ page, pageSize: EXPORT_PAGE });
    items.push(...found.items);
    if (found.items.length < EXPORT_PAGE || items.length >= found.total) break;
  }
  meter?.tick();
  return items;
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

/** The app's cover maker; an app built without one fails an import that needs a cover. */
export function coversOf(deps: Pick<AppDeps, "covers">): CoverRenderer {
  const missing = () => {
    throw new Error("The app was built without a cover renderer");
  };
  return deps.covers ?? { render: missing, renderItem: missing };
}
