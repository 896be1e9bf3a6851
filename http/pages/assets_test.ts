import assert from "node:assert/strict";
import { type Manifest, storefrontAssets, storefrontAssetsOf } from "./assets.ts";
import { HYDRATE_WHEN } from "../../web/islands/names.ts";

const MANIFEST: Manifest = {
  "web/entry_client.tsx": { file: "assets/storefront.js", imports: ["_client.js"], isEntry: true },
  "_client.js": { file: "assets/client.js" },
  "web/styles/app.css": { file: "assets/styles.css" },
  "web/islands/CartBadge.tsx": { file: "assets/CartBadge.js", imports: ["_client.js", "_cart.js"] },
  "web/islands/BookPurchase.tsx": { file: "assets/BookPurchase.js", imports: ["_cart.js"] },
  "_cart.js": { file: "assets/cart.js" },
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

Deno.test("a page's words come with its assets, for its islands in its language, once per set", () => {
  const asked: string[] = [];
  const assetsFor = storefrontAssetsOf(MANIFEST, (islands, language) => {
    asked.push(`${language} ${islands.join(" ")}`);
    return islands.length > 0 ? JSON.stringify({ language, islands }) : undefined;
  });
  const si = assetsFor(["CartBadge", "BookPurchase"], "si");
  assert.equal(
    si.words,
    JSON.stringify({ language: "si", islands: ["CartBadge", "BookPurchase"] }),
  );
  assert.equal(assetsFor(["CartBadge", "BookPurchase"], "si"), si);
  assert.deepEqual(si.preload, assetsFor(["CartBadge", "BookPurchase"], "en").preload);
  assert.equal(assetsFor([], "ta").words, undefined);
  assert.ok(!("words" in assetsFor([], "ta")));
  assert.deepEqual(asked, ["si CartBadge BookPurchase", "en CartBadge BookPurchase", "ta "]);
});

Deno.test("a page preloads React and the code of the islands it hydrates at load, not those that wait", () => {
  const manifest: Manifest = {
    ...MANIFEST,
    "web/hydrate_island.tsx": { file: "assets/hydrate_island.js", imports: ["_react.js"] },
    "_react.js": { file: "assets/react.js" },
    "web/islands/Cart.tsx": { file: "assets/Cart.js", imports: ["_react.js", "_money.js"] },
    "_money.js": { file: "assets/money.js" },
  };
  const assetsFor = storefrontAssetsOf(manifest, undefined, HYDRATE_WHEN);
  // A book page: the count, the purchase box, both waiting; nothing but the entry's own.
  assert.deepEqual(assetsFor(["CartBadge", "BookPurchase"]).preload, ["/assets/client.js"]);
  assert.deepEqual(assetsFor(["CartBadge", "BookPurchase"]).scripts, ["/assets/storefront.js"]);
  // The cart draws the stored cart at once: React, the cart's code and its money code.
  assert.deepEqual(assetsFor(["CartBadge", "Cart"]).preload, [
    "/assets/client.js",
    "/assets/hydrate_island.js",
    "/assets/react.js",
    "/assets/Cart.js",
    "/assets/money.js",
  ]);
  // A cart the server drew waits to be used: no React, no cart code preloaded.
  assert.deepEqual(assetsFor(["CartBadge", "Cart"], "en", ["Cart"]).preload, [
    "/assets/client.js",
  ]);
  assert.notEqual(
    assetsFor(["CartBadge", "Cart"], "en", ["Cart"]),
    assetsFor(["CartBadge", "Cart"]),
  );
});
