import assert from "node:assert/strict";
import { type Manifest, storefrontAssets, storefrontAssetsOf } from "./assets.ts";

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
