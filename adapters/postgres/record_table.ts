/**
 * A record's table as its SQL reads and writes it, built once from the record's declaration
 * (domain/records/fields.ts): the column list of a whole record, a check of each row that
 * turns it into the domain's record (a row of the wrong shape throws, naming the column,
 * instead of being cast), and the INSERT, UPDATE and JSON recordset statements, each value
 * beside its column. Every statement keeps positional parameters: the SqlClient port runs
 * the same text on PGlite and postgres.js, and postgres.js prepares each text once.
 *
 * Why a map of our own rather than a query builder: the declaration already lives in the
 * domain (which imports no package), and what the repositories need from it is a dozen
 * lines of SQL text and one row check; Kysely or Drizzle would bring a second description
 * of the tables and a dialect for each engine, and slonik runs on node-postgres only. The
 * hand-tuned queries (search copies, counted pages) stay plain SQL around these pieces.
 */
import {
  columnName,
  completeRecord,
  type Field,
  type Fields,
  fieldsOf,
  isChangeable,
  isWritable,
  type NewRecordOf,
  type RecordOf,
} from "../../domain/records/fields.ts";
import type { Row } from "./sql_client.ts";

/** A row whose columns do not hold what the record's declaration says. */
export class RowShapeError extends Error {
  constructor(table: string, column: string, expected: string, value: unknown) {
    super(
      `A row of ${table} has a bad "${column}": expected ${expected}, got ${describe(value)}`,
    );
    this.name = "RowShapeError";
  }
}

function describe(value: unknown): string {
  if (value === undefined) return "no such column";
  if (typeof value === "string") return JSON.stringify(value.slice(0, 40));
  if (Array.isArray(value)) return "an array";
  if (value instanceof Date) return "a timestamp";
  return value === null ? "null" : `${typeof value} ${String(value).slice(0, 40)}`;
}

/** The PostgreSQL type of each kind of field, for casts and recordsets. */
export function sqlTypeOf(field: Field): string {
  switch (field.kind) {
    case "money":
      return "bigint";
    case "id":
    case "ref":
    case "count":
    case "whole":
    case "weight":
      return "integer";
    case "flag":
      return "boolean";
    case "date":
      return "date";
    case "timestamp":
      return "timestamptz";
    case "images":
      return field.many ? "text[]" : "text";
    default:
      return "text";
  }
}

/** A value read from a row: the domain's value, or FAULT with what was expected. */
const FAULT = Symbol("fault");
type Reader = (value: unknown) => unknown;

function isWhole(value: unknown): value is number {
  return typeof value === "number" && Number.isSafeInteger(value);
}

/** How each kind of field is read from its column (null is handled before). */
function readerOf(field: Field): { read: Reader; expected: string } {
  switch (field.kind) {
    case "id":
    case "ref":
    case "count":
    case "whole":
    case "money":
    case "weight":
      return { read: (v) => isWhole(v) ? v : FAULT, expected: "a whole number" };
    case "flag":
      return { read: (v) => typeof v === "boolean" ? v : FAULT, expected: "a boolean" };
    case "longText":
      // A description of blanks is no description.
      return {
        read: (v) => typeof v !== "string" ? FAULT : v.trim() === "" ? null : v,
        expected: "text",
      };
    case "oneOf": {
      const values = new Set<unknown>(field.values);
      return {
        read: (v) => values.has(v) ? v : FAULT,
        expected: `one of ${field.values.join(", ")}`,
      };
    }
    case "images":
      return field.many
        ? {
          read: (v) => Array.isArray(v) && v.every((i) => typeof i === "string") ? v : FAULT,
          expected: "a list of texts",
        }
        : { read: (v) => typeof v === "string" ? v : FAULT, expected: "text" };
    case "date":
      return {
        read: (v) => typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : FAULT,
        expected: "a date as YYYY-MM-DD",
      };
    case "timestamp":
      return {
        read: (v) => v instanceof Date && !Number.isNaN(v.getTime()) ? v.toISOString() : FAULT,
        expected: "a timestamp",
      };
    default:
      return { read: (v) => typeof v === "string" ? v : FAULT, expected: "text" };
  }
}

