/** One cart line as a table row: picture, kind, title, quantity buttons, Remove, price. */
import { ProductImage } from "./ProductImage.tsx";
import { type CartLine, lineKey } from "../../domain/cart/cart.ts";
import { formatLkr } from "../../domain/money.ts";
import { imageOrPlaceholder } from "../lib/images.ts";

export interface CartLineViewProps {
  line: CartLine;
  problem?: string;
  onMinus: () => void;
  onPlus: () => void;
  onRemove: () => void;
}

export function kindLabel(type: CartLine["type"]): string {
  return type === "book" ? "Book" : "Stationery";
}

export function CartLineView({ line, problem, onMinus, onPlus, onRemove }: CartLineViewProps) {
  const id = `line-${lineKey(line).replace(":", "-")}`;
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
          <span className="line-kind">{kindLabel(line.type)}</span>
          {line.type === "book"
            ? <a href={`/books/${line.id}`} id={id} className="line-title">{line.title}</a>
            : <span id={id} className="line-title">{line.title}</span>}
          <span className="line-unit">{formatLkr(line.unitPriceCents)} each</span>
          {problem ? <span className="line-problem" role="alert">{problem}</span> : null}
        </span>
      </td>
      <td className="line-actions">
        <div className="stepper" role="group" aria-labelledby={id}>
          <button
            type="button"
            className="step"
            aria-label="One fewer"
            onClick={onMinus}
            disabled={line.quantity <= 1}
          >
            −
          </button>
          <output aria-label="Quantity">{line.quantity}</output>
          <button type="button" className="step" aria-label="One more" onClick={onPlus}>
            +
          </button>
        </div>
        <button type="button" className="link-button" onClick={onRemove}>
          Remove<span className="visually-hidden">: {line.title}</span>
        </button>
      </td>
      <td className="line-price">{formatLkr(line.unitPriceCents * line.quantity)}</td>
    </tr>
  );
}
