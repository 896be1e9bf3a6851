import assert from "node:assert/strict";
import { type Manifest, storefrontAssets, storefrontAssetsOf } from "./assets.ts";

const MANIFEST: Manifest = {
  "web/entry_client.tsx": { file: "assets/storefront.js", imports: ["_client.js"], isEntry: true },
  "_client.js": { file: "assets/client.js" },
  "web/styles/app.css": { file: "assets/styles.css" },
  "web/islands/CartBadge.tsx": { file: "assets/CartBadge.js", imports: ["_client.js", "_cart.js"] },
  "web/islands/BookPurchase.tsx": { file: "assets/BookPurchase.js", imports: ["_cart.js"] },
  "_cart.js": { file: "assets/cart.js" },
  "messages/si.json": { file: "assets/si.js" },
  "messages/ta.json": { file: "assets/ta.js" },
};

Deno.test("storefrontAssetsOf() answers what storefrontAssets() does, the same object for the same islands", () => {
  const assetsFor = storefrontAssetsOf(MANIFEST);
  for (
    const islands of [[], ["CartBadge"], ["CartBadge", "BookPurchase"], ["BookPurchase"]] as const
  ) {
    const kept = assetsFor([...islands]);
    assert.deepEqual(kept, storefrontAssets(MANIFEST, [...islands]));
    assert.equal(assetsFor([...islands]), kept);
  }
  assert.deepEqual(assetsFor(["CartBadge", "BookPurchase"]).preload, [
    "/assets/client.js",
    "/assets/CartBadge.js",
    "/assets/cart.js",
    "/assets/BookPurchase.js",
  ]);
});

Deno.test("a Sinhala or Tamil page preloads its own words, an English page neither", () => {
  const assetsFor = storefrontAssetsOf(MANIFEST);
  assert.deepEqual(assetsFor(["CartBadge"], "si").preload, [
    "/assets/client.js",
    "/assets/si.js",
    "/assets/CartBadge.js",
    "/assets/cart.js",
  ]);
  assert.ok(assetsFor(["CartBadge"], "ta").preload.includes("/assets/ta.js"));
  assert.ok(!assetsFor(["CartBadge"], "ta").preload.includes("/assets/si.js"));
  for (const file of assetsFor(["CartBadge"]).preload) assert.ok(!/\/(si|ta)\.js$/.test(file));
});
