/** A book's page: pictures, price, purchase and the specification. */
import type { Book } from "../../domain/catalogue/model.ts";
import { formatKg } from "../../domain/money.ts";
import type { BankDetails } from "../../domain/shop.ts";
import { Island } from "../components/Island.tsx";
import { Stars } from "../components/Stars.tsx";
import { Availability, Price } from "../components/ProductFacts.tsx";
import { BookPurchase } from "../islands/BookPurchase.tsx";
import { ImageGallery } from "../islands/ImageGallery.tsx";

/** A date as the shop shows it, YYYY-MM-DD (the en-CA format), whatever the server's zone. */
export function formatDate(isoDate: string | null): string {
  if (!isoDate) return "—";
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat("en-CA", { timeZone: "UTC" }).format(date);
}

export function BookPage({ book, bank }: { book: Book; bank: BankDetails }) {
  const rows: [string, string][] = [
    ["ISBN-13", book.isbn13],
    ["Language", book.language],
    ["Binding", book.binding],
    ["Author", book.author],
    ["Publisher", book.publisher],
    ["Publishing date", formatDate(book.publishingDate)],
    ["Edition", book.edition],
    ["Weight", `${formatKg(book.weightGrams)} Kg`],
  ];
  return (
    <article className="book-page">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <a href="/">Book Store</a> <span aria-hidden="true">›</span>{" "}
        <a href={`/?categoryId=${book.categoryId}`}>{book.categoryName}</a>
      </nav>
      <div className="book-top">
        <Island
          name="ImageGallery"
          component={ImageGallery}
          props={{ images: book.images, title: book.title }}
        />
        <div className="book-summary">
          {book.preorder ? <span className="badge badge-preorder">Pre-Order</span> : null}
          <h1 className="book-title">{book.title}</h1>
          <p className="book-author">by {book.author}</p>
          <Stars />
          <p className="book-facts">
            <Price cents={book.priceCents} className="book-price" />
            <Availability
              stock={book.stock}
              preorder={book.preorder}
              preorderDate={book.preorderDate}
            />
          </p>
          <Island name="BookPurchase" component={BookPurchase} props={{ book, bank }} />
        </div>
      </div>
      <section className="specification" aria-labelledby="spec-heading">
        <h2 id="spec-heading">Specification</h2>
        <p className="description">
          {book.description || "No description available for this product."}
        </p>
        <dl className="spec-list">
          {rows.map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </article>
  );
}
