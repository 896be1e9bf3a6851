/** A book's page: pictures, price, purchase and the specification. */
import type { Book, Category } from "../../domain/catalogue/model.ts";
import { categoryName } from "../../domain/catalogue/category_names.ts";
import { formatKg } from "../../domain/money.ts";
import { BOOK_FIELDS, type BookLanguage } from "../../domain/catalogue/book_record.ts";
import { pageFieldsOf } from "../../domain/records/fields.ts";
import type { BankDetails } from "../../domain/shop.ts";
import type { PaymentMethod } from "../../domain/orders/model.ts";
import { Island } from "../components/Island.tsx";
import { Availability } from "../components/Availability.tsx";
import { OfferBadge, ShelfPriceTag } from "../components/ProductFacts.tsx";
import type { ShelfPrice } from "../../domain/promotions/shelf_price.ts";
import { BookPurchase } from "../islands/BookPurchase.tsx";
import { ImageGallery } from "../islands/ImageGallery.tsx";
import { StockAlert } from "../islands/StockAlert.tsx";
import { paragraphs } from "../lib/paragraphs.ts";
import { type MessageKey, useI18n } from "../i18n/mod.ts";

/**
 * A book's language, and a binding the shop names in every language, in the page's words;
 * a binding the owner typed otherwise is shown as typed.
 */
const VALUE_WORDS: Record<string, Record<string, MessageKey>> = {
  language: {
    Sinhala: "book.languageSinhala",
    English: "book.languageEnglish",
    Tamil: "book.languageTamil",
    Hindi: "book.languageHindi",
  } satisfies Record<BookLanguage, MessageKey>,
  binding: { paperback: "book.bindingPaperback", hardcover: "book.bindingHardcover" },
};

/** The words of a field's value, if the shop has them: bindings are matched in any case. */
function valueWords(name: string, value: string): MessageKey | undefined {
  const words = VALUE_WORDS[name];
  return words?.[value] ?? words?.[value.trim().toLowerCase()];
}

export function BookPage(
  { book, category, shelf = null, bank, maxPerLine, preorderMethods }: {
    book: Book;
    /** Its category, named in the page's language where the owner gave a name. */
    category?: Category;
    /** What one copy costs now; null when its usual price. */
    shelf?: ShelfPrice | null;
    bank: BankDetails;
    maxPerLine: number;
    /** The offered methods that pay for a pre-order; those not paid online when absent. */
    preorderMethods?: PaymentMethod[];
  },
) {
  const { t, href, date, number, language } = useI18n();
  // The details BOOK_FIELDS marks for the page, in its order; an empty optional one is left out.
  const rows = pageFieldsOf(BOOK_FIELDS).flatMap(({ name, field, page }): [string, string][] => {
    const value = (book as Record<string, unknown>)[name];
    if (value === null || value === undefined) return [];
    const words = valueWords(name, String(value));
    const shown = value === ""
      ? "—"
      : field.kind === "date"
      ? date(String(value))
      : field.kind === "weight"
      ? t("book.weightKg", { kg: formatKg(value as number) })
      : typeof value === "number"
      ? number(value)
      : words
      ? t(words)
      : String(value);
    // Every declared words key is in the catalogues: web/pages/book_page_test.ts.
    return [[page.words ? t(page.words as MessageKey) : page.label ?? name, shown]];
  });
  return (
    <article className="book-page">
      <nav className="breadcrumbs" aria-label={t("book.breadcrumb")}>
        <a href={href("/")}>{t("shell.bookStore")}</a> <span aria-hidden="true">›</span>{" "}
        <a href={`${href("/")}?categoryId=${book.categoryId}`}>
          {category ? categoryName(category, language) : book.categoryName}
        </a>
      </nav>
      <div className="book-top">
        <Island
          name="ImageGallery"
          component={ImageGallery}
          props={{ images: book.images, title: book.title }}
        />
        <div className="book-summary">
          {book.preorder
            ? <span className="badge badge-preorder">{t("book.preorderBadge")}</span>
            : null}
          <h1 className="book-title">{book.title}</h1>
          <p className="book-author">{t("book.by", { author: book.author })}</p>
          <OfferBadge shelf={shelf} />
          <p className="book-facts">
            <ShelfPriceTag cents={book.priceCents} shelf={shelf} className="book-price" withEnd />
            <Availability
              stock={book.stock}
              preorder={book.preorder}
              preorderDate={book.preorderDate}
            />
          </p>
          <Island
            name="BookPurchase"
            component={BookPurchase}
            props={{
              book,
              shelf,
              bank,
              maxPerLine,
              ...(preorderMethods ? { preorderMethods } : {}),
            }}
          />
          <noscript>
            <p className="notice">{t("cart.needsScript")}</p>
          </noscript>
          {book.stock <= 0
            ? (
              <Island
                name="StockAlert"
                component={StockAlert}
                props={{ type: "book" as const, id: book.id }}
              />
            )
            : null}
        </div>
      </div>
      <section className="specification" aria-labelledby="spec-heading">
        <h2 id="spec-heading">{t("book.specification")}</h2>
        <div className="description">
          {paragraphs(book.description ?? "").map((lines, i) => (
            <p key={i}>{lines.flatMap((line, j) => j === 0 ? [line] : [<br key={j} />, line])}</p>
          ))}
          {book.description?.trim() ? null : <p>{t("book.noDescription")}</p>}
        </div>
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
