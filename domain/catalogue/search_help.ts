/**
 * What a shopper is offered when a search finds nothing in one store: titles and authors
 * close to what they typed (a typo forgiven), and how many products the other store holds
 * for the same term ("pencil" in the Book Store: the Stationery Store has 10).
 */
import type { Catalogue } from "./ports.ts";
import type { ProductKind } from "./model.ts";
import { MAX_SUGGESTIONS, searchTerm, suggestsFor } from "./search.ts";

export interface SearchHelp {
  /**
   * Up to MAX_SUGGESTIONS titles or authors close to the term, best first; none for a term
   * longer than MAX_SUGGESTED_TERM.
   */
  suggestions: string[];
  /**
   * The other store and how many of its products on sale match the term (at least `total`
   * with `totalCapped`: a search counts up to a bound); absent at 0.
   */
  elsewhere?: { kind: ProductKind; total: number; totalCapped?: boolean };
}

/** The other store of the shop. */
export function otherStore(kind: ProductKind): ProductKind {
  return kind === "book" ? "stationery" : "book";
}

/**
 * Help for a search in `kind`'s store that found nothing; undefined when there was no term
 * (an empty listing of a filter is not a search).
 */
export async function helpForEmptySearch(
  catalogue: Pick<Catalogue, "suggest" | "listBooks" | "listStationery">,
  search: { kind: ProductKind; q: string | undefined },
): Promise<SearchHelp | undefined> {
  const term = searchTerm(search.q);
  if (term === "") return undefined;
  const other = otherStore(search.kind);
  const everything = { q: term, inStock: true, outOfStock: true };
  const first = { page: 1, pageSize: 1 };
  const [suggestions, found] = await Promise.all([
    suggestsFor(term) ? catalogue.suggest(search.kind, term, MAX_SUGGESTIONS) : [],
    other === "book"
      ? catalogue.listBooks(everything, first)
      : catalogue.listStationery(everything, first),
  ]);
  return found.total > 0
    ? {
      suggestions,
      elsewhere: {
        kind: other,
        total: found.total,
        ...(found.totalCapped ? { totalCapped: true } : {}),
      },
    }
    : { suggestions };
}
