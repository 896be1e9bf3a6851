/**
 * Archived products (deleted while orders name them): listed with the stock they hold,
 * including stock a rejected order returned, and put back on sale with Restore.
 */
import { useState } from "react";
import { messageOf } from "../api.ts";
import { useAdmin } from "../context.ts";
import { Pager } from "../DataTable.tsx";
import { ADMIN_PAGE_SIZE, type ProductKind } from "../endpoints.ts";
import { Loading, Notice } from "../Feedback.tsx";
import { useLoad, useNotice } from "../hooks.ts";
import type { WireBook, WireStationery } from "../../../contract/records.ts";
import { listArchived, restoreProduct } from "./endpoints.ts";

export function ArchivedPanel({ kind }: { kind: ProductKind }) {
  const { api, may } = useAdmin();
  const [page, setPage] = useState(1);
  const [list, reload] = useLoad(
    () => listArchived<WireBook | WireStationery>(api, kind, { page }),
    [api, kind, page],
  );
  const { notice, success, failure, clear } = useNotice();
  const [busyId, setBusyId] = useState<number | null>(null);
  const heading = kind === "books" ? "Archived books" : "Archived stationery";
  const id = `archived-${kind}`;

  async function restore(row: { id: number; title: string }) {
    clear();
    setBusyId(row.id);
    try {
      await restoreProduct(api, kind, row.id);
      success(`"${row.title}" is on sale again`);
      reload();
    } catch (error) {
      failure(`Failed to restore "${row.title}": ${messageOf(error)}`);
    } finally {
      setBusyId(null);
    }
  }

  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      {list.state === "loading" && !list.data && <Loading />}
      {list.state === "error" && (
        <p role="alert" className="notice notice-failure">Error fetching data: {list.message}</p>
      )}
      {list.data?.data.length === 0 && <p className="empty">Nothing is archived</p>}
      {list.data && list.data.data.length > 0 && (
        <>
          <ul className="archived-list">
            {list.data.data.map((row) => (
              <li key={row.id}>
                <span>
                  {row.title} <span className="muted">(stock {row.stock})</span>
                </span>
                {may("catalogue_edit") && (
                  <button
                    type="button"
                    className="button-secondary"
                    disabled={busyId !== null}
                    aria-busy={busyId === row.id}
                    onClick={() => restore(row)}
                  >
                    Restore<span className="visually-hidden">{row.title}</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            pageSize={list.data.pageSize ?? ADMIN_PAGE_SIZE}
            total={list.data.total}
            onPage={setPage}
            label={`${heading} pages`}
          />
        </>
      )}
      <Notice notice={notice} onDismiss={clear} />
    </section>
  );
}
