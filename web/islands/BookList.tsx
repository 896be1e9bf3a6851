/** The Book Store list: filters, grid and pager, kept in the URL. */
import type { Book, Category } from "../../domain/catalogue/model.ts";
import { BookCard } from "../components/BookCard.tsx";
import { FilterPanel } from "../components/FilterPanel.tsx";
import { Pagination } from "../components/Pagination.tsx";
import { ResultCount } from "../components/ResultCount.tsx";
import { Spinner } from "../components/Stars.tsx";
import { getJson } from "../lib/api.ts";
import { apiSearch, type ListQuery, listSearch } from "../lib/list_query.ts";
import { useListing } from "../lib/use_listing.ts";
import { useI18n } from "../i18n/mod.ts";
import { helpOf, type ListPage, type WireSearchHelp } from "../lib/search_help.ts";
import { SearchHelp } from "../components/SearchHelp.tsx";
import { SortField } from "../components/SortField.tsx";
import { bookFromWire } from "../lib/wire.ts";
import type { WireBook, WirePage } from "../../http/wire/records.ts";

export interface BookListProps {
  query: ListQuery;
  page: ListPage<Book>;
  categories: Category[];
}

async function loadBooks(query: ListQuery, signal: AbortSignal): Promise<ListPage<Book>> {
  const body = await getJson<WirePage<WireBook> & WireSearchHelp>(
    `/api/books${apiSearch(query)}`,
    signal,
  );
  return {
    items: body.data.map(bookFromWire),
    page: body.page,
    pageSize: body.pageSize,
    total: body.total,
    help: helpOf(body),
  };
}

export function BookList({ query, page, categories }: BookListProps) {
  const { t, href } = useI18n();
  const home = href("/");
  const listing = useListing(home, { query, page }, loadBooks);
  const q = listing.query;
  return (
    <div className="listing">
      <FilterPanel
        action={home}
        query={q}
        categories={categories}
        withAuthor
        onChange={listing.navigate}
      />
      <section
        className="results"
        aria-label={t("list.books")}
        aria-busy={listing.loading}
        ref={listing.resultsRef}
      >
        <div className="results-bar">
          <ResultCount total={listing.page.total} message="list.booksFound" />
          <SortField action={home} query={q} onChange={listing.navigate} />
        </div>
        {listing.loading
          ? (
            <div className="results-loading">
              <Spinner label={t("list.loadingBooks")} />
            </div>
          )
          : null}
        {listing.error
          ? (
            <p className="notice notice-error" role="alert">
              {t("list.error", { error: listing.error })}
            </p>
          )
          : null}
        {listing.page.items.length === 0 && !listing.error
          ? (
            <>
              <p className="empty">{t("list.noBooks")}</p>
              <SearchHelp q={q.q} path="/" help={listing.page.help} />
            </>
          )
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
          href={(n) => `${home}${listSearch({ ...q, page: n })}`}
          onNavigate={(n) => listing.navigate({ ...q, page: n })}
        />
      </section>
    </div>
  );
}
