/**
 * The columns of the dashboard's Books and Stationery tables. They are module constants
 * so that the price inputs keep their focus while the admin types; the row actions and
 * typed prices reach the cells through the table's meta.
 */
import { type CellContext, createColumnHelper } from "@tanstack/react-table";
import { type RowNotice, RowStatus } from "../Feedback.tsx";
import { formatRupees } from "../format.ts";
import { ProductLink } from "./ProductLink.tsx";
import type { WireBook, WireStationery } from "../../../contract/records.ts";

export interface ProductRow {
  id: number;
  title: string;
  price: number;
}

/** What the Price and Actions cells need. */
export interface ProductTableMeta {
  /** Prices as typed, by id; absent ids show the current price. */
  prices: Record<number, string>;
  priceErrors: Record<number, string>;
  setPrice(id: number, text: string): void;
  update(row: ProductRow): void;
  remove(row: ProductRow): void;
  busyId: number | null;
  /** The last row action's result, shown in its row. */
  rowNotice: RowNotice | null;
  /** Whether prices may be changed and products deleted here (the owner's); else read only. */
  editing: boolean;
}

/** A product's title, linking to its edit page. */
function editLink(kind: "books" | "stationery", row: { id: number; title: string }) {
  return <ProductLink kind={kind} id={row.id}>{row.title}</ProductLink>;
}

function metaOf<T>(context: CellContext<T, unknown>): ProductTableMeta {
  return context.table.options.meta as unknown as ProductTableMeta;
}

function PriceCell<T extends ProductRow>(context: CellContext<T, unknown>) {
  const meta = metaOf(context);
  const row = context.row.original;
  const error = meta.priceErrors[row.id];
  if (!meta.editing) return <span className="cell-money">{formatRupees(row.price)}</span>;
  return (
    <div className="price-cell">
      <input
        type="number"
        min={0}
        step="0.01"
        inputMode="decimal"
        aria-label={`Price of ${row.title}`}
        aria-invalid={Boolean(error)}
        title={formatRupees(row.price)}
        value={meta.prices[row.id] ?? String(row.price)}
        onChange={(event) => meta.setPrice(row.id, event.target.value)}
      />
      {error && <span className="field-error">{error}</span>}
    </div>
  );
}

function ActionsCell<T extends ProductRow>(context: CellContext<T, unknown>) {
  const meta = metaOf(context);
  const row = context.row.original;
  const busy = meta.busyId === row.id;
  if (!meta.editing) return <span className="muted">View only</span>;
  return (
    <div className="row-actions">
      <button
        type="button"
        className="button-primary"
        disabled={busy}
        aria-label={`Update price of ${row.title}`}
        onClick={() => meta.update(row)}
      >
        Update
      </button>
      <button
        type="button"
        className="button-danger"
        disabled={busy}
        aria-label={`Delete ${row.title}`}
        onClick={() => meta.remove(row)}
      >
        Delete
      </button>
      <RowStatus notice={meta.rowNotice} id={row.id} />
    </div>
  );
}

const books = createColumnHelper<WireBook>();

export const BOOK_COLUMNS = [
  books.accessor("isbn13", { header: "ISBN-13" }),
  books.accessor("title", { header: "Title", cell: (c) => editLink("books", c.row.original) }),
  books.accessor("author", { header: "Author" }),
  books.accessor("price", { header: "Price", cell: PriceCell }),
  books.accessor("stock", { header: "Stock" }),
  books.accessor("category_name", { header: "Category" }),
  books.accessor("preorder", {
    header: "Preorder",
    // The server has no order for it: the rest of the catalogue would not follow.
    enableSorting: false,
    cell: (context) => (context.getValue() === 1 ? "Yes" : "No"),
  }),
  books.display({ id: "actions", header: "Actions", cell: ActionsCell }),
];

const stationery = createColumnHelper<WireStationery>();

export const STATIONERY_COLUMNS = [
  stationery.accessor("title", {
    header: "Title",
    cell: (c) => editLink("stationery", c.row.original),
  }),
  stationery.accessor("price", { header: "Price", cell: PriceCell }),
  stationery.accessor("stock", { header: "Stock" }),
  stationery.accessor("category_name", { header: "Category" }),
  stationery.display({ id: "actions", header: "Actions", cell: ActionsCell }),
];
