/**
 * The owner's orders: the day's figures, a server-paged table the search and filters narrow
 * (kept in the admin URL, so a reload or the back button keeps them), and its CSV export.
 */
import { type ColumnDef, createColumnHelper } from "@tanstack/react-table";
import { useCallback, useEffect, useState } from "react";
import { messageOf } from "../api.ts";
import { useAdmin } from "../context.ts";
import { DataTable, Pager } from "../DataTable.tsx";
import { fewestInStock, listOrders, orderStats } from "../endpoints.ts";
import { Loading, Notice } from "../Feedback.tsx";
import { formatDateTime, formatLkr, formatRupees, preorderLabel } from "../format.ts";
import { useDebounced, useLoad, useNotice } from "../hooks.ts";
import { navigate } from "../navigation.ts";
import { editPath } from "../router.ts";
import {
  filtersFromSearch,
  filtersToSearch,
  LOW_STOCK,
  NO_FILTERS,
  orderFigures,
  type OrderFilters,
  orderPath,
  PAYMENT_LABELS,
  STATUS_LABELS,
} from "./orders.ts";
import { downloadOrdersCsv } from "./slip.ts";
import { PAYMENT_METHODS } from "../../../domain/orders/model.ts";
import { PAYMENT_POLICIES } from "../../../domain/orders/payment_policy.ts";
import type { WireOrder } from "../../../contract/records.ts";

/** "1 paid order", "3 paid orders". */
export function paidOrdersText(count: number): string {
  return `${count} paid order${count === 1 ? "" : "s"}`;
}

/** The list's filters as last shown, so that an order's page can lead back to them. */
let lastListSearch = "";

/** The admin URL of the order list with the filters it last had. */
export function ordersListPath(): string {
  return `/admin/orders${lastListSearch}`;
}

const column = createColumnHelper<WireOrder>();

// deno-lint-ignore no-explicit-any
const COLUMNS: ColumnDef<WireOrder, any>[] = [
  column.accessor("id", {
    header: "Order",
    enableSorting: false,
    cell: (info) => (
      <a
        href={orderPath(info.getValue())}
        onClick={(event) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey) return;
          event.preventDefault();
          navigate(orderPath(info.getValue()));
        }}
      >
        #{info.getValue()}
      </a>
    ),
  }),
  column.accessor("order_date", {
    header: "Placed",
    enableSorting: false,
    cell: (info) => <time dateTime={info.getValue()}>{formatDateTime(info.getValue())}</time>,
  }),
  column.accessor("name", {
    header: "Customer",
    enableSorting: false,
    cell: (info) => (
      <span className="order-who">
        {info.getValue()}
        <span className="order-phone">{info.row.original.phone}</span>
      </span>
    ),
  }),
  column.display({
    id: "amount",
    // The order total, whether still owed, paid or cancelled: the Payment column says which.
    header: "Order total",
    cell: (info) => (
      <span className="money">{formatLkr(orderFigures(info.row.original).totalCents)}</span>
    ),
  }),
  column.accessor("status", {
    header: "Status",
    enableSorting: false,
    cell: (info) => {
      const value: WireOrder["status"] = info.getValue();
      const preorders = (info.row.original.items ?? []).filter((item) => item.preorder);
      return (
        <>
          <span className={`badge badge-${value}`}>{STATUS_LABELS[value] ?? value}</span>
          {preorders.length > 0 && (
            // The latest expected date: the order waits for its last pre-ordered book.
            <span className="badge badge-preorder">
              {preorderLabel(
                preorders.every((item) => item.preorder_date)
                  ? preorders.map((item) => item.preorder_date!).sort().at(-1)
                  : null,
              )}
            </span>
          )}
        </>
      );
    },
  }),
  column.accessor("payment_method", { header: "Payment method", enableSorting: false }),
  column.accessor("payment_status", {
    header: "Payment",
    enableSorting: false,
    cell: (info) => {
      const value: WireOrder["payment_status"] = info.getValue();
      return value ? PAYMENT_LABELS[value] : "—";
    },
  }),
];

