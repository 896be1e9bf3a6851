/**
 * One cart line as a table row: picture, kind, title, the usual price of a copy, quantity
 * buttons, Remove, price. Its figures are the breakdown's line (MoneyBreakdown.tsx): while
 * anything was taken off, each saving by its source and the line's usual price struck
 * above the price paid.
 */
import { useRef } from "react";
import { ProductImage } from "./ProductImage.tsx";
import { QuantityInput } from "./QuantityInput.tsx";
import { type CartLine, lineKey } from "../../domain/cart/cart.ts";
import { imageOrPlaceholder } from "../lib/images.ts";
import { useI18n } from "../i18n/mod.ts";
import type { BreakdownLine } from "../../domain/pricing/breakdown.ts";
import { LinePrice, LineSavings } from "./MoneyBreakdown.tsx";

export interface CartLineViewProps {
  line: CartLine;
  /** The line's breakdown (the shop's, or the cart's own prices until it answers). */
  priced?: BreakdownLine;
  problem?: string;
  /** Why + is off (the line is at its stock or at the copies one order may hold). */
  atCeiling?: string;
  /** The most copies the line may hold (its stock, the copies one order may hold). */
  ceiling: number;
  onMinus: () => void;
  onPlus: () => void;
  /** A typed quantity, already held within 1 and the ceiling. */
  onQuantity: (quantity: number) => void;
  onRemove: () => void;
}

export function CartLineView(
  { line, priced, problem, atCeiling, ceiling, onMinus, onPlus, onQuantity, onRemove }:
    CartLineViewProps,
) {
  const box = useRef<HTMLInputElement>(null);
  const id = `line-${lineKey(line).replace(":", "-")}`;
  const { t, href, lkr, date } = useI18n();
  const unit = priced?.usualUnitCents ?? line.unitPriceCents;
  return (
    <tr className={problem ? "cart-line has-problem" : "cart-line"}>
      <td className="line-description">
        <ProductImage
          src={imageOrPlaceholder(line.image ?? undefined)}
          sizes="56px"
          alt=""
          width={56}
          height={72}
          loading="lazy"
        />
        <span>
          <span className="line-kind">
            {t(line.type === "book" ? "cart.book" : "cart.stationery")}
          </span>
          {line.type === "book"
            ? <a href={href(`/books/${line.id}`)} id={id} className="line-title">{line.title}</a>
            : <span id={id} className="line-title">{line.title}</span>}
          {line.preorder
            ? (
              <span className="line-preorder">
                {line.preorderDate
                  ? t("product.preorderExpected", { date: date(line.preorderDate) })
                  : t("product.preorder")}
              </span>
            )
            : null}
          <span className="line-unit">
            {t("cart.each", { price: lkr(unit) })}
          </span>
          {priced ? <LineSavings line={priced} /> : null}
          {problem ? <span className="line-problem" role="alert">{problem}</span> : null}
          {/* Always there, so that the note is read out when + reaches the top. */}
          <span aria-live="polite" role="status">
            {atCeiling && !problem
              ? <span id={`${id}-ceiling`} className="line-ceiling">{atCeiling}</span>
              : null}
          </span>
        </span>
      </td>
      <td className="line-actions">
        <div className="stepper" role="group" aria-labelledby={id}>
          <button
            type="button"
            className="step"
            aria-label={t("cart.fewer")}
            onClick={onMinus}
            disabled={line.quantity <= 1}
          >
            −
          </button>
          <QuantityInput
            ref={box}
            quantity={line.quantity}
            room={ceiling}
            label={t("cart.quantity")}
            describedBy={atCeiling && !problem ? `${id}-ceiling` : undefined}
            onQuantity={onQuantity}
          />
          <button
            type="button"
            className="step"
            aria-label={t("cart.more")}
            aria-describedby={atCeiling && !problem ? `${id}-ceiling` : undefined}
            onClick={() => {
              onPlus();
              // + turns off at the top: focus stays in the stepper, on the count.
              if (line.quantity + 1 >= ceiling) box.current?.focus();
            }}
            disabled={atCeiling !== undefined}
          >
            +
          </button>
        </div>
        <button type="button" className="link-button" onClick={onRemove}>
          {t("cart.remove")}
          <span className="visually-hidden">: {line.title}</span>
        </button>
      </td>
      <td className="line-price">
        {priced
          ? <LinePrice line={priced} />
          : <span className="price-paid">{lkr(line.unitPriceCents * line.quantity)}</span>}
      </td>
    </tr>
  );
}
