/**
 * Price in the one wording every card, page and popup uses: "LKR 950.00", and a shelf
 * price's struck usual price, saving and badge (availability: Availability.tsx).
 */
import { useI18n } from "../i18n/mod.ts";
import { promotionNameIn, type ShelfPrice } from "../../domain/promotions/shelf_price.ts";
import { lastShopDay } from "../../domain/catalogue/sale_price.ts";

export function Price({ cents, className }: { cents: number; className: string }) {
  return <span className={className}>{useI18n().lkr(cents)}</span>;
}

/** Whether a shelf price takes anything off the usual price. */
function saves(shelf: ShelfPrice | null | undefined): shelf is ShelfPrice {
  return shelf !== null && shelf !== undefined && shelf.savingCents > 0;
}

/**
 * A product's price as the shelf shows it: what one copy costs now, and while that is less
 * than its usual price, the usual price struck through (read out as "Usual price"), the
 * saving and, with `withEnd`, the day the offer ends.
 */
export function ShelfPriceTag(
  { cents, shelf, className, withEnd = false }: {
    cents: number;
    shelf: ShelfPrice | null | undefined;
    className: string;
    withEnd?: boolean;
  },
) {
  const { t, lkr, date } = useI18n();
  if (!saves(shelf)) return <Price cents={cents} className={className} />;
  return (
    <span className={`${className} shelf-price`}>
      <span className="price-now">
        <span className="visually-hidden">{t("shelf.now")}</span> {lkr(shelf.unitCents)}
      </span>{" "}
      <s className="price-was">
        <span className="visually-hidden">{t("money.usualPrice")}</span> {lkr(shelf.usualCents)}
      </s>{" "}
      <span className="price-saving">{t("shelf.save", { amount: lkr(shelf.savingCents) })}</span>
      {withEnd && shelf.until
        ? (
          <span className="price-ends">
            {t("shelf.ends", { date: date(lastShopDay(shelf.until)) })}
          </span>
        )
        : null}
    </span>
  );
}

/** What gave a product its shelf price, as a small badge: the campaign's name, or "Sale". */
export function OfferBadge({ shelf }: { shelf: ShelfPrice | null | undefined }) {
  const { t, language } = useI18n();
  if (!saves(shelf)) return null;
  return (
    <span className="badge badge-offer">
      {shelf.campaign ? promotionNameIn(shelf.campaign, language) : t("shelf.sale")}
    </span>
  );
}
