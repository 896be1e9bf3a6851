/**
 * The store of gift vouchers (rules.ts): each voucher with its code's hash, and its ledger.
 * Spending a voucher on an order and giving it back when the order is cancelled happen in the
 * order's own transaction (the order repository's place and changeStatus, which carry the
 * order's `vouchers`): the voucher's row is locked there, so two checkouts at once can never
 * spend one balance twice.
 */
import type { Cents } from "../money.ts";
import type { Voucher, VoucherDraft, VoucherLedgerRow } from "./rules.ts";

/** A voucher with its balance now. */
export type KeptVoucher = Voucher & { balanceCents: Cents };

/** What vouchers came to over some time: sold (issued), spent on orders, given back. */
export interface VoucherTotals {
  issued: number;
  issuedCents: Cents;
  spentCents: Cents;
  returnedCents: Cents;
}

export interface VoucherStore {
  /** Keeps a new voucher under its code's hash, with its `issued` row. */
  issue(
    draft: VoucherDraft & { codeHash: string; last4: string; expiresAt: string },
    at: Date,
  ): Promise<Voucher>;
  /** The voucher whose code hashes to `codeHash`, with its balance; undefined when none. */
  findByCodeHash(codeHash: string): Promise<KeptVoucher | undefined>;
  /** One voucher with its balance and its ledger, oldest row first. */
  find(id: number): Promise<(KeptVoucher & { ledger: VoucherLedgerRow[] }) | undefined>;
  /** Every voucher with its balance, newest first. */
  list(): Promise<KeptVoucher[]>;
  /** What was issued, spent and given back in [from, to). */
  totals(range: { from: string; to: string }): Promise<VoucherTotals>;
}
