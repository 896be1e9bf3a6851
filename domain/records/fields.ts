/**
 * The vocabulary of a record's declaration: each field is plain data naming its kind (text,
 * money, a date, ...), its bounds and whether it may be empty, and where it differs from
 * the shop's naming rules, its name on the wire, in creation bodies and CSV files, and in
 * SQL. Every boundary reads the same declaration: the SQL column lists, row checks and
 * statements (adapters/postgres/record_table.ts), the zod schemas of the wire contract
 * (contract/record_fields.ts), the records the API answers and the browser reads back
 * (contract/record_wire.ts), the CSV files, the admin's forms and the book page.
 *
 * Naming rules, so that most fields need none of their own:
 * - on the wire (answers): snake_case of the field, its unit dropped
 *   (`priceCents` → `price`, `weightGrams` → `weight`, `categoryId` → `category_id`);
 * - in creation bodies, change bodies and CSV files: the field, its unit dropped
 *   (`priceCents` → `price`);
 * - in SQL: snake_case of the field (`priceCents` → `price_cents`).
 *
 * The types of the records (`RecordOf`, `NewRecordOf`, `ChangesOf`, `WireRecordOf`) are
 * derived from a declaration with mapped types, so a field added to it reaches every
 * layer's type, and the compiler finds each place that builds one by hand.
 */
import type { YearSpan } from "../dates/day.ts";
import type { Cents, Grams } from "../money.ts";

/** schema.org's name for a field's value, plain or as a named thing (`{"@type": "Person"}`). */
export type SchemaOrgProperty = string | { property: string; as: "Person" | "Organization" };

/** What every kind of field may say about itself. */
export interface FieldOptions {
  /** The admin's name for it, which also starts its messages: "Title". */
  label?: string;
  /** It may be empty (null); a new record without it gets null. */
  nullable?: boolean;
  /** Its name in answers, when not the naming rule's; false keeps it out of answers. */
  wire?: string | false;
  /** Its name in creation and change bodies and CSV files, when not the naming rule's. */
  create?: string;
  /** Its SQL column, when not the naming rule's. */
  column?: string;
  /** What the API's documentation says of it in requests. */
  note?: string;
  /** What the API's documentation says of it in answers. */
  answerNote?: string;
  /**
   * The part of the domain's record that holds it (`customer` puts an order's `name` in
   * `order.customer.name`); answers and SQL keep it flat.
   */
  in?: string;
  /**
   * Where the admin's catalogue form has it: on both the add and the edit form (the
   * default for a field requests may write), on the add form only, or on neither (a field
   * changed elsewhere, such as the Stock page).
   */
  form?: "both" | "add" | false;
  /** Whether a storefront search looks in it (text fields). */
  search?: boolean;
  /** The schema.org properties of the product page's JSON-LD that carry it. */
  schemaOrg?: readonly SchemaOrgProperty[];
  /**
   * Whether the product's page lists it among its details: `at` orders the list (in tens,
   * so that a field fits between two), `words` is the key of its name in messages/*.json
   * (or `label` a name every language shares). An empty value is left out.
   */
  page?: { at: number; words?: string; label?: string };
}

/** The record's own id: a whole number the database gives, never written by a request. */
export interface IdField extends FieldOptions {
  kind: "id";
}

/** One line of text, trimmed, from 1 to `max` characters (or empty when nullable). */
export interface TextField extends FieldOptions {
  kind: "text";
  max: number;
}

/** Text of several lines; blanks are no text (null). */
export interface LongTextField extends FieldOptions {
  kind: "longText";
  max: number;
  nullable: true;
}

/** An ISBN-13: 13 digits (hyphens and spaces typed are dropped). */
export interface Isbn13Field extends FieldOptions {
  kind: "isbn13";
}

/** An amount in integer cents; rupees with at most 2 decimals on the wire. */
export interface MoneyField extends FieldOptions {
  kind: "money";
}

/** A weight in integer grams; kg with at most 3 decimals on the wire, above 0. */
export interface WeightField extends FieldOptions {
  kind: "weight";
}

/** A count of copies: a whole number from 0 up to the stock ceiling. */
export interface CountField extends FieldOptions {
  kind: "count";
  /** A new record without it starts at this. */
  default?: number;
}

