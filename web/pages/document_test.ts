import assert from "node:assert/strict";
import fc from "fast-check";
import { renderToStaticMarkup } from "react-dom/server";
import { createElement } from "react";
import { documentHtml, escapeHtml } from "./document.ts";

const ASSETS = {
  scripts: ["/assets/storefront.js"],
  styles: ["/assets/styles.css"],
  preload: ["/assets/client.js", "/assets/cart.js"],
};

Deno.test("escapeHtml() escapes text as React escapes it, for any text", () => {
  fc.assert(fc.property(fc.string({ unit: "grapheme" }), (text) => {
    const react = renderToStaticMarkup(createElement("i", { title: text }, text));
    assert.equal(react, `<i title="${escapeHtml(text)}">${escapeHtml(text)}</i>`);
  }));
});

Deno.test("documentHtml() escapes a hostile title, description and share card", () => {
  const html = documentHtml({
    head: {
      title: `</title><script>alert(1)</script>`,
      description: `"><img src=x onerror=alert(1)>`,
      share: {
        type: "book",
        title: `A "quoted" & 'odd' title`,
        description: "d",
        url: "https://pothgula.lk/books/1",
      },
      jsonLd: [{ name: "</script><script>alert(1)</script>" }],
    },
    assets: ASSETS,
    bodyHtml: "<main>body</main>",
  });
  assert.ok(!html.includes("<script>alert(1)"));
  assert.ok(!html.includes("<img src=x"));
  assert.ok(html.includes("<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>"));
  assert.ok(html.includes(`content="A &quot;quoted&quot; &amp; &#x27;odd&#x27; title"`));
  assert.ok(html.includes(`"name":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"`));
});

Deno.test("documentHtml() puts the stylesheet before the entry script and both at low priority after the head's tags", () => {
  const html = documentHtml({
    lang: "si",
    head: { title: "T", description: "D", canonical: "https://pothgula.lk/si" },
    assets: ASSETS,
    bodyHtml: "<main>body</main>",
    islandJson: `[{"name":"CartBadge"}]`,
  });
  assert.ok(html.startsWith(`<!DOCTYPE html><html lang="si"><head><meta charSet="utf-8"/>`));
  const at = (needle: string) => {
    const index = html.indexOf(needle);
    assert.ok(index >= 0, needle);
    return index;
  };
  assert.ok(
    at(`<link rel="canonical" href="https://pothgula.lk/si"/>`) <
      at(`<link rel="modulepreload" href="/assets/client.js" fetchPriority="low"/>`),
  );
  assert.ok(at(`rel="modulepreload"`) < at(`<link rel="stylesheet" href="/assets/styles.css"/>`));
  assert.ok(
    at(`rel="stylesheet"`) <
      at(`<script type="module" src="/assets/storefront.js" fetchPriority="low"></script>`),
  );
  assert.ok(html.endsWith(
    `<body><div id="app"><main>body</main></div><script type="application/json" id="island-data">[{"name":"CartBadge"}]</script></body></html>`,
  ));
});

Deno.test("documentHtml() leaves out the island data, canonical link and share card a page has not", () => {
  const html = documentHtml({
    head: { title: "T", description: "D" },
    assets: ASSETS,
    bodyHtml: "",
  });
  assert.ok(html.startsWith(`<!DOCTYPE html><html lang="en">`));
  for (const absent of ["application/json", "canonical", "og:", "twitter:", "ld+json"]) {
    assert.ok(!html.includes(absent), absent);
  }
});
