import assert from "node:assert/strict";
import fc from "fast-check";
import { paragraphs } from "./paragraphs.ts";

Deno.test("paragraphs() splits at blank lines and keeps the line breaks inside", () => {
  assert.deepEqual(paragraphs("One.\r\n\r\nTwo,\nthree.\n\n\n\n  Four.  \n"), [
    ["One."],
    ["Two,", "three."],
    ["Four."],
  ]);
  assert.deepEqual(paragraphs("Old Mac\rline"), [["Old Mac", "line"]]);
  assert.deepEqual(paragraphs("a\n \t \nb"), [["a"], ["b"]]);
  assert.deepEqual(paragraphs(" \n\n "), []);
});

Deno.test("paragraphs() loses no word and adds none", () => {
  fc.assert(fc.property(fc.string(), (text) => {
    const words = (s: string) => s.split(/\s+/).filter(Boolean);
    assert.deepEqual(paragraphs(text).flat().flatMap(words), words(text));
  }));
});
