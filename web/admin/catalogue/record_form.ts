/**
 * A product form driven by the product's declaration (domain/records/fields.ts): which
 * fields the add and edit forms show, under which label and input, their values as typed,
 * their checks (in the words beside each field), the multipart body of an addition and the
 * JSON of an edit. Field names are the API's creation names, so the server's 400 details
 * land on the same fields. A field joins the forms by being declared; `form: false` keeps
 * it off them (changed elsewhere), `form: "add"` on the add form only.
 */
import {
  type CreateName,
  createName,
  type Field,
  type Fields,
  fieldsOf,
  isWritable,
  wireName,
} from "../../../domain/records/fields.ts";
import {
  collect,
  type FieldErrors,
  isCalendarDate,
  normaliseIsbn13,
  parseCount,
  parseIsbn13,
  parsePrice,
  parseWeight,
  requireText,
} from "../validation.ts";

/** The form's fields: every writable one the declaration keeps on it, but its images. */
type FormKey<F> = {
  [K in keyof F]: F[K] extends { kind: "id" | "joined" | "images" } ? never
    : F[K] extends { form: false } ? never
    : K;
}[keyof F];

/** A form's values as typed: text for each field, true or false for a checkbox. */
export type FormValuesOf<F> =
  & {
    -readonly [K in FormKey<F> & string as CreateName<K, F[K]>]: F[K] extends { kind: "flag" }
      ? boolean
      : string;
  }
  & unknown;

export type FormMode = "add" | "edit";

/** How a field is entered: an input of a type, a select, a text area, a checkbox. */
export type FormInput =
  | { kind: "input"; type: "text" | "number" | "date"; step?: string }
  | { kind: "category" }
  | { kind: "select"; options: readonly string[] }
  | { kind: "textarea" }
  | { kind: "checkbox" }
  | { kind: "images" };

/** A field as a form shows it. */
export interface FormField {
  /** The API's creation name: the form value's key and the control's id suffix. */
  key: string;
  field: Field;
  /** "Price (LKR)": the declaration's label with the unit typed. */
  label: string;
  input: FormInput;
  /** Whether it may be left empty. */
  optional: boolean;
}

function inputOf(field: Field): FormInput {
  switch (field.kind) {
    case "money":
      return { kind: "input", type: "number", step: "0.01" };
    case "weight":
      return { kind: "input", type: "number", step: "0.001" };
    case "count":
    case "whole":
      return { kind: "input", type: "number", step: "1" };
    case "date":
      return { kind: "input", type: "date" };
    case "ref":
      return { kind: "category" };
    case "oneOf":
      return { kind: "select", options: field.values };
    case "longText":
      return { kind: "textarea" };
    case "flag":
      return { kind: "checkbox" };
    case "images":
      return { kind: "images" };
    default:
      return { kind: "input", type: "text" };
  }
}

function labelOf(name: string, field: Field): string {
  const label = field.label ?? name;
  if (field.kind === "money") return `${label} (LKR)`;
  if (field.kind === "weight") return `${label} (kg)`;
  return label;
}

function onForm(field: Field, mode: FormMode): boolean {
  if (!isWritable(field) || field.form === false) return false;
  return field.form !== "add" || mode === "add";
}

/** The fields a form shows, in the declaration's order (images too, where the picker goes). */
export function formFieldsOf(fields: Fields, mode: FormMode): FormField[] {
  return fieldsOf(fields).filter(([, field]) => onForm(field, mode)).map(([name, field]) => ({
    key: createName(name, field),
    field,
    label: labelOf(name, field),
    input: inputOf(field),
    optional: field.nullable === true,
  }));
}

/** Every field a form's values hold: the add form's, images left out. */
function valueFields(fields: Fields): FormField[] {
  return formFieldsOf(fields, "add").filter((f) => f.field.kind !== "images");
}

/** An empty form: blank texts, unticked boxes (or the box's default). */
export function emptyFormValues<F extends Fields>(fields: F): FormValuesOf<F> {
  const values: Record<string, unknown> = {};
  for (const f of valueFields(fields)) {
    values[f.key] = f.field.kind === "flag" ? f.field.default : "";
  }
  return values as FormValuesOf<F>;
}

