/**
 * The cash on delivery (/admin/cod): every parcel that collects cash, what each courier
 * still holds, and when the cash was collected and remitted. The owner marks a parcel's
 * cash collected (it then counts as received in the reports) and remitted (it reached the
 * shop's account); each is recorded once, for exactly the parcel's amount.
 */
import { useMemo, useState } from "react";
import { createColumnHelper } from "@tanstack/react-table";
import { FULFILMENT_PATHS } from "../../../contract/fulfilment_paths.ts";
import type { z } from "zod";
import type { CodParcelSchema } from "../../../contract/fulfilment.ts";
import { messageOf } from "../api.ts";
import { useAdmin } from "../context.ts";
import { DataTable } from "../DataTable.tsx";
import { Loading, Notice, Spinner } from "../Feedback.tsx";
import { formatDateTime, formatRupees } from "../format.ts";
import { useLoad, useNotice } from "../hooks.ts";
import { PageLink } from "../PageLink.tsx";
import { heldByCouriers, STATUS_WORDS } from "./parcels.ts";
import "./fulfilment.css";

type CodParcel = z.infer<typeof CodParcelSchema>;
const column = createColumnHelper<CodParcel>();

export function CodPage() {
  const { api } = useAdmin();
  const [list, reload] = useLoad(async () => {
    const [cash, couriers] = await Promise.all([
      api.call(FULFILMENT_PATHS.cashWithCouriers),
      api.call(FULFILMENT_PATHS.couriers),
    ]);
    return { cash: cash.data, couriers: couriers.data };
  }, [api]);
  const { notice, success, failure, clear } = useNotice();
  const [busy, setBusy] = useState<string | null>(null);
  const names = useMemo(
    () => new Map((list.data?.couriers ?? []).map((c) => [c.id, c.name])),
    [list.data],
  );

  const record = async (parcel: CodParcel, kind: "collected" | "remitted") => {
    setBusy(`${kind}-${parcel.shipment_id}`);
    clear();
    try {
      await api.call(FULFILMENT_PATHS.cod, {
        params: { id: parcel.shipment_id },
        json: { kind, amount: parcel.due },
      });
      success(
        `Order #${parcel.order_id}: ${formatRupees(parcel.due)} ${
          kind === "collected" ? "collected by the courier" : "remitted to the shop"
        }`,
      );
      reload();
    } catch (error) {
      failure(messageOf(error));
    } finally {
      setBusy(null);
    }
  };

  const columns = useMemo(() => [
    column.accessor("order_id", {
      header: "Order",
      enableSorting: false,
      cell: (info) => (
        <PageLink to={`/admin/orders/${info.getValue()}`}>#{info.getValue()}</PageLink>
      ),
    }),
    column.accessor("courier_id", {
      header: "Courier",
      enableSorting: false,
      cell: (info) => (
        <>
          {names.get(info.getValue()) ?? info.getValue()}
          {info.row.original.waybill && (
            <div className="field-hint">{info.row.original.waybill}</div>
          )}
        </>
      ),
    }),
    column.accessor("status", {
      header: "Parcel",
      enableSorting: false,
      cell: (info) => STATUS_WORDS[info.getValue()],
    }),
    column.accessor("due", {
      header: "Cash",
      enableSorting: false,
      cell: (info) => <span className="money">{formatRupees(info.getValue())}</span>,
    }),
    column.accessor("collected_at", {
      header: "Collected",
      enableSorting: false,
      cell: (info) => info.getValue() ? formatDateTime(info.getValue()!) : "Not yet",
    }),
    column.accessor("remitted_at", {
      header: "Remitted",
      enableSorting: false,
      cell: (info) => info.getValue() ? formatDateTime(info.getValue()!) : "Not yet",
    }),
    column.display({
      id: "actions",
      header: "",
      cell: (info) => {
        const p = info.row.original;
        const kind = p.collected_at === null
          ? "collected"
          : p.remitted_at === null
          ? "remitted"
          : null;
        if (!kind) return null;
        const label = kind === "collected" ? "Mark collected" : "Mark remitted";
        return (
          <div className="cod-actions">
            <button
              type="button"
              className="button-primary"
              disabled={busy !== null}
              aria-label={`${label}: order #${p.order_id}`}
              onClick={() => record(p, kind)}
            >
              {busy === `${kind}-${p.shipment_id}` ? <Spinner label={label} /> : null}
              {label}
            </button>
          </div>
        );
      },
    }),
  ], [names, busy]);

  const cash = list.data?.cash;
  return (
    <div className="cod-page">
      <h2 className="page-title">Cash on delivery</h2>
      <p className="panel-hint">
        A parcel's cash counts as received in the reports once the courier has collected it.
      </p>
      <Notice notice={notice} onDismiss={clear} />
      {list.state === "loading" && !list.data && <Loading />}
      {list.state === "error" && (
        <p role="alert" className="notice notice-failure">Error fetching data: {list.message}</p>
      )}
      {cash && (
        <>
          <section aria-labelledby="cod-held">
            <h3 id="cod-held">Still with couriers</h3>
            {cash.by_courier.length === 0
              ? <p className="empty">No courier holds the shop's cash</p>
              : (
                <ul className="cod-totals">
                  {cash.by_courier.map((b) => (
                    <li key={b.courier_id}>
                      {names.get(b.courier_id) ?? b.courier_id}:{" "}
                      <strong className="money">{formatRupees(b.held)}</strong>
                    </li>
                  ))}
                  <li className="cod-total">
                    All couriers:{" "}
                    <strong className="money">{formatRupees(heldByCouriers(cash))}</strong>
                  </li>
                </ul>
              )}
          </section>
          <DataTable
            caption="Parcels that collect cash"
            columns={columns}
            data={cash.cod_parcels}
            getRowId={(p) => String(p.shipment_id)}
            empty="No parcel collects cash yet"
            sorting={[]}
            onSortingChange={() => {}}
          />
        </>
      )}
    </div>
  );
}
