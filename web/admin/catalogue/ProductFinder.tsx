/** Books (by title, author or ISBN-13) or stationery (by title) searched on the server. */
import { useEffect, useState } from "react";
import { useAdmin } from "../context.ts";
import { Pager } from "../DataTable.tsx";
import { ADMIN_PAGE_SIZE, listBooks, listStationery, type ProductKind } from "../endpoints.ts";
import { Loading } from "../Feedback.tsx";
import { useLoad } from "../hooks.ts";
import type { WireBook, WirePage, WireStationery } from "../../../contract/records.ts";
import { ProductLink } from "./ProductLink.tsx";

type Row = WireBook | WireStationery;

export function ProductFinder({ kind }: { kind: ProductKind }) {
  const { api } = useAdmin();
  const [typed, setTyped] = useState("");
  const [q, setQ] = useState("");
  const [page, setPage] = useState(1);
  // Ask the server once typing pauses, from the first page.
  useEffect(() => {
    const timer = setTimeout(() => {
      setQ(typed.trim());
      setPage(1);
    }, 250);
    return () => clearTimeout(timer);
  }, [typed]);
  const [list] = useLoad<WirePage<Row>>(
    () =>
      kind === "books"
        ? listBooks(api, { page, q }) as Promise<WirePage<Row>>
        : listStationery(api, { page, q }) as Promise<WirePage<Row>>,
    [api, kind, page, q],
  );
  const books = kind === "books";
  const heading = books ? "Edit books" : "Edit stationery";
  const id = `finder-${kind}`;
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      <label className="field search-field">
        {books ? "Search books by title, author or ISBN" : "Search stationery by title"}
        <input type="search" value={typed} onChange={(e) => setTyped(e.target.value)} />
      </label>
      {list.state === "error" && (
        <p role="alert" className="notice notice-failure">Error fetching data: {list.message}</p>
      )}
      {list.state === "loading" && !list.data && <Loading />}
      {list.data && list.data.data.length === 0 && (
        <p className="empty">{q ? `Nothing matches "${q}"` : "Nothing in the catalogue yet"}</p>
      )}
      {list.data && list.data.data.length > 0 && (
        <div className="table-scroll" aria-busy={list.state === "loading"}>
          <table className="data-table">
            <caption className="visually-hidden">{heading}</caption>
            <thead>
              <tr>
                <th scope="col">Title</th>
                {books && <th scope="col">Author</th>}
                {books && <th scope="col" className="wide-only">ISBN-13</th>}
                <th scope="col" className="wide-only">Category</th>
                <th scope="col">Stock</th>
                <th scope="col">
                  <span className="visually-hidden">Edit</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.data.data.map((row) => (
                <tr key={row.id}>
                  <td data-label="Title" className="cell-title">
                    <ProductLink kind={kind} id={row.id}>{row.title}</ProductLink>
                  </td>
                  {books && <td data-label="Author">{(row as WireBook).author}</td>}
                  {books && (
                    <td data-label="ISBN-13" className="wide-only">
                      {(row as WireBook).isbn13}
                    </td>
                  )}
                  <td data-label="Category" className="wide-only">{row.category_name}</td>
                  <td data-label="Stock">{row.stock}</td>
                  <td data-label="Edit">
                    <ProductLink kind={kind} id={row.id} label={`Edit ${row.title}`}>
                      Edit
                    </ProductLink>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.data && (
        <Pager
          page={page}
          pageSize={list.data.pageSize ?? ADMIN_PAGE_SIZE}
          total={list.data.total}
          totalCapped={list.data.totalCapped}
          onPage={setPage}
          label={`${heading} pages`}
        />
      )}
    </section>
  );
}
