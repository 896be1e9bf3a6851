/** The Stationery Store list: filters, grid, pager and the quantity popup. */
import { useState } from "react";
import type { Category, StationeryItem } from "../../domain/catalogue/model.ts";
import { stationeryCartItem } from "../../domain/cart/cart.ts";
import { type ListingKind, ProductListing } from "../components/ProductListing.tsx";
import { QuantityDialog } from "../components/QuantityDialog.tsx";
import { StationeryCard } from "../components/StationeryCard.tsx";
import { Dialog } from "../components/Dialog.tsx";
import { StockAlert } from "./StockAlert.tsx";
import { addItemToCart, quantityInCart } from "../lib/add_item.ts";
import type { ListQuery } from "../lib/list_query.ts";
import { listingApi } from "../lib/listing_calls.ts";
import type { ListPage } from "../lib/search_help.ts";
import { useI18n } from "../i18n/mod.ts";
import type { Shelved } from "../../domain/promotions/shelf_price.ts";

export interface StationeryListProps {
  query: ListQuery;
  /** Each item with what one copy costs now. */
  page: ListPage<Shelved<StationeryItem>>;
  categories: Category[];
  /** The copies of one item an order may hold (`MAX_LINE_QUANTITY`, from the server). */
  maxPerLine: number;
}

const STATIONERY: ListingKind<Shelved<StationeryItem>> = {
  path: "/stationery",
  load: async (query, signal) => (await listingApi()).loadStationery(query, signal),
  withAuthor: false,
  words: {
    region: "list.stationery",
    found: "list.itemsFound",
    foundAtLeast: "list.itemsFoundAtLeast",
    loading: "list.loadingStationery",
    none: "list.noStationery",
    noMatch: "list.noStationeryMatch",
    all: "list.allStationery",
  },
};

export function StationeryList({ query, page, categories, maxPerLine }: StationeryListProps) {
  const i18n = useI18n();
  const [chosen, setChosen] = useState<Shelved<StationeryItem> | null>(null);
  const [waitFor, setWaitFor] = useState<Shelved<StationeryItem> | null>(null);
  return (
    <ProductListing
      kind={STATIONERY}
      query={query}
      page={page}
      categories={categories}
      card={(item, i) => (
        <StationeryCard
          item={item}
          index={i}
          onAdd={() => setChosen(item)}
          onNotify={() => setWaitFor(item)}
        />
      )}
    >
      {waitFor
        ? (
          <Dialog
            title={`${i18n.t("stockAlert.heading")}: ${waitFor.title}`}
            onClose={() => setWaitFor(null)}
          >
            <StockAlert type="stationery" id={waitFor.id} bare />
            <button type="button" className="button button-ghost" onClick={() => setWaitFor(null)}>
              {i18n.t("stockAlert.close")}
            </button>
          </Dialog>
        )
        : null}
      {chosen
        ? (
          <QuantityDialog
            title={chosen.title}
            priceCents={chosen.priceCents}
            shelf={chosen.shelf}
            stock={chosen.stock}
            inCart={quantityInCart({ type: "stationery", id: chosen.id })}
            maxPerLine={maxPerLine}
            onAdd={(n) => addItemToCart(i18n, stationeryCartItem(chosen), n, maxPerLine)}
            onClose={() => setChosen(null)}
          />
        )
        : null}
    </ProductListing>
  );
}
