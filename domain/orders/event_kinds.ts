/**
 * What each kind of event on an order's timeline is, as one table of data: who causes it,
 * whether the customer's timeline shows it and the words written with it, and the words
 * that name it. The customer's view, the order page and the admin area read it, so a new
 * kind is a compile error (`satisfies Record<EventKind, EventKindPolicy>`) until every
 * place knows it.
 */
import type { EventActor, EventKind } from "./model.ts";

export interface EventKindPolicy {
  /** Who causes an event of this kind. */
  actors: readonly EventActor[];
  /** Whether the customer's timeline shows it (the admin's notes are the shop's own). */
  customerSees: boolean;
  /**
   * Whether the customer reads what the admin wrote with it: a courier and tracking
   * number, a reason for cancelling; not the admin's words on a payment.
   */
  customerReadsAdminNote: boolean;
  /**
   * Whether the customer's page writes the note after the words that name it: a courier
   * and tracking number, a reason the admin gave. A lapse's note is the shop's reason in
   * English, which its words already say in the page's language.
   */
  noteOnPage: boolean;
  /**
   * The message key (messages/*.json) that names it on the customer's order page, and its
   * name in the admin area (English, not translated).
   */
  words: { page: string; admin: string };
}

export const EVENT_KIND_POLICIES = {
  placed: {
    actors: ["customer"],
    customerSees: true,
    customerReadsAdminNote: false,
    noteOnPage: false,
    words: { page: "order.eventPlaced", admin: "Order placed" },
  },
  proof_submitted: {
    actors: ["customer"],
    customerSees: true,
    customerReadsAdminNote: false,
    noteOnPage: false,
    words: { page: "order.eventProof", admin: "Deposit slip uploaded" },
  },
  // The owner marks a payment; the shop does for a gateway's notice and a gift voucher.
  paid: {
    actors: ["admin", "system"],
    customerSees: true,
    customerReadsAdminNote: false,
    noteOnPage: false,
    words: { page: "order.eventPaid", admin: "Marked paid" },
  },
  unpaid: {
    actors: ["admin", "system"],
    customerSees: true,
    customerReadsAdminNote: false,
    noteOnPage: false,
    words: { page: "order.eventUnpaid", admin: "Marked not paid" },
  },
  completed: {
    actors: ["admin"],
    customerSees: true,
    customerReadsAdminNote: true,
    noteOnPage: true,
    words: { page: "order.eventCompleted", admin: "Confirmed" },
  },
  rejected: {
    actors: ["admin"],
    customerSees: true,
    customerReadsAdminNote: true,
    noteOnPage: true,
    words: { page: "order.eventRejected", admin: "Rejected" },
  },
  lapsed: {
    actors: ["system"],
    customerSees: true,
    customerReadsAdminNote: false,
    noteOnPage: false,
    words: { page: "order.eventLapsed", admin: "Lapsed: payment not received" },
  },
  note: {
    actors: ["admin"],
    customerSees: false,
    customerReadsAdminNote: false,
    noteOnPage: false,
    words: { page: "order.eventNote", admin: "Note" },
  },
  payment_failed: {
    actors: ["system"],
    customerSees: true,
    customerReadsAdminNote: false,
    // The gateway's words are English; the page says it in the customer's language.
    noteOnPage: false,
    words: { page: "order.eventPaymentFailed", admin: "Card payment did not go through" },
  },
  slip_refused: {
    actors: ["admin"],
    customerSees: true,
    // The owner's reason is written for the customer.
    customerReadsAdminNote: true,
    noteOnPage: true,
    words: { page: "order.eventSlipRefused", admin: "Deposit slip refused" },
  },
  refunded: {
    actors: ["admin"],
    customerSees: true,
    // The amount, the reference and the owner's reason, which the customer reads.
    customerReadsAdminNote: true,
    noteOnPage: true,
    words: { page: "order.eventRefunded", admin: "Refunded" },
  },
  // A cancelled order's refunds gave back all it paid: no longer paid, nothing owed either
  // way. The customer's timeline has the refund itself; "not received" would not be true.
  refund_settled: {
    actors: ["system"],
    customerSees: false,
    customerReadsAdminNote: false,
    noteOnPage: false,
    words: { page: "order.eventRefundSettled", admin: "Refunded in full: no longer paid" },
  },
} as const satisfies Record<EventKind, EventKindPolicy>;
