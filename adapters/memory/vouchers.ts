/**
 * Gift vouchers in memory, for tests and the in-process shop: the same rules as the SQL
 * store (adapters/postgres/vouchers.ts), held to one contract
 * (adapters/voucher_store_contract_test.ts). The memory order repository spends and gives
 * back vouchers through `spend` and `giveBack`, as the SQL one does in its transactions.
 */
import type { KeptVoucher, VoucherStore, VoucherTotals } from "../../domain/vouchers/ports.ts";
import {
  balanceOf,
  type Voucher,
  type VoucherDraft,
  type VoucherLedgerRow,
  type VoucherTender,
} from "../../domain/vouchers/rules.ts";

interface Kept {
  voucher: Voucher;
  codeHash: string;
  ledger: VoucherLedgerRow[];
}

export class MemoryVoucherStore implements VoucherStore {
  readonly #vouchers: Kept[] = [];
  #next = 1;

  issue(
    draft: VoucherDraft & { codeHash: string; last4: string; expiresAt: string },
    at: Date,
  ): Promise<Voucher> {
    if (this.#vouchers.some((k) => k.codeHash === draft.codeHash)) {
      return Promise.reject(new Error("A voucher with this code exists"));
    }
    const voucher: Voucher = {
      id: this.#next++,
      last4: draft.last4,
      amountCents: draft.amountCents,
      expiresOn: draft.expiresOn,
      expiresAt: draft.expiresAt,
      recipient: draft.recipient && { ...draft.recipient },
      issuedAt: at.toISOString(),
    };
    this.#vouchers.push({
      voucher,
      codeHash: draft.codeHash,
      ledger: [{ move: "issued", cents: draft.amountCents, orderId: null, at: at.toISOString() }],
    });
    return Promise.resolve(structuredClone(voucher));
  }

  #kept(k: Kept): KeptVoucher {
    return { ...structuredClone(k.voucher), balanceCents: balanceOf(k.ledger) };
  }

  findByCodeHash(codeHash: string): Promise<KeptVoucher | undefined> {
    const found = this.#vouchers.find((k) => k.codeHash === codeHash);
    return Promise.resolve(found && this.#kept(found));
  }

  find(id: number): Promise<(KeptVoucher & { ledger: VoucherLedgerRow[] }) | undefined> {
    const found = this.#vouchers.find((k) => k.voucher.id === id);
    return Promise.resolve(
      found && { ...this.#kept(found), ledger: structuredClone(found.ledger) },
    );
  }

  list(): Promise<KeptVoucher[]> {
    return Promise.resolve([...this.#vouchers].reverse().map((k) => this.#kept(k)));
  }

  totals(range: { from: string; to: string }): Promise<VoucherTotals> {
    const from = Date.parse(range.from);
    const to = Date.parse(range.to);
    const rows = this.#vouchers.flatMap((k) => k.ledger).filter((row) => {
      const at = Date.parse(row.at);
      return at >= from && at < to;
    });
    const sum = (move: VoucherLedgerRow["move"]) =>
      rows.filter((r) => r.move === move).reduce((total, r) => total + r.cents, 0);
    return Promise.resolve({
      issued: rows.filter((r) => r.move === "issued").length,
      issuedCents: sum("issued"),
      spentCents: sum("spent"),
      returnedCents: sum("returned"),
    });
  }

  /**
   * The first tender its voucher cannot pay now (expired, or its balance below it), with
   * that balance; undefined when every one can be spent.
   */
  refusal(
    tenders: readonly VoucherTender[],
    at: Date,
  ): { voucherId: number; balanceCents: number } | undefined {
    for (const tender of tenders) {
      const found = this.#vouchers.find((k) => k.voucher.id === tender.voucherId);
      const balanceCents = found ? balanceOf(found.ledger) : 0;
      if (
        !found || at.getTime() >= Date.parse(found.voucher.expiresAt) || balanceCents < tender.cents
      ) {
        return { voucherId: tender.voucherId, balanceCents };
      }
    }
    return undefined;
  }

  /** Spends the tenders on order `orderId` (checked first with `refusal`). */
  spend(tenders: readonly VoucherTender[], orderId: number, at: Date): void {
    for (const tender of tenders) {
      this.#vouchers.find((k) => k.voucher.id === tender.voucherId)?.ledger.push({
        move: "spent",
        cents: tender.cents,
        orderId,
        at: at.toISOString(),
      });
    }
  }

  /** Gives back what order `orderId` spent, once. */
  giveBack(orderId: number, at: Date): void {
    for (const k of this.#vouchers) {
      const spent = k.ledger.find((r) => r.move === "spent" && r.orderId === orderId);
      const returned = k.ledger.some((r) => r.move === "returned" && r.orderId === orderId);
      if (spent && !returned) {
        k.ledger.push({ move: "returned", cents: spent.cents, orderId, at: at.toISOString() });
      }
    }
  }
}
