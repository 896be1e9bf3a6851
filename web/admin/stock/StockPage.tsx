/** Stock Management: add stock, reprice and set pre-orders, searched by title on the server. */
import { useCallback, useEffect, useState } from "react";
import { useAdmin } from "../context.ts";
import { Pager } from "../DataTable.tsx";
import { PreorderOrders } from "./PreorderOrders.tsx";
import {
  ADMIN_PAGE_SIZE,
  listBooks,
  listStationery,
  type ProductKind,
  updateStock,
} from "../endpoints.ts";
import { Loading } from "../Feedback.tsx";
import { useDebounced, useLoad, useRowNotice } from "../hooks.ts";
import { savedMessage, type StockChanges } from "./stock.ts";
import { type StockItem, StockRow } from "./StockRow.tsx";
import type { WirePage } from "../../../contract/records.ts";
import { formatRupees } from "../format.ts";
import { ProductLink } from "../catalogue/ProductLink.tsx";
import { loadWaiting, waitingCounts } from "./waiting.ts";
import { WaitingBadge, WaitingPanel } from "./WaitingPanel.tsx";

const BOOK_HEADERS = [
  "ID",
  "Title",
  "Current Quantity",
  "Add to Stock",
  "Current Price",
  "New Price",
  "Preorder",
  "Preorder Date",
  "Preordered Stock",
  "Actions",
];
const STATIONERY_HEADERS = [...BOOK_HEADERS.slice(0, 6), "Actions"];
/** Staff adjust stock on a product's page; adding stock and prices here are the owner's. */
const VIEW_HEADERS = ["ID", "Title", "Current Quantity", "Current Price", "Actions"];

function StockSection({ kind, q }: { kind: ProductKind; q: string }) {
  const { api, may } = useAdmin();
  const editing = may("catalogue_edit");
  const [page, setPage] = useState(1);
  useEffect(() => setPage(1), [q]);
  const [list, reload] = useLoad<WirePage<StockItem>>(
    () => kind === "books" ? listBooks(api, { page, q }) : listStationery(api, { page, q }),
    [api, kind, page, q],
  );
  // How many shoppers wait for each product, shown beside its quantity.
  const [waiting] = useLoad(() => loadWaiting(api), [api, list.data]);
  const counts = waitingCounts(waiting.data ?? []);
  // Each result shows in its row, beside the Update button pressed.
  const { rowNotice, rowSuccess, rowFailure, clearRow, clearRowOf } = useRowNotice();
  const heading = kind === "books" ? "Books" : "Stationery";
  const headers = !editing ? VIEW_HEADERS : kind === "books" ? BOOK_HEADERS : STATIONERY_HEADERS;

  // A pre-ordered book whose stock was just added or marked arrived: the orders waiting for it.
  const [arrived, setArrived] = useState<number | null>(null);

  const save = useCallback(async (item: StockItem, changes: StockChanges) => {
    clearRow();
    try {
      await updateStock(api, kind, item.id, changes);
    } catch {
      rowFailure(item.id, "Failed to save the changes");
      return false;
    }
    // Says what was saved: a new price is not a stock update.
    rowSuccess(item.id, savedMessage(changes));
    const arrives = kind === "books" && item.preorder === 1 &&
      ((changes.addStock ?? 0) > 0 || changes.preorder === false);
    setArrived(arrives ? item.id : null);
    reload();
    return true;
  }, [api, kind, clearRow, rowSuccess, rowFailure, reload]);

  return (
    <section className="panel" aria-labelledby={`stock-${kind}-heading`}>
      <h3 id={`stock-${kind}-heading`}>{heading}</h3>
      {list.state === "error" && (
        <p role="alert" className="notice notice-failure">Error fetching data: {list.message}</p>
      )}
      {list.state === "loading" && !list.data && <Loading />}
      {list.data && (
        <>
          <div
            className="table-scroll"
            role="region"
            aria-label={`${heading} stock`}
            tabIndex={0}
            aria-busy={list.state === "loading"}
          >
            <table className="data-table stock-table">
              <thead>
                <tr>{headers.map((h) => <th key={h} scope="col">{h}</th>)}</tr>
              </thead>
              <tbody>
                {list.data.data.length === 0 && (
                  <tr>
                    <td colSpan={headers.length} className="table-empty">
                      {kind === "books" ? "No books available" : "No stationery items available"}
                    </td>
                  </tr>
                )}
                {list.data.data.map((item) => {
                  const waiting =
                    counts.get(`${kind === "books" ? "book" : "stationery"}:${item.id}`) ?? 0;
                  return !editing
                    ? <StockViewRow key={item.id} kind={kind} item={item} waiting={waiting} />
                    : (
                      <StockRow
                        // A fresh row after each save, so its inputs start empty again.
                        key={`${item.id}:${item.stock}:${item.price}:${item.preorder}:${item.preorder_date}:${item.preordered_stock}`}
                        item={item}
                        waiting={waiting}
                        withPreorder={kind === "books"}
                        notice={rowNotice}
                        onEdit={() => clearRowOf(item.id)}
                        onSave={save}
                        onNothing={() =>
                          rowFailure(item.id, "Nothing to update: enter a new value first")}
                        onInvalid={() => rowFailure(item.id, "Not saved: check the marked fields")}
                      />
                    );
                })}
              </tbody>
            </table>
          </div>
          <Pager
            page={page}
            pageSize={list.data.pageSize ?? ADMIN_PAGE_SIZE}
            total={list.data.total}
            totalCapped={list.data.totalCapped}
            onPage={setPage}
            label={`${heading} stock pages`}
          />
          {arrived !== null && <PreorderOrders key={arrived} bookId={arrived} always />}
        </>
      )}
    </section>
  );
}

/** A row staff see: the stock, and the way to the product's page where they adjust it. */
function StockViewRow(
  { kind, item, waiting }: { kind: ProductKind; item: StockItem; waiting: number },
) {
  return (
    <tr>
      <td data-label="ID">{item.id}</td>
      <td data-label="Title" className="cell-title">{item.title}</td>
      <td data-label="Current Quantity">
        {item.stock} <WaitingBadge count={waiting} />
      </td>
      <td data-label="Current Price" className="cell-money">{formatRupees(item.price)}</td>
      <td data-label="Actions" className="cell-actions">
        <ProductLink kind={kind} id={item.id} label={`Adjust stock of ${item.title}`}>
          Adjust stock
        </ProductLink>
      </td>
    </tr>
  );
}

export function StockPage() {
  const [search, setSearch] = useState("");
  const q = useDebounced(search.trim(), 300);
  return (
    <div className="stock-page">
      <h2 className="page-heading">Stock Management</h2>
      <form className="stock-search" role="search" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="stock-search">Search by title</label>
        <input
          id="stock-search"
          type="search"
          value={search}
          placeholder="Title"
          onChange={(e) => setSearch(e.target.value)}
        />
      </form>
      <StockSection kind="books" q={q} />
      <StockSection kind="stationery" q={q} />
      <WaitingPanel />
    </div>
  );
}
