/**
 * The accessibility check the walks share (`axeViolations`) still finds what it is for,
 * as cheaply as it now runs: a serious or critical violation in the page, and one inside a
 * frame from the page's own server, each named by its rule; a page without one gives none.
 */
import assert from "node:assert/strict";
import { launchBrowser } from "./browser.ts";
import { axeViolations } from "./page_checks.ts";

const PAGES: Record<string, string> = {
  "/clean": `<!doctype html><html lang="en"><head><title>Clean</title></head>
    <body><main><h1>Books</h1><p>Every book has a name.</p></main></body></html>`,
  // A picture with no text (critical), grey on white text (serious) and a frame whose
  // button has no name (critical).
  "/faulty": `<!doctype html><html lang="en"><head><title>Faulty</title></head>
    <body><main><h1>Books</h1><img src="/cover.gif">
    <p style="color:#ccc;background:#fff">Hard to read</p>
    <iframe title="Inner" src="/inner"></iframe></main></body></html>`,
  "/inner": `<!doctype html><html lang="en"><head><title>Inner</title></head>
    <body><main><button></button></main></body></html>`,
};

Deno.test("axeViolations() names the violations of a page and of its same-origin frame, and none of a clean page", async () => {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (request) => {
    const html = PAGES[new URL(request.url).pathname];
    return html
      ? new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } })
      : new Response("", { status: 404 });
  });
  const base = `http://127.0.0.1:${server.addr.port}`;
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base}/clean`);
    assert.deepEqual(await axeViolations(page), []);

    await page.goto(`${base}/faulty`);
    await page.frameLocator("iframe").locator("button").waitFor({ state: "attached" });
    const rules = (await axeViolations(page)).map((line) => line.split(" ")[0]).sort();
    assert.deepEqual(rules, ["button-name", "color-contrast", "image-alt"]);
    await context.close();
  } finally {
    await browser.close();
    await server.shutdown();
  }
});
