/**
 * What the admin's browser suites share: a Chromium, the admin bundle, and a fresh
 * in-memory shop API and browser context for each scenario.
 */
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "../../../tests/support/browser.ts";
import { type AdminBundle, buildAdminBundle, serveAdmin } from "./admin_server.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, book, FakeShopApi } from "./fake_shop_api.ts";

export const ARTIFACTS = new URL("../../../test-artifacts/admin/", import.meta.url).pathname;

export interface Rig {
  browser: Browser;
  bundle: AdminBundle;
}

export async function withShop(
  rig: Rig,
  seed: (api: FakeShopApi) => void,
  run: (page: Page, api: FakeShopApi, url: string) => Promise<void>,
  width = 1280,
) {
  const api = new FakeShopApi();
  seed(api);
  const server = serveAdmin(rig.bundle, api);
  const context = await rig.browser.newContext({
    viewport: { width, height: 900 },
    acceptDownloads: true,
  });
  const page = await context.newPage();
  const refused: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/.test(message.text())) refused.push(message.text());
  });
  try {
    await run(page, api, server.url);
    assert.deepEqual(refused, [], "the page broke the shop's Content-Security-Policy");
  } finally {
    await context.close();
    await server.close();
  }
}

export async function logIn(page: Page, url: string) {
  await page.goto(`${url}/admin`);
  await page.getByLabel("Email").fill(ADMIN_EMAIL);
  await page.getByLabel("Password").fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL(`${url}/admin/dashboard`);
}

export async function statusText(page: Page, text: string) {
  await page.getByRole("status").filter({ hasText: text }).first().waitFor();
}

export async function alertText(page: Page, text: string) {
  await page.getByRole("alert").filter({ hasText: text }).first().waitFor();
}

export function seedCatalogue(api: FakeShopApi) {
  api.books = Array.from({ length: 23 }, (_, i) => book(i + 1));
  api.books[1] = book(2, { title: "Gamperaliya", preorder: 1, stock: 3 });
  api.stationery = [{
    id: 1,
    title: "Blue pen",
    price: 50,
    stock: 40,
    weight: 0.01,
    category_id: 1,
    category_name: "Pens",
    image: "/uploads/pen.png",
  }];
}

/** Runs `body` with a browser and the admin bundle, and cleans both up. */
export async function withRig(body: (rig: Rig) => Promise<void>): Promise<void> {
  const rig: Rig = { browser: await launchBrowser(), bundle: await buildAdminBundle() };
  await Deno.mkdir(ARTIFACTS, { recursive: true });
  try {
    await body(rig);
  } finally {
    await rig.browser.close();
    await Deno.remove(rig.bundle.dir, { recursive: true });
  }
}