/** A whole number from `min` to `max` (a book's pages). */
export interface WholeField extends FieldOptions {
  kind: "whole";
  min: number;
  max: number;
}

/** Yes or no; 0 or 1 in answers. */
export interface FlagField extends FieldOptions {
  kind: "flag";
  default: boolean;
}

/** A calendar day, YYYY-MM-DD, of a span of years (domain/dates: the shop's unless told). */
export interface DateField extends FieldOptions {
  kind: "date";
  years?: YearSpan;
}

/** One of a closed list of texts. */
export interface OneOfField<V extends string = string> extends FieldOptions {
  kind: "oneOf";
  values: readonly V[];
}

/** The id of a record of another table (a category). */
export interface RefField extends FieldOptions {
  kind: "ref";
}

/** A text read from another table through a ref (a category's name); never written. */
export interface JoinedField extends FieldOptions {
  kind: "joined";
  /** The ref field it is read through. */
  through: string;
}

/** Uploaded images as URL paths: a list (`many`) or exactly one, sent as files apart. */
export interface ImagesField extends FieldOptions {
  kind: "images";
  many: boolean;
}

/** A moment, ISO 8601 in the domain and on the wire, `timestamptz` in SQL. */
export interface TimestampField extends FieldOptions {
  kind: "timestamp";
}

/**
 * A list of rows of another table (an order's lines, its timeline): read by SQL of the
 * adapter's own and written by its own statements; each layer maps a row with a function
 * it is given. `T` is a row in the domain.
 */
export interface RowsField<T = unknown> extends FieldOptions {
  kind: "rows";
  /** Types only: never set. */
  row?: T;
}

export type Field =
  | IdField
  | TextField
  | LongTextField
  | Isbn13Field
  | MoneyField
  | WeightField
  | CountField
  | WholeField
  | FlagField
  | DateField
  | OneOfField
  | RefField
  | JoinedField
  | ImagesField
  | TimestampField
  | RowsField;

export type FieldKind = Field["kind"];

/** A record's declaration: its fields by name, in the order every list of them follows. */
export type Fields = Readonly<Record<string, Field>>;

// Builders: each keeps the literal types of its options (`nullable: true`, `wire: "..."`),
// which the derived types read.

export const id = <const O extends FieldOptions>(o = {} as O) => ({ kind: "id" as const, ...o });
export const text = <const O extends FieldOptions & { max: number }>(o: O) => ({
  kind: "text" as const,
  ...o,
});
export const longText = <const O extends FieldOptions & { max: number }>(o: O) => ({
  kind: "longText" as const,
  nullable: true as const,
  ...o,
});
export const isbn13 = <const O extends FieldOptions>(o = {} as O) => ({
  kind: "isbn13" as const,
  ...o,
});
export const money = <const O extends FieldOptions>(o = {} as O) => ({
  kind: "money" as const,
  ...o,
});
export const weight = <const O extends FieldOptions>(o = {} as O) => ({
  kind: "weight" as const,
  ...o,
});
export const count = <const O extends FieldOptions & { default?: number }>(o = {} as O) => ({
  kind: "count" as const,
  ...o,
});
export const whole = <const O extends FieldOptions & { min: number; max: number }>(o: O) => ({
  kind: "whole" as const,
  ...o,
});
export const flag = <const O extends FieldOptions & { default: boolean }>(o: O) => ({
  kind: "flag" as const,
  ...o,
});
export const date = <const O extends FieldOptions & { years?: YearSpan }>(o = {} as O) => ({
  kind: "date" as const,
  ...o,
});
export const oneOf = <const V extends string, const O extends FieldOptions>(
  values: readonly V[],
  o = {} as O,
) => ({ kind: "oneOf" as const, values, ...o });
export const ref = <const O extends FieldOptions>(o = {} as O) => ({
  kind: "ref" as const,
  ...o,
});
export const joined = <const O extends FieldOptions & { through: string }>(o: O) => ({
  kind: "joined" as const,
  ...o,
});
export const images = <const O extends FieldOptions & { many: boolean }>(o: O) => ({
  kind: "images" as const,
  ...o,
});
export const timestamp = <const O extends FieldOptions>(o = {} as O) => ({
  kind: "timestamp" as const,
  ...o,
});
/** A list of rows, each a `T` in the domain (see RowsField). */
export const rows = <T>() => <const O extends FieldOptions>(o = {} as O) =>
  ({ kind: "rows" as const, ...o }) as { kind: "rows"; row?: T } & O;

