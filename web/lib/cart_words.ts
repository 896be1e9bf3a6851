/**
 * The cart's notices in the page's language: the domain's cart says what happened as
 * codes with values (a line above its stock, a refused addition, lines a refresh changed),
 * and these choose the words.
 */
import {
  type CartChange,
  type CartLine,
  type CheckoutProblem,
  lineCeiling,
  lineKey,
  stoppedBy,
} from "../../domain/cart/cart.ts";
import type { I18n, MessageKey, Values } from "../i18n/mod.ts";

/**
 * Why a line cannot go to checkout, naming the item and the number: '“Madol Doova”: only 2
 * in stock', '“Madol Doova”: sold out', '“Pen”: one order may hold at most 20 copies'.
 */
export function checkoutProblemText(i18n: I18n, problem: CheckoutProblem): string {
  switch (problem.kind) {
    case "sold_out":
      return i18n.t("cart.soldOut", { title: problem.title });
    case "only_in_stock":
      return i18n.t("cart.onlyInStock", { title: problem.title, stock: problem.stock });
    case "line_limit":
      return i18n.t("cart.lineLimit", { title: problem.title, max: problem.max });
  }
}

/** Why a line could not grow, naming the item and the number; undefined when it grew. */
export function refusalText(
  i18n: I18n,
  change: CartChange,
  item: { title: string },
): string | undefined {
  switch (change.kind) {
    case "ok":
      return undefined;
    case "insufficient_stock":
      return i18n.t("cart.insufficient", { title: item.title, stock: change.stock });
    case "line_limit":
      return i18n.t("cart.lineLimit", { title: item.title, max: change.max });
  }
}

/**
 * Why a line's + is off, when it is at its ceiling: the stock, or the copies one order may
 * hold; undefined below the ceiling.
 */
export function ceilingText(
  i18n: I18n,
  line: Pick<CartLine, "title" | "stock" | "quantity">,
  maxPerLine: number,
): string | undefined {
  if (line.quantity < lineCeiling(line, maxPerLine)) return undefined;
  return stoppedBy(line.stock, maxPerLine) === "stock"
    ? i18n.t("cart.onlyInStock", { title: line.title, stock: line.stock })
    : i18n.t("cart.lineLimit", { title: line.title, max: maxPerLine });
}

/** A notice above the cart, as a message key and its values. */
export interface CartNotice {
  tone: "info" | "error";
  key: MessageKey;
  values?: Values;
}

/**
 * What a refresh from the shop found: lines no longer sold, lines changed (each named with
 * its new price, or its stock when the line now asks for more), lines unchecked.
 */
export function refreshNotices(
  removed: Pick<CartLine, "title">[],
  changed: { before: CartLine; after: CartLine }[],
  unchecked: number,
  lkr: (cents: number) => string = String,
): CartNotice[] {
  const notices: CartNotice[] = removed.map((line) => ({
    tone: "info",
    key: "cart.noLongerSold",
    values: { title: line.title },
  }));
  if (changed.length > 0) notices.push({ tone: "info", key: "cart.updated" });
  for (const { before, after } of changed) {
    if (after.unitPriceCents !== before.unitPriceCents) {
      notices.push({
        tone: "info",
        key: "checkout.priceNow",
        values: { title: after.title, price: lkr(after.unitPriceCents) },
      });
    }
    if (after.stock !== before.stock && after.quantity > after.stock) {
      notices.push(
        after.stock > 0
          ? {
            tone: "error",
            key: "cart.onlyInStock",
            values: { title: after.title, stock: after.stock },
          }
          : { tone: "error", key: "cart.soldOut", values: { title: after.title } },
      );
    }
  }
  if (unchecked > 0) notices.push({ tone: "error", key: "cart.unchecked" });
  return notices;
}

/** The lines a refresh changed, before and after, by the keys it reported. */
export function changedLines(
  before: readonly CartLine[],
  after: readonly CartLine[],
  keys: readonly string[],
): { before: CartLine; after: CartLine }[] {
  const old = new Map(before.map((l) => [lineKey(l), l]));
  return after.filter((l) => keys.includes(lineKey(l)) && old.has(lineKey(l)))
    .map((l) => ({ before: old.get(lineKey(l))!, after: l }));
}
