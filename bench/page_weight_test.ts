import assert from "node:assert/strict";
import { gzipSize, linkedAssets, weighPage, withStaticImports } from "./page_weight.ts";
import { ensureBuilt } from "../scripts/build_web.ts";
import { previewShop } from "../web/dev/preview.ts";

Deno.test("linkedAssets() finds the page's scripts, module preloads and stylesheets", () => {
  const html = `<link rel="stylesheet" href="/assets/app-1.css"><link rel="modulepreload"
    href="/assets/client-2.js"><script type="module" src="/assets/entry-3.js"></script>
    <link rel="icon" href="/static/favicon.svg"><img src="/uploads/a.png">`;
  assert.deepEqual(linkedAssets(html), {
    scripts: ["assets/client-2.js", "assets/entry-3.js"],
    styles: ["assets/app-1.css"],
  });
});

Deno.test("withStaticImports() follows the manifest's imports once each", () => {
  const manifest = {
    "web/entry.tsx": { file: "assets/entry.js", imports: ["_client.js", "_util.js"] },
    "_client.js": { file: "assets/client.js", imports: ["_util.js"] },
    "_util.js": { file: "assets/util.js" },
    "web/admin.tsx": { file: "assets/admin.js" },
  };
  assert.deepEqual(
    withStaticImports(["assets/entry.js"], manifest).sort(),
    ["assets/client.js", "assets/entry.js", "assets/util.js"],
  );
});

Deno.test("gzipSize() is far below the size of repetitive text", async () => {
  const text = new TextEncoder().encode("pothgula ".repeat(1000));
  const size = await gzipSize(text);
  assert.ok(size > 0 && size < 200, `${size}`);
});

/**
 * The storefront's JavaScript budget: what a page loads first (its scripts and module
 * preloads with their static imports, each gzipped), weighed as the bench weighs it
 * (`weighPage`) on the preview shop. The bytes are the build's, the same on every machine,
 * so this is a size to keep, not a timing.
 */
const JS_BUDGET_BYTES = 90 * 1024;

Deno.test("every storefront page loads at most 90 KB of gzipped JavaScript first, and with every island", async () => {
  await ensureBuilt();
  const shop = await previewShop();
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, shop.app.fetch);
  try {
    const base = `http://127.0.0.1:${server.addr.port}`;
    const [book] = (await shop.catalogue.listBooks({ inStock: true, outOfStock: true }, {
      page: 1,
      pageSize: 1,
    })).items;
    const pages = ["/", `/books/${book.id}`, "/cart", "/checkout", "/si", `/ta/books/${book.id}`];
    const distDir = new URL("../dist", import.meta.url).pathname;
    for (const path of pages) {
      const weight = await weighPage(base, { path, distDir });
      assert.ok(
        weight.jsGzipBytes <= JS_BUDGET_BYTES,
        `${path}: ${(weight.jsGzipBytes / 1024).toFixed(1)} KB of JavaScript, over ${
          JS_BUDGET_BYTES / 1024
        } KB: ${JSON.stringify(weight.files)}`,
      );
      assert.ok(
        weight.hydratedJsGzipBytes <= JS_BUDGET_BYTES,
        `${path} with every island hydrated: ${
          (weight.hydratedJsGzipBytes / 1024).toFixed(1)
        } KB of JavaScript, over ${JS_BUDGET_BYTES / 1024} KB`,
      );
      assert.ok(weight.hydratedJsFiles > 3, `${path} was weighed with its islands`);
    }
  } finally {
    await server.shutdown();
  }
});
