import assert from "node:assert/strict";
import fc from "fast-check";
import { isSriLankanPhone, MAX_PHONE_LENGTH, nationalNumber, smsNumber } from "./phone.ts";

const digits = (length: number) =>
  fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: length, maxLength: length });

/** A national number: nine digits, the first not 0 (7X for mobiles, an area code else). */
const national = fc.tuple(fc.constantFrom(..."123456789"), digits(8)).map(([a, b]) => a + b);

/** The ways people write a national number before it. */
const PREFIXES = ["0", "+94", "0094", "94", "+94 (0)", "+94 0"];

/** Grouping people put between digits: nothing, a space, a hyphen. */
const separator = fc.constantFrom("", " ", "-");

/** `text` with a separator after some of its characters. */
function spaced(text: string, seps: string[]): string {
  return [...text].map((c, i) => c + (seps[i] ?? "")).join("");
}

Deno.test("nationalNumber() reads mobiles and landlines in the ways people write them", () => {
  const cases: [string, string][] = [
    ["0771234567", "771234567"],
    ["077 123 4567", "771234567"],
    ["077-123-4567", "771234567"],
    ["+94 77 123 4567", "771234567"],
    ["+94771234567", "771234567"],
    ["0094 77 123 4567", "771234567"],
    ["94 77 123 4567", "771234567"],
    ["+94 (0)77 123 4567", "771234567"],
    ["011 234 5678", "112345678"],
    ["(011) 234-5678", "112345678"],
    ["+94 11 234 5678", "112345678"],
    ["081 222 3333", "812223333"],
    [" 071 555 0101 ", "715550101"],
  ];
  for (const [text, expected] of cases) assert.equal(nationalNumber(text), expected, text);
});

Deno.test("isSriLankanPhone() refuses what is not a Sri Lankan number", () => {
  for (
    const text of [
      "",
      "call me",
      "077",
      "12",
      "77 123 4567", // no trunk 0 nor country code
      "077 123 456", // a digit short
      "077 123 45678", // a digit over
      "0071234567", // no national number starts with 0
      "+44 20 7946 0958", // another country's
      "+1 (212) 555-0100",
      "077.123.4567", // dots are not grouping here
      "077 123 4567 ext 2",
      "++94771234567",
      "0771234567".padEnd(MAX_PHONE_LENGTH + 1, " ") + "0",
    ]
  ) {
    assert.equal(isSriLankanPhone(text), false, JSON.stringify(text));
  }
});

Deno.test("any national number after any prefix, grouped by spaces and hyphens, is read back", () => {
  fc.assert(fc.property(
    national,
    fc.constantFrom(...PREFIXES),
    fc.array(separator, { minLength: 9, maxLength: 9 }),
    (number, prefix, seps) => {
      const written = `${prefix} ${spaced(number, seps)}`;
      assert.equal(nationalNumber(written), number, written);
    },
  ));
});

Deno.test("a number a digit short or a digit over is never taken", () => {
  fc.assert(fc.property(
    national,
    fc.constantFrom("0", "+94", "0094"),
    fc.boolean(),
    fc.constantFrom(..."0123456789"),
    (number, prefix, shorter, extra) => {
      const changed = shorter ? number.slice(0, -1) : number + extra;
      assert.equal(isSriLankanPhone(prefix + changed), false, prefix + changed);
    },
  ));
});

Deno.test("a letter or any other mark among the digits makes it no phone number", () => {
  fc.assert(fc.property(
    national,
    fc.integer({ min: 1, max: 9 }),
    fc.constantFrom(..."abxO.,/#*+_:;"),
    (number, at, mark) => {
      const written = `0${number.slice(0, at)}${mark}${number.slice(at)}`;
      assert.equal(isSriLankanPhone(written), false, written);
    },
  ));
});

Deno.test("smsNumber() writes every way of writing a Sri Lankan number as +94 and nine digits", () => {
  for (
    const text of ["0771234567", "771234567", "+94 77 123 4567", "94771234567", "0094771234567"]
  ) {
    assert.equal(smsNumber(text), "+94771234567", text);
  }
  // A landline passes: whether it takes texts is the gateway's to say.
  assert.equal(smsNumber("011 234 5678"), "+94112345678");
  // Nine bare digits are a mobile only: 11 234 5678 could be anything.
  assert.equal(smsNumber("112345678"), undefined);
  for (const text of ["", "12345", "+1 202 555 0100", "0771234567 ext 2", "07712345678"]) {
    assert.equal(smsNumber(text), undefined, text);
  }
});

Deno.test("smsNumber() agrees with nationalNumber() on every number it reads", () => {
  fc.assert(fc.property(
    national,
    fc.constantFrom(...PREFIXES),
    fc.array(separator, { maxLength: 12 }),
    (number, prefix, seps) => {
      const text = spaced(prefix + number, seps);
      if (text.length > MAX_PHONE_LENGTH) return;
      assert.equal(smsNumber(text), `+94${nationalNumber(text)}`);
      assert.match(smsNumber(text)!, /^\+94[1-9]\d{8}$/);
    },
  ));
});
