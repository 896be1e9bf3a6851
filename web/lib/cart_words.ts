/**
 * The cart's notices in the page's language: the domain's cart says what happened as
 * codes with values (a line above its stock, a refused addition, lines a refresh changed),
 * and these choose the words.
 */
import type { CartLine, CheckoutProblem } from "../../domain/cart/cart.ts";
import type { I18n, MessageKey, Values } from "../i18n/mod.ts";

/** Why a line cannot go to checkout: 'Only 2 in stock', 'Sold out'. */
export function checkoutProblemText(i18n: I18n, problem: CheckoutProblem): string {
  return problem.kind === "sold_out"
    ? i18n.t("cart.soldOut")
    : i18n.t("cart.onlyInStock", { stock: problem.stock });
}

/** A notice above the cart, as a message key and its values. */
export interface CartNotice {
  tone: "info" | "error";
  key: MessageKey;
  values?: Values;
}

/** What a refresh from the shop found: lines no longer sold, lines changed, lines unchecked. */
export function refreshNotices(
  removed: Pick<CartLine, "title">[],
  changed: number,
  unchecked: number,
): CartNotice[] {
  const notices: CartNotice[] = removed.map((line) => ({
    tone: "info",
    key: "cart.noLongerSold",
    values: { title: line.title },
  }));
  if (changed > 0) notices.push({ tone: "info", key: "cart.updated" });
  if (unchecked > 0) notices.push({ tone: "error", key: "cart.unchecked" });
  return notices;
}
