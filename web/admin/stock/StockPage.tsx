/** Stock Management: add stock, reprice and set pre-orders, searched by title on the server. */
import { useCallback, useEffect, useState } from "react";
import { useAdmin } from "../context.ts";
import { Pager } from "../DataTable.tsx";
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
import { loadWaiting, waitingCounts } from "./waiting.ts";
import { WaitingPanel } from "./WaitingPanel.tsx";

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

function StockSection({ kind, q }: { kind: ProductKind; q: string }) {
  const { api } = useAdmin();
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
  const headers = kind === "books" ? BOOK_HEADERS : STATIONERY_HEADERS;

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
                {list.data.data.map((item) => (
                  <StockRow
                    // A fresh row after each save, so its inputs start empty again.
                    key={`${item.id}:${item.stock}:${item.price}:${item.preorder}:${item.preorder_date}:${item.preordered_stock}`}
                    item={item}
                    waiting={counts.get(`${kind === "books" ? "book" : "stationery"}:${item.id}`) ??
                      0}
                    withPreorder={kind === "books"}
                    notice={rowNotice}
                    onEdit={() => clearRowOf(item.id)}
                    onSave={save}
                    onNothing={() =>
                      rowFailure(item.id, "Nothing to update: enter a new value first")}
                    onInvalid={() => rowFailure(item.id, "Not saved: check the marked fields")}
                  />
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={page}
            pageSize={list.data.pageSize ?? ADMIN_PAGE_SIZE}
            total={list.data.total}
            onPage={setPage}
            label={`${heading} stock pages`}
          />
        </>
      )}
    </section>
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
