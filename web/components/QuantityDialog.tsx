/**
 * The quantity popup: the shelf price (what one copy costs now, its usual price struck
 * beside it while a sale or a campaign runs, as the card and the page show it), then 1 up
 * to the stock and the copies one order may hold (less what the cart holds), into the
 * cart; at the top, + is off and the reason is shown.
 */
import { useRef, useState } from "react";
import { QuantityInput } from "./QuantityInput.tsx";
import { Availability } from "./Availability.tsx";
import { ShelfPriceTag } from "./ProductFacts.tsx";
import type { ShelfPrice } from "../../domain/promotions/shelf_price.ts";
import { Dialog } from "./Dialog.tsx";
import { useI18n } from "../i18n/mod.ts";
import { lineCeiling, stoppedBy } from "../../domain/cart/cart.ts";

export interface QuantityDialogProps {
  title: string;
  /** The usual price of a copy. */
  priceCents: number;
  /** What one copy costs now (the shelf price); null or absent: its usual price. */
  shelf?: ShelfPrice | null;
  stock: number;
  /** A pre-ordered book: the popup says "Pre-order, expected {date}", never "In stock". */
  preorder?: boolean;
  /** A pre-ordered book's expected date (YYYY-MM-DD), as its page shows it. */
  preorderDate?: string | null;
  /** How many the cart already holds: the popup offers only the rest of the stock. */
  inCart?: number;
  /** The copies of one item an order may hold (`MAX_LINE_QUANTITY`, from the server). */
  maxPerLine: number;
  /** Puts the quantity in the cart; answers the notice to show. */
  onAdd: (quantity: number) => { ok: boolean; message: string };
  onClose: () => void;
}

export function QuantityDialog(
  {
    title,
    priceCents,
    shelf,
    stock,
    preorder = false,
    preorderDate = null,
    inCart = 0,
    maxPerLine,
    onAdd,
    onClose,
  }: QuantityDialogProps,
) {
  const { t, href } = useI18n();
  const [quantity, setQuantity] = useState(1);
  const [held, setHeld] = useState(inCart);
  const [notice, setNotice] = useState<{ ok: boolean; message: string } | null>(null);
  const box = useRef<HTMLInputElement>(null);
  const ceiling = lineCeiling({ stock }, maxPerLine);
  const room = Math.max(0, ceiling - held);
  // What stops the count: the stock, or the copies one order may hold.
  const byStock = stoppedBy(stock, maxPerLine) === "stock";
  const topReason = byStock
    ? t("cart.onlyInStock", { title, stock })
    : t("cart.lineLimit", { title, max: maxPerLine });
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
        <ShelfPriceTag cents={priceCents} shelf={shelf} className="dialog-price" />
        <Availability stock={stock} preorder={preorder} preorderDate={preorderDate} />
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
        <QuantityInput
          ref={box}
          quantity={quantity}
          room={room}
          label={t("cart.quantity")}
          describedBy={room > 0 && quantity >= room ? "quantity-top" : undefined}
          onQuantity={setQuantity}
        />
        <button
          type="button"
          className="step"
          aria-label={t("cart.more")}
          aria-describedby={room > 0 && quantity >= room ? "quantity-top" : undefined}
          disabled={quantity >= room}
          onClick={() => {
            const next = Math.min(room, quantity + 1);
            setQuantity(next);
            // + turns off at the top: focus stays in the stepper, on the count, not on a
            // button that no longer works (which would drop it to the page).
            if (next >= room) box.current?.focus();
          }}
        >
          +
        </button>
      </div>
      {stock > 0 && room === 0
        ? (
          <p className="notice" role="status">
            {byStock
              ? t("cart.heldAll", { held })
              : t("cart.heldLimit", { held, title, max: maxPerLine })}
          </p>
        )
        : held > 0
        ? <p className="hint">{t("cart.heldSome", { held, room })}</p>
        : null}
      {/* A live region that is always there, so the note is read out when it appears. */}
      <div aria-live="polite" role="status">
        {room > 0 && quantity >= room
          ? <p id="quantity-top" className="hint quantity-top">{topReason}</p>
          : null}
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
