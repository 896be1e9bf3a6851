/**
 * The zod schemas of a record, derived from its declaration (domain/records/fields.ts):
 * the record the API answers with (`recordSchema`), the text fields of its creation form
 * and CSV rows (`creationFields`), and the JSON body of a change (`changesBody`). Each kind
 * of field has one schema per direction, with the messages the API has always given; the
 * names follow the declaration's naming rules. Requests come in wire units (rupees, kg,
 * creation names) and leave in domain units (cents, grams); `newRecordFrom` and
 * `changesFrom` then give them their domain names.
 */
import { z } from "zod";
import {
  type ChangesOf,
  type CreateName,
  createName,
  type Field,
  type Fields,
  fieldsOf,
  hasDefault,
  isAnswered,
  isChangeable,
  isWritable,
  type NewRecordOf,
  type ValueOf,
  type WireName,
  wireName,
  type WireRecordOf,
  type WireValueOf,
  type WritableKey,
} from "../domain/records/fields.ts";
import { MAX_STOCK } from "../domain/catalogue/stock.ts";
import {
  count,
  countText,
  dayIn,
  formFlag,
  idText,
  idValue,
  isbn13,
  isbn13Digits,
  kg,
  kgText,
  rupees,
  rupeesText,
  text,
  wholeNumber,
  wholeText,
} from "./field_schemas.ts";

// Answers

const wireId = z.number().int();

/** A field's schema in answers. */
function answerSchema(field: Field): z.ZodType {
  const base = ((): z.ZodType => {
    switch (field.kind) {
      case "id":
      case "ref":
      case "count":
      case "whole":
        return wireId;
      case "money":
        return z.number().describe("LKR, at most 2 decimals");
      case "weight":
        return z.number().describe("kg");
      case "flag":
        return z.union([z.literal(0), z.literal(1)]);
      case "date":
        return z.string().describe("YYYY-MM-DD");
      case "oneOf":
        return z.enum(field.values as [string, ...string[]]);
      case "images":
        return field.many ? z.array(z.string()) : z.string();
      case "timestamp":
        // A note of its own says what the moment is, ISO 8601 included.
        return field.answerNote ? z.string() : z.string().describe("ISO 8601");
      case "rows":
        throw new Error("Rows are described by their own schema");
      default:
        return z.string();
    }
  })();
  const nullable = field.nullable ? base.nullable() : base;
  return field.answerNote ? nullable.describe(field.answerNote) : nullable;
}

/** The keys of a declaration's fields that are rows of another table. */
type RowsKey<F> = { [K in keyof F]: F[K] extends { kind: "rows" } ? K : never }[keyof F];

/** The schemas of a record's rows of other tables, by field. */
export type RowSchemas<F> = { [K in RowsKey<F>]: z.ZodType };

/** The shape of a record's answer schema: its wire names, each with its value's type. */
export type RecordShape<F, R = Record<never, never>> = {
  -readonly [K in keyof F & string as WireName<K, F[K]>]: F[K] extends { kind: "rows" }
    ? K extends keyof R ? R[K] extends z.ZodType ? z.ZodArray<R[K]> : never : never
    : z.ZodType<WireValueOf<F[K]>>;
};

/**
 * The record the API answers with: every field under its wire name, money in rupees,
 * weights in kg, flags as 0 or 1; the rows of other tables (an order's lines) each by the
 * schema given for them.
 */
export function recordSchema<F extends Fields, const R extends RowSchemas<F> = RowSchemas<F>>(
  fields: F,
  rows?: R,
): z.ZodObject<RecordShape<F, R>> {
  const shape = Object.fromEntries(
    fieldsOf(fields).filter(([, field]) => isAnswered(field)).map(([name, field]) => {
      if (field.kind !== "rows") return [wireName(name, field), answerSchema(field)];
      const row = (rows as Record<string, z.ZodType> | undefined)?.[name];
      if (!row) throw new Error(`No schema for the rows of "${name}"`);
      const list = z.array(row);
      return [wireName(name, field), field.answerNote ? list.describe(field.answerNote) : list];
    }),
  );
  return z.object(shape) as unknown as z.ZodObject<RecordShape<F, R>>;
}

