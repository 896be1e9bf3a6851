/** The quantity popup: 1 up to the stock, then into the cart. */
import { useState } from "react";
import { Availability, Price } from "./ProductFacts.tsx";
import { Dialog } from "./Dialog.tsx";
import { useI18n } from "../i18n/mod.ts";

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
  const { t, href } = useI18n();
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
      <div className="stepper" role="group" aria-label={t("cart.quantity")}>
        <button
          type="button"
          className="step"
          aria-label={t("cart.fewer")}
          disabled={quantity <= 1}
          onClick={() => setQuantity((q) => Math.max(1, q - 1))}
        >
          −
        </button>
        <output aria-live="polite" aria-label={t("cart.quantity")}>{quantity}</output>
        <button
          type="button"
          className="step"
          aria-label={t("cart.more")}
          disabled={quantity >= room}
          onClick={() => setQuantity((q) => Math.min(room, q + 1))}
        >
          +
        </button>
      </div>
      {stock > 0 && room === 0
        ? (
          <p className="notice" role="status">
            {t("cart.heldAll", { held })}
          </p>
        )
        : held > 0
        ? <p className="hint">{t("cart.heldSome", { held, room })}</p>
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
          {t("cart.add")}
        </button>
        {notice?.ok
          ? <a href={href("/cart")} className="button button-ghost">{t("cart.view")}</a>
          : null}
        <button type="button" className="button button-ghost" onClick={onClose}>
          {t("cart.close")}
        </button>
      </div>
    </Dialog>
  );
}
