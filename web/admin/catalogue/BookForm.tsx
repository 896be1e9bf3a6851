/** Add New Book: a multipart POST /api/books with one or more images. */
import { type FormEvent, useRef, useState } from "react";
import { ApiFailure, messageOf } from "../api.ts";
import {
  type BookFormValues,
  buildBookFormData,
  EMPTY_BOOK_FORM,
  validateBookForm,
} from "./catalogue_forms.ts";
import { useAdmin } from "../context.ts";
import { addProduct } from "../endpoints.ts";
import { Notice } from "../Feedback.tsx";
import { Field, focusFirstInvalid, SubmitButton } from "../Field.tsx";
import { useNotice } from "../hooks.ts";
import { ImagePicker } from "./ImagePicker.tsx";
import { contractErrors, textFields } from "./contract_check.ts";
import { ProductLink } from "./ProductLink.tsx";
import { BookFields } from "./BookFields.tsx";
import { type FieldErrors, fieldErrorsFromDetails } from "../validation.ts";
import type { WireCategory } from "../../../contract/records.ts";

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
  { categories, onAdded }: { categories: Pick<WireCategory, "id" | "name">[]; onAdded: () => void },
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
    // The form's own words first; the API's schema marks what they let through.
    const found = {
      ...await contractErrors((s) => s.newBookFields, textFields(buildBookFormData(values, []))),
      ...validateBookForm(values, images),
    };
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
        <BookFields
          mode="add"
          idPrefix="book"
          values={values}
          errors={errors}
          categories={categories}
          onChange={set}
          images={
            <div className="field-wide">
              <Field id="book-images" label="Images (one or more)" error={errors.images}>
                {(aria) => <ImagePicker aria={aria} files={images} multiple onChange={setImages} />}
              </Field>
            </div>
          }
        />
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
