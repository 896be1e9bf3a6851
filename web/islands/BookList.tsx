/** The Book Store list: filters, grid and pager, kept in the URL. */
import type { Category } from "../../domain/catalogue/model.ts";
import { BookCard, type BookCardFacts } from "../components/BookCard.tsx";
import { type ListingKind, ProductListing } from "../components/ProductListing.tsx";
import type { ListQuery } from "../lib/list_query.ts";
import { listingApi } from "../lib/listing_calls.ts";
import type { ListPage } from "../lib/search_help.ts";

export interface BookListProps {
  query: ListQuery;
  /** Each book as its card shows it (`cardFacts`); a page loaded later brings whole books. */
  page: ListPage<BookCardFacts>;
  categories: Category[];
}

const BOOKS: ListingKind<BookCardFacts> = {
  path: "/",
  load: async (query, signal) => (await listingApi()).loadBooks(query, signal),
  withAuthor: true,
  words: {
    region: "list.books",
    found: "list.booksFound",
    foundAtLeast: "list.booksFoundAtLeast",
    loading: "list.loadingBooks",
    none: "list.noBooks",
    noMatch: "list.noBooksMatch",
    all: "list.allBooks",
  },
};

export function BookList({ query, page, categories }: BookListProps) {
  return (
    <ProductListing
      kind={BOOKS}
      query={query}
      page={page}
      categories={categories}
      card={(book, i) => <BookCard book={book} index={i} />}
    />
  );
}
