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

/**
 * How each kind of field is checked in a row, as a JavaScript test of `v` (its column's
 * value), with what it expects and, where the domain holds it otherwise, the value it
 * becomes. Null is handled apart.
 */
function checkOf(field: Field, rowsAt: number): { test: string; expected: string; value?: string } {
  switch (field.kind) {
    case "id":
    case "ref":
    case "count":
    case "whole":
    case "money":
    case "weight":
      return {
        test: `typeof v === "number" && Number.isSafeInteger(v)`,
        expected: "a whole number",
      };
    case "flag":
      return { test: `typeof v === "boolean"`, expected: "a boolean" };
    case "longText":
      // A description of blanks is no description.
      return {
        test: `typeof v === "string"`,
        expected: "text",
        value: `v.trim() === "" ? null : v`,
      };
    case "oneOf":
      return {
        test: `(${field.values.map((value) => `v === ${JSON.stringify(value)}`).join(" || ")})`,
        expected: `one of ${field.values.join(", ")}`,
      };
    case "images":
      return field.many
        ? { test: `Array.isArray(v) && h.texts(v)`, expected: "a list of texts" }
        : { test: `typeof v === "string"`, expected: "text" };
    case "date":
      return {
        test:
          `typeof v === "string" && v.length === 10 && v.charCodeAt(4) === 45 && v.charCodeAt(7) === 45`,
        expected: "a date as YYYY-MM-DD",
      };
    case "timestamp":
      return {
        test: `v instanceof Date && !Number.isNaN(v.getTime())`,
        expected: "a timestamp",
        value: "v.toISOString()",
      };
    case "rows":
      return { test: "Array.isArray(v)", expected: "a list", value: `v.map(h.rows[${rowsAt}])` };
    default:
      return { test: `typeof v === "string"`, expected: "text" };
  }
}

/** Whether every element of a list is a text. */
function texts(list: unknown[]): boolean {
  for (const item of list) if (typeof item !== "string") return false;
  return true;
}

/**
 * The row reader of a table, compiled once from its declaration into one function that
 * reads each column by name, checks it and builds the record as one object literal: the
 * cost of a checked row stays that of the hand-written mapping it replaces (a loop over
 * the fields with a function for each cost twenty times as much, docs/benchmarks.md).
 * Only the declaration's own names and values, quoted by JSON.stringify, reach the code.
 */
function compileReader(
  table: string,
  columns: Column[],
  rowReaders: ((row: unknown) => unknown)[],
): (row: Row) => unknown {
  const q = JSON.stringify;
  const checks = columns.map((c) => checkOf(c.field, rowReaders.indexOf(c.readRow!)));
  const steps = columns.map((c, i) => {
    const { test, value = "v" } = checks[i];
    const read = `(${test}) ? (${value}) : h.fault(${i}, v)`;
    return `v = row[${q(c.column)}];\n  const f${i} = ${
      c.field.nullable ? `v === null ? null : ${read}` : read
    };`;
  });
  const top = columns.flatMap((c, i) => c.in ? [] : [`${q(c.name)}: f${i}`]);
  const parts = [...new Set(columns.flatMap((c) => c.in ? [c.in] : []))].map((part) =>
    `${q(part)}: { ${
      columns.flatMap((c, i) => c.in === part ? [`${q(c.name)}: f${i}`] : []).join(", ")
    } }`
  );
  const source = `"use strict";
return function fromRow(row) {
  let v;
  ${steps.join("\n  ")}
  return { ${[...top, ...parts].join(", ")} };
};`;
  const helpers = {
    texts,
    rows: rowReaders,
    fault(i: number, value: unknown): never {
      const c = columns[i];
      const expected = checks[i].expected;
      throw new RowShapeError(
        table,
        c.column,
        c.field.nullable ? `${expected} or null` : expected,
        value,
      );
    },
  };
  return new Function("h", source)(helpers);
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
  /** How a row of another table's JSON becomes the domain's (rows fields). */
  readRow?: (row: unknown) => unknown;
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
  const all: Column[] = fieldsOf(fields).map(([name, field]) => {
    const rows = field.kind === "rows" ? options.rows?.[name] : undefined;
    if (field.kind === "rows" && !rows) {
      throw new Error(`${table}: no SQL reads the rows of "${name}"`);
    }
    return {
      name,
      in: field.in,
      column: columnName(name, field),
      field,
      readRow: rows?.read,
      write: writerOf(field),
    };
  });
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
  const fromRow = compileReader(
    table,
    all,
    all.flatMap((c) => c.readRow ? [c.readRow] : []),
  ) as (row: Row) => RecordOf<F>;

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
