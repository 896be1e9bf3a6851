/**
 * Checks a page as it stands: axe-core finds no critical or serious accessibility
 * violation, nothing scrolls sideways, and a full-page screenshot is kept under
 * test-artifacts/screenshots/ for a person to look at.
 */
import { AxeBuilder } from "@axe-core/playwright";
import type { Download, Page } from "playwright-core";

export const SCREENSHOT_DIR = new URL("../../test-artifacts/screenshots/", import.meta.url)
  .pathname;

const BLOCKING = new Set(["critical", "serious"]);

/**
 * One line per critical or serious violation: rule, impact, help and where.
 *
 * Every rule runs, as before; two settings only cut what the run costs, a third of it
 * measured on the shop's pages (docs/test-times.md):
 * - `resultTypes: ["violations"]`: axe lists every node of a violation but stops collecting
 *   and sending back each node that passed (one per rule is kept), the bulk of its result;
 * - legacy mode: axe runs in the page itself (`axe.run`, which reaches same-origin frames)
 *   instead of in each frame and then again in a blank page opened for every call, with
 *   axe's source loaded into it and the partial results copied over. The shop's pages
 *   embed no frame of another origin, the one case the blank page exists for.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ["violations"] })
    .analyze();
  return result.violations
    .filter((v) => BLOCKING.has(v.impact ?? ""))
    .map((v) =>
      `${v.id} (${v.impact}): ${v.help} at ${
        v.nodes.slice(0, 4).map((n) => n.target.join(" ")).join(", ")
      }`
    );
}

/** How far the page is wider than its window, in CSS pixels (0 when nothing scrolls sideways). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return Math.max(0, root.scrollWidth - root.clientWidth);
  });
}

/** The elements that stick out past the right edge of the window, to say what overflows. */
export function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > width + 0.5)
      .slice(0, 8)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`);
  });
}

/** Saves a full-page screenshot as `{name}-{width}.png`. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await Deno.mkdir(SCREENSHOT_DIR, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: `${SCREENSHOT_DIR}${name}-${width}.png`, fullPage: true });
}

/** Resolves once the page has painted two frames: what the last change laid out is drawn. */
export function framesPainted(page: Page): Promise<void> {
  return page.evaluate(() =>
    new Promise<void>((resolve) =>
      requestAnimationFrame(() => requestAnimationFrame(() => resolve()))
    )
  );
}

/**
 * Sets the window's size and waits until the page has laid itself out at it (its width
 * read back, two frames painted), for a screenshot or a measure of the new layout.
 */
export async function resizeTo(page: Page, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  await page.waitForFunction((width) => globalThis.innerWidth === width, size.width);
  await framesPainted(page);
}

/**
 * Counts the page's requests under way (`fetch`), from before its first script: add it to a
 * page before it opens, then `quiet()` waits until the page has nothing left to load.
 */
export async function countRequests(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const scope = globalThis as unknown as { requestsUnderWay: number };
    scope.requestsUnderWay = 0;
    const fetching = globalThis.fetch.bind(globalThis);
    globalThis.fetch = (...args: Parameters<typeof fetch>) => {
      scope.requestsUnderWay++;
      return fetching(...args).finally(() => scope.requestsUnderWay--);
    };
  });
}

/**
 * Waits until the page is done: every island hydrated, its fonts loaded, no request under
 * way (`countRequests`), nothing marked busy, two frames painted, and all of it still true
 * after those frames (an answer that started more work has finished it too).
 */
export async function quiet(page: Page): Promise<void> {
  for (;;) {
    await page.waitForFunction(() => {
      const scope = globalThis as unknown as { requestsUnderWay?: number };
      return document.fonts.status === "loaded" &&
        (scope.requestsUnderWay ?? 0) === 0 &&
        !document.querySelector('[aria-busy="true"]') &&
        [...document.querySelectorAll<HTMLElement>("[data-island]")].every((island) => {
          // An island waiting to be seen or used (web/islands/names.ts) is started here.
          if (island.dataset.hydration === "waiting") {
            island.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
          }
          return island.dataset.hydrated === "true";
        });
    });
    await framesPainted(page);
    const still = await page.evaluate(() =>
      ((globalThis as unknown as { requestsUnderWay?: number }).requestsUnderWay ?? 0) === 0 &&
      !document.querySelector('[aria-busy="true"]')
    );
    if (still) return;
  }
}

/**
 * The bytes of a file the page downloaded, read through the browser's connection: a browser
 * the run shares is another process's, whose download folder is not this one's to open.
 */
export async function downloadedBytes(download: Download): Promise<Uint8Array> {
  const stream = await download.createReadStream();
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(new Uint8Array(chunk as ArrayBufferLike));
  const bytes = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** The text of a file the page downloaded (UTF-8, a byte-order mark kept). */
export async function downloadedText(download: Download): Promise<string> {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await downloadedBytes(download));
}
