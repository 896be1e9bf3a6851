/**
 * The words of deleting a product. A product that orders refer to is archived, not erased
 * (hidden from the shop, kept for its orders, restorable from the Catalogue page), so the
 * question says both outcomes and the answer says which one happened.
 */
import type { ProductKind } from "../endpoints.ts";

const NOUN: Record<ProductKind, { one: string; archive: string }> = {
  books: { one: "book", archive: "Archived books" },
  stationery: { one: "stationery item", archive: "Archived stationery" },
};

/** The confirmation's question: what happens to a product with orders and to one without. */
export function deleteQuestion(kind: ProductKind, title: string): string {
  const { one, archive } = NOUN[kind];
  return `Delete "${title}"? A ${one} that orders refer to is archived instead: hidden from ` +
    `the shop, kept for its orders, and restorable from ${archive} on the Catalogue page. ` +
    `One that no order refers to is erased.`;
}

/** What the deletion did, in words. */
export function deletedMessage(
  kind: ProductKind,
  deleted: { title: string; archived: boolean },
): string {
  const { one, archive } = NOUN[kind];
  if (deleted.archived) {
    return `"${deleted.title}" was archived, not erased: orders refer to it. It is hidden from ` +
      `the shop; restore it from ${archive} on the Catalogue page.`;
  }
  return `${one.charAt(0).toUpperCase()}${one.slice(1)} deleted successfully`;
}
