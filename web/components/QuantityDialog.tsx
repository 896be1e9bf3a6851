/** The quantity popup: 1 up to the stock, then into the cart. */
import { useState } from "react";
import { Availability, Price } from "./ProductFacts.tsx";
import { Dialog } from "./Dialog.tsx";

export interface QuantityDialogProps {
  title: string;
  priceCents: number;
  stock: number;
  /** How many the cart already holds: the popup offers only the rest of the stock. */
  inCart?: number;
  /** Puts the quantity in the cart; answers the notice to show. */
  onAdd: (quantity: number) => { ok: boolean; message: string };
  onClose: () => void;
}

export function QuantityDialog(
  { title, priceCents, stock, inCart = 0, onAdd, onClose }: QuantityDialogProps,
) {
  const [quantity, setQuantity] = useState(1);
  const [held, setHeld] = useState(inCart);
  const [notice, setNotice] = useState<{ ok: boolean; message: string } | null>(null);
  const room = Math.max(0, stock - held);
  const add = () => {
    const outcome = onAdd(quantity);
    setNotice(outcome);
    if (outcome.ok) {
      setHeld((h) => h + quantity);
      setQuantity(1);
    }
  };
  return (
    <Dialog title={title} onClose={onClose} className="quantity-dialog">
      <p className="dialog-facts">
        <Price cents={priceCents} className="dialog-price" />
        <Availability stock={stock} />
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
          disabled={quantity >= room}
          onClick={() => setQuantity((q) => Math.min(room, q + 1))}
        >
          +
        </button>
      </div>
      {stock > 0 && room === 0
        ? (
          <p className="notice" role="status">
            Your cart already holds {held === 1 ? "the only copy" : `all ${held}`} in stock
          </p>
        )
        : held > 0
        ? <p className="hint">Your cart holds {held}: you can add up to {room} more</p>
        : null}
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
          disabled={room < 1}
          onClick={add}
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
