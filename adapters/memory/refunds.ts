/**
 * The owner's refunds in memory, for tests and the in-process shop: the same rules as the
 * SQL store (adapters/postgres/refunds.ts), held to one contract
 * (adapters/refund_store_contract_test.ts).
 */
import { heldCents, type Refund } from "../../domain/payments/refunds.ts";
import type { RefundGiven } from "../../domain/orders/model.ts";
import type {
  RefundOpened,
  RefundOpening,
  RefundReopened,
  RefundStore,
} from "../../domain/payments/ports.ts";

export class MemoryRefundStore implements RefundStore {
  readonly #rows: Refund[] = [];
  readonly #orderExists: (orderId: number) => Promise<boolean>;
  readonly #given: ((orderId: number, given: RefundGiven) => void) | undefined;

  /**
   * `orderExists` answers whether an order may have refunds (every id when absent); `given`
   * is told each refund that succeeds, so that its order reads it as the database's does
   * (MemoryOrderRepository.refundGiven).
   */
  constructor(
    orderExists: (orderId: number) => Promise<boolean> = () => Promise.resolve(true),
    given?: (orderId: number, given: RefundGiven) => void,
  ) {
    this.#orderExists = orderExists;
    this.#given = given;
  }

  #samePayment(of: Pick<Refund, "orderId" | "provider" | "paymentRef">): Refund[] {
    return this.#rows.filter((r) =>
      r.orderId === of.orderId && r.provider === of.provider && r.paymentRef === of.paymentRef
    );
  }

  async open(opening: RefundOpening, paidCents: number): Promise<RefundOpened> {
    if (!(await this.#orderExists(opening.orderId))) return { kind: "not_found" };
    const same = this.#rows.find((r) => r.idempotencyKey === opening.idempotencyKey);
    if (same) return { kind: "existing", refund: { ...same } };
    const left = paidCents - heldCents(this.#samePayment(opening));
    if (opening.amountCents > left) return { kind: "over_refund", leftCents: Math.max(left, 0) };
    const refund: Refund = {
      ...opening,
      id: this.#rows.length + 1,
      status: "pending",
      answer: null,
      attempts: 1,
      settledAt: null,
    };
    this.#rows.push(refund);
    return { kind: "opened", refund: { ...refund } };
  }

  reopen(id: number, paidCents: number): Promise<RefundReopened> {
    const refund = this.#rows.find((r) => r.id === id);
    if (!refund) return Promise.resolve({ kind: "not_found" });
    if (refund.status !== "failed") {
      return Promise.resolve({ kind: "not_failed", refund: { ...refund } });
    }
    const left = paidCents - heldCents(this.#samePayment(refund));
    if (refund.amountCents > left) {
      return Promise.resolve({ kind: "over_refund", leftCents: Math.max(left, 0) });
    }
    refund.status = "pending";
    refund.settledAt = null;
    refund.attempts += 1;
    return Promise.resolve({ kind: "reopened", refund: { ...refund } });
  }

  settle(
    id: number,
    outcome: {
      status: "succeeded" | "failed";
      reference: string | null;
      answer: string;
      at: string;
    },
  ): Promise<Refund | undefined> {
    const refund = this.#rows.find((r) => r.id === id);
    if (!refund || refund.status !== "pending") return Promise.resolve(undefined);
    refund.status = outcome.status;
    refund.answer = outcome.answer;
    refund.settledAt = outcome.at;
    if (outcome.reference !== null) refund.reference = outcome.reference;
    if (refund.status === "succeeded") {
      this.#given?.(refund.orderId, { amountCents: refund.amountCents, at: outcome.at });
    }
    return Promise.resolve({ ...refund });
  }

  find(id: number): Promise<Refund | undefined> {
    const refund = this.#rows.find((r) => r.id === id);
    return Promise.resolve(refund && { ...refund });
  }

  forOrder(orderId: number): Promise<Refund[]> {
    return Promise.resolve(this.#rows.filter((r) => r.orderId === orderId).map((r) => ({ ...r })));
  }

  settledBetween(from: string, to: string): Promise<Refund[]> {
    const start = Date.parse(from), end = Date.parse(to);
    return Promise.resolve(
      this.#rows.filter((r) =>
        r.status === "succeeded" && r.settledAt !== null && Date.parse(r.settledAt) >= start &&
        Date.parse(r.settledAt) < end
      ).sort((a, b) => Date.parse(a.settledAt!) - Date.parse(b.settledAt!) || a.id - b.id)
        .map((r) => ({ ...r })),
    );
  }
}
