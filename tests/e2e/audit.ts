/**
 * Every page, as a phone (375px) and a desktop (1280px) show it: axe-core finds no
 * critical or serious violation, nothing scrolls sideways on the phone, and a screenshot
 * of each is kept under test-artifacts/screenshots/.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import {
  axeViolations,
  overflowingElements,
  screenshot,
  sidewaysOverflow,
} from "../support/page_checks.ts";
import { logIn } from "./admin.ts";
import { assertNoScriptErrors, DESKTOP, type E2e, hydrated, PHONE } from "./harness.ts";
import { addBook, addStationery, findBook, findStationery } from "./shopping.ts";

interface Screen {
  name: string;
  path: string;
  /** Waits until the page shows what it is for. */
  ready: (page: Page) => Promise<void>;
}

function heading(name: string): (page: Page) => Promise<void> {
  return async (page) => {
    await hydrated(page);
    await page.getByRole("heading", { name, exact: true }).first().waitFor();
  };
}

/** Checks one screen at both widths; returns the problems found instead of stopping. */
async function auditScreen(page: Page, base: string, screen: Screen): Promise<string[]> {
  const problems: string[] = [];
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto(`${base}${screen.path}`);
    await screen.ready(page);
    await page.evaluate(() => document.fonts.ready);
    const where = `${screen.name} at ${viewport.width}px`;
    for (const violation of await axeViolations(page)) problems.push(`${where}: ${violation}`);
    if (viewport === PHONE) {
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) {
        problems.push(
          `${where} scrolls sideways by ${overflow}px: ${
            (await overflowingElements(page)).join(", ")
          }`,
        );
      }
    }
    await screenshot(page, screen.name);
  }
  return problems;
}

export async function auditJourney(e2e: E2e): Promise<void> {
  const base = e2e.shop.url;
  const book = await findBook(e2e, "q=Gamperaliya");
  const problems: string[] = [];

  const visitor = await e2e.open();
  const storefront: Screen[] = [
    { name: "book-store", path: "/", ready: heading("Book Store") },
    { name: "stationery-store", path: "/stationery", ready: heading("Stationery Store") },
    { name: "book", path: `/books/${book.id}`, ready: heading(book.title) },
    { name: "register", path: "/register", ready: heading("Register") },
    { name: "not-found", path: "/no-such-page", ready: (page) => page.getByRole("main").waitFor() },
    { name: "admin-login", path: "/admin", ready: heading("Admin Login") },
  ];
  for (const screen of storefront) problems.push(...await auditScreen(visitor.page, base, screen));

  // The cart and the checkout with something in the cart.
  await addBook(visitor.page, base, book, 1);
  await addStationery(visitor.page, base, await findStationery(e2e, "Atlas Eraser"), 3);
  const withCart: Screen[] = [
    { name: "cart", path: "/cart", ready: heading("My Shopping Cart") },
    { name: "checkout", path: "/checkout", ready: heading("Order summary") },
  ];
  for (const screen of withCart) problems.push(...await auditScreen(visitor.page, base, screen));
  problems.push(
    ...await auditScreen(visitor.page, base, {
      name: "checkout-errors",
      path: "/checkout",
      ready: async (page) => {
        await heading("Order summary")(page);
        await page.getByRole("button", { name: "Place Order" }).click();
        await page.getByText("Enter your name").waitFor();
      },
    }),
  );
  assertNoScriptErrors(visitor.errors);

  const admin = await e2e.open();
  await logIn(admin.page, base);
  const adminScreens: Screen[] = [
    {
      name: "admin-dashboard",
      path: "/admin/dashboard",
      ready: async (page) => {
        await page.getByRole("heading", { name: "Add New Book" }).waitFor();
        await page.getByRole("table", { name: "Books" }).getByRole("row").nth(1).waitFor();
      },
    },
    {
      name: "admin-orders",
      path: "/admin/orders",
      ready: (page) =>
        page.getByRole("table", { name: "Orders, newest first" }).getByRole("row").nth(1)
          .waitFor(),
    },
    {
      name: "admin-stock",
      path: "/admin/stock",
      ready: (page) =>
        page.getByRole("region", { name: "Books stock" }).getByRole("row").nth(1).waitFor(),
    },
  ];
  for (const screen of adminScreens) problems.push(...await auditScreen(admin.page, base, screen));
  assertNoScriptErrors(admin.errors);

  assert.deepEqual(problems, [], `\n${problems.join("\n")}`);
}
