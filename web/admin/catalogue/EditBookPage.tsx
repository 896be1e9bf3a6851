/** Edit a book: every field of its listing, and its images. */
import { type FormEvent, useRef, useState } from "react";
import { ApiFailure, messageOf } from "../api.ts";
import { serverFieldErrors } from "../BookForm.tsx";
import type { BookFormValues } from "../catalogue_forms.ts";
import { useAdmin } from "../context.ts";
import { listCategories } from "../endpoints.ts";
import { Loading, Notice } from "../Feedback.tsx";
import { focusFirstInvalid, SubmitButton } from "../Field.tsx";
import { useLoad, useNotice } from "../hooks.ts";
import type { FieldErrors } from "../validation.ts";
import type { WireBook, WireCategory } from "../wire.ts";
import { BackLink } from "./BackLink.tsx";
import { BookFields } from "./BookFields.tsx";
import { BookImages } from "./BookImages.tsx";
import { bookChanges, bookValues, validateBookEdit } from "./edit_forms.ts";
import { editProduct, getBook } from "./endpoints.ts";

export function EditBookPage({ id }: { id: number }) {
  const { api } = useAdmin();
  const [loaded] = useLoad(() => getBook(api, id), [api, id]);
  const [categories] = useLoad(() => listCategories(api, "books"), [api]);
  const [book, setBook] = useState<WireBook | null>(null);
  const current = book ?? (loaded.state === "ready" ? loaded.data : null);

  return (
    <div className="edit-page">
      <BackLink />
      {loaded.state === "loading" && <Loading />}
      {loaded.state === "error" && (
        <p role="alert" className="notice notice-failure">
          {/not found/i.test(loaded.message) ? `Book ${id} is not on sale` : loaded.message}
        </p>
      )}
      {current && (
        <>
          <BookEditForm
            book={current}
            categories={categories.data ?? []}
            onSaved={setBook}
          />
          <BookImages book={current} onChanged={setBook} />
        </>
      )}
    </div>
  );
}

function BookEditForm(
  { book, categories, onSaved }: {
    book: WireBook;
    categories: WireCategory[];
    onSaved: (book: WireBook) => void;
  },
) {
  const { api } = useAdmin();
  const [before, setBefore] = useState<BookFormValues>(() => bookValues(book));
  const [values, setValues] = useState<BookFormValues>(before);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const { notice, success, failure, clear } = useNotice();
  const formRef = useRef<HTMLFormElement>(null);

  function set<K extends keyof BookFormValues>(name: K, value: BookFormValues[K]) {
    setValues((all) => ({ ...all, [name]: value }));
    setErrors(({ [name]: _fixed, ...rest }) => rest);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    clear();
    const found = validateBookEdit(values, before);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      failure("Please correct the marked fields");
      focusFirstInvalid(formRef.current);
      return;
    }
    const changes = bookChanges(before, values);
    if (Object.keys(changes).length === 0) {
      success("Nothing to save: no field was changed");
      return;
    }
    setSubmitting(true);
    try {
      const saved = await editProduct<WireBook>(api, { kind: "books", id: book.id, changes });
      const next = bookValues(saved);
      setBefore(next);
      setValues(next);
      onSaved(saved);
      success("Book updated successfully");
    } catch (error) {
      if (error instanceof ApiFailure) setErrors(serverFieldErrors(error));
      focusFirstInvalid(formRef.current);
      failure(`Failed to update book: ${messageOf(error)}`);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <section className="panel" aria-labelledby="edit-book-heading">
      <h2 id="edit-book-heading">Edit book: {book.title}</h2>
      <p className="panel-hint">
        Stock and pre-order copies are changed on the Stock page, so that sales are never lost.
      </p>
      <form ref={formRef} className="grid-form" onSubmit={submit} noValidate>
        <BookFields
          mode="edit"
          idPrefix="edit"
          values={values}
          errors={errors}
          categories={categories}
          onChange={set}
        />
        <div className="form-actions field-wide">
          <SubmitButton submitting={submitting}>Save changes</SubmitButton>
        </div>
      </form>
      <Notice notice={notice} onDismiss={clear} />
    </section>
  );
}
