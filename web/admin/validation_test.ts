import assert from "node:assert/strict";
import {
  fieldErrorsFromDetails,
  isCalendarDate,
  parseCount,
  parseIsbn13,
  parsePrice,
  parseWeight,
} from "./validation.ts";

Deno.test("parsePrice() takes rupees of at least 0 with at most 2 decimals", () => {
  assert.deepEqual(parsePrice(" 1250.5 "), { ok: true, value: 1250.5 });
  assert.deepEqual(parsePrice("0"), { ok: true, value: 0 });
  assert.equal(parsePrice("").ok, false);
  assert.equal(parsePrice("-1").ok, false);
  assert.equal(parsePrice("1.999").ok, false);
  assert.equal(parsePrice("1e3").ok, false);
});

Deno.test("parseCount() takes whole numbers of at least 0", () => {
  assert.deepEqual(parseCount("12", "Stock"), { ok: true, value: 12 });
  assert.deepEqual(parseCount("1.5", "Stock"), {
    ok: false,
    message: "Stock must be a whole number of at least 0",
  });
  assert.deepEqual(parseCount(" ", "Stock"), { ok: false, message: "Stock is required" });
});

Deno.test("parseWeight() takes kg above 0 to the gram", () => {
  assert.deepEqual(parseWeight("0.35"), { ok: true, value: 0.35 });
  assert.equal(parseWeight("0").ok, false);
  assert.equal(parseWeight("0.0005").ok, false);
});

Deno.test("parseIsbn13() checks length and check digit, and drops hyphens", () => {
  assert.deepEqual(parseIsbn13("978-0-306-40615-7"), { ok: true, value: "9780306406157" });
  assert.deepEqual(parseIsbn13("9780306406158"), {
    ok: false,
    message: "ISBN-13 check digit does not match",
  });
  assert.deepEqual(parseIsbn13("12345"), { ok: false, message: "ISBN-13 must have 13 digits" });
});

Deno.test("isCalendarDate() refuses days that do not exist", () => {
  assert.equal(isCalendarDate("2024-02-29"), true);
  assert.equal(isCalendarDate("2025-02-29"), false);
  assert.equal(isCalendarDate("2025-2-1"), false);
});

Deno.test("fieldErrorsFromDetails() reads the server's [{field, message}] details", () => {
  const details = [
    { field: "isbn13", message: "ISBN-13 is taken" },
    { field: "images.0", message: "Not an image" },
    { field: "images.1", message: "Too large" },
    { nonsense: true },
  ];
  assert.deepEqual(fieldErrorsFromDetails(details), {
    isbn13: "ISBN-13 is taken",
    images: "Not an image",
  });
  assert.deepEqual(fieldErrorsFromDetails({ field: "x" }), {});
});
