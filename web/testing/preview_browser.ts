/**
 * The storefront in a real Chromium over the preview server (the real HTTP app on the
 * in-memory ports), for the browser suites of `web/`: one server on a free loopback port
 * and one browser per call, both closed whatever the test did. Fails (never skips) without
 * a browser.
 */
import assert from "node:assert/strict";
import type { Browser, BrowserContextOptions, Locator, Page } from "playwright-core";
import { launchBrowser } from "../../tests/support/browser.ts";
import { resizeTo } from "../../tests/support/page_checks.ts";
import { previewShop } from "../dev/preview.ts";

export type PreviewShop = Awaited<ReturnType<typeof previewShop>>;

export interface PageOptions extends BrowserContextOptions {
  /** The window's height in CSS pixels (800 unless told). */
  height?: number;
  /** Playwright's default timeout for the page's actions (8 s unless told). */
  timeout?: number;
}

export interface PreviewVisit {
  /** `http://127.0.0.1:{port}`, no trailing slash. */
  base: string;
  shop: PreviewShop;
  browser: Browser;
  /** A new page in a new context, `width` CSS pixels wide. */
  open(width: number, options?: PageOptions): Promise<Page>;
}

export async function withPreviewBrowser(run: (visit: PreviewVisit) => Promise<void>) {
  const shop = await previewShop();
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, shop.app.fetch);
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const opened = browser;
    await run({
      base: `http://127.0.0.1:${server.addr.port}`,
      shop,
      browser: opened,
      async open(width, options = {}) {
        const { height = 800, timeout = 8000, ...rest } = options;
        const context = await opened.newContext({ viewport: { width, height }, ...rest });
        const page = await context.newPage();
        page.setDefaultTimeout(timeout);
        return page;
      },
    });
  } finally {
    await browser?.close();
    await server.shutdown();
  }
}

/**
 * Where a suite's screenshots go (`test-artifacts/{folder}/`, made now), and a function
 * that takes a whole page's as `{name}-{width}.png` there.
 */
export async function screenshotsIn(folder: string) {
  const dir = new URL(`../../test-artifacts/${folder}/`, import.meta.url).pathname;
  await Deno.mkdir(dir, { recursive: true });
  return {
    dir,
    async shot(page: Page, name: string) {
      const width = page.viewportSize()?.width ?? 0;
      await page.screenshot({ path: `${dir}${name}-${width}.png`, fullPage: true });
    },
  };
}

/**
 * A 375px page of the preview shop for `run`, watched for problems: an uncaught error on
 * the page, and with `console` an error in its console (a resource that failed to load
 * aside, as a 404 the test asked for); any of them fails the test once `run` is done.
 */
export function withPhonePage(
  run: (page: Page, base: string, shop: PreviewShop) => Promise<void>,
  { timeout = 15_000, console = false }: { timeout?: number; console?: boolean } = {},
) {
  return withPreviewBrowser(async ({ base, shop, open }) => {
    const page = await open(375, { timeout });
    const problems: string[] = [];
    if (console) {
      page.on("console", (message) => {
        if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
          problems.push(message.text());
        }
      });
    }
    page.on("pageerror", (error) => problems.push(error.message));
    await run(page, base, shop);
    assert.deepEqual(problems, [], "no hydration mismatch or other error on the page");
  });
}

/**
 * The page (or one part of it) at 375px and at 1280px as `{name}-{width}.png` in `dir`,
 * leaving the page at 375px again.
 */
export async function shotBothWidths(page: Page, dir: string, name: string, what?: Locator) {
  const shoot = (path: string) =>
    what ? what.screenshot({ path }) : page.screenshot({ path, fullPage: true });
  await shoot(`${dir}${name}-375.png`);
  await resizeTo(page, { width: 1280, height: 900 });
  await shoot(`${dir}${name}-1280.png`);
  await resizeTo(page, { width: 375, height: 800 });
}
