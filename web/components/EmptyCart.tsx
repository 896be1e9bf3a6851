import type { ReactNode } from "react";
import { useI18n } from "../i18n/mod.ts";

/** An empty cart's message and the way back to both stores (the cart and the checkout). */
export function EmptyCart(
  { message, notices, role }: { message: string; notices?: ReactNode; role?: "status" },
) {
  const { t, href } = useI18n();
  return (
    <div className="empty-cart" role={role}>
      {notices}
      <p className="empty">{message}</p>
      <p className="cart-actions">
        <a href={href("/")} className="button">{t("cart.browse")}</a>
        <a href={href("/stationery")} className="button button-ghost">
          {t("cart.browseStationery")}
        </a>
      </p>
    </div>
  );
}
