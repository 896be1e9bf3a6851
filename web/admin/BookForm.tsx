/** Add New Book: a multipart POST /api/books with one or more images. */
import { type FormEvent, useRef, useState } from "react";
import { LANGUAGES } from "../../domain/catalogue/model.ts";
import { ApiFailure, messageOf } from "./api.ts";
import {
  type BookFormValues,
  buildBookFormData,
  EMPTY_BOOK_FORM,
  validateBookForm,
} from "./catalogue_forms.ts";
import { useAdmin } from "./context.ts";
import { addProduct } from "./endpoints.ts";
import { Notice } from "./Feedback.tsx";
import { CategorySelect } from "./CategorySelect.tsx";
import { Field, focusFirstInvalid, SubmitButton } from "./Field.tsx";
import { useNotice } from "./hooks.ts";
import { ImagePicker } from "./ImagePicker.tsx";
import { ProductLink } from "./catalogue/ProductLink.tsx";
import { type FieldErrors, fieldErrorsFromDetails } from "./validation.ts";
import type { WireCategory } from "./wire.ts";

type TextField = Exclude<keyof BookFormValues, "preorder" | "categoryId" | "language">;

const TEXT_FIELDS: { name: TextField; label: string; type?: string; hint?: string }[] = [
  { name: "title", label: "Title" },
  { name: "author", label: "Author" },
  { name: "price", label: "Price (LKR)", type: "number" },
  { name: "stock", label: "Stock", type: "number" },
  { name: "isbn13", label: "ISBN-13" },
  { name: "binding", label: "Binding" },
  { name: "publisher", label: "Publisher" },
  { name: "publishingDate", label: "Publishing date", type: "date" },
  { name: "productEdition", label: "Edition" },
  { name: "weight", label: "Weight (kg)", type: "number" },
];

const STEPS: Partial<Record<TextField, string>> = { price: "0.01", stock: "1", weight: "0.001" };

/** Server answers to field errors: 400 details, a 409 duplicate ISBN-13, a 413 image. */
export function serverFieldErrors(error: ApiFailure): FieldErrors {
  const found = fieldErrorsFromDetails(error.details);
  if (Object.keys(found).length > 0) return found;
  if (error.status === 409 && /isbn/i.test(`${error.message} ${JSON.stringify(error.details)}`)) {
    return { isbn13: error.message };
  }
  if (error.status === 413 || error.status === 415) return { images: error.message };
  return {};
}

export function BookForm(
  { categories, onAdded }: { categories: WireCategory[]; onAdded: () => void },
) {
  const { api } = useAdmin();
  const [values, setValues] = useState<BookFormValues>(EMPTY_BOOK_FORM);
  const [images, setImages] = useState<File[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [resets, setResets] = useState(0);
  const { notice, success, failure, clear } = useNotice();
  const formRef = useRef<HTMLFormElement>(null);
  /** The book just added: linked to, and the source of "Add another like this". */
  const [added, setAdded] = useState<{ id: number; title: string; values: BookFormValues } | null>(
    null,
  );

  /** Starts the next book with the fields books of one batch share. */
  function addAnotherLikeThis() {
    if (!added) return;
    const { publisher, language, binding, categoryId } = added.values;
    setValues({ ...EMPTY_BOOK_FORM, publisher, language, binding, categoryId });
    setErrors({});
    setResets((n) => n + 1);
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>("input")?.focus());
  }

  function set<K extends keyof BookFormValues>(name: K, value: BookFormValues[K]) {
    setValues((all) => ({ ...all, [name]: value }));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    clear();
    const found = validateBookForm(values, images);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      failure("Please correct the marked fields");
      focusFirstInvalid(formRef.current);
      return;
    }
    setSubmitting(true);
    try {
      const book = await addProduct(api, "books", buildBookFormData(values, images));
      setAdded({ id: book.id, title: book.title, values });
      setValues(EMPTY_BOOK_FORM);
      setImages([]);
      setResets((n) => n + 1);
      success("Book added successfully");
      onAdded();
    } catch (error) {
      if (error instanceof ApiFailure) setErrors(serverFieldErrors(error));
      focusFirstInvalid(formRef.current);
      failure(`Failed to add book: ${messageOf(error)}`);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section className="panel" aria-labelledby="book-form-heading">
      <h2 id="book-form-heading">Add New Book</h2>
      <form ref={formRef} className="grid-form" onSubmit={submit} noValidate key={resets}>
        {TEXT_FIELDS.map((field) => (
          <Field
            key={field.name}
            id={`book-${field.name}`}
            label={field.label}
            error={errors[field.name]}
          >
            {(aria) => (
              <input
                {...aria}
                type={field.type ?? "text"}
                min={field.type === "number" ? 0 : undefined}
                step={STEPS[field.name]}
                required
                value={values[field.name]}
                onChange={(e) => set(field.name, e.target.value)}
              />
            )}
          </Field>
        ))}
        <CategorySelect
          id="book-categoryId"
          categories={categories}
          value={values.categoryId}
          error={errors.categoryId}
          onChange={(value) => set("categoryId", value)}
        />
        <Field id="book-language" label="Language" error={errors.language}>
          {(aria) => (
            <select
              {...aria}
              required
              value={values.language}
              onChange={(e) => set("language", e.target.value)}
            >
              <option value="">Select Language</option>
              {LANGUAGES.map((l) => <option key={l} value={l}>{l}</option>)}
            </select>
          )}
        </Field>
        <div className="field-wide">
          <Field
            id="book-description"
            label="Description"
            hint="optional"
            error={errors.description}
          >
            {(aria) => (
              <textarea
                {...aria}
                rows={3}
                value={values.description}
                onChange={(e) => set("description", e.target.value)}
              />
            )}
          </Field>
        </div>
        <div className="field-wide">
          <Field id="book-images" label="Images (one or more)" error={errors.images}>
            {(aria) => <ImagePicker aria={aria} files={images} multiple onChange={setImages} />}
          </Field>
        </div>
        <label className="checkbox field-wide">
          <input
            type="checkbox"
            checked={values.preorder}
            onChange={(e) => set("preorder", e.target.checked)}
          />{" "}
          Pre-order
        </label>
        <div className="form-actions field-wide">
          <SubmitButton submitting={submitting}>Add Book</SubmitButton>
        </div>
      </form>
      <Notice notice={notice} onDismiss={clear} />
      {added && (
        <p className="added-book">
          <span>
            Added: <ProductLink kind="books" id={added.id}>{added.title}</ProductLink>
          </span>
          <button type="button" className="button-secondary" onClick={addAnotherLikeThis}>
            Add another like this
          </button>
          <span className="field-hint">keeps publisher, language, binding and category</span>
        </p>
      )}
    </section>
  );
}
