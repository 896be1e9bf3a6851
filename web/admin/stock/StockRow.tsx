/** One row of a stock table: new quantity to add, new price and, for books, pre-order settings. */
import { useState } from "react";
import { shopDate } from "../../../domain/catalogue/preorder.ts";
import { formatRupees } from "../format.ts";
import { initialEdit, type StockCurrent, type StockEdit, stockUpdate } from "./stock.ts";
import type { StockChanges } from "./stock.ts";
import type { FieldErrors } from "../validation.ts";
import { type RowNotice, RowStatus } from "../Feedback.tsx";
import { WaitingBadge } from "./WaitingPanel.tsx";

export interface StockItem {
  id: number;
  title: string;
  stock: number;
  price: number;
  preorder?: 0 | 1;
  preorder_date?: string | null;
  preordered_stock?: number;
}

export function currentOf(item: StockItem, withPreorder: boolean): StockCurrent {
  if (!withPreorder) return {};
  return {
    today: shopDate(new Date()),
    preorder: item.preorder === 1,
    preorderDate: item.preorder_date ?? null,
    preorderedStock: item.preordered_stock ?? 0,
  };
}

interface StockRowProps {
  item: StockItem;
  /** Shoppers waiting to be told it is back (GET /api/stock-alerts/waiting). */
  waiting?: number;
  withPreorder: boolean;
  /** Resolves true when saved (the list then reloads), false when it failed. */
  onSave: (item: StockItem, changes: StockChanges) => Promise<boolean>;
  /** The last row action's result, shown in its row. */
  notice: RowNotice | null;
  /** The admin typed into the row. */
  onEdit?: () => void;
  onNothing: () => void;
  onInvalid: () => void;
}

export function StockRow(
  { item, waiting = 0, withPreorder, onSave, notice, onEdit, onNothing, onInvalid }: StockRowProps,
) {
  const current = currentOf(item, withPreorder);
  const [edit, setEdit] = useState<StockEdit>(() => initialEdit(current));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  function set<K extends keyof StockEdit>(name: K, value: StockEdit[K]) {
    setEdit((all) => ({ ...all, [name]: value }));
    onEdit?.();
  }

  async function save() {
    const update = stockUpdate(edit, current);
    if (update.kind === "invalid") {
      setErrors(update.errors);
      onInvalid();
      return;
    }
    setErrors({});
    if (update.kind === "nothing") {
      onNothing();
      return;
    }
    setSaving(true);
    const saved = await onSave(item, update.changes);
    if (!saved) setSaving(false);
  }

  function numberInput(
    name: "newQuantity" | "newPrice" | "preorderedStock",
    label: string,
    hint?: string,
  ) {
    return (
      <>
        <input
          type="number"
          min={0}
          step={name === "newPrice" ? "0.01" : "1"}
          inputMode={name === "newPrice" ? "decimal" : "numeric"}
          aria-label={`${label} for ${item.title}`}
          aria-invalid={Boolean(errors[name])}
          value={edit[name] ?? ""}
          onChange={(e) => set(name, e.target.value)}
        />
        {errors[name] && <span className="field-error">{errors[name]}</span>}
        {hint && !errors[name] && <span className="field-hint">{hint}</span>}
      </>
    );
  }
  const adding = Number(edit.newQuantity);
  const addHint = edit.newQuantity.trim() !== "" && Number.isSafeInteger(adding) && adding > 0
    ? `Adds ${adding}: stock becomes ${item.stock + adding}`
    : undefined;

  return (
    <tr>
      <td data-label="ID">{item.id}</td>
      <td data-label="Title" className="cell-title">{item.title}</td>
      <td data-label="Current Quantity">
        {item.stock} <WaitingBadge count={waiting} />
      </td>
      <td data-label="Add to Stock">
        {numberInput("newQuantity", "New quantity to add", addHint)}
      </td>
      <td data-label="Current Price" className="cell-money">{formatRupees(item.price)}</td>
      <td data-label="New Price">{numberInput("newPrice", "New price")}</td>
      {withPreorder && (
        <>
          <td data-label="Preorder">
            <input
              type="checkbox"
              aria-label={`Preorder ${item.title}`}
              checked={edit.preorder ?? false}
              onChange={(e) => set("preorder", e.target.checked)}
            />
          </td>
          <td data-label="Preorder Date">
            <input
              type="date"
              aria-label={`Preorder date for ${item.title}`}
              aria-invalid={Boolean(errors.preorderDate)}
              min={current.today}
              value={edit.preorderDate ?? ""}
              onChange={(e) => set("preorderDate", e.target.value)}
            />
            {errors.preorderDate && <span className="field-error">{errors.preorderDate}</span>}
          </td>
          <td data-label="Preordered Stock">
            {numberInput("preorderedStock", "Preordered stock")}
          </td>
        </>
      )}
      <td data-label="Actions" className="cell-actions">
        <button
          type="button"
          className="button-primary"
          disabled={saving}
          aria-busy={saving}
          aria-label={`Update ${item.title}`}
          onClick={save}
        >
          {saving && <span className="spinner spinner-small" aria-hidden="true"></span>}
          Update
        </button>
        <RowStatus notice={notice} id={item.id} />
      </td>
    </tr>
  );
}
