/** The Stationery Store list: filters, grid, pager and the quantity popup. */
import { useState } from "react";
import type { Category, StationeryItem } from "../../domain/catalogue/model.ts";
import { stationeryCartItem } from "../../domain/cart/cart.ts";
import { FilterPanel } from "../components/FilterPanel.tsx";
import { Pagination } from "../components/Pagination.tsx";
import { ResultCount } from "../components/ResultCount.tsx";
import { QuantityDialog } from "../components/QuantityDialog.tsx";
import { StationeryCard } from "../components/StationeryCard.tsx";
import { Spinner } from "../components/Stars.tsx";
import { addItemToCart, quantityInCart } from "../lib/add_item.ts";
import { getJson } from "../lib/api.ts";
import { apiSearch, type ListQuery, listSearch } from "../lib/list_query.ts";
import { useListing } from "../lib/use_listing.ts";
import { useI18n } from "../i18n/mod.ts";
import { helpOf, type ListPage, type WireSearchHelp } from "../lib/search_help.ts";
import { SearchHelp } from "../components/SearchHelp.tsx";
import { SortField } from "../components/SortField.tsx";
import { stationeryFromWire } from "../lib/wire.ts";
import type { WirePage, WireStationery } from "../../http/wire/records.ts";

export interface StationeryListProps {
  query: ListQuery;
  page: ListPage<StationeryItem>;
  categories: Category[];
}

async function loadStationery(
  query: ListQuery,
  signal: AbortSignal,
): Promise<ListPage<StationeryItem>> {
  const body = await getJson<WirePage<WireStationery> & WireSearchHelp>(
    `/api/stationery${apiSearch(query)}`,
    signal,
  );
  return {
    items: body.data.map(stationeryFromWire),
    page: body.page,
    pageSize: body.pageSize,
    total: body.total,
    help: helpOf(body),
  };
}

export function StationeryList({ query, page, categories }: StationeryListProps) {
  const i18n = useI18n();
  const { t, href } = i18n;
  const home = href("/stationery");
  const listing = useListing(home, { query, page }, loadStationery);
  const [chosen, setChosen] = useState<StationeryItem | null>(null);
  const q = listing.query;
  return (
    <div className="listing">
      <FilterPanel
        action={home}
        query={q}
        categories={categories}
        onChange={listing.navigate}
      />
      <section
        className="results"
        aria-label={t("list.stationery")}
        aria-busy={listing.loading}
        ref={listing.resultsRef}
      >
        <div className="results-bar">
          <ResultCount total={listing.page.total} message="list.itemsFound" />
          <SortField action={home} query={q} onChange={listing.navigate} />
        </div>
        {listing.loading
          ? (
            <div className="results-loading">
              <Spinner label={t("list.loadingStationery")} />
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
              <p className="empty">{t("list.noStationery")}</p>
              <SearchHelp q={q.q} path="/stationery" help={listing.page.help} />
            </>
          )
          : (
            <ul className="grid">
              {listing.page.items.map((item, i) => (
                <li key={item.id}>
                  <StationeryCard item={item} index={i} onAdd={() => setChosen(item)} />
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
      {chosen
        ? (
          <QuantityDialog
            title={chosen.title}
            priceCents={chosen.priceCents}
            stock={chosen.stock}
            inCart={quantityInCart({ type: "stationery", id: chosen.id })}
            onAdd={(n) => addItemToCart(i18n, stationeryCartItem(chosen), n)}
            onClose={() => setChosen(null)}
          />
        )
        : null}
    </div>
  );
}
