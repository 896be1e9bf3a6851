/**
 * The language switcher's Sinhala and Tamil names in a real Chromium, over the preview
 * server, checked by what the page asks the browser for and what the browser reports it did,
 * never by the pixels it drew: those depend on the fonts a machine has installed (with
 * Noto Sans Sinhala and Tamil on the system, as Debian's fonts-noto-core puts them, the
 * fallback draws the names exactly as the page's own faces do).
 *
 * An English page fetches only the two small faces cut to those names (served as woff2,
 * holding every letter of the names with the layout tables that join them), never the
 * whole Noto Sans Sinhala or Tamil faces; its @font-face rules name exactly the names'
 * letters; the switcher's names ask for those faces first; and Chromium draws each name in
 * one web font, not a system fallback. A Sinhala or Tamil page still gets its whole face
 * for its text. Screenshots of the switcher in each language at 375px and 1280px go to
 * test-artifacts/language-names/. Fails (never skips) without a browser.
 */
import assert from "node:assert/strict";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { readSfnt, sfntOf } from "../tests/support/sfnt.ts";
import { ensureBuilt } from "../scripts/build_web.ts";
import { NAME_FAMILY } from "../scripts/language_name_faces.ts";
import { LANGUAGE_NAMES } from "../domain/i18n/language.ts";
import { screenshotsIn, withPreviewBrowser } from "./testing/preview_browser.ts";

await ensureBuilt();

const { dir: SHOTS } = await screenshotsIn("language-names");

const WHOLE_FACE = /\/assets\/noto-sans-(sinhala|tamil)-\1-\d+-normal-[\w-]+\.woff2$/;
const NAMES_FACE = /\/assets\/noto-sans-(sinhala|tamil)-names-[\w-]+\.woff2$/;
const SCRIPTS = [["si", "sinhala", "Sinhala"], ["ta", "tamil", "Tamil"]] as const;

/** The distinct code points of a text, ascending. */
const points = (text: string) =>
  [...new Set([...text].map((c) => c.codePointAt(0)!))].sort((a, b) => a - b);

function withShop(run: (base: string, browser: Browser) => Promise<void>) {
  return withPreviewBrowser(({ base, browser }) => run(base, browser));
}

/** A font the page fetched: its path and how the shop answered it. */
interface FetchedFont {
  path: string;
  status: number;
  contentType: string;
}

/** Opens a page, waits for its fonts, and gives the fonts it fetched. */
async function openPage(
  browser: Browser,
  url: string,
  width: number,
  deviceScaleFactor = 1,
): Promise<{ page: Page; context: BrowserContext; fonts: FetchedFont[] }> {
  const context = await browser.newContext({ viewport: { width, height: 800 }, deviceScaleFactor });
  const page = await context.newPage();
  page.setDefaultTimeout(8000);
  const fonts: FetchedFont[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "font") return;
    fonts.push({
      path: new URL(response.url()).pathname,
      status: response.status(),
      contentType: response.headers()["content-type"] ?? "",
    });
  });
  await page.goto(url);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  return { page, context, fonts };
}

/** The fonts Chromium drew a switcher link's text with (its own report of the text's runs). */
async function fontsOfLink(context: BrowserContext, page: Page, language: string) {
  const cdp = await context.newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument");
  const { nodeId } = await cdp.send("DOM.querySelector", {
    nodeId: root.nodeId,
    selector: `.language-switcher a[lang="${language}"]`,
  });
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
  await cdp.detach();
  return fonts;
}

/** The @font-face rules of `family` in the page's stylesheets, as the browser parsed them. */
function faceRules(page: Page, family: string) {
  return page.evaluate((family) =>
    [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules])
      .filter((r): r is CSSFontFaceRule => r instanceof CSSFontFaceRule)
      .filter((r) => r.style.getPropertyValue("font-family").replaceAll('"', "") === family)
      .map((r) => ({
        weight: r.style.getPropertyValue("font-weight"),
        // The URL as the browser resolves it against the stylesheet's own.
        src: new URL(
          /url\("?([^")]+)"?\)/.exec(r.style.getPropertyValue("src"))![1],
          r.parentStyleSheet!.href ?? document.baseURI,
        ).pathname,
        unicodeRange: r.style.getPropertyValue("unicode-range"),
      })), family);
}

/** The code points a CSS unicode-range names (single points and ranges). */
function rangePoints(range: string): number[] {
  return range.split(",").flatMap((part) => {
    const [low, high] = part.trim().replace(/^U\+/i, "").split("-").map((h) => parseInt(h, 16));
    return Array.from({ length: (high ?? low) - low + 1 }, (_, i) => low + i);
  });
}

/** The font families a switcher link asks for, first to last. */
function familiesOfLink(page: Page, language: string): Promise<string[]> {
  return page.locator(`.language-switcher a[lang="${language}"]`).evaluate((link) =>
    getComputedStyle(link).fontFamily.split(",").map((f) => f.trim().replaceAll('"', ""))
  );
}

