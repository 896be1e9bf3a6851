/** My Shopping Cart: the stored lines, refreshed from the shop, with quantities and totals. */
import { useState } from "react";
import {
  cartTotalCents,
  checkoutProblems,
  decrement,
  increment,
  lineKey,
  removeLine,
} from "../../domain/cart/cart.ts";
import { CartLineView } from "../components/CartLineView.tsx";
import { Spinner } from "../components/Stars.tsx";
import { useStoredCart } from "../lib/use_cart.ts";
import { useI18n } from "../i18n/mod.ts";

export function Cart(_props: Record<string, never>) {
  const { cart, setCart, notices, refreshing } = useStoredCart();
  const [alert, setAlert] = useState<string | null>(null);
  const { t, href, lkr } = useI18n();

  if (cart === null) return <Spinner label={t("cart.loading")} />;
  if (cart.length === 0) {
    return (
      <div className="empty-cart">
        {notices.map((n) => <p key={n.text} className="notice" role="status">{n.text}</p>)}
        <p className="empty">{t("cart.empty")}</p>
        <a href={href("/")} className="button">{t("cart.browse")}</a>
      </div>
    );
  }

  const problems = new Map(checkoutProblems(cart).map((p) => [p.key, p.message]));
  const total = cartTotalCents(cart);
  const checkout = () => {
    if (problems.size > 0) {
      setAlert([...problems.values()][0]);
      return;
    }
    location.assign(href("/checkout"));
  };

  return (
    <div className="cart">
      <div className="notices">
        {notices.map((n) => (
          <p
            key={n.text}
            className={n.tone === "error" ? "notice notice-error" : "notice"}
            role="status"
          >
            {n.text}
          </p>
        ))}
        {alert ? <p className="notice notice-error" role="alert">{alert}</p> : null}
        {refreshing ? <Spinner label={t("cart.checking")} /> : null}
      </div>
      <table className="cart-table">
        <thead>
          <tr>
            <th scope="col">{t("cart.description")}</th>
            <th scope="col">{t("cart.actions")}</th>
            <th scope="col" className="line-price">{t("cart.price")}</th>
          </tr>
        </thead>
        <tbody>
          {cart.map((line) => {
            const key = lineKey(line);
            return (
              <CartLineView
                key={key}
                line={line}
                problem={problems.get(key)}
                onMinus={() => {
                  setAlert(null);
                  setCart(decrement(cart, key));
                }}
                onPlus={() => {
                  const change = increment(cart, key);
                  setAlert(change.kind === "ok" ? null : change.message);
                  setCart(change.cart);
                }}
                onRemove={() => {
                  setAlert(null);
                  setCart(removeLine(cart, key));
                }}
              />
            );
          })}
        </tbody>
      </table>
      <dl className="totals">
        <div className="grand-total">
          <dt>{t("cart.items")}</dt>
          <dd>{lkr(total)}</dd>
        </div>
      </dl>
      <p className="hint">{t("cart.feeLater")}</p>
      <div className="cart-actions">
        <a href={href("/")} className="button button-ghost">{t("cart.continue")}</a>
        <button
          type="button"
          className="button button-large"
          onClick={checkout}
          disabled={refreshing}
        >
          {t("cart.checkout")}
        </button>
      </div>
    </div>
  );
}
