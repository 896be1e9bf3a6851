/**
 * A product's fields as its declaration lists them (record_form.ts), for the add and the
 * edit form alike: each under its label, with the input of its kind, in the declaration's
 * order. The images are not typed in: the add form passes its picker in as `images`, and
 * it takes the images' place in the list.
 */
import type { ReactNode } from "react";
import type { Fields } from "../../../domain/records/fields.ts";
import type { WireCategory } from "../../../contract/records.ts";
import { Field } from "../Field.tsx";
import type { FieldErrors } from "../validation.ts";
import { CategorySelect } from "./CategorySelect.tsx";
import { TextFields } from "./TextFields.tsx";
import { type FormField, formFieldsOf, type FormMode } from "./record_form.ts";

export interface RecordFieldsProps {
  fields: Fields;
  /** "add" shows the add form's fields (the stock) and starts each select at "Select ...". */
  mode: FormMode;
  /** Prefix of the controls' ids ("book" gives "book-title"). */
  idPrefix: string;
  values: Record<string, string | boolean>;
  errors: FieldErrors;
  categories: Pick<WireCategory, "id" | "name">[];
  onChange(name: string, value: string | boolean): void;
  /** The add form's image picker. */
  images?: ReactNode;
}

export function RecordFields(props: RecordFieldsProps) {
  return formFieldsOf(props.fields, props.mode).map((field) => (
    <RecordField key={field.key} field={field} {...props} />
  ));
}

function RecordField(
  { field, mode, idPrefix, values, errors, categories, onChange, images }:
    & RecordFieldsProps
    & { field: FormField },
) {
  const { key, label, input } = field;
  const id = `${idPrefix}-${key}`;
  const text = String(values[key] ?? "");
  switch (input.kind) {
    case "images":
      return <>{images}</>;
    case "category":
      return (
        <CategorySelect
          id={id}
          categories={categories}
          value={text}
          error={errors[key]}
          onChange={(value) => onChange(key, value)}
        />
      );
    case "select":
      return (
        <Field id={id} label={label} error={errors[key]}>
          {(aria) => (
            <select
              {...aria}
              required
              value={text}
              onChange={(e) => onChange(key, e.target.value)}
            >
              {mode === "add" && <option value="">Select {label}</option>}
              {input.options.map((o) => <option key={o} value={o}>{o}</option>)}
            </select>
          )}
        </Field>
      );
    case "textarea":
      return (
        <div className="field-wide">
          <Field id={id} label={label} hint="optional" error={errors[key]}>
            {(aria) => (
              <textarea
                {...aria}
                rows={mode === "add" ? 3 : 4}
                value={text}
                onChange={(e) => onChange(key, e.target.value)}
              />
            )}
          </Field>
        </div>
      );
    case "checkbox":
      return (
        <label className="checkbox field-wide">
          <input
            type="checkbox"
            checked={values[key] === true}
            onChange={(e) => onChange(key, e.target.checked)}
          />{" "}
          {label}
        </label>
      );
    default: {
      // A pre-order needs its date (PREORDER_NEEDS_DATE): required once Pre-order is ticked.
      const preorderDate = key === "preorderDate";
      const needed = preorderDate && values.preorder === true;
      return (
        <TextFields
          fields={[{
            name: key,
            label,
            type: input.type === "text" ? undefined : input.type,
            step: input.step,
            optional: field.optional && !needed,
            hint: needed
              ? "required for a pre-order"
              : preorderDate
              ? "required when Pre-order is ticked"
              : undefined,
          }]}
          idPrefix={idPrefix}
          values={{ [key]: text }}
          errors={errors}
          onChange={(name, value) => onChange(name, value)}
        />
      );
    }
  }
}
