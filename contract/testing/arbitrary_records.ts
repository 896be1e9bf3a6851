/**
 * Random records of any declaration (domain/records/fields.ts), for property tests: each
 * field a value of its kind within its bounds, nullable ones sometimes null. A field added
 * to a declaration is drawn at once.
 */
import fc from "fast-check";
import type { Field, Fields, RecordOf } from "../../domain/records/fields.ts";
import { MAX_STOCK } from "../../domain/catalogue/stock.ts";
import { isbn13CheckDigit } from "../../domain/catalogue/isbn.ts";
import { dayOf, SHOP_YEARS, spanNumbers, type YearSpan } from "../../domain/dates/day.ts";

/** Letters people type, with the ones a spreadsheet reads as a formula and Sinhala and Tamil. */
const LETTERS = [..."abcdefghijk ABC 0123 -=+@'.,ශ්‍රී ලංකා தமிழ்"];

function textOf(max: number): fc.Arbitrary<string> {
  return fc.array(fc.constantFrom(...LETTERS), { minLength: 1, maxLength: Math.min(max, 30) })
    .map((letters) => letters.join("").trim())
    // A text of only invisible characters (a lone joiner) is refused at the edge.
    .filter((text) => /[\p{L}\p{N}]/u.test(text));
}

/** A day of the span a date field keeps (domain/dates), its first and last days included. */
function dayIn(span: YearSpan = SHOP_YEARS): fc.Arbitrary<string> {
  const { first, last } = spanNumbers(span);
  return fc.oneof(
    fc.integer({ min: first, max: last }),
    fc.constantFrom(first, last),
  ).map(dayOf);
}

function valueOf(field: Field): fc.Arbitrary<unknown> {
  const value = ((): fc.Arbitrary<unknown> => {
    switch (field.kind) {
      case "id":
      case "ref":
        return fc.integer({ min: 1, max: 2_000_000_000 });
      case "text":
      case "longText":
      case "joined":
        return textOf("max" in field ? field.max : 100);
      case "isbn13":
        // Twelve digits and their check digit: the shop lists no other ISBN-13.
        return fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 12 })
          .map((digits) => digits.join("")).map((first12) => first12 + isbn13CheckDigit(first12));
      case "money":
        return fc.integer({ min: 0, max: 1_000_000_000 });
      case "weight":
        return fc.integer({ min: 1, max: 1_000_000 });
      case "count":
        return fc.integer({ min: 0, max: MAX_STOCK });
      case "whole":
        return fc.integer({ min: field.min, max: field.max });
      case "flag":
        return fc.boolean();
      case "date":
        return dayIn(field.years);
      case "oneOf":
        return fc.constantFrom(...field.values);
      case "timestamp":
        return fc.date({
          min: new Date("2020-01-01T00:00:00Z"),
          max: new Date("2040-01-01T00:00:00Z"),
        })
          .filter((d) => !Number.isNaN(d.getTime())).map((d) => d.toISOString());
      case "rows":
        // Rows of another table have their own tests.
        return fc.constant([]);
      case "images":
        return field.many
          ? fc.array(fc.uuid().map((id) => `/uploads/${id}.png`), { minLength: 1, maxLength: 4 })
          : fc.uuid().map((id) => `/uploads/${id}.png`);
    }
  })();
  return field.nullable ? fc.option(value, { nil: null }) : value;
}

/** A random record of a declaration: every field. */
export function arbitraryRecord<F extends Fields>(fields: F): fc.Arbitrary<RecordOf<F>> {
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, field] of Object.entries(fields)) record[name] = valueOf(field);
  // Fields `in` a part of the record (an order's customer) go inside it.
  return fc.record(record).map((drawn) => {
    const nested: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(fields)) {
      if (!field.in) nested[name] = drawn[name];
      else nested[field.in] = { ...(nested[field.in] as object), [name]: drawn[name] };
    }
    return nested;
  }) as unknown as fc.Arbitrary<RecordOf<F>>;
}
