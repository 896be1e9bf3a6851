/**
 * A record on the wire and back, built from its declaration (domain/records/fields.ts):
 * the server writes the records it answers with `wireRecordOf`, field by field under their
 * wire names (money in rupees, weights in kg, flags as 0 or 1, blank long texts as null),
 * and the browser reads them back into the domain's records with `recordFromWireOf`. No
 * zod here: the browser's bundles import this module.
 */
import {
  type Field,
  type Fields,
  fieldsOf,
  isAnswered,
  type RecordOf,
  wireName,
  type WireRecordOf,
} from "../domain/records/fields.ts";
import { centsToRupees, gramsToKg, kgToGrams, rupeesToCents } from "../domain/money.ts";

type Convert = (value: unknown) => unknown;

/**
 * How each kind of field is written in an answer, as a JavaScript expression of `v` (the
 * field's value); `h` holds the money conversions and the rows' writers.
 */
function toWire(field: Field, rowsAt: number): string {
  switch (field.kind) {
    case "money":
      return field.nullable ? "v === null ? null : h.centsToRupees(v)" : "h.centsToRupees(v)";
    case "weight":
      return field.nullable ? "v === null ? null : h.gramsToKg(v)" : "h.gramsToKg(v)";
    case "flag":
      return "v ? 1 : 0";
    case "longText":
      return `typeof v === "string" && v.trim() !== "" ? v : null`;
    case "images":
      return field.many ? "v.slice()" : "v";
    case "rows":
      return `v.map(h.rows[${rowsAt}])`;
    default:
      return "v ?? null";
  }
}

function cents(rupees: unknown): number {
  return typeof rupees === "number" ? rupeesToCents(rupees) ?? Math.round(rupees * 100) : 0;
}

function grams(kg: unknown): number {
  return typeof kg === "number" ? kgToGrams(kg) ?? Math.round(kg * 1000) : 0;
}

/**
 * How each kind of field is read back from an answer: leniently, since the browser also
 * reads what it kept in localStorage from an older version of the shop (a missing value
 * becomes its kind's empty value).
 */
function fromWire(field: Field): Convert {
  const absent = field.nullable ? null : undefined;
  switch (field.kind) {
    case "money":
      return (v) => v === null && absent === null ? null : cents(v);
    case "weight":
      return (v) => v === null && absent === null ? null : grams(v);
    case "flag":
      return (v) => Boolean(v);
    case "images":
      return field.many ? (v) => Array.isArray(v) ? v : [] : (v) => v ?? "";
    case "count":
      return (v) => typeof v === "number" ? v : absent ?? 0;
    default:
      return (v) => v === undefined ? absent : v;
  }
}

/**
 * The builder of a record's answer: every field under its wire name; the rows of other
 * tables (an order's lines) each written by the function given for them. It is compiled
 * once into one function that builds the answer as an object literal, as the hand-written
 * builders did: a loop over the fields with a function for each cost ten times as much a
 * record, on every record the API answers with. (The server's alone: the browser's pages
 * allow no compiled code, and read answers with recordFromWireOf.) Only the declaration's
 * own names, quoted by JSON.stringify, reach the code.
 *
 * @example wireRecordOf(BOOK_FIELDS)(book).price // 950 for priceCents 95000
 */
export function wireRecordOf<F extends Fields, const W extends RowWriters<F> = RowWriters<F>>(
  fields: F,
  rows: W = {} as W,
): (record: RecordOf<F>) => WireRecordOf<F, { [K in keyof W]: ReturnType<W[K]> }> {
  const writers: Convert[] = [];
  const q = JSON.stringify;
  const answered = fieldsOf(fields).filter(([, field]) => isAnswered(field));
  const steps = answered.map(([name, field], i) => {
    let rowsAt = -1;
    if (field.kind === "rows") {
      const writer = (rows as Record<string, Convert>)[name];
      if (!writer) throw new Error(`No writer for the rows of "${name}"`);
      rowsAt = writers.push(writer) - 1;
    }
    const from = field.in ? `record[${q(field.in)}][${q(name)}]` : `record[${q(name)}]`;
    return `v = ${from};\n  const w${i} = ${toWire(field, rowsAt)};`;
  });
  const literal = answered.map(([name, field], i) => `${q(wireName(name, field))}: w${i}`);
  const source = `"use strict";
return function wireRecord(record) {
  let v;
  ${steps.join("\n  ")}
  return { ${literal.join(", ")} };
};`;
  return new Function("h", source)({ centsToRupees, gramsToKg, rows: writers });
}

/** How each row of another table is written in an answer, by field (an order's lines). */
export type RowWriters<F> = {
  [K in keyof F as F[K] extends { kind: "rows" } ? K : never]: F[K] extends
    { kind: "rows"; row?: infer T } ? (row: T) => unknown : never;
};

/** The reader of a record's answer: every field back under its own name, in domain units. */
export function recordFromWireOf<F extends Fields>(
  fields: F,
): (wire: WireRecordOf<F>) => RecordOf<F> {
  const steps = fieldsOf(fields).map(([name, field]) => {
    if (!isAnswered(field) || field.kind === "rows" || field.in) {
      throw new Error(`"${name}" cannot be read back from an answer`);
    }
    return { name, wire: wireName(name, field), convert: fromWire(field) };
  });
  return (wire) => {
    const source = wire as Record<string, unknown>;
    const record: Record<string, unknown> = {};
    for (const step of steps) record[step.name] = step.convert(source[step.wire]);
    return record as RecordOf<F>;
  };
}