/** A form filled from a record the API answered with (wire names and units). */
export function formValuesFromWire<F extends Fields>(
  fields: F,
  wire: Record<string, unknown>,
): FormValuesOf<F> {
  const wireNames = new Map(
    fieldsOf(fields).map(([name, field]) => [createName(name, field), { name, field }]),
  );
  const values: Record<string, unknown> = {};
  for (const f of valueFields(fields)) {
    const { name, field } = wireNames.get(f.key)!;
    const value = wire[wireName(name, field)];
    values[f.key] = field.kind === "flag"
      ? value === 1 || value === true
      : value === null || value === undefined
      ? ""
      : String(value);
  }
  return values as FormValuesOf<F>;
}

const WHOLE = /^\d+$/;

/** One field's check on the value as typed, in the words shown beside it. */
function checkField(errors: FieldErrors, f: FormField, value: string): void {
  const { field, key } = f;
  const name = field.label ?? key;
  if (f.optional && value.trim() === "") return;
  switch (field.kind) {
    case "text":
      requireText(errors, key, value, name);
      if (!errors[key] && value.trim().length > field.max) {
        errors[key] = `${name} must be at most ${field.max} characters`;
      }
      return;
    case "longText":
      if (value.trim().length > field.max) {
        errors[key] = `${name} must be at most ${field.max} characters`;
      }
      return;
    case "money":
      return collect(errors, key, parsePrice(value, name));
    case "weight":
      return collect(errors, key, parseWeight(value));
    case "count":
      return collect(errors, key, parseCount(value, name));
    case "whole": {
      const n = Number(value.trim());
      if (!WHOLE.test(value.trim()) || n < field.min || n > field.max) {
        errors[key] = `${name} must be a whole number from ${field.min} to ${field.max}`;
      }
      return;
    }
    case "ref":
      if (value === "") errors[key] = `${name} is required`;
      return;
    case "isbn13":
      return collect(errors, key, parseIsbn13(value));
    case "oneOf":
      if (!(field.values as readonly string[]).includes(value)) errors[key] = `${name} is required`;
      return;
    case "date":
      if (value === "") errors[key] = `${name} is required`;
      else if (!isCalendarDate(value)) errors[key] = `${name} must be a date (YYYY-MM-DD)`;
      return;
  }
}

/** The checks of a form's fields as typed (the images are checked apart). */
export function validateFormValues<F extends Fields>(
  fields: F,
  values: FormValuesOf<F>,
  mode: FormMode,
): FieldErrors {
  const errors: FieldErrors = {};
  const typed = values as Record<string, unknown>;
  for (const f of formFieldsOf(fields, mode)) {
    const value = typed[f.key];
    if (typeof value === "string") checkField(errors, f, value);
  }
  return errors;
}

/** A value as the API reads it from a multipart form: trimmed, an ISBN-13's digits alone. */
function sent(field: Field, value: string | boolean): string {
  if (typeof value === "boolean") return value ? "1" : "0";
  if (field.kind === "isbn13") return value.replace(/[\s-]/g, "");
  return value.trim();
}

/** The multipart body of an addition, from values that passed the checks (images apart). */
export function formDataOf<F extends Fields>(fields: F, values: FormValuesOf<F>): FormData {
  const form = new FormData();
  const typed = values as Record<string, string | boolean>;
  for (const f of valueFields(fields)) form.set(f.key, sent(f.field, typed[f.key]));
  return form;
}

/** A typed value in the JSON of a change, or null for an emptied optional field. */
function changed(field: Field, value: string | boolean): unknown {
  if (typeof value === "boolean") return value;
  const trimmed = value.trim();
  if (trimmed === "" && field.nullable) return null;
  switch (field.kind) {
    case "money":
    case "weight":
    case "whole":
    case "count":
    case "ref":
      return Number(trimmed);
    case "isbn13":
      return normaliseIsbn13(value) ?? value.replace(/[\s-]/g, "");
    default:
      return trimmed;
  }
}

/**
 * The JSON of an edit: only the fields whose value changed (compared as the API would
 * read them: trimmed, numbers as numbers), so another edit of another field, or a sale
 * changing the stock meanwhile, is never undone.
 */
export function formChanges<F extends Fields>(
  fields: F,
  before: FormValuesOf<F>,
  after: FormValuesOf<F>,
): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  const was = before as Record<string, string | boolean>;
  const now = after as Record<string, string | boolean>;
  for (const f of formFieldsOf(fields, "edit")) {
    if (f.field.kind === "images") continue;
    const old = changed(f.field, was[f.key]), next = changed(f.field, now[f.key]);
    if (old !== next) changes[f.key] = next;
  }
  return changes;
}