export function OrdersPage() {
  const { api, may } = useAdmin();
  const [filters, setFilters] = useState<OrderFilters>(() =>
    filtersFromSearch(globalThis.location.search)
  );
  const [search, setSearch] = useState(filters.q);
  const q = useDebounced(search, 300);
  const [exporting, setExporting] = useState(false);
  const { notice, failure, clear } = useNotice();

  // A typed search starts again at page 1 once the typing pauses.
  useEffect(() => {
    setFilters((previous) => previous.q === q ? previous : { ...previous, q, page: 1 });
  }, [q]);

  // The filters live in the URL: a reload, a shared link or the back button keeps them.
  useEffect(() => {
    lastListSearch = filtersToSearch(filters);
    const url = `/admin/orders${lastListSearch}`;
    if (globalThis.location.pathname + globalThis.location.search !== url) {
      globalThis.history.replaceState(null, "", url);
    }
  }, [filters]);

  const [orders] = useLoad(() => listOrders(api, filters), [api, JSON.stringify(filters)]);
  const [stats] = useLoad(() => orderStats(api), [api]);
  const [lowStock] = useLoad(() => fewestInStock(api), [api]);

  const change = <K extends keyof OrderFilters>(name: K, value: OrderFilters[K]) =>
    setFilters((previous) => ({ ...previous, [name]: value, page: 1 }));

  const reset = () => {
    setSearch("");
    setFilters(NO_FILTERS);
  };

  const exportCsv = useCallback(async () => {
    setExporting(true);
    clear();
    try {
      await downloadOrdersCsv(api, { ...filters, q: search });
    } catch (error) {
      failure(`Failed to export the orders: ${messageOf(error)}`);
    } finally {
      setExporting(false);
    }
  }, [api, filters, search, clear, failure]);

  const page = orders.data;
  const filtered = filtersToSearch({ ...filters, page: 1 }) !== "";
  return (
    <div className="orders-page">
      <h2 className="page-heading">All Orders</h2>
      <p className="stat">
        <span>Total of Item Totals in Completed Orders</span>{" "}
        <strong>
          {stats.data
            ? formatRupees(stats.data.completedItemsTotal)
            : stats.state === "error"
            ? "unavailable"
            : "…"}
        </strong>
      </p>
      {stats.data?.today && (
        <dl className="order-summary">
          <div>
            <dt>Orders placed today</dt>
            <dd>
              {stats.data.today.orders}{" "}
              <span className="stat-detail">
                (those not rejected worth {formatRupees(stats.data.today.subtotal)} with delivery)
              </span>
            </dd>
          </div>
          <div>
            <dt>Takings today: payments received</dt>
            <dd>
              {formatRupees(stats.data.today.takings)}{" "}
              <span className="stat-detail">
                from {paidOrdersText(stats.data.today.paidOrders)}
              </span>
            </dd>
          </div>
          <div>
            <dt>Awaiting payment</dt>
            <dd>{stats.data.awaitingPayment}</dd>
          </div>
          <div>
            <dt>Deposit slips to check</dt>
            <dd>{stats.data.proofsToCheck}</dd>
          </div>
        </dl>
      )}
      <section className="low-stock" aria-labelledby="low-stock-heading">
        <h3 id="low-stock-heading">Low stock (at most {LOW_STOCK} left)</h3>
        {lowStock.state === "error" && !lowStock.data && (
          <p className="empty">Unavailable: {lowStock.message}</p>
        )}
        {lowStock.data && lowStock.data.length === 0 && (
          <p className="empty">Nothing is running low</p>
        )}
        {lowStock.data && lowStock.data.length > 0 && (
          <ul>
            {lowStock.data.map((product) => (
              <li key={`${product.kind}-${product.id}`}>
                <a
                  href={editPath(product.kind, product.id)}
                  onClick={(event) => {
                    if (event.metaKey || event.ctrlKey || event.shiftKey) return;
                    event.preventDefault();
                    navigate(editPath(product.kind, product.id));
                  }}
                >
                  {product.title}
                </a>{" "}
                <strong>{product.stock} left</strong>
              </li>
            ))}
          </ul>
        )}
      </section>
      <form className="order-filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <div className="order-filter order-filter-wide">
          <label htmlFor="order-search">Find an order</label>
          <input
            id="order-search"
            type="search"
            value={search}
            placeholder="Order number, name, e-mail or phone"
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div className="order-filter">
          <label htmlFor="order-status">Status</label>
          <select
            id="order-status"
            value={filters.status}
            onChange={(e) => change("status", e.target.value as OrderFilters["status"])}
          >
            <option value="">Any</option>
            <option value="pending">Pending</option>
            <option value="completed">Completed</option>
            <option value="rejected">Rejected</option>
          </select>
        </div>
        <div className="order-filter">
          <label htmlFor="order-payment">Payment</label>
          <select
            id="order-payment"
            value={filters.paymentStatus}
            onChange={(e) =>
              change("paymentStatus", e.target.value as OrderFilters["paymentStatus"])}
          >
            <option value="">Any</option>
            <option value="unpaid">Not paid</option>
            <option value="proof_submitted">Deposit slip to check</option>
            <option value="paid">Paid</option>
          </select>
        </div>
        <div className="order-filter">
          <label htmlFor="order-method">Payment method</label>
          <select
            id="order-method"
            value={filters.paymentMethod}
            onChange={(e) =>
              change("paymentMethod", e.target.value as OrderFilters["paymentMethod"])}
          >
            <option value="">Any</option>
            {PAYMENT_METHODS.map((method) => (
              <option key={method} value={method}>{PAYMENT_POLICIES[method].words.admin}</option>
            ))}
          </select>
        </div>
        <div className="order-filter">
          <label htmlFor="order-from">Placed from</label>
          <input
            id="order-from"
            type="date"
            value={filters.from}
            onChange={(e) => change("from", e.target.value)}
          />
        </div>
        <div className="order-filter">
          <label htmlFor="order-to">Placed to</label>
          <input
            id="order-to"
            type="date"
            value={filters.to}
            onChange={(e) => change("to", e.target.value)}
          />
        </div>
        <div className="order-filter-actions">
          {may("customer_data") && (
            <button
              type="button"
              className="button-secondary"
              onClick={exportCsv}
              disabled={exporting}
              aria-busy={exporting}
            >
              {exporting ? "Exporting…" : "Export CSV"}
            </button>
          )}
          {filtered && (
            <button type="button" className="button-secondary" onClick={reset}>
              Clear filters
            </button>
          )}
        </div>
      </form>
      <Notice notice={notice} onDismiss={clear} />
      {orders.state === "error" && (
        <p role="alert" className="notice notice-failure">
          Error fetching orders: {orders.message}
        </p>
      )}
      {orders.state === "loading" && <Loading label="Loading orders" />}
      {page && (
        <>
          <DataTable
            caption="Orders, newest first"
            columns={COLUMNS}
            data={page.data}
            getRowId={(order) => String(order.id)}
            busy={orders.state === "loading"}
            empty={filtered ? "No orders match" : "No orders yet"}
            sorting={[]}
            onSortingChange={() => {}}
          />
          <Pager
            page={page.page}
            pageSize={page.pageSize}
            total={page.total}
            label="Pages of orders"
            onPage={(next) => setFilters((previous) => ({ ...previous, page: next }))}
          />
        </>
      )}
    </div>
  );
}