// Names

function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** A field's name without its unit: money and weight are written in rupees and kg outside. */
function unitless(name: string, field: Field): string {
  if (field.kind === "money") return name.replace(/Cents$/, "");
  if (field.kind === "weight") return name.replace(/Grams$/, "");
  return name;
}

/** @example wireName("priceCents", money()) // "price" */
export function wireName(name: string, field: Field): string {
  if (field.wire === false) throw new Error(`"${name}" is not in answers`);
  return field.wire ?? snakeCase(unitless(name, field));
}

/** Whether answers carry the field. */
export function isAnswered(field: Field): boolean {
  return field.wire !== false;
}

/** @example createName("weightGrams", weight()) // "weight" */
export function createName(name: string, field: Field): string {
  return field.create ?? unitless(name, field);
}

/** @example columnName("priceCents", money()) // "price_cents" */
export function columnName(name: string, field: Field): string {
  return field.column ?? snakeCase(name);
}

/**
 * Fields requests write: all but the id, the fields read through a ref and the rows of
 * other tables.
 */
export function isWritable(field: Field): boolean {
  return field.kind !== "id" && field.kind !== "joined" && field.kind !== "rows";
}

/** Fields a change body may change: the writable ones but the images (changed apart). */
export function isChangeable(field: Field): boolean {
  return isWritable(field) && field.kind !== "images";
}

/**
 * Whether a new record's source (a CSV row) may leave the field out: it is nullable, has a
 * default, or holds images (an import draws a cover for a book that has none).
 */
export function hasDefault(field: Field): boolean {
  return field.nullable === true || "default" in field && field.default !== undefined ||
    field.kind === "images";
}

/** The value a new record that leaves the field out gets. */
export function defaultOf(field: Field): unknown {
  if ("default" in field && field.default !== undefined) return field.default;
  if (field.kind === "images") return field.many ? [] : "";
  return null;
}

/** The fields of a declaration with their names, in order. */
export function fieldsOf<F extends Fields>(fields: F): [keyof F & string, Field][] {
  return Object.entries(fields) as [keyof F & string, Field][];
}

/**
 * A new record with every field it left out at its default, so that every adapter
 * writes the same record.
 *
 * @example completeRecord(BOOK_FIELDS, { title: "Madol Doova", ... }).preorder // false
 */
export function completeRecord<F extends Fields>(
  fields: F,
  record: NewRecordOf<F>,
): CompleteNewRecordOf<F> {
  const complete: Record<string, unknown> = { ...record };
  for (const [name, field] of fieldsOf(fields)) {
    if (isWritable(field) && complete[name] === undefined) complete[name] = defaultOf(field);
  }
  return complete as CompleteNewRecordOf<F>;
}

/** The defaults of the fields a new record may leave out. */
export function defaultsOf<F extends Fields>(fields: F): Partial<CompleteNewRecordOf<F>> {
  const defaults: Record<string, unknown> = {};
  for (const [name, field] of fieldsOf(fields)) {
    if (isWritable(field) && hasDefault(field)) defaults[name] = defaultOf(field);
  }
  return defaults as Partial<CompleteNewRecordOf<F>>;
}

/** The writable fields a new record must name (it has no default). */
export function requiredOf<F extends Fields>(fields: F): (WritableKey<F> & string)[] {
  return fieldsOf(fields).filter(([, f]) => isWritable(f) && !hasDefault(f))
    .map(([n]) => n as WritableKey<F> & string);
}

/** The fields a product's page lists among its details, in their `page.at` order. */
export function pageFieldsOf(
  fields: Fields,
): { name: string; field: Field; page: NonNullable<Field["page"]> }[] {
  return fieldsOf(fields).flatMap(([name, field]) =>
    field.page ? [{ name, field, page: field.page }] : []
  )
    .sort((a, b) => a.page.at - b.page.at);
}

// Derived types

type Simplify<T> = { [K in keyof T]: T[K] } & unknown;

