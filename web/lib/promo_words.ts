/**
 * A discount code's answer in the page's language: applied with what it saves, or why the
 * shop refused it (the minimum it needs and how much is missing). The shop answers with
 * codes and amounts (contract/cart_price.ts); these choose the words.
 */
import type { WireCodeAnswer } from "../../contract/cart_price.ts";
import type { CodeRefusal } from "../../domain/promotions/pricing.ts";
import type { I18n, MessageKey } from "../i18n/mod.ts";
import { wireCents } from "./use_cart_price.ts";

/** Why the shop gives a code nothing: in the cart, or as an order is placed (its share used). */
export type CodeReason = CodeRefusal | "customer_limit";

const REASONS: Record<CodeReason, MessageKey> = {
  unknown: "promo.reason.unknown",
  not_yet: "promo.reason.not_yet",
  expired: "promo.reason.expired",
  paused: "promo.reason.paused",
  used_up: "promo.reason.used_up",
  minimum_not_met: "promo.reason.minimum_not_met",
  nothing_applies: "promo.reason.nothing_applies",
  customer_limit: "promo.reason.customer_limit",
};

/** Why a code gives nothing, in a few words: "this code has expired". */
export function refusalReason(
  i18n: I18n,
  refused: { reason: CodeReason; minimum?: number; short_by?: number },
): string {
  return i18n.t(REASONS[refused.reason], {
    minimum: i18n.lkr(wireCents(refused.minimum ?? 0)),
    short: i18n.lkr(wireCents(refused.short_by ?? 0)),
  });
}

/**
 * The sentence beside the code field: "SCHOOL10 applied: you save LKR 200.00", or
 * "SCHOOL10 was not applied: this code has expired".
 */
export function codeAnswerText(i18n: I18n, answer: WireCodeAnswer): string {
  if (answer.status === "refused") {
    return i18n.t("promo.refused", { code: answer.code, reason: refusalReason(i18n, answer) });
  }
  const amount = i18n.lkr(wireCents(answer.saving));
  if (answer.free_delivery) {
    return answer.saving > 0
      ? i18n.t("promo.appliedBoth", { code: answer.code, amount })
      : i18n.t("promo.appliedFree", { code: answer.code });
  }
  return i18n.t("promo.applied", { code: answer.code, amount });
}

/** Whether `value` is a discount code as the shop writes them (before asking the shop). */
export function codeShaped(value: string): boolean {
  return /^[A-Za-z0-9-]{3,32}$/.test(value.trim());
}

/** Whether `value` is one of the shop's reasons for refusing a code. */
export function isCodeReason(value: unknown): value is CodeReason {
  return typeof value === "string" && Object.hasOwn(REASONS, value);
}
