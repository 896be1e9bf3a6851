import assert from "node:assert/strict";
import { sampleOrder } from "../notifications/testing/samples.ts";
import { lookupMatches } from "./lookup.ts";

Deno.test("lookupMatches() takes the order's address however it is cased or spaced, nothing else", () => {
  const order = sampleOrder();
  assert.equal(lookupMatches(order, "nimali@example.lk"), true);
  assert.equal(lookupMatches(order, "  NIMALI@example.LK "), true);
  assert.equal(lookupMatches(order, "nimali@example.lk.evil"), false);
  assert.equal(lookupMatches(order, ""), false);
});
