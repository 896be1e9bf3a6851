/**
 * Shoppers waiting: the products shoppers asked to be told about when they are back, how
 * many wait for each and since when, beside the stock now, sortable by each column. A
 * signal for what to reorder; each row leads to the product's page.
 */
import { useState } from "react";
import { useAdmin } from "../context.ts";
import { Loading } from "../Feedback.tsx";
import { useLoad } from "../hooks.ts";
import { loadWaiting, sortWaiting, type WaitingSortKey } from "./waiting.ts";

const COLUMNS: [WaitingSortKey | null, string][] = [
  [null, "Product"],
  ["title", "Title"],
  ["waiting", "Waiting"],
  ["stock", "Stock now"],
  ["oldest", "Waiting since"],
];

/** A badge of how many shoppers wait for a product; nothing when none do. */
export function WaitingBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="badge badge-waiting" title="Shoppers waiting to be told it is back">
      {count} waiting
    </span>
  );
}

export function WaitingPanel() {
  const { api } = useAdmin();
  const [list] = useLoad(() => loadWaiting(api), [api]);
  const [sort, setSort] = useState<{ by: WaitingSortKey; direction: "asc" | "desc" }>({
    by: "waiting",
    direction: "desc",
  });
  const rows = list.data ? sortWaiting(list.data, sort.by, sort.direction) : [];
  const toggle = (by: WaitingSortKey) =>
    setSort((now) => ({
      by,
      direction: now.by === by ? (now.direction === "asc" ? "desc" : "asc") : "desc",
    }));
  return (
    <section className="panel" aria-labelledby="waiting-heading">
      <h3 id="waiting-heading">Shoppers waiting for stock</h3>
      <p className="panel-hint">
        Each asked to be mailed once when the product can be bought again: a signal for what to
        reorder. Adding stock mails them.
      </p>
      {list.state === "error" && (
        <p role="alert" className="notice notice-failure">Error fetching data: {list.message}</p>
      )}
      {list.state === "loading" && !list.data && <Loading />}
      {list.data && (
        <div className="table-scroll" role="region" aria-label="Shoppers waiting" tabIndex={0}>
          <table className="data-table waiting-table">
            <thead>
              <tr>
                {COLUMNS.map(([key, label]) => (
                  <th
                    key={label}
                    scope="col"
                    aria-sort={key && sort.by === key
                      ? (sort.direction === "asc" ? "ascending" : "descending")
                      : undefined}
                  >
                    {key
                      ? (
                        <button
                          type="button"
                          className="sort-button"
                          onClick={() => toggle(key)}
                        >
                          {label}
                        </button>
                      )
                      : label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 && (
                <tr>
                  <td colSpan={COLUMNS.length} className="table-empty">
                    Nobody is waiting for a product
                  </td>
                </tr>
              )}
              {rows.map((w) => (
                <tr key={`${w.type}:${w.id}`}>
                  <td data-label="Product">{w.type === "book" ? "Book" : "Stationery"}</td>
                  <td data-label="Title">
                    <a href={`/admin/${w.type === "book" ? "books" : "stationery"}/${w.id}`}>
                      {w.title}
                    </a>
                    {w.archived ? " (archived)" : ""}
                  </td>
                  <td data-label="Waiting">{w.waiting}</td>
                  <td data-label="Stock now">{w.stock}</td>
                  <td data-label="Waiting since">
                    {new Date(w.oldest).toLocaleDateString("en-GB")}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