// Creation: a multipart form's text fields, and a CSV row's cells

/** A field's schema in a creation form, where every value is text. */
function creationSchema(field: Field): z.ZodType {
  const label = field.label ?? "The field";
  const empty = field.nullable ? null : "default" in field ? field.default : undefined;
  // An empty text stands for the default (a nullable field's is none).
  const orEmpty = (schema: z.ZodType) =>
    empty === undefined ? schema : z.union([schema, z.literal("").transform(() => empty)]);
  const base = ((): z.ZodType => {
    switch (field.kind) {
      case "text":
        return field.nullable
          ? z.string().trim().max(field.max, `${label} must be at most ${field.max} characters`)
            .transform((v) => v === "" ? null : v)
          : text(label, field.max);
      case "longText":
        return z.string().max(field.max, `must be at most ${field.max} characters`);
      case "isbn13":
        return isbn13;
      case "money":
        return orEmpty(rupeesText);
      case "weight":
        return kgText;
      case "count":
        return orEmpty(countText);
      case "whole":
        return orEmpty(wholeText(field.min, field.max));
      case "flag":
        return formFlag;
      case "date":
        return orEmpty(dayIn(field.years));
      case "oneOf":
        return oneOf(field.values);
      case "ref":
        return idText;
      default:
        throw new Error(`A ${field.kind} field has no creation schema`);
    }
  })();
  const optional = hasDefault(field) ? base.optional() : base;
  return field.note ? optional.describe(field.note) : optional;
}

function oneOf(values: readonly string[]) {
  return z.enum(values as [string, ...string[]], {
    error: `must be one of ${values.join(", ")}`,
  });
}

type Defaulted<F> = F extends { nullable: true } ? true
  : F extends { default: boolean | number } ? true
  : false;

/** The fields a creation form holds: the writable ones but the images (files apart). */
type CreationKey<F> = Exclude<
  WritableKey<F>,
  { [K in keyof F]: F[K] extends { kind: "images" } ? K : never }[keyof F]
>;

/** The shape of a creation form's schema: creation names, domain values out. */
export type CreationShape<F> = {
  -readonly [K in CreationKey<F> & string as CreateName<K, F[K]>]: Defaulted<F[K]> extends true
    ? z.ZodOptional<z.ZodType<ValueOf<F[K]>>>
    : z.ZodType<ValueOf<F[K]>>;
};

/**
 * The text fields of a record's creation form (and of its CSV rows): every writable field
 * but its images under its creation name; the ones with a default may be left out.
 */
export function creationFields<F extends Fields>(fields: F): z.ZodObject<CreationShape<F>> {
  const shape = Object.fromEntries(
    fieldsOf(fields).filter(([, field]) => isWritable(field) && field.kind !== "images")
      .map(([name, field]) => [createName(name, field), creationSchema(field)]),
  );
  return z.object(shape) as unknown as z.ZodObject<CreationShape<F>>;
}

// Changes: a JSON body

/** A field's schema in a change body (JSON); every one may be left out. */
function changeSchema(field: Field): z.ZodType {
  const label = field.label ?? "The field";
  const orNull = (schema: z.ZodType) => field.nullable ? z.union([schema, z.null()]) : schema;
  const base = ((): z.ZodType => {
    switch (field.kind) {
      case "text":
        return field.nullable
          ? orNull(
            z.string().trim().max(field.max, `${label} must be at most ${field.max} characters`)
              .transform((v) => v === "" ? null : v),
          )
          : text(label, field.max);
      case "longText":
        return orNull(z.string().max(field.max, `must be at most ${field.max} characters`));
      case "isbn13":
        // The use case holds a new ISBN-13 to its check digit, never the book's own.
        return isbn13Digits;
      case "money":
        return orNull(rupees);
      case "weight":
        return kg;
      case "count":
        return orNull(count);
      case "whole":
        return orNull(wholeNumber(field.min, field.max));
      case "flag":
        return z.union([z.boolean(), z.literal(0), z.literal(1)], {
          error: "must be true or false",
        }).transform(Boolean);
      case "date":
        return field.nullable
          ? z.union([dayIn(field.years), z.literal("").transform(() => null), z.null()])
          : dayIn(field.years);
      case "oneOf":
        return oneOf(field.values);
      case "ref":
        return idValue;
      default:
        throw new Error(`A ${field.kind} field has no change schema`);
    }
  })();
  return field.note ? base.optional().describe(field.note) : base.optional();
}

