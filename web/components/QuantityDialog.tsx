/** The quantity popup: 1 up to the stock, then into the cart. */
import { useState } from "react";
import { formatLkr } from "../../domain/money.ts";
import { Dialog } from "./Dialog.tsx";

export interface QuantityDialogProps {
  title: string;
  priceCents: number;
  stock: number;
  /** Puts the quantity in the cart; answers the notice to show. */
  onAdd: (quantity: number) => { ok: boolean; message: string };
  onClose: () => void;
}

export function QuantityDialog({ title, priceCents, stock, onAdd, onClose }: QuantityDialogProps) {
  const [quantity, setQuantity] = useState(1);
  const [notice, setNotice] = useState<{ ok: boolean; message: string } | null>(null);
  return (
    <Dialog title={title} onClose={onClose} className="quantity-dialog">
      <p className="dialog-price">Price: {formatLkr(priceCents)}</p>
      <p className={stock > 0 ? "stock in" : "stock out"}>
        Stock: {stock > 0 ? "In stock" : "Out of stock"}
      </p>
      <div className="stepper" role="group" aria-label="Quantity">
        <button
          type="button"
          className="step"
          aria-label="One fewer"
          disabled={quantity <= 1}
          onClick={() => setQuantity((q) => Math.max(1, q - 1))}
        >
          −
        </button>
        <output aria-live="polite" aria-label="Quantity">{quantity}</output>
        <button
          type="button"
          className="step"
          aria-label="One more"
          disabled={quantity >= stock}
          onClick={() => setQuantity((q) => Math.min(stock, q + 1))}
        >
          +
        </button>
      </div>
      {notice
        ? (
          <p
            className={notice.ok ? "notice notice-ok" : "notice notice-error"}
            role={notice.ok ? "status" : "alert"}
          >
            {notice.message}
          </p>
        )
        : null}
      <div className="dialog-actions">
        <button
          type="button"
          className="button"
          disabled={stock < 1}
          onClick={() => setNotice(onAdd(quantity))}
        >
          Add to Cart
        </button>
        {notice?.ok ? <a href="/cart" className="button button-ghost">View cart</a> : null}
        <button type="button" className="button button-ghost" onClick={onClose}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
