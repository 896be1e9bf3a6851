import assert from "node:assert/strict";
import fc from "fast-check";
import { canonicalJson } from "./canonical_json.ts";

Deno.test("canonicalJson() sorts keys at every depth and leaves undefined fields out", () => {
  assert.equal(
    canonicalJson({ b: 1, a: { d: undefined, c: [2, { z: null, y: "x" }] } }),
    '{"a":{"c":[2,{"y":"x","z":null}]},"b":1}',
  );
  assert.equal(canonicalJson(undefined), "null");
  assert.equal(canonicalJson("text"), '"text"');
});

Deno.test("canonicalJson() gives equal text for equal values whatever the key order", () => {
  fc.assert(fc.property(fc.object(), (value) => {
    const shuffled = JSON.parse(
      JSON.stringify(value),
      (_key, v) =>
        v && typeof v === "object" && !Array.isArray(v)
          ? Object.fromEntries(Object.entries(v).reverse())
          : v,
    );
    assert.equal(canonicalJson(shuffled), canonicalJson(value));
    assert.deepEqual(JSON.parse(canonicalJson(value)), JSON.parse(JSON.stringify(value)));
  }));
});
