/**
 * Payment methods named in a sentence, from the payment policy table: "Bank Deposit or
 * Card" in the page's language. The terms, the book's page and the checkout say which
 * methods pay for a pre-order through this, so no text names a method the table does not.
 */
import { PAYMENT_POLICIES } from "../../domain/orders/payment_policy.ts";
import type { PaymentMethod } from "../../domain/orders/model.ts";
import type { I18n } from "../i18n/mod.ts";

/**
 * The methods' names as one phrase: "A", "A or B", "A, B or C" (`list.or` joins the last).
 *
 * @example methodNames(i18nFor("en"), ["Bank Deposit", "Card"]) === "Bank Deposit or Card"
 */
export function methodNames(i18n: Pick<I18n, "t">, methods: readonly PaymentMethod[]): string {
  const names = methods.map((method) => i18n.t(PAYMENT_POLICIES[method].words.name));
  if (names.length <= 1) return names[0] ?? "";
  return i18n.t("list.or", { first: names.slice(0, -1).join(", "), last: names.at(-1)! });
}
