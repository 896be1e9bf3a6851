/** A product form's typed fields: one input each (required unless optional), labelled, with its error. */
import { Field } from "../Field.tsx";
import type { FieldErrors } from "../validation.ts";

export interface TextFieldSpec<N extends string> {
  name: N;
  label: string;
  /** "number" and "date" inputs; text by default. */
  type?: "number" | "date";
  /** A number input's step ("0.01" for rupees). */
  step?: string;
  /** It may be left empty: not required, and hinted "optional". */
  optional?: boolean;
  /** What the label says of it instead of "optional" (a field required by another's value). */
  hint?: string;
}

export function TextFields<N extends string>(
  { fields, idPrefix, values, errors, onChange }: {
    fields: TextFieldSpec<N>[];
    idPrefix: string;
    values: Record<N, string>;
    errors: FieldErrors;
    onChange: (name: N, value: string) => void;
  },
) {
  return fields.map((field) => (
    <Field
      key={field.name}
      id={`${idPrefix}-${field.name}`}
      label={field.label}
      hint={field.hint ?? (field.optional ? "optional" : undefined)}
      error={errors[field.name]}
    >
      {(aria) => (
        <input
          {...aria}
          type={field.type ?? "text"}
          min={field.type === "number" ? 0 : undefined}
          step={field.step}
          required={!field.optional}
          value={values[field.name]}
          onChange={(e) => onChange(field.name, e.target.value)}
        />
      )}
    </Field>
  ));
}
