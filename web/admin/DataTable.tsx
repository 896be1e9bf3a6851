/** A sortable table on @tanstack/react-table that scrolls inside its own box, and its pager. */
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  type SortingState,
  useReactTable,
} from "@tanstack/react-table";
import { useState } from "react";

interface DataTableProps<T> {
  caption: string;
  // deno-lint-ignore no-explicit-any
  columns: ColumnDef<T, any>[];
  data: T[];
  getRowId: (row: T) => string;
  /** Handed to the cells as `table.options.meta`. */
  meta?: unknown;
  busy?: boolean;
  empty: string;
}

/** Sorting applies to the rows on screen (the server pages the list). */
export function DataTable<T>(
  { caption, columns, data, getRowId, meta, busy, empty }: DataTableProps<T>,
) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const table = useReactTable({
    data,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId,
    meta: meta as Record<string, unknown>,
  });
  return (
    <div className="table-scroll" role="region" aria-label={caption} tabIndex={0} aria-busy={busy}>
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                const label = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sorted === "asc"
                      ? "ascending"
                      : sorted === "desc"
                      ? "descending"
                      : undefined}
                  >
                    {header.column.getCanSort()
                      ? (
                        <button
                          type="button"
                          className="sort-button"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {label}
                          <span aria-hidden="true" className="sort-mark">
                            {sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : "↕"}
                          </span>
                        </button>
                      )
                      : label}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.length === 0 && (
            <tr>
              <td colSpan={columns.length} className="table-empty">{empty}</td>
            </tr>
          )}
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} data-column={cell.column.id}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Previous / next paging over a server-paged list. */
export function Pager(
  { page, pageSize, total, onPage, label }: {
    page: number;
    pageSize: number;
    total: number;
    onPage: (page: number) => void;
    label: string;
  },
) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="pager" aria-label={label}>
      <button
        type="button"
        className="button-secondary"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      <span>
        Page {Math.min(page, pages)} of {pages} ({total} in all)
      </span>
      <button
        type="button"
        className="button-secondary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
