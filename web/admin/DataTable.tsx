/**
 * A table on @tanstack/react-table that scrolls inside its own box, sorted on the server
 * by its column headers, and its pager.
 */
import {
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  type OnChangeFn,
  type SortingState,
  useReactTable,
} from "@tanstack/react-table";

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
  /** One column at a time; the owner asks the server for the list in this order. */
  sorting: SortingState;
  onSortingChange: OnChangeFn<SortingState>;
}

/**
 * The rows come sorted and paged from the server (manual sorting): a header click changes
 * `sorting` and the owner loads the list again, so the whole catalogue is in order, not
 * only the page on screen. Each column sorts ascending first, then descending, then not.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { caption, columns, data, getRowId, meta, busy, empty, sorting, onSortingChange } = props;
  const table = useReactTable({
    data,
    columns,
    state: { sorting },
    onSortingChange,
    manualSorting: true,
    enableMultiSort: false,
    sortDescFirst: false,
    getCoreRowModel: getCoreRowModel(),
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
                <td
                  key={cell.id}
                  data-column={cell.column.id}
                  data-label={typeof cell.column.columnDef.header === "string"
                    ? cell.column.columnDef.header
                    : cell.column.id}
                >
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

/**
 * Previous / next paging over a server-paged list. A search's total counted up to a bound
 * (`totalCapped`: domain/catalogue/search_count.ts) is said as "1,000+" and keeps Next.
 */
export function Pager(
  { page, pageSize, total, totalCapped = false, onPage, label }: {
    page: number;
    pageSize: number;
    total: number;
    totalCapped?: boolean;
    onPage: (page: number) => void;
    label: string;
  },
) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const more = totalCapped ? "+" : "";
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
        Page {totalCapped ? page : Math.min(page, pages)} of {pages}
        {more} ({total.toLocaleString("en-US")}
        {more} in all)
      </span>
      <button
        type="button"
        className="button-secondary"
        disabled={page >= pages && !totalCapped}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
