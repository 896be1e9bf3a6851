/**
 * What every journey of the end-to-end suite shares: the running shop, the browser, fresh
 * pages that record script errors, and the orders earlier journeys placed.
 */
import assert from "node:assert/strict";
import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Locator,
  Page,
} from "playwright-core";
import type { RunningShop } from "../support/shop_server.ts";
import { eventually } from "../support/eventually.ts";
import { axeViolations, resizeTo, screenshot, sidewaysOverflow } from "../support/page_checks.ts";

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 375, height: 800 };

/** Generous but bounded: the 2-core CI machine runs the server and Chromium side by side. */
export const ACTION_TIMEOUT_MS = 15_000;

export interface OpenPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught exceptions and console errors seen so far. */
  errors: string[];
}

export interface PlacedOrders {
  /** The COD order placed through the checkout, confirmed by the admin later. */
  cod?: number;
  /** The Bank Deposit order, rejected by the admin later. */
  bank?: { id: number; lines: { type: "book" | "stationery"; id: number; quantity: number }[] };
}

export interface E2e {
  shop: RunningShop;
  browser: Browser;
  orders: PlacedOrders;
  /** A new context (its own localStorage) and page; closed when the suite ends. */
  open(options?: BrowserContextOptions): Promise<OpenPage>;
}

/** A failed request is the page's business (it shows a notice); anything else is a bug. */
function isScriptError(text: string): boolean {
  return !text.startsWith("Failed to load resource");
}

export async function openPage(browser: Browser, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ viewport: DESKTOP, ...options });
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(30_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error" && isScriptError(message.text())) {
      errors.push(`${page.url()}: ${message.text()}`);
    }
  });
  return { context, page, errors };
}

/**
 * Resolves once React has taken over every island on the page, so that a click or a
 * change reaches the island's handlers (React replays events that arrive mid-hydration).
 * An island that waits to be seen or used (web/islands/names.ts, `HYDRATE_WHEN`) is
 * started as a shopper would start it, by a focus inside it.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(hydrateEveryIsland);
}

/**
 * In the page: starts every island still waiting (a focus event inside it, which the client
 * entry answers by hydrating it) and tells whether every island is hydrated. The flag is
 * set by web/entry_client.tsx once React has hydrated the island, not when it starts: a
 * field filled before then is not seen by React.
 */
export function hydrateEveryIsland(): boolean {
  const islands = [...document.querySelectorAll<HTMLElement>("[data-island]")];
  for (const island of islands) {
    if (island.dataset.hydration === "waiting") {
      island.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    }
  }
  return islands.every((island) => island.dataset.hydrated === "true");
}

/** Goes to a storefront path and waits for its islands. */
export async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await hydrated(page);
}

/** The book cards of the Book Store's results (each a link showing a price). */
export function bookCards(page: Page): Locator {
  return page.getByRole("region", { name: "Books" }).getByRole("link").filter({ hasText: "LKR" });
}

/** The titles on the visible book cards, in order. */
export function cardTitles(page: Page): Promise<string[]> {
  // Read in one go: the list may be replaced while it is being read.
  return bookCards(page).evaluateAll((cards) =>
    cards.map((card) =>
      // The first line is the title, after the badge of a pre-order.
      (card as HTMLElement).innerText.split("\n").map((line) => line.trim())
        .find((line) => line !== "" && line !== "Pre-Order") ?? ""
    )
  );
}

/** Waits until the results hold exactly these titles (the list loads in place). */
export async function expectTitles(page: Page, expected: string[]): Promise<void> {
  let seen: string[] = [];
  await eventually(async () => {
    const busy = await page.getByRole("region", { name: "Books" }).getAttribute("aria-busy");
    seen = await cardTitles(page);
    return busy !== "true" && JSON.stringify(seen) === JSON.stringify(expected);
  }, { timeoutMs: ACTION_TIMEOUT_MS, everyMs: 100 }).catch(() => {});
  assert.deepEqual(seen, expected);
}

/** The number of items the header's cart icon shows (0 when it shows none). */
export async function cartCount(page: Page): Promise<number> {
  const text = await page.getByRole("link", { name: /^Cart/ }).innerText();
  const match = /\d+/.exec(text);
  return match ? Number(match[0]) : 0;
}

/** Waits until the header's cart icon shows `expected` (it updates after each change). */
export async function expectCartCount(page: Page, expected: number): Promise<void> {
  let seen = -1;
  await eventually(async () => (seen = await cartCount(page)) === expected, {
    timeoutMs: ACTION_TIMEOUT_MS,
    everyMs: 100,
  }).catch(() => {});
  assert.equal(seen, expected, "the header's cart count");
}

/** Units in the stored cart, as the page keeps it. */
export function storedQuantity(page: Page): Promise<number> {
  return page.evaluate(() =>
    (JSON.parse(localStorage.getItem("cart") ?? "[]") as { quantity: number }[])
      .reduce((sum, line) => sum + line.quantity, 0)
  );
}

/** Fails with the script errors a journey's pages raised. */
export function assertNoScriptErrors(errors: string[]): void {
  assert.deepEqual(errors, [], `script errors:\n${errors.join("\n")}`);
}

/** The value beside a label in the customer order page's facts ("Payment", "Status"). */
export function orderFact(page: Page, label: string): Locator {
  return page.locator(".order-facts dt", { hasText: label }).locator(
    "xpath=following-sibling::dd[1]",
  );
}

/**
 * Screenshots `page` at 375px and 1280px (no sideways scrolling at 375px), then checks it
 * with axe unless `axe` is false (a page that is not the shop's, such as the gateway's).
 */
export async function checkBothScreens(page: Page, name: string, axe = true): Promise<void> {
  for (const viewport of [PHONE, DESKTOP]) {
    await resizeTo(page, viewport);
    await page.evaluate(() => document.fonts.ready);
    if (viewport === PHONE) {
      assert.equal(await sidewaysOverflow(page), 0, `${name} scrolls sideways at 375px`);
    }
    await screenshot(page, name);
  }
  if (!axe) return;
  const violations = await axeViolations(page);
  assert.deepEqual(violations, [], `${name}: ${violations.join("; ")}`);
}
