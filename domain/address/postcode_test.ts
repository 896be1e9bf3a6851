import assert from "node:assert/strict";
import fc from "fast-check";
import { isSriLankanPostcode } from "./postcode.ts";

Deno.test("isSriLankanPostcode() takes five digits, spaces around them aside", () => {
  for (const text of ["10370", "00100", "20000", " 00700 "]) {
    assert.equal(isSriLankanPostcode(text), true, text);
  }
  for (const text of ["", "1037", "103700", "10 370", "1037O", "SW1A 1AA", "10370-1234", "!"]) {
    assert.equal(isSriLankanPostcode(text), false, text);
  }
});

Deno.test("exactly the texts of five digits are postcodes", () => {
  fc.assert(fc.property(
    fc.string({ unit: fc.constantFrom(..."0123456789 -aZ"), maxLength: 8 }),
    (text) => {
      assert.equal(isSriLankanPostcode(text), /^\d{5}$/.test(text.trim()), JSON.stringify(text));
    },
  ));
  fc.assert(fc.property(fc.integer({ min: 0, max: 99_999 }), (n) => {
    assert.equal(isSriLankanPostcode(String(n).padStart(5, "0")), true);
  }));
});
