/**
 * A stationery item, declared once (see book_record.ts): the domain's types, its SQL, its
 * API schemas and records, its CSV file and the admin's form are derived from this list.
 */
import { count, id, images, joined, money, ref, text, weight } from "../records/fields.ts";
import { SALE_FIELDS } from "./sale_record.ts";

export const STATIONERY_FIELDS = {
  id: id(),
  title: text({ label: "Title", max: 300, search: true, schemaOrg: ["name"] }),
  priceCents: money({ label: "Price" }),
  ...SALE_FIELDS,
  stock: count({ label: "Stock", form: "add" }),
  weightGrams: weight({ label: "Weight" }),
  categoryId: ref({ label: "Category" }),
  categoryName: joined({ through: "categoryId" }),
  /** Exactly one image. */
  image: images({ label: "Image", many: false, form: "add" }),
} as const;
