/**
 * A book, declared once: every field with its kind, bounds and names (domain/records/
 * fields.ts). The domain's types (`Book`, `NewBook`, `BookChanges` in model.ts), the SQL
 * columns and statements, the API's schemas and records, the CSV files, the admin's form,
 * the book page's details and its JSON-LD are all derived from this list, in its order.
 */
import {
  count,
  date,
  flag,
  id,
  images,
  isbn13,
  joined,
  longText,
  money,
  oneOf,
  ref,
  text,
  weight,
  whole,
} from "../records/fields.ts";
import { SALE_FIELDS } from "./sale_record.ts";
import { PUBLISHING_YEARS } from "../dates/day.ts";

/** The languages a book can be listed in. */
export const BOOK_LANGUAGES = ["Sinhala", "English", "Tamil", "Hindi"] as const;
export type BookLanguage = typeof BOOK_LANGUAGES[number];

const PREORDER_DATE_NOTE =
  "When the pre-ordered book is expected (YYYY-MM-DD); a date before today in Sri Lanka, or a pre-order without one, is 400";

export const BOOK_FIELDS = {
  id: id(),
  title: text({ label: "Title", max: 300, search: true, schemaOrg: ["name"] }),
  author: text({
    label: "Author",
    max: 200,
    search: true,
    schemaOrg: [{ property: "author", as: "Person" }],
    page: { at: 40, words: "book.author" },
  }),
  translator: text({
    label: "Translator",
    max: 200,
    nullable: true,
    search: true,
    schemaOrg: [{ property: "translator", as: "Person" }],
    page: { at: 45, words: "book.translator" },
  }),
  priceCents: money({ label: "Price" }),
  ...SALE_FIELDS,
  stock: count({ label: "Stock", form: "add" }),
  categoryId: ref({ label: "Category" }),
  categoryName: joined({ through: "categoryId" }),
  isbn13: isbn13({
    label: "ISBN-13",
    search: true,
    schemaOrg: ["isbn", "gtin13"],
    page: { at: 10, label: "ISBN-13" },
  }),
  language: oneOf(BOOK_LANGUAGES, { label: "Language", page: { at: 20, words: "book.language" } }),
  binding: text({ label: "Binding", max: 100, page: { at: 30, words: "book.binding" } }),
  publisher: text({
    label: "Publisher",
    max: 200,
    schemaOrg: [{ property: "publisher", as: "Organization" }],
    page: { at: 50, words: "book.publisher" },
  }),
  /** YYYY-MM-DD */
  publishingDate: date({
    label: "Publishing date",
    years: PUBLISHING_YEARS,
    schemaOrg: ["datePublished"],
    page: { at: 60, words: "book.publishingDate" },
  }),
  edition: text({
    label: "Edition",
    max: 100,
    wire: "product_edition",
    create: "productEdition",
    schemaOrg: ["bookEdition"],
    page: { at: 70, words: "book.edition" },
  }),
  pageCount: whole({
    label: "Pages",
    min: 1,
    max: 20_000,
    nullable: true,
    schemaOrg: ["numberOfPages"],
    page: { at: 75, words: "book.pageCount" },
  }),
  weightGrams: weight({ label: "Weight", page: { at: 80, words: "book.weight" } }),
  description: longText({ label: "Description", max: 10_000, schemaOrg: ["description"] }),
  /** URL paths such as `/uploads/ab12.png`, the cover first. */
  images: images({ label: "Images", many: true, form: "add" }),
  preorder: flag({ label: "Pre-order", default: false }),
  /** YYYY-MM-DD or null; a pre-order must have one (preorder.ts), so the form asks for it. */
  preorderDate: date({
    label: "Pre-order date",
    nullable: true,
    note: PREORDER_DATE_NOTE,
  }),
  /** Copies the shop has on order from its supplier. */
  preorderedStock: count({ label: "Preordered stock", default: 0, form: false }),
} as const;
