import assert from "node:assert/strict";
import { languageOfPath, localizedPath, pathsInEveryLanguage } from "./language.ts";

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
