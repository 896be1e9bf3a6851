/** The required category picker of the add-product forms, starting at 'Select Category'. */
import { Field } from "../Field.tsx";
import type { WireCategory } from "../../../contract/records.ts";

export function CategorySelect(
  { id, categories, value, error, onChange }: {
    id: string;
    categories: Pick<WireCategory, "id" | "name">[];
    value: string;
    error?: string;
    onChange: (value: string) => void;
  },
) {
  return (
    <Field id={id} label="Category" error={error}>
      {(aria) => (
        <select
          {...aria}
          required
          value={value}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">Select Category</option>
          {categories.map((c) => <option key={c.id} value={String(c.id)}>{c.name}</option>)}
        </select>
      )}
    </Field>
  );
}