/** How each kind of field is written to its column. */
function writerOf(field: Field): (value: unknown) => unknown {
  if (field.kind === "longText") {
    return (v) => typeof v === "string" && v.trim() !== "" ? v : null;
  }
  return (v) => v ?? null;
}

export interface RecordTableOptions {
  table: string;
  /** The table's alias in the column list: `b` reads `b.title`. */
  alias: string;
  /** The SQL of each field read through a join: `{ categoryName: "c.name" }`. */
  joined?: Record<string, string>;
  /**
   * Each field of rows of another table: the SQL that reads them as a JSON array, and how
   * one element becomes the domain's row (it throws on a wrong shape).
   */
  rows?: Record<string, { sql: string; read(row: unknown): unknown }>;
}

interface Column {
  name: string;
  /** The part of the domain's record that holds it, if any. */
  in?: string;
  column: string;
  field: Field;
  read: Reader;
  expected: string;
  write: (value: unknown) => unknown;
}

/** The UPDATE of a change: its SET list and the parameters of a change, from `first` on. */
export interface ChangeStatement<C> {
  set: string;
  params(changes: C): unknown[];
}

/** A JSON recordset of whole records, for writing many in one statement. */
export interface Recordset<N> {
  /** `r(id integer, title text, ...)`, for `jsonb_to_recordset($1::text::jsonb) AS ...`. */
  definition: string;
  /** The writable columns, in order: for INSERT ... SELECT. */
  columns: string;
  /** `title = r.title, ...` for each writable column but `except`. */
  assignments(except?: string[]): string;
  /** The JSON text of records (with their ids, 0 for new ones). */
  json(records: { id?: number; record: N }[]): string;
}

/**
 * A record's table built from its declaration. `fromRow` checks each column of a row read
 * with `columns` and answers the domain's record, or throws a RowShapeError naming the
 * column; the checks are made once here, one small function a field, so that reading a
 * page of rows costs a loop and a typeof each.
 */
