/** Add New Category and Add New Stationery Category. */
import { type FormEvent, useState } from "react";
import { ApiFailure } from "../api.ts";
import { validateCategoryName } from "./catalogue_forms.ts";
import { useAdmin } from "../context.ts";
import { addCategory, type ProductKind } from "../endpoints.ts";
import { Notice } from "../Feedback.tsx";
import { Field, SubmitButton } from "../Field.tsx";
import { useNotice } from "../hooks.ts";
import { type FieldErrors, fieldErrorsFromDetails } from "../validation.ts";

const TEXT: Record<ProductKind, { heading: string; added: string; failed: string }> = {
  books: {
    heading: "Add New Category",
    added: "Category added successfully",
    failed: "Failed to add category",
  },
  stationery: {
    heading: "Add New Stationery Category",
    added: "Stationery category added successfully",
    failed: "Failed to add stationery category",
  },
};

export function CategoryForm(
  { kind, onAdded }: { kind: ProductKind; onAdded: () => void },
) {
  const { api } = useAdmin();
  const text = TEXT[kind];
  const [name, setName] = useState("");
  const [nameSi, setNameSi] = useState("");
  const [nameTa, setNameTa] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const { notice, success, failure, clear } = useNotice();

  async function submit(event: FormEvent) {
    event.preventDefault();
    clear();
    const found = validateCategoryName(name);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
      await addCategory(api, kind, name, { si: nameSi, ta: nameTa });
      setName("");
      setNameSi("");
      setNameTa("");
      success(text.added);
      onAdded();
    } catch (error) {
      if (error instanceof ApiFailure && error.status === 409) {
        setErrors({ name: `A category named "${name.trim()}" already exists` });
      } else if (error instanceof ApiFailure && error.status === 400) {
        setErrors(fieldErrorsFromDetails(error.details));
        failure(`${text.failed}: ${error.message}`);
      } else {
        failure(`${text.failed}: ${error instanceof Error ? error.message : String(error)}`);
      }
    } finally {
      setSubmitting(false);
    }
  }

  const id = `${kind}-category-name`;
  return (
    <section className="panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{text.heading}</h2>
      <form className="inline-form" onSubmit={submit} noValidate>
        <Field id={id} label="Name" error={errors.name}>
          {(aria) => (
            <input
              {...aria}
              type="text"
              required
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          )}
        </Field>
        <Field id={`${id}-si`} label="In Sinhala (optional)" error={errors.name_si}>
          {(aria) => (
            <input
              {...aria}
              type="text"
              lang="si"
              value={nameSi}
              onChange={(e) => setNameSi(e.target.value)}
            />
          )}
        </Field>
        <Field id={`${id}-ta`} label="In Tamil (optional)" error={errors.name_ta}>
          {(aria) => (
            <input
              {...aria}
              type="text"
              lang="ta"
              value={nameTa}
              onChange={(e) => setNameTa(e.target.value)}
            />
          )}
        </Field>
        <SubmitButton submitting={submitting}>Add</SubmitButton>
      </form>
      <Notice notice={notice} onDismiss={clear} />
    </section>
  );
}