Deno.test({
  name:
    "an English page asks for සිංහල and தமிழ் in the two small faces only, and they hold the names",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    await withShop(async (base, browser) => {
      const { page, context, fonts } = await openPage(browser, `${base}/`, 375);
      try {
        assert.equal(await page.locator("html").getAttribute("lang"), "en");
        const paths = fonts.map((f) => f.path);
        assert.deepEqual(paths.filter((f) => WHOLE_FACE.test(f)), [], "no whole face");
        assert.deepEqual(
          paths.map((f) => NAMES_FACE.exec(f)?.[1]).sort(),
          ["sinhala", "tamil"],
          `only the two names' faces: ${paths.join(", ")}`,
        );
        for (const font of fonts) {
          assert.equal(font.status, 200, font.path);
          assert.equal(font.contentType, "font/woff2", font.path);
        }

        const rules = await faceRules(page, NAME_FAMILY);
        assert.equal(rules.length, 2, JSON.stringify(rules));
        for (const [language, script, name] of SCRIPTS) {
          // The rule of each name's face: regular, the file the page fetched, its letters.
          const rule = rules.find((r) => NAMES_FACE.exec(r.src)?.[1] === script);
          assert.ok(rule, `the ${script} names' face: ${JSON.stringify(rules)}`);
          assert.equal(rule.weight, "400");
          assert.ok(paths.includes(rule.src), `${rule.src} fetched`);
          assert.deepEqual(rangePoints(rule.unicodeRange), points(LANGUAGE_NAMES[language]));

          // The file holds a glyph for every letter of the name, and the tables that join them.
          const file = new Uint8Array(await (await fetch(`${base}${rule.src}`)).arrayBuffer());
          assert.ok(file.length < 4096, `${rule.src}: ${file.length} bytes`);
          const sfnt = readSfnt(await sfntOf(file, LANGUAGE_NAMES[language]));
          assert.deepEqual(sfnt.codePoints, points(LANGUAGE_NAMES[language]));
          for (const table of ["GSUB", "GPOS"]) assert.ok(sfnt.tables.includes(table), table);

          // The name asks for that face first, and for no whole face.
          const families = await familiesOfLink(page, language);
          assert.equal(families[0], NAME_FAMILY, families.join(", "));
          assert.ok(!families.includes(`Pothgula ${name}`), families.join(", "));

          // Chromium drew the name in one web font, the face cut from Noto Sans.
          const used = await fontsOfLink(context, page, language);
          assert.equal(used.length, 1, `one font for ${language}: ${JSON.stringify(used)}`);
          assert.equal(used[0].isCustomFont, true, "a web font, not the system's fallback");
          assert.equal(used[0].familyName, `Noto Sans ${name}`);
          assert.ok(used[0].glyphCount > 0);
        }

        // The browser's own list: both names' faces loaded, no whole face asked for.
        const loaded = await page.evaluate(() =>
          [...document.fonts].filter((f) => f.status === "loaded").map((f) =>
            f.family.replaceAll('"', "")
          )
        );
        assert.deepEqual(loaded.filter((f) => f === NAME_FAMILY).length, 2, loaded.join(", "));
        assert.ok(!loaded.some((f) => /^Pothgula (Sinhala|Tamil)$/.test(f)), loaded.join(", "));
      } finally {
        await context.close();
      }
    });
  },
});

Deno.test({
  name: "a Sinhala or Tamil page gets its whole face and asks for the other name in its small one",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    await withShop(async (base, browser) => {
      for (
        const [language, other, script, otherScript, name] of [
          ["si", "ta", "sinhala", "tamil", "Sinhala"],
          ["ta", "si", "tamil", "sinhala", "Tamil"],
        ] as const
      ) {
        const { page, context, fonts } = await openPage(browser, `${base}/${language}`, 375);
        try {
          assert.equal(await page.locator("html").getAttribute("lang"), language);
          const paths = fonts.map((f) => f.path);
          const whole = paths.filter((f) => WHOLE_FACE.test(f)).map((f) => WHOLE_FACE.exec(f)![1]);
          assert.ok(whole.includes(script), `the ${script} page's own face: ${paths.join(", ")}`);
          assert.ok(!whole.includes(otherScript), `no whole ${otherScript} face`);
          assert.ok(
            paths.some((f) => NAMES_FACE.exec(f)?.[1] === otherScript),
            `the ${otherScript} name's face: ${paths.join(", ")}`,
          );
          for (const font of fonts) assert.equal(font.contentType, "font/woff2", font.path);

          // The page's own name is set in the page's faces, the other in the names' faces.
          const own = await familiesOfLink(page, language);
          assert.ok(own.includes(`Pothgula ${name}`) && !own.includes(NAME_FAMILY), own.join());
          assert.equal((await familiesOfLink(page, other))[0], NAME_FAMILY);
          for (const link of [language, other]) {
            const used = await fontsOfLink(context, page, link);
            assert.equal(used.length, 1, `one font for ${link}: ${JSON.stringify(used)}`);
            assert.equal(used[0].isCustomFont, true, `${link} in a web font`);
          }
        } finally {
          await context.close();
        }
      }
    });
  },
});

Deno.test({
  name: "the switcher as a shopper sees it in each language [375px, 1280px]",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    await withShop(async (base, browser) => {
      for (const width of [375, 1280]) {
        for (const [language, path] of [["en", "/"], ["si", "/si"], ["ta", "/ta"]]) {
          // At three device pixels a CSS pixel, as a good phone draws them: the letters can be read.
          const { page, context } = await openPage(browser, `${base}${path}`, width, 3);
          try {
            const switcher = page.locator(".language-switcher ul");
            for (const name of Object.values(LANGUAGE_NAMES)) {
              assert.ok(await switcher.getByRole("link", { name }).isVisible());
            }
            await switcher.screenshot({ path: `${SHOTS}switcher-${language}-${width}.png` });
            await page.screenshot({ path: `${SHOTS}top-${language}-${width}.png` });
          } finally {
            await context.close();
          }
        }
      }
    });
  },
});
