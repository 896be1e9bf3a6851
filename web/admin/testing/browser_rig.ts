/**
 * What the admin's browser suites share: a Chromium and the web build for the whole file,
 * and for each scenario a fresh shop (the real app over memory ports, admin_shop.ts) on a
 * loopback port with a browser context of its own.
 */
import assert from "node:assert/strict";
import type { Browser, Page } from "playwright-core";
import { launchBrowser } from "../../../tests/support/browser.ts";
import { ensureBuilt } from "../../../scripts/build_web.ts";
import type { AppDeps } from "../../../http/deps.ts";
import { saveSession } from "../auth/session.ts";
import { ADMIN_EMAIL, ADMIN_PASSWORD, type AdminShop, adminShop, serveShop } from "./admin_shop.ts";

export const ARTIFACTS = new URL("../../../test-artifacts/admin/", import.meta.url).pathname;

export interface Rig {
  browser: Browser;
}

export interface ShopOptions {
  /** The browser's width; 1280 when absent. */
  width?: number;
  /** Ports or settings of the app to replace. */
  deps?: Partial<AppDeps>;
  /**
   * Opens the browser signed in as the admin, with the session a login at the shop's login
   * route answers, kept as the login page keeps it: for scenarios about other screens (the
   * login page itself is tested in auth/, and `logIn` goes through it).
   */
  signedIn?: boolean;
}

/** The browser's storage holding the session of the admin's login at the shop's login route. */
async function adminSession(url: string): Promise<{ name: string; value: string }[]> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`The admin could not log in: ${response.status}`);
  const { token, expiresAt, adminRole } = await response.json() as {
    token: string;
    expiresAt: string;
    adminRole: "owner" | "staff";
  };
  const items = new Map<string, string>();
  saveSession({
    getItem: (name) => items.get(name) ?? null,
    setItem: (name, value) => items.set(name, value),
    removeItem: (name) => items.delete(name),
  }, { token, expiresAt, role: adminRole });
  return [...items].map(([name, value]) => ({ name, value }));
}

/**
 * Runs `run` against a fresh shop that `seed` filled, in a new browser context, and fails
 * when the page broke the shop's Content-Security-Policy.
 */
export async function withShop(
  rig: Rig,
  seed: (shop: AdminShop) => Promise<void> | void,
  run: (page: Page, shop: AdminShop, url: string) => Promise<void>,
  options: ShopOptions | number = {},
) {
  const { width = 1280, deps, signedIn = false } = typeof options === "number"
    ? { width: options }
    : options;
  const shop = await adminShop(deps);
  await seed(shop);
  const server = serveShop(shop);
  const localStorage = signedIn ? await adminSession(server.url) : [];
  const context = await rig.browser.newContext({
    viewport: { width, height: 900 },
    acceptDownloads: true,
    storageState: { cookies: [], origins: [{ origin: server.url, localStorage }] },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const refused: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/.test(message.text())) refused.push(message.text());
  });
  try {
    await run(page, shop, server.url);
    assert.deepEqual(refused, [], "the page broke the shop's Content-Security-Policy");
  } finally {
    await context.close();
    await server.close();
  }
}

/** Logs in on the login page as the shop's admin; the token the shop answered. */
export async function logIn(page: Page, url: string): Promise<string> {
  await page.goto(`${url}/admin`);
  await page.getByLabel("Email").fill(ADMIN_EMAIL);
  await page.getByLabel("Password").fill(ADMIN_PASSWORD);
  const answer = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/auth/login");
  await page.getByRole("button", { name: "Login" }).click();
  const { token } = await (await answer).json() as { token: string };
  await page.waitForURL(`${url}/admin/dashboard`);
  return token;
}

export async function statusText(page: Page, text: string) {
  await page.getByRole("status").filter({ hasText: text }).first().waitFor();
}

export async function alertText(page: Page, text: string) {
  await page.getByRole("alert").filter({ hasText: text }).first().waitFor();
}

/** Runs `body` with a browser and the web build, and closes the browser after. */
export async function withRig(body: (rig: Rig) => Promise<void>): Promise<void> {
  await ensureBuilt();
  await Deno.mkdir(ARTIFACTS, { recursive: true });
  const rig: Rig = { browser: await launchBrowser() };
  try {
    await body(rig);
  } finally {
    await rig.browser.close();
  }
}
