/**
 * The API's records (snake_case, rupees, kg; described once in contract/records.ts) and
 * their conversion to the domain's (cents, grams). Islands work in domain terms; the wire
 * shape is only for fetches and for the cart kept in localStorage.
 */
import type { Book, StationeryItem } from "../../domain/catalogue/model.ts";
import { kgToGrams, rupeesToCents } from "../../domain/money.ts";
import type { WireBook, WireStationery } from "../../contract/records.ts";

function cents(rupees: unknown): number {
  return typeof rupees === "number" ? rupeesToCents(rupees) ?? Math.round(rupees * 100) : 0;
}

function grams(kg: unknown): number {
  return typeof kg === "number" ? kgToGrams(kg) ?? Math.round(kg * 1000) : 0;
}

export function bookFromWire(w: WireBook): Book {
  return {
    id: w.id,
    title: w.title,
    author: w.author,
    priceCents: cents(w.price),
    stock: w.stock,
    categoryId: w.category_id,
    categoryName: w.category_name,
    isbn13: w.isbn13,
    language: w.language,
    binding: w.binding,
    publisher: w.publisher,
    publishingDate: w.publishing_date,
    edition: w.product_edition,
    weightGrams: grams(w.weight),
    description: w.description,
    images: Array.isArray(w.images) ? w.images : [],
    preorder: Boolean(w.preorder),
    preorderDate: w.preorder_date,
    preorderedStock: w.preordered_stock ?? 0,
  };
}

export function stationeryFromWire(w: WireStationery): StationeryItem {
  return {
    id: w.id,
    title: w.title,
    priceCents: cents(w.price),
    stock: w.stock,
    weightGrams: grams(w.weight),
    categoryId: w.category_id,
    categoryName: w.category_name,
    image: w.image,
  };
}