/** What a change body gives: the changeable fields under their creation names. */
export type ChangesBodyOf<F> = {
  -readonly [
    K in keyof ChangesOf<F> & keyof F & string as CreateName<K, F[K]>
  ]?: ValueOf<F[K]>;
};

/** A product's change body: its own fields, and `addStock` beside `stock`. */
export type ProductChangesBodyOf<F> = ChangesBodyOf<F> & { addStock?: number };

/** `stock` sets, `addStock` adds: saying both is refused. */
function oneStockChange(value: { stock?: unknown; addStock?: unknown }, ctx: z.RefinementCtx) {
  if (value.stock !== undefined && value.addStock !== undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["addStock"],
      message: "give either stock (absolute) or addStock (relative), not both",
    });
  }
}

const addStock = z.number({ error: "must be a whole number" }).int("must be a whole number")
  .min(-MAX_STOCK, `must be at least -${MAX_STOCK}`).max(MAX_STOCK, `must be at most ${MAX_STOCK}`)
  .optional();

/**
 * The JSON body that changes a product: any changeable field under its creation name
 * (absent fields stay), and beside its `stock` (absolute) an `addStock` (relative), not
 * both. Unknown names are refused.
 */
export function productChangesBody<F extends Fields>(
  fields: F,
): z.ZodType<ProductChangesBodyOf<F>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of fieldsOf(fields)) {
    if (!isChangeable(field)) continue;
    shape[createName(name, field)] = changeSchema(field);
    if (name === "stock") shape.addStock = addStock;
  }
  return z.strictObject(shape).superRefine(oneStockChange) as unknown as z.ZodType<
    ProductChangesBodyOf<F>
  >;
}

// From creation names to the domain's

/**
 * A new record from a creation form's values (creation names, domain units): each field
 * under its own name; fields left out stay out (the record's defaults fill them).
 *
 * @example newRecordFrom(BOOK_FIELDS, { productEdition: "2nd", ... }).edition // "2nd"
 */
export function newRecordFrom<F extends Fields>(
  fields: F,
  values: Record<string, unknown>,
): Omit<NewRecordOf<F>, keyof F & ImagesKeys<F>> {
  const record: Record<string, unknown> = {};
  for (const [name, field] of fieldsOf(fields)) {
    if (!isWritable(field) || field.kind === "images") continue;
    const value = values[createName(name, field)];
    if (value !== undefined) record[name] = value;
  }
  return record as Omit<NewRecordOf<F>, keyof F & ImagesKeys<F>>;
}

type ImagesKeys<F> = { [K in keyof F]: F[K] extends { kind: "images" } ? K : never }[keyof F];

/** A change from a change body's values: each field under its own name; absent ones stay out. */
export function changesFrom<F extends Fields>(
  fields: F,
  body: Record<string, unknown>,
): ChangesOf<F> {
  const changes: Record<string, unknown> = {};
  for (const [name, field] of fieldsOf(fields)) {
    if (!isChangeable(field)) continue;
    const value = body[createName(name, field)];
    if (value !== undefined) changes[name] = value;
  }
  return changes as ChangesOf<F>;
}

/** The creation name of each field whose name differs: what a person reads in a problem. */
export function creationNames(fields: Fields): Record<string, string> {
  return Object.fromEntries(
    fieldsOf(fields).filter(([name, field]) => createName(name, field) !== name)
      .map(([name, field]) => [name, createName(name, field)]),
  );
}

export type { WireRecordOf };
