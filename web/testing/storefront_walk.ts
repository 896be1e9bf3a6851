/**
 * What the storefront walks share (storefront_walk_browser_test.ts and
 * storefront_layout_browser_test.ts, two files so that they run side by side): the preview
 * shop in a real Chromium, a contrast measure, and a stored cart filled as the shop fills it.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import type { MemoryCatalogue } from "../../adapters/memory/catalogue.ts";
import { type PageOptions, withPreviewBrowser } from "./preview_browser.ts";

export interface Walk {
  base: string;
  catalogue: MemoryCatalogue;
  open(width: number, options?: PageOptions): Promise<Page>;
}

export function withShop(run: (visit: Walk) => Promise<void>) {
  return withPreviewBrowser(({ base, shop, open }) =>
    run({ base, catalogue: shop.catalogue, open })
  );
}

/** WCAG contrast ratio of two CSS rgb() colours. */
export function contrast(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r, g, bl] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number).map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Puts lines into the stored cart the way the shop writes them. */
export async function fillCart(page: Page, base: string, lines: Record<string, unknown>[]) {
  await page.goto(`${base}/about`);
  await page.evaluate((json) => localStorage.setItem("cart", json), JSON.stringify(lines));
}

/** A book's id in the preview catalogue, found by its title. */
export async function bookId(base: string, title: string): Promise<number> {
  const body = await (await fetch(`${base}/api/books?q=${encodeURIComponent(title)}`)).json();
  const found = body.data.find((b: { title: string }) => b.title === title);
  assert.ok(found, title);
  return found.id;
}

export function bookLine(id: number, quantity: number, extra: Record<string, unknown> = {}) {
  return {
    type: "book",
    id,
    title: `Book ${id}`,
    unitPriceCents: 100,
    stock: 99,
    weightGrams: 300,
    image: null,
    preorder: false,
    quantity,
    ...extra,
  };
}
