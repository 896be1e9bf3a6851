/**
 * A product's stock adjustments on its edit page: copies taken out (damaged, lost) or put
 * back (found, a recount) with a reason and a note, and the trail of earlier ones with who
 * made them and when. Stock never goes below 0: copies held by orders are not in it.
 */
import { type FormEvent, useState } from "react";
import {
  ADJUSTMENT_REASONS,
  type AdjustmentReason,
  MAX_ADJUSTMENT_NOTE,
  REASON_LABELS,
} from "../../../domain/catalogue/stock_adjustment.ts";
import type { WireStockAdjustment } from "../../../contract/stock_adjustments.ts";
import { messageOf } from "../api.ts";
import { useAdmin } from "../context.ts";
import { PRODUCT_PATHS, type ProductKind } from "../endpoints.ts";
import { Loading, Notice } from "../Feedback.tsx";
import { Field, focusFirstInvalid, SubmitButton } from "../Field.tsx";
import { formatDateTime } from "../format.ts";
import { useLoad, useNotice } from "../hooks.ts";
import type { FieldErrors } from "../validation.ts";
import { type AdjustmentEdit, adjustmentRequest, copies } from "./adjustment.ts";

const EMPTY: AdjustmentEdit = { change: "", reason: "damaged", note: "" };

export function StockAdjustments(
  { kind, id, stock, onAdjusted }: {
    kind: ProductKind;
    id: number;
    /** The stock as the page shows it. */
    stock: number;
    /** The stock after an adjustment. */
    onAdjusted: (stock: number) => void;
  },
) {
  const { api } = useAdmin();
  const paths = PRODUCT_PATHS[kind];
  const [trail, reload] = useLoad(
    async () => (await api.call(paths.stockAdjustments, { params: { id } })).data,
    [api, paths, id],
  );
  const [edit, setEdit] = useState<AdjustmentEdit>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const { notice, success, failure, clear } = useNotice();
  const prefix = `adjust-${kind}`;

  function set<K extends keyof AdjustmentEdit>(name: K, value: AdjustmentEdit[K]) {
    setEdit((all) => ({ ...all, [name]: value }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    clear();
    const request = adjustmentRequest(edit, stock);
    if (request.kind === "invalid") {
      setErrors(request.errors);
      focusFirstInvalid(form);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const made = (await api.call(paths.adjustStock, { params: { id }, json: request.body }))
        .data;
      const { quantity, reason } = made.adjustment;
      success(
        `Stock ${quantity < 0 ? "reduced" : "increased"} by ${copies(Math.abs(quantity))} (${
          REASON_LABELS[reason].toLowerCase()
        }): ${made.stock} in stock now`,
      );
      setEdit(EMPTY);
      onAdjusted(made.stock);
      reload();
    } catch (error) {
      failure(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="panel" aria-labelledby={`${prefix}-heading`}>
      <h2 id={`${prefix}-heading`}>Adjust stock</h2>
      <p className="panel-hint">
        In stock:{" "}
        <strong>{stock}</strong>. Take out damaged or lost copies with a negative change (-3); add a
        delivery received or found copies with a positive one (+12). Copies held by orders are not
        in stock and cannot be taken out.
      </p>
      <form className="grid-form" onSubmit={submit} noValidate>
        <Field id={`${prefix}-change`} label="Change in copies" error={errors.change}>
          {(aria) => (
            <input
              {...aria}
              inputMode="numeric"
              value={edit.change}
              placeholder="-3"
              onChange={(e) => set("change", e.currentTarget.value)}
            />
          )}
        </Field>
        <Field id={`${prefix}-reason`} label="Reason">
          {(aria) => (
            <select
              {...aria}
              value={edit.reason}
              onChange={(e) => set("reason", e.currentTarget.value as AdjustmentReason)}
            >
              {ADJUSTMENT_REASONS.map((reason) => (
                <option key={reason} value={reason}>{REASON_LABELS[reason]}</option>
              ))}
            </select>
          )}
        </Field>
        <Field id={`${prefix}-note`} label="Note" hint="optional" error={errors.note}>
          {(aria) => (
            <input
              {...aria}
              maxLength={MAX_ADJUSTMENT_NOTE}
              value={edit.note}
              onChange={(e) => set("note", e.currentTarget.value)}
            />
          )}
        </Field>
        <div className="form-actions field-wide">
          <SubmitButton submitting={busy}>Save adjustment</SubmitButton>
        </div>
      </form>
      <Notice notice={notice} onDismiss={clear} />
      <h3>Earlier adjustments</h3>
      {trail.state === "loading" && !trail.data && <Loading />}
      {trail.state === "error" && (
        <p role="alert" className="notice notice-failure">{trail.message}</p>
      )}
      {trail.data?.length === 0 && <p className="empty">No adjustments yet</p>}
      {trail.data && trail.data.length > 0 && <AdjustmentTable rows={trail.data} />}
    </section>
  );
}

function AdjustmentTable({ rows }: { rows: WireStockAdjustment[] }) {
  return (
    <div className="table-scroll" role="region" aria-label="Earlier adjustments" tabIndex={0}>
      <table className="data-table">
        <thead>
          <tr>
            {["When", "Change", "Reason", "Note", "Stock after", "By"].map((h) => (
              <th key={h} scope="col">{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{formatDateTime(row.at)}</td>
              <td>{row.quantity > 0 ? `+${row.quantity}` : row.quantity}</td>
              <td>{REASON_LABELS[row.reason]}</td>
              <td>{row.note ?? ""}</td>
              <td>{row.stock_after}</td>
              <td>{row.by}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
