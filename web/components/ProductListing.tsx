/**
 * A store's list, whichever kind of product it sells: filters, result count and sort,
 * the grid, the pager and the help of a search that found nothing, all kept in the URL.
 * Each store's island (BookList, StationeryList) says what differs: where it lives, where
 * its API is, its words and how a card is drawn.
 */
import { type ReactNode, useEffect } from "react";
import type { Category } from "../../domain/catalogue/model.ts";
import { FilterPanel } from "./FilterPanel.tsx";
import { Pagination } from "./Pagination.tsx";
import { ResultCount } from "./ResultCount.tsx";
import { SearchHelp } from "./SearchHelp.tsx";
import { SortField } from "./SortField.tsx";
import { Spinner } from "./Spinner.tsx";
import { type ListQuery, listSearch } from "../lib/list_query.ts";
import { useListing } from "../lib/use_listing.ts";
import { listingApi } from "../lib/listing_calls.ts";
import { whenIdle } from "../lib/when_idle.ts";
import type { ListPage } from "../lib/search_help.ts";
import { type MessageKey, useI18n } from "../i18n/mod.ts";

/** What one store's list is made of. */
export interface ListingKind<T extends { id: number }> {
  /** The store's page, without a language prefix: "/" or "/stationery". */
  path: string;
  /** Reads one page of the store's products from the API. */
  load(query: ListQuery, signal: AbortSignal): Promise<ListPage<T>>;
  /** Whether the filters offer an author. */
  withAuthor: boolean;
  words: {
    region: MessageKey;
    /** How many were found ("{total} books found"). */
    found: MessageKey;
    /** At least how many a search found, past the bound it counts to ("{total}+ books found"). */
    foundAtLeast: MessageKey;
    loading: MessageKey;
    none: MessageKey;
    /** What a search that found nothing says, with the term ("No books match “{q}”"). */
    noMatch: MessageKey;
    /** The way back to the whole store. */
    all: MessageKey;
  };
}

export interface ProductListingProps<T extends { id: number }> {
  kind: ListingKind<T>;
  query: ListQuery;
  page: ListPage<T>;
  categories: Category[];
  /** One product's card in the grid. */
  card(item: T, index: number): ReactNode;
  /** What the store shows beside its list (a popup of its own). */
  children?: ReactNode;
}

export function ProductListing<T extends { id: number }>(
  { kind, query, page, categories, card, children }: ProductListingProps<T>,
) {
  const { t, href } = useI18n();
  const home = href(kind.path);
  const listing = useListing(home, { query, page }, kind.load);
  // The list's calls of the API are not in the page's first load: fetched once it is idle.
  useEffect(() => whenIdle(() => void listingApi()), []);
  const q = listing.query;
  return (
    <div className="listing">
      <FilterPanel
        action={home}
        query={q}
        categories={categories}
        withAuthor={kind.withAuthor}
        onChange={listing.navigate}
      />
      <section
        className="results"
        aria-label={t(kind.words.region)}
        aria-busy={listing.loading}
        ref={listing.resultsRef}
      >
        <div className="results-bar">
          <ResultCount
            total={listing.page.total}
            message={kind.words.found}
            capped={listing.page.totalCapped}
            cappedMessage={kind.words.foundAtLeast}
          />
          <SortField action={home} query={q} onChange={listing.navigate} />
        </div>
        {listing.loading
          ? (
            <div className="results-loading">
              <Spinner label={t(kind.words.loading)} />
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
              {q.q
                ? (
                  // A search that found nothing says what was searched, and the way back.
                  <div className="empty-search">
                    <p className="empty">{t(kind.words.noMatch, { q: q.q })}</p>
                    <p className="hint">{t("list.searchTips")}</p>
                    <SearchHelp q={q.q} path={kind.path} help={listing.page.help} />
                    <p>
                      <a href={home}>{t(kind.words.all)}</a>
                    </p>
                  </div>
                )
                : <p className="empty">{t(kind.words.none)}</p>}
            </>
          )
          : (
            <ul className="grid">
              {listing.page.items.map((item, i) => <li key={item.id}>{card(item, i)}</li>)}
            </ul>
          )}
        <Pagination
          page={listing.page.page}
          pageSize={listing.page.pageSize}
          total={listing.page.total}
          totalCapped={listing.page.totalCapped}
          href={(n) => `${home}${listSearch({ ...q, page: n })}`}
          onNavigate={(n) => listing.navigate({ ...q, page: n })}
        />
      </section>
      {children}
    </div>
  );
}
