/** The Book Store list: filters, grid and pager, kept in the URL. */
import type { Book, Category, Page } from "../../domain/catalogue/model.ts";
import { BookCard } from "../components/BookCard.tsx";
import { FilterPanel } from "../components/FilterPanel.tsx";
import { Pagination } from "../components/Pagination.tsx";
import { ResultCount } from "../components/ResultCount.tsx";
import { Spinner } from "../components/Stars.tsx";
import { getJson } from "../lib/api.ts";
import { apiSearch, type ListQuery, listSearch } from "../lib/list_query.ts";
import { useListing } from "../lib/use_listing.ts";
import { bookFromWire, type WireBook, type WirePage } from "../lib/wire.ts";

export interface BookListProps {
  query: ListQuery;
  page: Page<Book>;
  categories: Category[];
}

async function loadBooks(query: ListQuery, signal: AbortSignal): Promise<Page<Book>> {
  const body = await getJson<WirePage<WireBook>>(`/api/books${apiSearch(query)}`, signal);
  return {
    items: body.data.map(bookFromWire),
    page: body.page,
    pageSize: body.pageSize,
    total: body.total,
  };
}

export function BookList({ query, page, categories }: BookListProps) {
  const listing = useListing("/", { query, page }, loadBooks);
  const q = listing.query;
  return (
    <div className="listing">
      <FilterPanel
        action="/"
        query={q}
        categories={categories}
        withAuthor
        onChange={listing.navigate}
      />
      <section
        className="results"
        aria-label="Books"
        aria-busy={listing.loading}
        ref={listing.resultsRef}
      >
        <ResultCount total={listing.page.total} one="book" many="books" />
        {listing.loading
          ? (
            <div className="results-loading">
              <Spinner label="Loading books" />
            </div>
          )
          : null}
        {listing.error
          ? <p className="notice notice-error" role="alert">Error fetching data: {listing.error}</p>
          : null}
        {listing.page.items.length === 0 && !listing.error
          ? <p className="empty">No books available</p>
          : (
            <ul className="grid">
              {listing.page.items.map((book, i) => (
                <li key={book.id}>
                  <BookCard book={book} index={i} />
                </li>
              ))}
            </ul>
          )}
        <Pagination
          page={listing.page.page}
          pageSize={listing.page.pageSize}
          total={listing.page.total}
          href={(n) => `/${listSearch({ ...q, page: n })}`}
          onNavigate={(n) => listing.navigate({ ...q, page: n })}
        />
      </section>
    </div>
  );
}
