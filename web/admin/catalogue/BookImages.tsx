/**
 * A book's images on its edit page: add, replace, move and remove, each sent at once.
 * The last image cannot be removed (a book is listed with at least one).
 */
import { ProductImage } from "../../components/ProductImage.tsx";
import { type ChangeEvent, useState } from "react";
import { messageOf } from "../api.ts";
import { checkImages } from "./catalogue_forms.ts";
import { MAX_BOOK_IMAGES } from "../../../domain/catalogue/images.ts";
import { useAdmin } from "../context.ts";
import { Notice, Spinner } from "../Feedback.tsx";
import { useNotice } from "../hooks.ts";
import type { WireBook } from "../../../contract/records.ts";
import { moveImage } from "./edit_forms.ts";
import { addBookImages, arrangeBookImages, replaceBookImage } from "./endpoints.ts";

export function BookImages(
  { book, onChanged }: { book: WireBook; onChanged: (book: WireBook) => void },
) {
  const { api } = useAdmin();
  const [busy, setBusy] = useState(false);
  const { notice, success, failure, clear } = useNotice();

  async function run(change: () => Promise<WireBook>, done: string) {
    clear();
    setBusy(true);
    try {
      onChanged(await change());
      success(done);
    } catch (error) {
      failure(`Failed to change the images: ${messageOf(error)}`);
    } finally {
      setBusy(false);
    }
  }

  function chosen(event: ChangeEvent<HTMLInputElement>, max: number): File[] | undefined {
    const files = [...(event.target.files ?? [])];
    event.target.value = "";
    if (files.length === 0) return undefined;
    const problem = checkImages(files, { min: 1, max });
    if (problem) {
      failure(problem);
      return undefined;
    }
    return files;
  }

  const last = book.images.length - 1;
  /** How many more images the book may list. */
  const room = Math.max(0, MAX_BOOK_IMAGES - book.images.length);
  return (
    <section className="panel" aria-labelledby="book-images-heading" aria-busy={busy}>
      <h2 id="book-images-heading">Images {busy && <Spinner label="Saving images" />}</h2>
      <ol className="image-list">
        {book.images.map((image, index) => {
          const label = `image ${index + 1}`;
          return (
            <li key={image} className="image-item">
              <ProductImage
                src={image}
                sizes="90px"
                alt={`${book.title}, ${label}`}
                width={90}
              />
              <div className="image-actions">
                <button
                  type="button"
                  disabled={busy || index === 0}
                  aria-label={`Move ${label} up`}
                  onClick={() =>
                    run(
                      () => arrangeBookImages(api, book.id, moveImage(book.images, index, -1)),
                      "Image moved",
                    )}
                >
                  ↑
                </button>
                <button
                  type="button"
                  disabled={busy || index === last}
                  aria-label={`Move ${label} down`}
                  onClick={() =>
                    run(
                      () => arrangeBookImages(api, book.id, moveImage(book.images, index, 1)),
                      "Image moved",
                    )}
                >
                  ↓
                </button>
                <label className="button-secondary file-button">
                  Replace
                  <input
                    type="file"
                    className="visually-hidden"
                    accept="image/jpeg,image/png,image/webp,image/gif"
                    aria-label={`Replace ${label}`}
                    disabled={busy}
                    onChange={(event) => {
                      const files = chosen(event, 1);
                      if (files) {
                        run(
                          () => replaceBookImage(api, { id: book.id, old: image, file: files[0] }),
                          "Image replaced",
                        );
                      }
                    }}
                  />
                </label>
                <button
                  type="button"
                  className="button-danger"
                  disabled={busy || book.images.length === 1}
                  aria-label={`Remove ${label}`}
                  title={book.images.length === 1 ? "A book keeps at least one image" : undefined}
                  onClick={() =>
                    run(
                      () => arrangeBookImages(api, book.id, book.images.filter((i) => i !== image)),
                      "Image removed",
                    )}
                >
                  Remove
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      <label className="field">
        Add images
        {room === 0 && <span className="hint">A book lists at most {MAX_BOOK_IMAGES} images</span>}
        <input
          type="file"
          multiple
          accept="image/jpeg,image/png,image/webp,image/gif"
          disabled={busy || room === 0}
          onChange={(event) => {
            const files = chosen(event, room);
            if (files) run(() => addBookImages(api, book.id, files), "Images added");
          }}
        />
      </label>
      <Notice notice={notice} onDismiss={clear} />
    </section>
  );
}
