/**
 * What placing an order and changing its status must do, decided here as plain data;
 * a repository carries a plan out in one transaction and decides nothing itself.
 */
import type { Cents } from "../money.ts";
import type { MailKind } from "../notifications/mail_kinds.ts";
import type {
  EventActor,
  IdempotencyClaim,
  ItemType,
  NewOrder,
  OrderEvent,
  OrderLine,
  OrderStatus,
  PaymentStatus,
  StockShortfall,
} from "./model.ts";
import { type TransitionEffects, transitionEffects } from "./status.ts";
import { type HoldClaim, holdingOf, type HoldLimits, type HoldRefusal } from "./holds.ts";
import {
  DEFAULT_HOLD_RULES,
  type HoldRules,
  lapseTime,
  PAYMENT_POLICIES,
} from "./payment_policy.ts";

/** The status every new order starts in. */
export const INITIAL_ORDER_STATUS: OrderStatus = "pending";

/** One item's share of an order: its lines summed. */
export interface StockTake {
  type: ItemType;
  id: number;
  title: string;
  quantity: number;
  /**
   * The usual price of a copy the order was priced at (before any sale): the take holds
   * only while it is still the item's price.
   */
  listUnitCents: Cents;
  /**
   * What a copy sold for when the order was priced (its sale price while a sale ran): the
   * take holds only while a copy still sells for it on the order's day.
   */
  unitPriceCents: Cents;
  /** Lines for the item disagree on a price: the order must be priced again. */
  mixedPrices: boolean;
}

/**
 * Lines for the same item summed; books then stationery, each in id order, so that
 * concurrent orders lock rows in one global order and never deadlock.
 *
 * @example stockTakes([pen x1, book 9 x1, pen x2]) // [book 9 x1, pen x3]
 */
export function stockTakes(lines: readonly OrderLine[]): StockTake[] {
  const byItem = new Map<string, StockTake>();
  for (const line of lines) {
    const key = `${line.type}:${line.itemId}`;
    const take = byItem.get(key);
    if (take) {
      take.quantity += line.quantity;
      take.mixedPrices ||= take.listUnitCents !== line.listUnitCents ||
        take.unitPriceCents !== line.unitPriceCents;
    } else {
      byItem.set(key, {
        type: line.type,
        id: line.itemId,
        title: line.title,
        quantity: line.quantity,
        listUnitCents: line.listUnitCents,
        unitPriceCents: line.unitPriceCents,
        mixedPrices: false,
      });
    }
  }
  return [...byItem.values()].sort((a, b) =>
    a.type === b.type ? a.id - b.id : a.type === "book" ? -1 : 1
  );
}

/**
 * Everything a placement writes: the order in its first status and payment status, when
 * it lapses, its first event, the stock, the mails.
 */
export interface PlacementPlan {
  order: NewOrder;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  /** ISO 8601: when the order's hold ends unless it is paid or decided (null: it never ends). */
  expiresAt: string | null;
  events: OrderEvent[];
  takes: StockTake[];
  mails: MailKind[];
  /**
   * The client's marks and what the order holds: the placement is refused when a mark would
   * hold more than the limits (`holdRefusal`), and the marks are kept with the order while
   * it holds stock. Null: not bounded (an order placed by the shop's own tools).
   */
  hold: HoldClaim | null;
  /**
   * The discount code the order uses, counted in the same transaction: refused when its uses
   * are up, or when the customer (any of its marks: hashed e-mail, phone, account) holds
   * `maxPerCustomer` orders with it already. Absent: no code.
   */
  codeUse?: CodeUse;
}

/** A discount code's use by the order being placed. */
export interface CodeUse {
  codeId: number;
  customerKeys: string[];
  maxPerCustomer: number | null;
}

/** The shop's rules a placement follows: how long an unpaid order holds its stock. */
export type PlacementRules = HoldRules;

/**
 * The plan for storing a priced order; holds not given are the shop's defaults.
 *
 * @example planPlacement(bankDepositOrder, { bankDepositHours: 48 }).expiresAt // two days after orderDate
 */
export function planPlacement(
  order: NewOrder,
  rules: Partial<PlacementRules> = {},
  hold?: { keys: string[]; limits: HoldLimits },
): PlacementPlan {
  const holds = { ...DEFAULT_HOLD_RULES, ...rules };
  return {
    order,
    status: INITIAL_ORDER_STATUS,
    paymentStatus: PAYMENT_POLICIES[order.paymentMethod].initialPaymentStatus,
    expiresAt: lapseTime(order.paymentMethod, order.orderDate, holds),
    events: [{
      at: new Date(order.orderDate).toISOString(),
      kind: "placed",
      actor: "customer",
      note: null,
    }],
    takes: stockTakes(order.lines),
    mails: ["order_placed", "shop_order_placed"],
    hold: hold ? { ...hold, ...holdingOf(order.lines) } : null,
  };
}

