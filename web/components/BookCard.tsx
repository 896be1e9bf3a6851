/** A book in the grid; the whole card opens the book's page. */
import type { Book } from "../../domain/catalogue/model.ts";
import type { Shelved } from "../../domain/promotions/shelf_price.ts";
import { Availability } from "./Availability.tsx";
import { OfferBadge, ShelfPriceTag } from "./ProductFacts.tsx";
import { imageOrPlaceholder } from "../lib/images.ts";
import { ProductImage } from "./ProductImage.tsx";
import { useI18n } from "../i18n/mod.ts";

/** Cards from this index on are below the fold on most screens: their images load lazily. */
export const EAGER_CARDS = 4;
/**
 * Two cards a row on a phone (half the screen less the page's padding, the gap and the card's
 * border); at least 190px, about 240px, in the wider grid.
 */
export const CARD_SIZES = "(min-width: 768px) 240px, calc(50vw - 24px)";

/**
 * What a book's card shows: a listing hands its island these fields and no more, and what
 * one copy costs now.
 */
export type BookCardFacts = Shelved<
  Pick<
    Book,
    "id" | "title" | "author" | "priceCents" | "stock" | "preorder" | "preorderDate" | "images"
  >
>;

/**
 * A book cut to its card, with its first picture only: the listing's island data carries
 * ten of these instead of ten whole books (their descriptions, publishers, ISBNs, ...).
 */
export function cardFacts(book: BookCardFacts): BookCardFacts {
  return {
    id: book.id,
    title: book.title,
    author: book.author,
    priceCents: book.priceCents,
    stock: book.stock,
    preorder: book.preorder,
    preorderDate: book.preorderDate,
    images: book.images.slice(0, 1),
    shelf: book.shelf ?? null,
  };
}

export function BookCard({ book, index }: { book: BookCardFacts; index: number }) {
  const { t, href } = useI18n();
  return (
    <a href={href(`/books/${book.id}`)} className="card book-card">
      <span className="card-image">
        <ProductImage
          src={imageOrPlaceholder(book.images[0])}
          sizes={CARD_SIZES}
          alt=""
          width={240}
          height={320}
          loading={index < EAGER_CARDS ? "eager" : "lazy"}
          fetchPriority={index === 0 ? "high" : undefined}
          decoding="async"
        />
        {book.preorder
          ? <span className="badge badge-preorder">{t("book.preorderBadge")}</span>
          : null}
      </span>
      <span className="card-body">
        <span className="card-title">{book.title}</span>
        <span className="card-author">{book.author}</span>
        <OfferBadge shelf={book.shelf} />
        <ShelfPriceTag cents={book.priceCents} shelf={book.shelf} className="card-price" />
        <Availability
          stock={book.stock}
          preorder={book.preorder}
          preorderDate={book.preorderDate}
        />
      </span>
    </a>
  );
}
