/**
 * The order state machine as one table of data: per status, the moves out of it with what
 * each does besides (stock, slip, mails), whether anything can be owed on an order in it,
 * and the words that name it. plans.ts plans every move from this table; pages, mails
 * and the admin area read their words from it, so a new status is a compile error
 * (`satisfies Record<OrderStatus, OrderStatusPolicy>`) until every place knows it.
 */
import type { MailKind } from "../notifications/mail_kinds.ts";
import { ORDER_STATUSES, type OrderStatus } from "./model.ts";

/** What a move of an order's status does besides changing it. */
export interface TransitionEffects {
  /** Give the order's stock back (once: the move happens once). */
  returnStock: boolean;
  /** Store the order slip rendered for the new status. */
  saveSlip: boolean;
  mails: readonly MailKind[];
}

/** Everything the shop does with an order in one status. */
export interface OrderStatusPolicy {
  /** The moves out of this status, each with its effects; none for a final status. */
  moves: Readonly<Partial<Record<OrderStatus, TransitionEffects>>>;
  /** Whether no move leaves it. */
  final: boolean;
  /** Whether money can be owed on an order in it: a cancelled order owes nothing. */
  owes: boolean;
  /**
   * Whether an order in it has a saved slip (the move into it saved one), which a change
   * of its payment renders again: the slip says how the money stands.
   */
  hasSlip: boolean;
  /**
   * The message key (messages/*.json) that names it to the customer, on the order's page
   * and in the account alike, and its name in the admin area (English, not translated).
   */
  words: { shopper: string; admin: string };
}

/** Pending goes to completed (Confirm) or rejected (Reject); both are final. */
export const ORDER_STATUS_POLICIES = {
  pending: {
    moves: {
      completed: { returnStock: false, saveSlip: true, mails: ["order_completed"] },
      rejected: { returnStock: true, saveSlip: false, mails: ["order_rejected"] },
    },
    final: false,
    owes: true,
    hasSlip: false,
    words: { shopper: "order.statusPending", admin: "Pending" },
  },
  completed: {
    moves: {},
    final: true,
    owes: true,
    hasSlip: true,
    words: { shopper: "order.statusCompleted", admin: "Completed" },
  },
  rejected: {
    moves: {},
    final: true,
    owes: false,
    hasSlip: false,
    words: { shopper: "order.statusRejected", admin: "Rejected" },
  },
} as const satisfies Record<OrderStatus, OrderStatusPolicy>;

/** The statuses each status may move to, read from the table. */
export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = Object
  .freeze(Object.fromEntries(
    ORDER_STATUSES.map((status) => [
      status,
      Object.freeze(Object.keys(ORDER_STATUS_POLICIES[status].moves) as OrderStatus[]),
    ]),
  ) as Record<OrderStatus, readonly OrderStatus[]>);

/** @example canTransition("pending", "completed") // true */
export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** The effects of the move from one status to another; undefined when it is not allowed. */
export function transitionEffects(
  from: OrderStatus,
  to: OrderStatus,
): TransitionEffects | undefined {
  const moves: Partial<Record<OrderStatus, TransitionEffects>> = ORDER_STATUS_POLICIES[from].moves;
  return moves[to];
}

/** Whether no further move leaves this status. */
export function isFinal(status: OrderStatus): boolean {
  return ORDER_STATUS_POLICIES[status].final;
}
