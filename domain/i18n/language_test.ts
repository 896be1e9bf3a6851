import assert from "node:assert/strict";
import {
  languageOfPath,
  languagePaths,
  localizedPath,
  pathsInEveryLanguage,
  SHOP_LANGUAGES,
  SHOP_PATHS,
} from "./language.ts";

Deno.test("languageOfPath() reads /si and /ta as a whole first segment and leaves others English", () => {
  assert.deepEqual(languageOfPath("/"), { language: "en", path: "/" });
  assert.deepEqual(languageOfPath("/books/3"), { language: "en", path: "/books/3" });
  assert.deepEqual(languageOfPath("/si"), { language: "si", path: "/" });
  assert.deepEqual(languageOfPath("/si/"), { language: "si", path: "/" });
  assert.deepEqual(languageOfPath("/ta/stationery"), { language: "ta", path: "/stationery" });
  assert.deepEqual(languageOfPath("/si/books/12"), { language: "si", path: "/books/12" });
  assert.deepEqual(languageOfPath("/sinhala"), { language: "en", path: "/sinhala" });
  assert.deepEqual(languageOfPath("/fr/books/1"), { language: "en", path: "/fr/books/1" });
});

Deno.test("localizedPath() prefixes Sinhala and Tamil and leaves English as it is", () => {
  assert.equal(localizedPath("en", "/"), "/");
  assert.equal(localizedPath("si", "/"), "/si");
  assert.equal(localizedPath("ta", "/books/3"), "/ta/books/3");
  assert.deepEqual(pathsInEveryLanguage("/stationery"), [
    "/stationery",
    "/si/stationery",
    "/ta/stationery",
  ]);
});

Deno.test("localizedPath() undoes languageOfPath() for every language", () => {
  for (const path of ["/si", "/ta/books/7", "/stationery", "/"]) {
    const read = languageOfPath(path);
    assert.equal(localizedPath(read.language, read.path), path === "/si/" ? "/si" : path);
  }
});

Deno.test("the shop's path rules are built from SHOP_LANGUAGES, English unprefixed", () => {
  assert.deepEqual(SHOP_PATHS.languages, SHOP_LANGUAGES);
  assert.deepEqual(SHOP_PATHS.prefixed, SHOP_LANGUAGES.filter((l) => l !== "en"));
  assert.equal(SHOP_PATHS.optionalPrefix, "(?:/(?:si|ta))?");
});

Deno.test("languagePaths() reads a language added to the list in every rule", () => {
  const four = languagePaths([...SHOP_LANGUAGES, "xx"], "en");
  assert.deepEqual(four.languageOf("/xx/account"), { language: "xx", path: "/account" });
  assert.deepEqual(four.languageOf("/xx"), { language: "xx", path: "/" });
  assert.equal(four.unprefixed("/xx/orders/1"), "/orders/1");
  assert.equal(four.unprefixed("/xx"), "/");
  assert.equal(four.localized("xx", "/cart"), "/xx/cart");
  assert.ok(new RegExp(`^${four.optionalPrefix}/cart$`).test("/xx/cart"));
  // The shop's own rules do not know it.
  assert.deepEqual(languageOfPath("/xx/account"), { language: "en", path: "/xx/account" });
  assert.equal(SHOP_PATHS.unprefixed("/xx/account"), "/xx/account");
});

Deno.test("languagePaths() strips the unprefixed language's own prefix for the private rules only", () => {
  assert.equal(SHOP_PATHS.unprefixed("/en/account"), "/account");
  assert.equal(SHOP_PATHS.unprefixed("/si/cart"), "/cart");
  assert.equal(SHOP_PATHS.unprefixed("/en"), "/");
  assert.equal(SHOP_PATHS.unprefixed("/english/cart"), "/english/cart");
  assert.deepEqual(languageOfPath("/en/account"), { language: "en", path: "/en/account" });
});

Deno.test("languagePaths() takes a language's name literally, not as a pattern", () => {
  const odd = languagePaths(["en", "a.b", "zh-Hant"], "en");
  assert.deepEqual(odd.languageOf("/a.b/cart"), { language: "a.b", path: "/cart" });
  assert.deepEqual(odd.languageOf("/aXb/cart"), { language: "en", path: "/aXb/cart" });
  assert.deepEqual(odd.languageOf("/zh-Hant"), { language: "zh-Hant", path: "/" });
  assert.equal(odd.unprefixed("/aXb/cart"), "/aXb/cart");
  assert.ok(!new RegExp(`^${odd.optionalPrefix}/cart$`).test("/aXb/cart"));
  assert.throws(() => languagePaths(["si", "ta"], "en" as "si"), /not in the list/);
  const one = languagePaths(["en"], "en");
  assert.deepEqual(one.languageOf("/"), { language: "en", path: "/" });
  assert.equal(one.optionalPrefix, "");
});