/** The value of a field inside the shop, without null. */
type BaseValue<F> = F extends { kind: "id" | "count" | "whole" | "ref" } ? number
  : F extends { kind: "money" } ? Cents
  : F extends { kind: "weight" } ? Grams
  : F extends { kind: "flag" } ? boolean
  : F extends { kind: "oneOf"; values: readonly (infer V)[] } ? V
  : F extends { kind: "images"; many: true } ? string[]
  : F extends { kind: "rows"; row?: infer T } ? T[]
  : string;

/** The value of a field inside the shop. */
export type ValueOf<F> = F extends { nullable: true } ? BaseValue<F> | null : BaseValue<F>;

/** Keys of the fields requests write. */
export type WritableKey<F> = {
  [K in keyof F]: F[K] extends { kind: "id" | "joined" | "rows" } ? never : K;
}[keyof F];

/** Keys of the fields a change may change. */
type ChangeableKeys<F> = {
  [K in keyof F]: F[K] extends { kind: "id" | "joined" | "images" | "rows" } ? never : K;
}[keyof F];

/**
 * Whether a new record may leave the field out. Images are not: a product is listed with
 * its images (only an import, which draws a cover for a book without any, starts from none).
 */
type Defaulted<F> = F extends { nullable: true } ? true
  : F extends { default: boolean | number } ? true
  : false;

/** The parts of a domain record its fields name with `in`. */
type Groups<F> = {
  [K in keyof F]: F[K] extends { in: infer G extends string } ? G : never;
}[keyof F];

/** A record as the shop reads it: every field, those `in` a part inside it. */
export type RecordOf<F> = Simplify<
  & { -readonly [K in keyof F as F[K] extends { in: string } ? never : K]: ValueOf<F[K]> }
  & {
    -readonly [G in Groups<F>]: Simplify<
      { -readonly [K in keyof F as F[K] extends { in: G } ? K : never]: ValueOf<F[K]> }
    >;
  }
>;

/** A new record: every writable field, the ones with a default optional. */
export type NewRecordOf<F> = Simplify<
  & { -readonly [K in WritableKey<F> as Defaulted<F[K]> extends true ? never : K]: ValueOf<F[K]> }
  & { -readonly [K in WritableKey<F> as Defaulted<F[K]> extends true ? K : never]?: ValueOf<F[K]> }
>;

/** A new record with its defaults filled in: every writable field. */
export type CompleteNewRecordOf<F> = Simplify<
  { -readonly [K in WritableKey<F>]: ValueOf<F[K]> }
>;

/** A change: any changeable field, absent ones stay. */
export type ChangesOf<F> = Simplify<{ -readonly [K in ChangeableKeys<F>]?: ValueOf<F[K]> }>;

type SnakeCase<S extends string> = S extends `${infer C}${infer R}`
  ? `${C extends Lowercase<C> ? C : `_${Lowercase<C>}`}${SnakeCase<R>}`
  : S;

type Unitless<K extends string, F> = F extends { kind: "money" }
  ? K extends `${infer B}Cents` ? B : K
  : F extends { kind: "weight" } ? K extends `${infer B}Grams` ? B : K
  : K;

/** A field's name in answers (see wireName); never for a field kept out of them. */
export type WireName<K extends string, F> = F extends { wire: false } ? never
  : F extends { wire: infer W extends string } ? W
  : SnakeCase<Unitless<K, F>>;

/** A field's name in creation and change bodies and CSV files (see createName). */
export type CreateName<K extends string, F> = F extends { create: infer C extends string } ? C
  : Unitless<K, F>;

/** A field's value in answers: rupees and kg as numbers, a flag as 0 or 1. */
export type WireValueOf<F> =
  | (F extends { kind: "flag" } ? 0 | 1 : BaseValue<F>)
  | (F extends { nullable: true } ? null : never);

/**
 * A record as the API answers it; `R` gives the answer's type of each field of rows of
 * another table (an order's lines), which the wire contract describes.
 */
export type WireRecordOf<F, R = Record<never, never>> = Simplify<
  {
    -readonly [K in keyof F & string as WireName<K, F[K]>]: F[K] extends { kind: "rows" }
      ? K extends keyof R ? R[K][] : unknown[]
      : WireValueOf<F[K]>;
  }
>;
