/**
 * What an order's money documents say about its amount: the slip, every mail, the
 * customer's order page and account, and the admin's order page all ask `amountDue`, so
 * they agree. The payment status decides, never the payment method alone: a paid order
 * (any method) has nothing left to collect, a cancelled one owes nothing (and its words say
 * whether a payment is to be returned or a slip still to be checked), and an unpaid
 * one is collected by the courier or paid before dispatch as its method's policy says.
 */
import type { Cents } from "../money.ts";
import type { Order, PaymentStatus } from "./model.ts";
import { type AmountWords, PAYMENT_POLICIES } from "./payment_policy.ts";
import { ORDER_STATUS_POLICIES } from "./status.ts";
import type { Breakdown } from "../pricing/breakdown.ts";

/**
 * collect: the courier collects the amount at the door; pay: the customer pays it before
 * dispatch; paid: it has been paid, nothing is left to collect; nothingOwed: the order
 * was cancelled and nobody owes anything.
 */
export type AmountDueKind = "collect" | "pay" | "paid" | "nothingOwed";

export const AMOUNT_DUE_KINDS = [
  "collect",
  "pay",
  "paid",
  "nothingOwed",
] as const satisfies readonly AmountDueKind[];

/**
 * The words of a paid order and of a cancelled one, whatever the method. A cancelled order
 * owes nothing, but its words say what became of the money: paid (a refund is due), a slip
 * sent and not yet checked (the customer may have paid), or nothing paid.
 */
export const SETTLED_WORDS = {
  paid: {
    page: { note: "amount.notePaid" },
    mail: { note: "mail.notePaid" },
    slip: { note: "slip.notePaid" },
    admin: { note: "Paid, nothing to collect" },
  },
  nothingOwed: {
    page: { note: "amount.noteNothingOwed" },
    mail: { note: "mail.rejected.nothingOwed" },
    slip: { note: "slip.noteNothingOwed" },
    admin: { note: "Cancelled, nothing owed" },
  },
  refund: {
    page: { note: "amount.noteRefund" },
    mail: { note: "mail.rejected.refund" },
    slip: { note: "slip.noteRefund" },
    admin: { note: "Cancelled after payment: refund due" },
  },
  slipUnchecked: {
    page: { note: "amount.noteSlipUnchecked" },
    mail: { note: "mail.lapsed.paid" },
    slip: { note: "slip.noteSlipUnchecked" },
    admin: { note: "Cancelled with its slip unchecked: check it" },
  },
} as const satisfies Record<"paid" | "nothingOwed" | "refund" | "slipUnchecked", AmountWords>;

/** A cancelled order's words, by its payment status when it was cancelled. */
export const CANCELLED_WORDS = {
  paid: SETTLED_WORDS.refund,
  proof_submitted: SETTLED_WORDS.slipUnchecked,
  unpaid: SETTLED_WORDS.nothingOwed,
} as const satisfies Record<PaymentStatus, AmountWords>;

/** The words an amount can have: a method's for an unpaid order, or a settled order's. */
export type DueWords =
  | (typeof SETTLED_WORDS)[keyof typeof SETTLED_WORDS]
  | (typeof PAYMENT_POLICIES)[keyof typeof PAYMENT_POLICIES]["words"]["unpaid"];

/** What the order's documents say about its money. */
export interface AmountDue {
  kind: AmountDueKind;
  /** The amount the note names: to collect, to pay, or paid; 0 when nothing is owed. */
  cents: Cents;
  words: DueWords;
}

/** What `amountDue` reads of an order's state. */
export type AmountFacts = Pick<Order, "status" | "paymentMethod" | "paymentStatus">;

/** What `amountDue` reads of the order's breakdown (domain/pricing/breakdown.ts). */
export type AmountFigures = Pick<Breakdown, "totalCents" | "dueCents">;

/**
 * What an order's documents say about its amount: its words by its state, its amount from
 * its breakdown (what is still to pay, once vouchers and payments are counted).
 *
 * @example amountDue({ status: "completed", paymentMethod: "COD", paymentStatus: "paid" }, b).kind // "paid": nothing to collect
 * @example amountDue({ status: "pending", paymentMethod: "COD", paymentStatus: "unpaid" }, { totalCents: 435000, dueCents: 435000 }) // { kind: "collect", cents: 435000, ... }
 * @example amountDue({ status: "rejected", paymentMethod: "Bank Deposit", paymentStatus: "unpaid" }, b).cents // 0: nothing owed
 */
export function amountDue(order: AmountFacts, figures: AmountFigures): AmountDue {
  if (!ORDER_STATUS_POLICIES[order.status].owes) {
    return { kind: "nothingOwed", cents: 0, words: CANCELLED_WORDS[order.paymentStatus] };
  }
  // Paid, or paid for in full by gift vouchers: nothing is left to collect.
  if (order.paymentStatus === "paid" || figures.dueCents === 0) {
    return { kind: "paid", cents: figures.totalCents, words: SETTLED_WORDS.paid };
  }
  const policy = PAYMENT_POLICIES[order.paymentMethod];
  return { kind: policy.settlement, cents: figures.dueCents, words: policy.words.unpaid };
}
