/**
 * A voucher code a shopper typed, looked up: one of the shop's, known, not expired and not
 * used up; or why it cannot pay. Checking a balance, pricing a cart and placing an order ask
 * it alike.
 */
import { sha256Hex } from "../sha256.ts";
import type { KeptVoucher, VoucherStore } from "./ports.ts";
import { voucherCode, type VoucherRefusal, voucherStanding } from "./rules.ts";

export type VoucherLookup =
  | { kind: "usable"; voucher: KeptVoucher; code: string }
  | { kind: "refused"; reason: VoucherRefusal; voucher?: KeptVoucher };

/** The SHA-256 a voucher's code is kept under (written as `voucherCode` writes it). */
export function voucherCodeHash(code: string): Promise<string> {
  return sha256Hex(code);
}

/**
 * What `typed` is as a voucher at `now`.
 *
 * @example await lookUpVoucher(store, "pgv 7kq4 m9xa 2tpr 8hnc", now) // { kind: "usable", voucher, code: "PGV-7KQ4-M9XA-2TPR-8HNC" }
 * @example await lookUpVoucher(store, "GIFT-1234", now) // { kind: "refused", reason: "other_shop" }
 */
export async function lookUpVoucher(
  store: Pick<VoucherStore, "findByCodeHash">,
  typed: string,
  now: string,
): Promise<VoucherLookup> {
  const code = voucherCode(typed);
  if (code === undefined) return { kind: "refused", reason: "other_shop" };
  const voucher = await store.findByCodeHash(await voucherCodeHash(code));
  if (!voucher) return { kind: "refused", reason: "unknown" };
  const standing = voucherStanding(voucher, voucher.balanceCents, now);
  return standing === "ok"
    ? { kind: "usable", voucher, code }
    : { kind: "refused", reason: standing, voucher };
}
