/**
 * A dashboard table of books or stationery: pages sorted by the server, price updates and
 * deletes.
 */
import { useCallback, useMemo, useState } from "react";
import type { ColumnDef, OnChangeFn, SortingState } from "@tanstack/react-table";
import { ConfirmDialog, type ConfirmRequest } from "../ConfirmDialog.tsx";
import { useAdmin } from "../context.ts";
import { DataTable, Pager } from "../DataTable.tsx";
import {
  ADMIN_PAGE_SIZE,
  deleteProduct,
  listBooks,
  listStationery,
  type ProductKind,
  updatePrice,
} from "../endpoints.ts";
import { Loading, Notice } from "../Feedback.tsx";
import { useLoad, useNotice, useRowNotice } from "../hooks.ts";
import {
  BOOK_COLUMNS,
  type ProductRow,
  type ProductTableMeta,
  STATIONERY_COLUMNS,
} from "./CatalogueColumns.tsx";
import { parsePrice } from "../validation.ts";
import { sortQuery } from "../table_sort.ts";
import { deletedMessage, deleteQuestion } from "./deletion.ts";
import { listArchived } from "./endpoints.ts";
import type { WirePage } from "../../../contract/records.ts";

interface KindText {
  heading: string;
  empty: string;
  priceUpdated: string;
  priceFailed: string;
  deleteFailed: string;
  deleteTitle: string;
}

const TEXT: Record<ProductKind, KindText> = {
  books: {
    heading: "Books",
    empty: "No books available",
    priceUpdated: "Book price updated successfully",
    priceFailed: "Failed to update book price",
    deleteFailed: "Failed to delete book",
    deleteTitle: "Delete book",
  },
  stationery: {
    heading: "Stationery",
    empty: "No stationery items available",
    priceUpdated: "Stationery price updated successfully",
    priceFailed: "Failed to update stationery price",
    deleteFailed: "Failed to delete stationery item",
    deleteTitle: "Delete stationery item",
  },
};

/** `version` changes when a form added an item, so the table loads again. */
export function ProductSection({ kind, version }: { kind: ProductKind; version: number }) {
  const { api, may } = useAdmin();
  const editing = may("catalogue_edit");
  const text = TEXT[kind];
  const [page, setPage] = useState(1);
  const [sorting, setSorting] = useState<SortingState>([]);
  const [list, reload] = useLoad<WirePage<ProductRow>>(
    () => {
      const query = { page, ...sortQuery(sorting) };
      return kind === "books"
        ? listBooks(api, query) as Promise<WirePage<ProductRow>>
        : listStationery(api, query) as Promise<WirePage<ProductRow>>;
    },
    [api, kind, page, sorting, version],
  );
  // A new order starts again from its first page.
  const sortBy: OnChangeFn<SortingState> = useCallback((change) => {
    setSorting((current) => typeof change === "function" ? change(current) : change);
    setPage(1);
  }, []);
  // Deleting takes the row away: that result floats at the bottom of the screen. Every
  // other result shows in its row, beside the button pressed.
  const { notice, success, clear } = useNotice();
  const { rowNotice, rowSuccess, rowFailure, clearRow } = useRowNotice();
  const [prices, setPrices] = useState<Record<number, string>>({});
  const [priceErrors, setPriceErrors] = useState<Record<number, string>>({});
  const [busyId, setBusyId] = useState<number | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);

  const setPrice = useCallback((id: number, value: string) => {
    setPrices((all) => ({ ...all, [id]: value }));
    setPriceErrors((all) => {
      const { [id]: _dropped, ...rest } = all;
      return rest;
    });
  }, []);

  const update = useCallback(async (row: ProductRow) => {
    const parsed = parsePrice(prices[row.id] ?? String(row.price));
    if (!parsed.ok) {
      setPriceErrors((all) => ({ ...all, [row.id]: parsed.message }));
      rowFailure(row.id, text.priceFailed);
      return;
    }
    setBusyId(row.id);
    clear();
    try {
      await updatePrice(api, kind, row.id, parsed.value);
      rowSuccess(row.id, text.priceUpdated);
      setPrices(({ [row.id]: _done, ...rest }) => rest);
      reload();
    } catch {
      rowFailure(row.id, text.priceFailed);
    } finally {
      setBusyId(null);
    }
  }, [api, kind, prices, text, rowSuccess, rowFailure, clear, reload]);

  const remove = useCallback((row: ProductRow) => {
    setConfirm({
      title: text.deleteTitle,
      message: deleteQuestion(kind, row.title),
      confirmLabel: "Delete",
      onConfirm: async () => {
        setBusyId(row.id);
        clearRow();
        try {
          await deleteProduct(api, kind, row.id);
          // The answer is the same for both (204): the archive says whether orders kept it.
          const archived = await listArchived<ProductRow>(api, kind, { page: 1, q: row.title })
            .then((found) => found.data.some((p) => p.id === row.id), () => false);
          success(deletedMessage(kind, { title: row.title, archived }));
          reload();
        } catch {
          rowFailure(row.id, text.deleteFailed);
        } finally {
          setBusyId(null);
        }
      },
    });
  }, [api, kind, text, success, rowFailure, clearRow, reload]);

  const meta: ProductTableMeta = useMemo(
    () => ({ prices, priceErrors, setPrice, update, remove, busyId, rowNotice, editing }),
    [prices, priceErrors, setPrice, update, remove, busyId, rowNotice, editing],
  );
  const columns = (kind === "books" ? BOOK_COLUMNS : STATIONERY_COLUMNS) as ColumnDef<
    ProductRow,
    unknown
  >[];
  const headingId = `${kind}-table-heading`;

  return (
    <section className="panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{text.heading}</h2>
      {list.state === "error" && (
        <p role="alert" className="notice notice-failure">
          Error fetching data: {list.message}
        </p>
      )}
      {list.state === "loading" && !list.data && <Loading />}
      {list.data && (
        <>
          <DataTable
            caption={text.heading}
            columns={columns}
            data={list.data.data}
            getRowId={(row) => String(row.id)}
            meta={meta}
            busy={list.state === "loading"}
            empty={text.empty}
            sorting={sorting}
            onSortingChange={sortBy}
          />
          <Pager
            page={page}
            pageSize={list.data.pageSize ?? ADMIN_PAGE_SIZE}
            total={list.data.total}
            totalCapped={list.data.totalCapped}
            onPage={setPage}
            label={`${text.heading} pages`}
          />
        </>
      )}
      <Notice notice={notice} onDismiss={clear} floating />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </section>
  );
}
