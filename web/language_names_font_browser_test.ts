/**
 * The language switcher's Sinhala and Tamil names in a real Chromium, over the preview
 * server: an English page fetches only the two small faces cut to those names, never the
 * whole Noto Sans Sinhala or Tamil faces, and the names are drawn in them (not in a fallback
 * font, not as boxes), glyph for glyph as the whole face draws them; a Sinhala or Tamil page
 * still gets its whole face for its text. Screenshots of the switcher in each language at
 * 375px and 1280px go to test-artifacts/language-names/. Fails (never skips) without a
 * browser.
 */
import assert from "node:assert/strict";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser } from "../tests/support/browser.ts";
import { ensureBuilt } from "../scripts/build_web.ts";
import { LANGUAGE_NAMES } from "../domain/i18n/language.ts";
import { previewShop } from "./dev/preview.ts";

await ensureBuilt();

const SHOTS = new URL("../test-artifacts/language-names/", import.meta.url).pathname;
await Deno.mkdir(SHOTS, { recursive: true });

const WHOLE_FACE = /\/assets\/noto-sans-(sinhala|tamil)-\1-\d+-normal-[\w-]+\.woff2$/;
const NAMES_FACE = /\/assets\/noto-sans-(sinhala|tamil)-names-[\w-]+\.woff2$/;

async function withShop(run: (base: string, browser: Browser) => Promise<void>) {
  const { app } = await previewShop();
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, app.fetch);
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    await run(`http://127.0.0.1:${server.addr.port}`, browser);
  } finally {
    await browser?.close();
    await server.shutdown();
  }
}

/** Opens a page, waits for its fonts, and gives the fonts it fetched (paths). */
async function openPage(
  browser: Browser,
  url: string,
  width: number,
  deviceScaleFactor = 1,
): Promise<{ page: Page; context: BrowserContext; fonts: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: 800 }, deviceScaleFactor });
  const page = await context.newPage();
  page.setDefaultTimeout(8000);
  const fonts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "font") fonts.push(new URL(request.url()).pathname);
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

/** Large letters, where a hinted pixel is a small part of a stroke. */
const CANVAS = { width: 1000, height: 320, size: 200 };

/**
 * Draws `text` in the page's names face, in the whole face of `family` (loaded here, after
 * the page's own requests were counted) and in the fallback alone, and tells how far the
 * names face's drawing is from each. Measured here: 0.006-0.008 from the whole face, and
 * 0.04-0.08 for a face cut without the glyphs its layout rules reach (`noLayoutClosure`).
 */
function compareDrawings(page: Page, text: string, family: string) {
  return page.evaluate(async ({ text, family, width, height, size }) => {
    const rule = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules])
      .filter((r): r is CSSFontFaceRule => r instanceof CSSFontFaceRule)
      .find((r) =>
        r.style.getPropertyValue("font-family").replaceAll('"', "") === family &&
        r.style.getPropertyValue("font-weight") === "400"
      );
    if (!rule) throw new Error(`no @font-face for ${family}`);
    const whole = new FontFace("Whole face", rule.style.getPropertyValue("src"));
    document.fonts.add(await whole.load());
    const loaded = await document.fonts.load(`400 ${size}px "Pothgula Language Names"`, text);

    function draw(font: string): { advance: number; ink: Uint8ClampedArray } {
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext("2d")!;
      context.font = font;
      context.fillText(text, 10, height * 0.7);
      const ink = context.getImageData(0, 0, width, height).data.filter((_, i) => i % 4 === 3);
      return { advance: context.measureText(text).width, ink };
    }
    /**
     * The ink of `a` that `b` lacks within one pixel, as a share of `a`'s ink. Within one
     * pixel: FreeType's auto-hinter (Linux) sets its heights from the letters a face holds,
     * so the same outline may be snapped a pixel up or down in a face of five letters.
     */
    function missing(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
      let lacked = 0;
      let ink = 0;
      for (let y = 1; y < height - 1; y++) {
        for (let x = 1; x < width - 1; x++) {
          let nearest = 255;
          for (let dy = -1; dy <= 1; dy++) {
            for (let dx = -1; dx <= 1; dx++) {
              const d = Math.abs(a[y * width + x] - b[(y + dy) * width + x + dx]);
              nearest = Math.min(nearest, d);
            }
          }
          lacked += nearest;
          ink += a[y * width + x];
        }
      }
      return lacked / ink;
    }
    const distance = (a: Uint8ClampedArray, b: Uint8ClampedArray) =>
      Math.max(missing(a, b), missing(b, a));

    const names = draw(`400 ${size}px "Pothgula Language Names"`);
    const wholeDrawn = draw(`400 ${size}px "Whole face"`);
    const fallback = draw(`400 ${size}px sans-serif`);
    return {
      namesFacesLoaded: loaded.length,
      advances: { names: names.advance, whole: wholeDrawn.advance },
      fromWhole: distance(names.ink, wholeDrawn.ink),
      fromFallback: distance(names.ink, fallback.ink),
    };
  }, { text, family, ...CANVAS });
}

