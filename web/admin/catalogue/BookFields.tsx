/**
 * A book's fields, as Add New Book and the edit page show them: the same labels, kinds
 * and steps. Adding also asks for the stock (the edit page leaves it to Stock, so that
 * sales are never lost) and the images, which the add form passes in as `images`.
 */
import type { ReactNode } from "react";
import { BOOK_LANGUAGES } from "../../../domain/catalogue/model.ts";
import type { BookFormValues } from "./catalogue_forms.ts";
import { CategorySelect } from "./CategorySelect.tsx";
import { Field } from "../Field.tsx";
import { TextFields, type TextFieldSpec } from "./TextFields.tsx";
import type { FieldErrors } from "../validation.ts";
import type { WireCategory } from "../../../contract/records.ts";

type TextField = Exclude<keyof BookFormValues, "preorder" | "categoryId" | "language">;

const TEXT_FIELDS: TextFieldSpec<TextField>[] = [
  { name: "title", label: "Title" },
  { name: "author", label: "Author" },
  { name: "price", label: "Price (LKR)", type: "number", step: "0.01" },
  { name: "stock", label: "Stock", type: "number", step: "1" },
  { name: "isbn13", label: "ISBN-13" },
  { name: "binding", label: "Binding" },
  { name: "publisher", label: "Publisher" },
  { name: "publishingDate", label: "Publishing date", type: "date" },
  { name: "productEdition", label: "Edition" },
  { name: "weight", label: "Weight (kg)", type: "number", step: "0.001" },
];

export interface BookFieldsProps {
  /** "add" asks for the stock and starts the language at "Select Language". */
  mode: "add" | "edit";
  /** Prefix of the controls' ids ("book" gives "book-title"). */
  idPrefix: string;
  values: BookFormValues;
  errors: FieldErrors;
  categories: WireCategory[];
  onChange<K extends keyof BookFormValues>(name: K, value: BookFormValues[K]): void;
  /** The image picker of the add form, after the description. */
  images?: ReactNode;
}

export function BookFields(
  { mode, idPrefix, values, errors, categories, onChange, images }: BookFieldsProps,
) {
  const fields = mode === "add" ? TEXT_FIELDS : TEXT_FIELDS.filter((f) => f.name !== "stock");
  return (
    <>
      <TextFields
        fields={fields}
        idPrefix={idPrefix}
        values={values}
        errors={errors}
        onChange={onChange}
      />
      <CategorySelect
        id={`${idPrefix}-categoryId`}
        categories={categories}
        value={values.categoryId}
        error={errors.categoryId}
        onChange={(value) => onChange("categoryId", value)}
      />
      <Field id={`${idPrefix}-language`} label="Language" error={errors.language}>
        {(aria) => (
          <select
            {...aria}
            required
            value={values.language}
            onChange={(e) => onChange("language", e.target.value)}
          >
            {mode === "add" && <option value="">Select Language</option>}
            {BOOK_LANGUAGES.map((l) => <option key={l} value={l}>{l}</option>)}
          </select>
        )}
      </Field>
      <div className="field-wide">
        <Field
          id={`${idPrefix}-description`}
          label="Description"
          hint="optional"
          error={errors.description}
        >
          {(aria) => (
            <textarea
              {...aria}
              rows={mode === "add" ? 3 : 4}
              value={values.description}
              onChange={(e) => onChange("description", e.target.value)}
            />
          )}
        </Field>
      </div>
      {images}
      <label className="checkbox field-wide">
        <input
          type="checkbox"
          checked={values.preorder}
          onChange={(e) => onChange("preorder", e.target.checked)}
        />{" "}
        Pre-order
      </label>
    </>
  );
}
