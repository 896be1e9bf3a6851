import assert from "node:assert/strict";
import fc from "fast-check";
import { i18nFor, loadCatalogue } from "./mod.ts";

await loadCatalogue("si");
await loadCatalogue("ta");

Deno.test("lkr() writes any amount of cents as the shop always showed it, in every language", () => {
  const intl = new Intl.NumberFormat("en-US", {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  for (const language of ["en", "si", "ta"] as const) {
    const i18n = i18nFor(language);
    fc.assert(fc.property(fc.integer({ min: 0, max: 100_000_000_000 }), (cents) => {
      assert.equal(i18n.lkr(cents), `LKR ${intl.format(cents / 100)}`);
    }));
  }
  assert.equal(i18nFor("ta").lkr(123456789), "LKR 1,234,567.89");
});
