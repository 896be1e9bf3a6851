import assert from "node:assert/strict";
import { gzipSize, linkedAssets, withStaticImports } from "./page_weight.ts";

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
