/**
 * What a cart would cost now: products and quantities picked, a payment method and a code,
 * priced by the shop as an order is: its breakdown, each line's savings by source and
 * price paid, and the totals named as every surface names them.
 */
import { type FormEvent, useState } from "react";
import { messageOf } from "../api.ts";
import { useAdmin } from "../context.ts";
import { Field, SubmitButton } from "../Field.tsx";
import { formatLkr } from "../format.ts";
import { breakdownFromRecord } from "../../../domain/pricing/breakdown_record.ts";
import { AdminBreakdownRows, AdminLinePrice, AdminLineSavings } from "../Money.tsx";
import type { WirePreview } from "../../../contract/promotions.ts";
import { PAYMENT_METHODS } from "../../../domain/orders/model.ts";
import { previewCart } from "./endpoints.ts";
import type { ChosenProduct } from "./promotion_forms.ts";
import { ProductPicker } from "./ProductPicker.tsx";

type Line = ChosenProduct & { quantity: string };

export function PreviewPanel() {
  const { api } = useAdmin();
  const [lines, setLines] = useState<Line[]>([]);
  const [code, setCode] = useState("");
  const [method, setMethod] = useState<(typeof PAYMENT_METHODS)[number]>("COD");
  const [preview, setPreview] = useState<WirePreview | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const bad = lines.find((l) => !/^\d{1,2}$/.test(l.quantity.trim()) || Number(l.quantity) < 1);
    if (lines.length === 0) return setFailure("Add at least one product to preview");
    if (bad) return setFailure(`The quantity of ${bad.title} must be a whole number from 1`);
    setBusy(true);
    try {
      setPreview(
        await previewCart(api, {
          items: lines.map((l) => ({ type: l.type, id: l.id, quantity: Number(l.quantity) })),
          paymentMethod: method,
          ...(code.trim() ? { code: code.trim() } : {}),
        }),
      );
    } catch (error) {
      setPreview(null);
      setFailure(messageOf(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="panel promotion-preview" aria-labelledby="preview-heading">
      <h3 id="preview-heading">Preview a cart</h3>
      <p className="field-hint">
        Priced now, under the running promotions, exactly as an order would be.
      </p>
      <form className="preview-form" onSubmit={submit} noValidate>
        <ProductPicker
          id="preview-search"
          label="Find a product to add"
          chosen={lines}
          onPick={({ type, id, title }) =>
            setLines((all) => [...all, { type, id, title, quantity: "1" }])}
        />
        {lines.length > 0 && (
          <ul className="preview-lines" aria-label="Cart to preview">
            {lines.map((line, i) => (
              <li key={`${line.type}:${line.id}`}>
                <span className="preview-line-title">{line.title}</span>
                <label htmlFor={`preview-qty-${i}`} className="visually-hidden">
                  Quantity of {line.title}
                </label>
                <input
                  id={`preview-qty-${i}`}
                  className="preview-quantity"
                  type="text"
                  inputMode="numeric"
                  value={line.quantity}
                  onChange={(e) =>
                    setLines((all) =>
                      all.map((l, j) => j === i ? { ...l, quantity: e.target.value } : l)
                    )}
                />
                <button
                  type="button"
                  className="button-secondary"
                  onClick={() => setLines((all) => all.filter((_, j) => j !== i))}
                >
                  Remove<span className="visually-hidden">{line.title}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <div className="preview-options">
          <Field id="preview-code" label="Discount code" hint="optional">
            {(aria) => (
              <input
                {...aria}
                type="text"
                autoComplete="off"
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
            )}
          </Field>
          <Field id="preview-method" label="Payment method">
            {(aria) => (
              <select
                {...aria}
                value={method}
                onChange={(e) => setMethod(e.target.value as typeof method)}
              >
                {PAYMENT_METHODS.map((m) => <option key={m} value={m}>{m}</option>)}
              </select>
            )}
          </Field>
        </div>
        <div className="form-actions">
          <SubmitButton submitting={busy}>Preview</SubmitButton>
        </div>
      </form>
      {failure && <p role="alert" className="notice notice-failure">{failure}</p>}
      {preview && <PreviewResult preview={preview} />}
    </section>
  );
}

function PreviewResult({ preview }: { preview: WirePreview }) {
  const code = preview.code;
  // The cart's figures as an order of it would tell them, named as every surface names them.
  const figures = breakdownFromRecord(preview.breakdown);
  return (
    <div className="preview-result" role="region" aria-label="Preview result">
      {code?.status === "refused" && (
        <p className="notice">Code {code.code} not applied: {code.message}</p>
      )}
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Previewed lines">
        <table className="data-table">
          <caption className="visually-hidden">Previewed lines</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Qty × usual price</th>
              <th scope="col">Price paid</th>
            </tr>
          </thead>
          <tbody>
            {figures.lines.map((line) => (
              <tr key={`${line.type}:${line.id}`}>
                <td data-label="Item">
                  {line.title}
                  <AdminLineSavings line={line} />
                </td>
                <td data-label="Qty × usual price">
                  {line.quantity} × {formatLkr(line.usualUnitCents)}
                </td>
                <td data-label="Price paid">
                  <AdminLinePrice line={line} />
                </td>
              </tr>
            ))}
          </tbody>
          <AdminBreakdownRows breakdown={figures} columns={3} />
        </table>
      </div>
    </div>
  );
}