export function recordTable<F extends Fields>(fields: F, options: RecordTableOptions) {
  const { table, alias } = options;
  const all: Column[] = fieldsOf(fields).map(([name, field]) => ({
    name,
    in: field.in,
    column: columnName(name, field),
    field,
    ...(field.kind === "rows" ? rowsReaderOf(name) : readerOf(field)),
    write: writerOf(field),
  }));
  function rowsReaderOf(name: string): { read: Reader; expected: string } {
    const rows = options.rows?.[name];
    if (!rows) throw new Error(`${table}: no SQL reads the rows of "${name}"`);
    return { read: (v) => Array.isArray(v) ? v.map(rows.read) : FAULT, expected: "a list" };
  }
  const writable = all.filter((c) => isWritable(c.field));
  const changeable = all.filter((c) => isChangeable(c.field));
  const select = all.map((c) => {
    if (c.field.kind === "rows") return `${options.rows![c.name].sql} AS ${c.column}`;
    if (c.field.kind !== "joined") return `${alias}.${c.column}`;
    const sql = options.joined?.[c.name];
    if (!sql) throw new Error(`${table}: no join gives "${c.name}"`);
    return `${sql} AS ${c.column}`;
  }).join(", ");

  const parts = [...new Set(all.flatMap((c) => c.in ? [c.in] : []))];

  function fromRow(row: Row): RecordOf<F> {
    const record: Record<string, unknown> = {};
    for (const part of parts) record[part] = {};
    for (const c of all) {
      const into = c.in ? record[c.in] as Record<string, unknown> : record;
      const value = row[c.column];
      if (value === null && c.field.nullable) {
        into[c.name] = null;
        continue;
      }
      const read = value === null || value === undefined ? FAULT : c.read(value);
      if (read === FAULT) {
        throw new RowShapeError(
          table,
          c.column,
          c.field.nullable ? `${c.expected} or null` : c.expected,
          value,
        );
      }
      into[c.name] = read;
    }
    return record as RecordOf<F>;
  }

  /** A writable field's value in a record, from its part when it is in one. */
  function valueIn(record: Record<string, unknown>, c: Column): unknown {
    return c.in ? (record[c.in] as Record<string, unknown>)[c.name] : record[c.name];
  }

  /** The columns and values of a new record, defaults filled in. */
  function valuesOf(record: NewRecordOf<F>): unknown[] {
    if (parts.length > 0) {
      return writable.map((c) => c.write(valueIn(record as Record<string, unknown>, c)));
    }
    const complete = completeRecord(fields, record) as Record<string, unknown>;
    return writable.map((c) => c.write(complete[c.name]));
  }

  return {
    table,
    alias,
    /** The columns of a whole record, as `alias.column` (joined fields `AS` theirs). */
    columns: select,
    fromRow,
    /** `INSERT INTO table (...) VALUES ($1, ...)`: append ON CONFLICT or RETURNING. */
    insert: `INSERT INTO ${table} (${writable.map((c) => c.column).join(", ")}) VALUES (${
      writable.map((_, i) => `$${i + 1}`).join(", ")
    })`,
    /** The parameters of `insert` for a new record. */
    insertParams: valuesOf,
    /**
     * The INSERT of a record (its writable fields) and of `extra` columns the record does
     * not hold, each value beside its column: the values go to `params`, which numbers
     * them after the ones a statement already holds.
     */
    insertOf(params: Params, record: RecordOf<F>, extra: Record<string, unknown> = {}) {
      const columns = [...writable.map((c) => c.column), ...Object.keys(extra)];
      const values = [
        ...writable.map((c) => params.add(c.write(valueIn(record as Record<string, unknown>, c)))),
        ...Object.values(extra).map((value) => params.add(value)),
      ];
      return `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${values.join(", ")})`;
    },
    /**
     * The SET list of a change of any changeable field but `except`, its parameters
     * numbered from `first`: a field left out of the change keeps its value (COALESCE,
     * or for a nullable field a flag saying whether it is changed, since null is a value).
     */
    changes<C extends Record<string, unknown>>(
      first: number,
      except: string[] = [],
    ): ChangeStatement<C> {
      const columns = changeable.filter((c) => !except.includes(c.name));
      let n = first;
      const set = columns.map((c) => {
        const type = sqlTypeOf(c.field);
        if (c.field.nullable) {
          const given = n++, value = n++;
          return `${c.column} = CASE WHEN $${given}::boolean THEN $${value}::${type} ELSE ${c.column} END`;
        }
        return `${c.column} = COALESCE($${n++}::${type}, ${c.column})`;
      }).join(",\n  ");
      return {
        set,
        params: (changes) =>
          columns.flatMap((c) => {
            const value = changes[c.name];
            return c.field.nullable
              ? [value !== undefined, value === undefined ? null : c.write(value)]
              : [value === undefined ? null : c.write(value)];
          }),
      };
    },
    recordset(): Recordset<NewRecordOf<F>> {
      const id = all.find((c) => c.field.kind === "id");
      const listed = id ? [id, ...writable] : writable;
      return {
        definition: `r(${listed.map((c) => `${c.column} ${sqlTypeOf(c.field)}`).join(", ")})`,
        columns: writable.map((c) => c.column).join(", "),
        assignments: (except = []) =>
          writable.filter((c) => !except.includes(c.name))
            .map((c) => `${c.column} = r.${c.column}`).join(", "),
        json: (records) =>
          JSON.stringify(records.map(({ id: given, record }) => {
            const complete = completeRecord(fields, record) as Record<string, unknown>;
            const row: Record<string, unknown> = id ? { [id.column]: given ?? 0 } : {};
            for (const c of writable) row[c.column] = c.write(complete[c.name]);
            return row;
          })),
      };
    },
  };
}

export type RecordTable<F extends Fields> = ReturnType<typeof recordTable<F>>;

/**
 * The parameters of a statement as it is written: `add(value)` keeps the value and answers
 * its placeholder, so each value stands beside its column in the text instead of being
 * counted into a list ($26 beside $35).
 *
 * @example const p = new Params(); `VALUES (${p.add(name)}, ${p.add(email)})`; p.values
 */
export class Params {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}
