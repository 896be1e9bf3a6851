import assert from "node:assert/strict";
import { categoryName, cleanCategoryNames } from "./category_names.ts";

const NOVELS = { id: 1, name: "Novels", names: { si: "නවකතා" } };

Deno.test("categoryName() gives the owner's name in a language, the English one where none", () => {
  assert.equal(categoryName(NOVELS, "si"), "නවකතා");
  assert.equal(categoryName(NOVELS, "ta"), "Novels");
  assert.equal(categoryName(NOVELS, "en"), "Novels");
  assert.equal(categoryName({ id: 2, name: "Pens" }, "si"), "Pens");
});

Deno.test("cleanCategoryNames() trims the names and leaves a blank one out", () => {
  assert.deepEqual(cleanCategoryNames({ si: " නවකතා ", ta: "  " }), { si: "නවකතා" });
  assert.deepEqual(cleanCategoryNames(undefined), {});
});
