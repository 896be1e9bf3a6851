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
    page: { total: "amount.totalPaid", note: "amount.notePaid" },
    mail: { total: "mail.totalPaid", note: "mail.notePaid" },
    slip: { total: "slip.totalPaid", note: "slip.notePaid" },
    admin: { total: "Total paid", note: "Paid, nothing to collect" },
  },
  nothingOwed: {
    page: { total: "amount.orderTotal", note: "amount.noteNothingOwed" },
    mail: { total: "mail.orderTotal", note: "mail.rejected.nothingOwed" },
    slip: { total: "slip.orderTotal", note: "slip.noteNothingOwed" },
    admin: { total: "Order total", note: "Cancelled, nothing owed" },
  },
  refund: {
    page: { total: "amount.totalPaid", note: "amount.noteRefund" },
    mail: { total: "mail.totalPaid", note: "mail.rejected.refund" },
    slip: { total: "slip.totalPaid", note: "slip.noteRefund" },
    admin: { total: "Total paid", note: "Cancelled after payment: refund due" },
  },
  slipUnchecked: {
    page: { total: "amount.orderTotal", note: "amount.noteSlipUnchecked" },
    mail: { total: "mail.orderTotal", note: "mail.lapsed.paid" },
    slip: { total: "slip.orderTotal", note: "slip.noteSlipUnchecked" },
    admin: { total: "Order total", note: "Cancelled with its slip unchecked: check it" },
  },
} as const satisfies Record<"paid" | "nothingOwed" | "refund" | "slipUnchecked", AmountWords>;

/** A cancelled order's words, by its payment status when it was cancelled. */
export const CANCELLED_WORDS = {
  paid: SETTLED_WORDS.refund,
  proof_submitted: SETTLED_WORDS.slipUnchecked,
  unpaid: SETTLED_WORDS.nothingOwed,
} as const satisfies Record<PaymentStatus, AmountWords>;

/** The labels of the amounts above the last row, in the admin area's English. */
export const ADMIN_AMOUNT_LABELS = {
  /** The items' sum, before delivery (the API's `total`). */
  items: "Items",
  deliveryFee: "Delivery fee",
} as const;

/** The words an amount can have: a method's for an unpaid order, or a settled order's. */
export type DueWords =
  | (typeof SETTLED_WORDS)[keyof typeof SETTLED_WORDS]
  | (typeof PAYMENT_POLICIES)[keyof typeof PAYMENT_POLICIES]["words"]["unpaid"];

/** What the order's documents say about its money. */
export interface AmountDue {
  kind: AmountDueKind;
  /** The amount the note names: to collect, to pay, or paid; 0 when nothing is owed. */
  cents: Cents;
  /** The order's items and delivery, which the totals' last row shows under `words.total`. */
  totalCents: Cents;
  words: DueWords;
}

/** What `amountDue` reads of an order. */
export type AmountFacts = Pick<
  Order,
  "status" | "paymentMethod" | "paymentStatus" | "totalCents" | "deliveryFeeCents"
>;

/**
 * What an order's documents say about its amount.
 *
 * @example amountDue({ status: "completed", paymentMethod: "COD", paymentStatus: "paid", totalCents: 385000, deliveryFeeCents: 50000 }).kind // "paid": nothing to collect
 * @example amountDue({ status: "pending", paymentMethod: "COD", paymentStatus: "unpaid", totalCents: 385000, deliveryFeeCents: 50000 }) // { kind: "collect", cents: 435000, ... }
 * @example amountDue({ status: "rejected", paymentMethod: "Bank Deposit", paymentStatus: "unpaid", totalCents: 385000, deliveryFeeCents: 50000 }).cents // 0: nothing owed
 */
export function amountDue(order: AmountFacts): AmountDue {
  const totalCents = order.totalCents + order.deliveryFeeCents;
  if (!ORDER_STATUS_POLICIES[order.status].owes) {
    return {
      kind: "nothingOwed",
      cents: 0,
      totalCents,
      words: CANCELLED_WORDS[order.paymentStatus],
    };
  }
  if (order.paymentStatus === "paid") {
    return { kind: "paid", cents: totalCents, totalCents, words: SETTLED_WORDS.paid };
  }
  const policy = PAYMENT_POLICIES[order.paymentMethod];
  return { kind: policy.settlement, cents: totalCents, totalCents, words: policy.words.unpaid };
}
