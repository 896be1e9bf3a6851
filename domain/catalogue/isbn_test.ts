import assert from "node:assert/strict";
import fc from "fast-check";
import { isbn13CheckDigit, isbnDigits, isValidIsbn13 } from "./isbn.ts";

const twelveDigits = fc.string({
  unit: fc.constantFrom(..."0123456789"),
  minLength: 12,
  maxLength: 12,
});

Deno.test("isValidIsbn13() takes real ISBN-13s and refuses them with another last digit", () => {
  for (const isbn of ["9780306406157", "9789553012340", "9789550000005", "9780000000002"]) {
    assert.equal(isValidIsbn13(isbn), true, isbn);
  }
  assert.equal(isValidIsbn13("9780306406158"), false);
  assert.equal(isValidIsbn13("9789553012341"), false);
});

Deno.test("isValidIsbn13() refuses anything but thirteen digits", () => {
  for (const text of ["", "978030640615", "97803064061570", "978-0306406157", "97803064O6157"]) {
    assert.equal(isValidIsbn13(text), false, text);
  }
});

Deno.test("isbnDigits() takes out the hyphens and spaces people write", () => {
  assert.equal(isbnDigits("978-955-30 1234-0"), "9789553012340");
  assert.equal(isValidIsbn13(isbnDigits(" 978 0 306 40615 7 ")), true);
});

Deno.test("exactly one last digit completes any twelve digits into an ISBN-13", () => {
  fc.assert(fc.property(twelveDigits, (first12) => {
    const valid = [..."0123456789"].filter((last) => isValidIsbn13(first12 + last));
    assert.deepEqual(valid, [String(isbn13CheckDigit(first12))]);
  }));
});

Deno.test("changing one digit of an ISBN-13 always breaks its check digit", () => {
  fc.assert(fc.property(
    twelveDigits,
    fc.integer({ min: 0, max: 12 }),
    fc.integer({ min: 1, max: 9 }),
    (first12, at, shift) => {
      const isbn = first12 + isbn13CheckDigit(first12);
      const changed = isbn.slice(0, at) + (Number(isbn[at]) + shift) % 10 + isbn.slice(at + 1);
      assert.equal(isValidIsbn13(changed), false, `${isbn} -> ${changed}`);
    },
  ));
});
