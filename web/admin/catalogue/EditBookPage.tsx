/** Edit a book: every field of its listing, and its images. */
import { ProductWaiting } from "../stock/ProductWaiting.tsx";
import { PreorderOrders } from "../stock/PreorderOrders.tsx";
import { History } from "../audit/History.tsx";
import { useState } from "react";
import type { BookFormValues } from "./catalogue_forms.ts";
import { useAdmin } from "../context.ts";
import { listCategories } from "../endpoints.ts";
import { Loading, Notice } from "../Feedback.tsx";
import { SubmitButton } from "../Field.tsx";
import { useLoad } from "../hooks.ts";
import type { WireBook, WireCategory } from "../../../contract/records.ts";
import { BackLink } from "./BackLink.tsx";
import { BookFields } from "./BookFields.tsx";
import { BookImages } from "./BookImages.tsx";
import { bookChanges, bookValues, validateBookEdit } from "./edit_forms.ts";
import { getBook } from "./endpoints.ts";
import { useProductEdit } from "./use_product_edit.ts";
import { StockAdjustments } from "../stock/StockAdjustments.tsx";
import { ProductSummary } from "./ProductSummary.tsx";

export function EditBookPage({ id }: { id: number }) {
  const { api, may } = useAdmin();
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
          {may("catalogue_edit")
            ? (
              <>
                <BookEditForm
                  book={current}
                  categories={categories.data ?? []}
                  onSaved={setBook}
                />
                <BookImages book={current} onChanged={setBook} />
              </>
            )
            : <ProductSummary product={current} />}
          <StockAdjustments
            kind="books"
            id={current.id}
            stock={current.stock}
            onAdjusted={(stock) => setBook({ ...current, stock })}
          />
          <section className="panel">
            <History subjectType="book" id={current.id} refreshKey={JSON.stringify(current)} />
          </section>
        </>
      )}
    </div>
  );
}

function BookEditForm(
  { book, categories, onSaved }: {
    book: WireBook;
    categories: Pick<WireCategory, "id" | "name">[];
    onSaved: (book: WireBook) => void;
  },
) {
  const form = useProductEdit<BookFormValues, WireBook>({
    kind: "books",
    noun: "Book",
    product: book,
    valuesOf: bookValues,
    validate: validateBookEdit,
    changesOf: bookChanges,
    onSaved,
  });

  return (
    <section className="panel" aria-labelledby="edit-book-heading">
      <h2 id="edit-book-heading">Edit book: {book.title}</h2>
      <ProductWaiting kind="book" id={book.id} />
      <PreorderOrders bookId={book.id} />
      <p className="panel-hint">
        New stock and pre-order copies are added on the Stock page, so that sales are never lost;
        damaged or lost copies are taken out under Adjust stock below.
      </p>
      <form ref={form.formRef} className="grid-form" onSubmit={form.submit} noValidate>
        <BookFields
          mode="edit"
          idPrefix="edit"
          values={form.values}
          errors={form.errors}
          categories={categories}
          onChange={form.set}
        />
        <div className="form-actions field-wide">
          <SubmitButton submitting={form.submitting}>Save changes</SubmitButton>
        </div>
      </form>
      <Notice notice={form.notice} onDismiss={form.clear} />
    </section>
  );
}
