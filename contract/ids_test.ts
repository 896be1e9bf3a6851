import assert from "node:assert/strict";
import { MAX_INTEGER, parseId } from "./ids.ts";

Deno.test("parseId() takes positive whole ids up to the integer column's bound", () => {
  assert.equal(parseId("1"), 1);
  assert.equal(parseId(String(MAX_INTEGER)), MAX_INTEGER);
  for (const text of ["0", "-1", "01", "1.5", "1e3", " 1", "", String(MAX_INTEGER + 1)]) {
    assert.equal(parseId(text), undefined, text);
  }
});