/**
 * The plan of an order its gift vouchers pay in full: it is paid as it is placed (the
 * vouchers' money came in when they were sold), holds no stock as unpaid and never lapses.
 *
 * @example paidByVouchers(planPlacement(order)).paymentStatus // "paid"
 */
export function paidByVouchers(plan: PlacementPlan): PlacementPlan {
  return {
    ...plan,
    paymentStatus: "paid",
    expiresAt: null,
    hold: null,
    events: [
      ...plan.events,
      { at: plan.events[0].at, kind: "paid", actor: "system", note: "Paid by gift voucher" },
    ],
  };
}

/** What is stored under an idempotency key. */
export interface StoredKey {
  requestHash: string;
  /** The order placed under it; null while none is (its order failed). */
  orderId: number | null;
  /** ISO 8601 */
  expiresAt: string;
}

export type IdempotencyDecision =
  /** Nothing is stored under the key, or only what has expired or never led to an order. */
  | { kind: "place" }
  /** The same key and body placed an order: answer with that order again. */
  | { kind: "replay"; orderId: number }
  /** The same key came with another body. */
  | { kind: "mismatch" };

/**
 * Whether a request with an idempotency key places a new order.
 *
 * @example decideIdempotency({ requestHash: "a", orderId: 7, expiresAt: later }, { requestHash: "a", ... }, now) // { kind: "replay", orderId: 7 }
 */
export function decideIdempotency(
  stored: StoredKey | undefined,
  claim: Pick<IdempotencyClaim, "requestHash">,
  now: string,
): IdempotencyDecision {
  if (!stored || Date.parse(stored.expiresAt) <= Date.parse(now)) return { kind: "place" };
  if (stored.requestHash !== claim.requestHash) return { kind: "mismatch" };
  if (stored.orderId === null) return { kind: "place" };
  return { kind: "replay", orderId: stored.orderId };
}

/** Why one stock take touched nothing. */
export type TakeMiss =
  | { kind: "price" }
  | { kind: "short"; shortfall: StockShortfall };

export type PlacementRefusal =
  | { kind: "price_changed" }
  | { kind: "insufficient_stock"; lines: StockShortfall[] };

export type { HoldRefusal };

/**
 * Whether a placement whose takes ran into `misses` must be refused, and why: a moved
 * price comes first (the shopper must see the new prices), then every shortfall.
 */
export function placementRefusal(
  misses: readonly (TakeMiss | undefined)[],
): PlacementRefusal | undefined {
  if (misses.some((miss) => miss?.kind === "price")) return { kind: "price_changed" };
  const lines = misses.flatMap((miss) => miss?.kind === "short" ? [miss.shortfall] : []);
  return lines.length > 0 ? { kind: "insufficient_stock", lines } : undefined;
}

export interface TransitionPlan extends TransitionEffects {
  mails: MailKind[];
  orderId: number;
  /** The status the order must still have when the move is written. */
  from: OrderStatus;
  to: OrderStatus;
  /** Kept on a completed order (null when not given). */
  courier: string | null;
  trackingNumber: string | null;
  /** Kept on a rejected order (null when not given). */
  rejectReason: string | null;
  event: OrderEvent;
}

/** Who moves an order, when, and what goes with the move. */
export interface TransitionDetails {
  /** ISO 8601 */
  at: string;
  actor: EventActor;
  /** With `completed`: who carries the parcel and its tracking number. */
  courier?: string | null;
  trackingNumber?: string | null;
  /** With `rejected`: why. */
  reason?: string | null;
}

/** The note a move leaves on the timeline: the courier and tracking number, or the reason. */
function transitionNote(to: OrderStatus, details: TransitionDetails): string | null {
  if (to === "completed") {
    const parts = [details.courier, details.trackingNumber].filter((p): p is string => !!p);
    return parts.length > 0 ? parts.join(" · ") : null;
  }
  return details.reason || null;
}

export type TransitionPlanning =
  | { kind: "ok"; plan: TransitionPlan }
  | { kind: "illegal"; from: OrderStatus; to: OrderStatus };

/**
 * The plan for moving an order, asked of the transition table.
 *
 * @example planTransition({ id: 7, status: "pending" }, "rejected", { at, actor: "admin", reason: "Out of print" }) // ok: returnStock, no mail
 */
export function planTransition(
  order: { id: number; status: OrderStatus },
  to: OrderStatus,
  details: TransitionDetails,
): TransitionPlanning {
  const effects = transitionEffects(order.status, to);
  if (!effects) return { kind: "illegal", from: order.status, to };
  return {
    kind: "ok",
    plan: {
      orderId: order.id,
      from: order.status,
      to,
      ...effects,
      mails: [...effects.mails],
      courier: to === "completed" ? details.courier || null : null,
      trackingNumber: to === "completed" ? details.trackingNumber || null : null,
      rejectReason: to === "rejected" ? details.reason || null : null,
      event: {
        at: details.at,
        // The table moves orders only out of pending, so `to` is never pending.
        kind: to as Exclude<OrderStatus, "pending">,
        actor: details.actor,
        note: transitionNote(to, details),
      },
    },
  };
}
