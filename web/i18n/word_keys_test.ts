import assert from "node:assert/strict";
import fc from "fast-check";
import { type BuiltChunk, wordIndex, wordKeysIn } from "./word_keys.ts";

const KEYS = ["cart.total", "cart.empty", "error.GONE", "error.SLOW", "errors.x", "list.found"];

Deno.test("wordKeysIn() finds each key the code quotes whole, in any quotes, and no other", () => {
  const code =
    `t("cart.total");const w={found:'list.found'};x(\`cart.empty\`);"cart.totals";cart.empty`;
  assert.deepEqual(wordKeysIn(code, KEYS), ["cart.total", "cart.empty", "list.found"]);
  assert.deepEqual(wordKeysIn(`"cart.totally" "xcart.total" cart.total`, KEYS), []);
});

Deno.test("wordKeysIn() brings every key under a beginning the code completes at run time", () => {
  assert.deepEqual(wordKeysIn("t(`error.${e.code}`)", KEYS), ["error.GONE", "error.SLOW"]);
  assert.deepEqual(wordKeysIn(`t("error."+e.code)`, KEYS), ["error.GONE", "error.SLOW"]);
  // A beginning is a whole name ending in a dot: "error" alone is not "errors.".
  assert.deepEqual(wordKeysIn("`errors.${x}`", KEYS), ["errors.x"]);
  assert.deepEqual(wordKeysIn("`e.g. ${x}`", KEYS), []);
});

Deno.test("wordKeysIn() finds a quoted key wherever it sits in any code", () => {
  const noise = fc.string({ maxLength: 40 }).filter((text) => !/["'`]/.test(text));
  fc.assert(
    fc.property(
      noise,
      noise,
      fc.constantFrom(...KEYS),
      fc.constantFrom(`"`, `'`, "`"),
      (a, b, key, q) => {
        assert.ok(wordKeysIn(`${a}${q}${key}${q}${b}`, KEYS).includes(key));
      },
    ),
  );
});

const chunk = (fileName: string, code: string, more: Partial<BuiltChunk> = {}): BuiltChunk => ({
  fileName,
  code,
  isEntry: false,
  isDynamicEntry: false,
  facadeModuleId: null,
  imports: [],
  dynamicImports: [],
  ...more,
});

Deno.test("wordIndex() gives an island the words of the code it imports and loads later, not the entry's or another island's", () => {
  const chunks = [
    chunk("entry.js", `"list.found"`, {
      isEntry: true,
      facadeModuleId: "/shop/web/entry_client.tsx",
      imports: ["react.js"],
      dynamicImports: ["Cart.js", "List.js"],
    }),
    chunk("react.js", `"cart.empty"`),
    chunk("Cart.js", `t("cart.total")`, {
      isDynamicEntry: true,
      facadeModuleId: "/shop/web/islands/Cart.tsx",
      imports: ["entry.js", "shared.js"],
      dynamicImports: ["checks.js"],
    }),
    chunk("shared.js", "`error.${c}`"),
    chunk("checks.js", `"errors.x"`, {
      isDynamicEntry: true,
      facadeModuleId: "/shop/web/lib/checks.ts",
    }),
    chunk("List.js", "", {
      isDynamicEntry: true,
      facadeModuleId: "/shop/web/islands/List.tsx",
      imports: ["entry.js"],
    }),
  ];
  const index = wordIndex(chunks, KEYS, {
    entryId: "/shop/web/entry_client.tsx",
    islandsDir: "/shop/web/islands/",
  });
  assert.deepEqual(index, {
    entry: ["cart.empty", "list.found"],
    islands: { Cart: ["cart.total", "error.GONE", "error.SLOW", "errors.x"], List: [] },
  });
  assert.throws(() => wordIndex(chunks.slice(1), KEYS, { entryId: "x", islandsDir: "y" }), /entry/);
});

Deno.test("wordIndex() counts the React half the entry loads with a page's first island as the entry's", () => {
  const chunks = [
    chunk("entry.js", `"list.found"`, {
      isEntry: true,
      facadeModuleId: "/shop/web/entry_client.tsx",
      dynamicImports: ["hydrate.js"],
    }),
    chunk("hydrate.js", "", {
      isDynamicEntry: true,
      facadeModuleId: "/shop/web/hydrate_island.tsx",
      imports: ["i18n.js"],
      dynamicImports: ["Cart.js"],
    }),
    chunk("i18n.js", `"cart.empty"`),
    chunk("Cart.js", `t("cart.total")`, {
      isDynamicEntry: true,
      facadeModuleId: "/shop/web/islands/Cart.tsx",
      imports: ["hydrate.js", "i18n.js"],
    }),
  ];
  const index = wordIndex(chunks, KEYS, {
    entryId: "/shop/web/entry_client.tsx",
    islandsDir: "/shop/web/islands/",
    hydrationId: "/shop/web/hydrate_island.tsx",
  });
  assert.deepEqual(index.entry, ["cart.empty", "list.found"]);
  assert.deepEqual(index.islands.Cart, ["cart.total", "cart.empty"]);
});
