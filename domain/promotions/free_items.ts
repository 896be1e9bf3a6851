/**
 * Which items a campaign would make free, for the owner to see before saving it: a
 * percentage of 100, or an amount at or above an item's price (the amount is taken off each
 * copy only up to its price: the rule clamps it, so such an item costs nothing). Issue 44: an
 * LKR 100,000 campaign made every Sinhala book free with no warning.
 *
 * Read from the catalogue's own listing (prices at or below the amount, the usual price as
 * listings filter) and, for chosen products, from what the shop sells (their sale prices
 * too). A scope of a book language is filtered from a bounded number of pages: its total is
 * then a lower bound.
 */
import type { Cents } from "../money.ts";
import type { Catalogue } from "../catalogue/ports.ts";
import type { BookFilter, Page, PageRequest } from "../catalogue/model.ts";
import type { OrderRepository } from "../orders/ports.ts";
import type { ItemType } from "../orders/model.ts";
import type { ItemBenefit, PromotionScope } from "./pricing.ts";

/** Items named in the owner's warning. */
export const FREE_ITEMS_LISTED = 20;
/** Pages of 100 a language scope reads at most. */
const LANGUAGE_PAGES = 20;

export interface FreeItem {
  type: ItemType;
  id: number;
  title: string;
  priceCents: Cents;
}

export interface FreeItems {
  /** How many items it would make free (at least this many when `capped`). */
  total: number;
  capped: boolean;
  /** The first of them, up to FREE_ITEMS_LISTED. */
  items: FreeItem[];
}

export interface FreeItemsDeps {
  catalogue: Pick<Catalogue, "listBooks" | "listStationery">;
  orders: Pick<OrderRepository, "findSellable">;
}

/**
 * The highest price of a copy `benefit` makes free: every price for 100%, the amount for an
 * amount off each copy; null when it frees nothing (a percentage under 100).
 *
 * @example freeUpTo({ kind: "amount", cents: 10_000_000 }) // 10000000: any item up to LKR 100,000
 */
export function freeUpTo(benefit: ItemBenefit): Cents | null {
  if (benefit.kind === "percent") {
    return benefit.basisPoints >= 10_000 ? Number.MAX_SAFE_INTEGER : null;
  }
  return benefit.cents;
}

const ALL = { inStock: true, outOfStock: true } as const;
const FIRST: PageRequest = { page: 1, pageSize: FREE_ITEMS_LISTED };

function listed(type: ItemType, page: Page<{ id: number; title: string; priceCents: Cents }>) {
  return page.items.map((item) => ({
    type,
    id: item.id,
    title: item.title,
    priceCents: item.priceCents,
  }));
}

/**
 * What a campaign over `scope` with `benefit` would make free.
 *
 * @example await freeItems(deps, { kind: "language", language: "Sinhala" }, { kind: "amount", cents: 10_000_000 }) // { total: 412, items: [...] }
 */
export async function freeItems(
  deps: FreeItemsDeps,
  scope: PromotionScope,
  benefit: ItemBenefit,
): Promise<FreeItems> {
  const upTo = freeUpTo(benefit);
  const none: FreeItems = { total: 0, capped: false, items: [] };
  if (upTo === null) return none;
  const books = (filter: Partial<BookFilter>, page = FIRST) =>
    deps.catalogue.listBooks({ ...ALL, maxPriceCents: upTo, ...filter }, page);
  const stationery = (filter: Partial<BookFilter>) =>
    deps.catalogue.listStationery({ ...ALL, maxPriceCents: upTo, ...filter }, FIRST);
  const together = (
    pages: { type: ItemType; page: Page<{ id: number; title: string; priceCents: Cents }> }[],
  ): FreeItems => ({
    total: pages.reduce((sum, p) => sum + p.page.total, 0),
    capped: pages.some((p) => p.page.totalCapped === true),
    items: pages.flatMap((p) => listed(p.type, p.page)).slice(0, FREE_ITEMS_LISTED),
  });
  switch (scope.kind) {
    case "shop":
      return together([
        { type: "book", page: await books({}) },
        { type: "stationery", page: await stationery({}) },
      ]);
    case "store":
      return together([
        scope.store === "book"
          ? { type: "book", page: await books({}) }
          : { type: "stationery", page: await stationery({}) },
      ]);
    case "categories": {
      const pages = [];
      for (const categoryId of scope.ids) {
        pages.push(
          scope.store === "book"
            ? { type: "book" as const, page: await books({ categoryId }) }
            : { type: "stationery" as const, page: await stationery({ categoryId }) },
        );
      }
      return together(pages);
    }
    case "products": {
      const sold = await deps.orders.findSellable([...scope.items]);
      const free = sold.filter((item) =>
        Math.min(item.priceCents, item.sale?.priceCents ?? item.priceCents) <= upTo
      ).map((item) => ({
        type: item.type,
        id: item.id,
        title: item.title,
        priceCents: item.priceCents,
      }));
      return { total: free.length, capped: false, items: free.slice(0, FREE_ITEMS_LISTED) };
    }
    case "language": {
      const found: FreeItem[] = [];
      let total = 0;
      let capped = false;
      for (let page = 1; page <= LANGUAGE_PAGES; page++) {
        const read = await books({}, { page, pageSize: 100 });
        const matching = read.items.filter((book) => book.language === scope.language);
        total += matching.length;
        found.push(...listed("book", { ...read, items: matching }));
        if (page * 100 >= read.total) break;
        if (page === LANGUAGE_PAGES) capped = true;
      }
      return { total, capped, items: found.slice(0, FREE_ITEMS_LISTED) };
    }
  }
}
