/**
 * A gift voucher's answer in the page's language: what it pays of the cart, its balance, or
 * why the shop refused it. The shop answers with reasons and amounts (contract/vouchers.ts);
 * these choose the words, for the checkout's field and the balance page alike.
 */
import type { WireVoucherAnswer } from "../../contract/vouchers.ts";
import type { VoucherRefusal } from "../../domain/vouchers/rules.ts";
import type { I18n, MessageKey } from "../i18n/mod.ts";
import { wireCents } from "./use_cart_price.ts";

const REASONS: Record<VoucherRefusal, MessageKey> = {
  other_shop: "voucher.refused.other_shop",
  unknown: "voucher.refused.unknown",
  expired: "voucher.refused.expired",
  used_up: "voucher.refused.used_up",
};

/** Whether `value` is one of the shop's reasons for refusing a voucher. */
export function isVoucherReason(value: unknown): value is VoucherRefusal {
  return typeof value === "string" && Object.hasOwn(REASONS, value);
}

/** Why a voucher cannot pay, in a few words: "this gift voucher has expired". */
export function voucherReason(i18n: I18n, reason: VoucherRefusal): string {
  return i18n.t(REASONS[reason]);
}

/**
 * The sentence beside the checkout's voucher field: "Gift voucher …Q2K7 pays LKR 1,000.00 of
 * this order (LKR 1,000.00 on it now)", or why it was not used.
 */
export function voucherAnswerText(i18n: I18n, answer: WireVoucherAnswer): string {
  if (answer.status === "refused") {
    return i18n.t("voucher.refusedCode", { reason: voucherReason(i18n, answer.reason) });
  }
  return i18n.t("voucher.applied", {
    code: answer.code,
    pays: i18n.lkr(wireCents(answer.pays)),
    balance: i18n.lkr(wireCents(answer.balance)),
  });
}

/** Whether `value` could be a gift voucher code as typed (before asking the shop). */
export function voucherShaped(value: string): boolean {
  return /^[A-Za-z0-9 -]{1,40}$/.test(value.trim()) && /[A-Za-z0-9]/.test(value);
}