Deno.test({
  name: "an English page draws සිංහල and தமிழ் in the small faces and fetches no whole face",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    await withShop(async (base, browser) => {
      const { page, context, fonts } = await openPage(browser, `${base}/`, 375);
      try {
        assert.equal(await page.locator("html").getAttribute("lang"), "en");
        assert.deepEqual(fonts.filter((f) => WHOLE_FACE.test(f)), [], "no whole face");
        assert.deepEqual(
          fonts.map((f) => NAMES_FACE.exec(f)?.[1]).sort(),
          ["sinhala", "tamil"],
          `only the two names' faces: ${fonts.join(", ")}`,
        );
        for (const [language, script] of [["si", "Sinhala"], ["ta", "Tamil"]] as const) {
          const used = await fontsOfLink(context, page, language);
          assert.equal(used.length, 1, `one font for ${language}: ${JSON.stringify(used)}`);
          assert.equal(used[0].isCustomFont, true, "a web font, not the system's fallback");
          assert.equal(used[0].familyName, `Noto Sans ${script}`);
          // Shaping joins letters (ස and ි are one glyph): fewer glyphs than letters.
          assert.ok(used[0].glyphCount > 0);

          const drawn = await compareDrawings(page, LANGUAGE_NAMES[language], `Pothgula ${script}`);
          assert.equal(drawn.namesFacesLoaded, 1);
          assert.equal(drawn.advances.names, drawn.advances.whole, "the whole face's advances");
          assert.ok(drawn.fromWhole < 0.02, `drawn as the whole face draws it: ${drawn.fromWhole}`);
          assert.ok(
            drawn.fromFallback > 0.3,
            `not as the fallback draws it: ${drawn.fromFallback}`,
          );
        }
      } finally {
        await context.close();
      }
    });
  },
});

Deno.test({
  name: "a Sinhala or Tamil page gets its whole face and draws the other name in its small one",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    await withShop(async (base, browser) => {
      for (
        const [language, other, script, otherScript] of [
          ["si", "ta", "sinhala", "tamil"],
          ["ta", "si", "tamil", "sinhala"],
        ] as const
      ) {
        const { page, context, fonts } = await openPage(browser, `${base}/${language}`, 375);
        try {
          assert.equal(await page.locator("html").getAttribute("lang"), language);
          const whole = fonts.filter((f) => WHOLE_FACE.test(f)).map((f) => WHOLE_FACE.exec(f)![1]);
          assert.ok(whole.includes(script), `the ${script} page's own face: ${fonts.join(", ")}`);
          assert.ok(!whole.includes(otherScript), `no whole ${otherScript} face`);
          assert.ok(
            fonts.some((f) => NAMES_FACE.exec(f)?.[1] === otherScript),
            `the ${otherScript} name's face: ${fonts.join(", ")}`,
          );
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
