/** A stationery item in the grid, with its Add to Cart button. */
import type { StationeryItem } from "../../domain/catalogue/model.ts";
import { imageOrPlaceholder } from "../lib/images.ts";
import { CARD_SIZES, EAGER_CARDS } from "./BookCard.tsx";
import { ProductImage } from "./ProductImage.tsx";
import { Availability } from "./Availability.tsx";
import { OfferBadge, ShelfPriceTag } from "./ProductFacts.tsx";
import type { Shelved } from "../../domain/promotions/shelf_price.ts";
import { useI18n } from "../i18n/mod.ts";

export function StationeryCard(
  { item, index, onAdd, onNotify }: {
    item: Shelved<StationeryItem>;
    index: number;
    onAdd: () => void;
    /** Opens the back-in-stock form of a sold-out item; absent where none is offered. */
    onNotify?: () => void;
  },
) {
  const { t } = useI18n();
  const inStock = item.stock > 0;
  return (
    <article className="card stationery-card">
      <span className="card-image">
        <ProductImage
          src={imageOrPlaceholder(item.image)}
          sizes={CARD_SIZES}
          alt=""
          width={240}
          height={240}
          loading={index < EAGER_CARDS ? "eager" : "lazy"}
          decoding="async"
        />
      </span>
      <span className="card-body">
        <h2 className="card-title">{item.title}</h2>
        <OfferBadge shelf={item.shelf} />
        <ShelfPriceTag cents={item.priceCents} shelf={item.shelf} className="card-price" />
        <Availability stock={item.stock} />
        <button type="button" className="button" disabled={!inStock} onClick={onAdd}>
          {t("cart.add")}
          <span className="visually-hidden">: {item.title}</span>
        </button>
        {!inStock && onNotify
          ? (
            <button
              type="button"
              className="button button-ghost stock-alert-open"
              onClick={onNotify}
            >
              {t("stockAlert.open")}
              <span className="visually-hidden">: {item.title}</span>
            </button>
          )
          : null}
      </span>
    </article>
  );
}
