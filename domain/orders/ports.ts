/** The orders' ports: items as they can be sold, the order repository, the slip. */
import type { Cents } from "../money.ts";
import type { SalePrice } from "../promotions/pricing.ts";
import type {
  IdempotencyClaim,
  ItemType,
  Order,
  OrderEvent,
  OrderStats,
  OrderStatus,
  PaymentStatus,
  StockShortfall,
} from "./model.ts";
import type { PlacementPlan, TransitionPlan } from "./plans.ts";
import type { HoldRefusal } from "./holds.ts";
import type { MailKind } from "../notifications/ports.ts";
import type { PaymentPlan } from "./payment.ts";
import type { OrderPage, OrderQuery, TimeRange } from "./order_query.ts";
import type { ProofPlan, ProofRefusal, ProofType } from "./payment_proofs.ts";

// The records a plan carries live with the model (plans.ts reads them without the ports).
export type { IdempotencyClaim, NewOrder, StockShortfall } from "./model.ts";

/** The current state of an item an order asks for (prices come from here, never the client). */
export interface SellableItem {
  type: ItemType;
  id: number;
  title: string;
  isbn13: string | null;
  priceCents: Cents;
  stock: number;
  weightGrams: number;
  preorder: boolean;
  /** A pre-ordered book's expected date (YYYY-MM-DD), when the shop has set one. */
  preorderDate?: string | null;
  /** Where it belongs, as promotions' scopes name it: its category, and a book's language. */
  categoryId: number;
  language: string | null;
  /** Its sale price and the moments its days run between; null when it has none. */
  sale: SalePrice | null;
}

export type PlaceOrderOutcome =
  | { kind: "placed"; order: Order }
  /** The same key and body were seen before: the first order, unchanged. */
  | { kind: "replayed"; order: Order }
  | { kind: "idempotency_mismatch" }
  | { kind: "insufficient_stock"; lines: StockShortfall[] }
  /** A price moved between pricing and storing: price again. */
  | { kind: "price_changed"; items: SellableItem[] }
  /**
   * A gift voucher of the order could not pay what it was to when the order was stored:
   * another order spent its balance meanwhile, or it expired. Nothing was taken.
   */
  | { kind: "voucher_changed"; voucherId: number; balanceCents: Cents }
  /** The client's unpaid orders would hold more than the shop allows (domain/orders/holds.ts). */
  | { kind: "too_much_held"; refusal: HoldRefusal }
  /**
   * The order's discount code ran out meanwhile (`used_up`: its uses are all held; `paused`:
   * the owner paused it; `customer_limit`: this customer holds its share already).
   */
  | { kind: "code_refused"; reason: "used_up" | "paused" | "customer_limit" };

export type StatusChangeOutcome =
  | { kind: "changed"; order: Order }
  | { kind: "not_found" }
  | { kind: "not_pending"; status: OrderStatus };

export type PaymentChangeOutcome =
  | { kind: "changed"; order: Order }
  | { kind: "not_found" }
  /** The order no longer has the statuses the change was planned from. */
  | { kind: "conflict"; status: OrderStatus; paymentStatus: PaymentStatus };

export type ProofOutcome =
  | { kind: "added"; order: Order }
  | { kind: "not_found" }
  | { kind: "refused"; reason: ProofRefusal };

/**
 * The secret key that opens an order's page to its customer: at least 128 random bits,
 * kept only as a hash. It is derived from a random salt stored with the order and a
 * secret the database never holds, so the shop can put it in every mail about the order.
 */
export interface OrderKeys {
  /** A new order's salt and hash, and the key they stand for. */
  issue(): Promise<{ salt: string; hash: string; key: string }>;
  /** The key of an order with this salt. */
  keyFor(salt: string): Promise<string>;
  /** The hash an order keeps of its key. */
  hash(key: string): Promise<string>;
}

/** Orders, with the stock and mail that go with them in the same transaction. */
export interface OrderRepository {
  /** Current state of the asked items; missing or archived ones are left out. */
  findSellable(items: { type: ItemType; id: number }[]): Promise<SellableItem[]>;
  /**
   * Carries out a placement plan in one transaction: claims the idempotency key (when
   * given) and answers as `decideIdempotency` says, checks the plan's hold against what the
   * client's unpaid orders hold already (its marks locked, so orders at once cannot pass the
   * bound together; refused as `holdRefusal` says), takes the stock of every take (rows
   * touched in the plan's order, guarded by `stock >= quantity` and the unit price the
   * order was priced at, refused as `placementRefusal` says), stores the order in the
   * plan's status with its lines and its hold's marks, and enqueues the plan's mails. All or
   * nothing.
   */
  place(plan: PlacementPlan, idempotency?: IdempotencyClaim): Promise<PlaceOrderOutcome>;
  findById(id: number): Promise<Order | undefined>;
  /** The order when `keyHash` is its key's hash; undefined for a missing order and a wrong key alike. */
  findByKey(id: number, keyHash: string): Promise<Order | undefined>;
  /**
   * Stores a customer's proof with the order locked: refused as `proofRefusal` says of the
   * order as it is then; else the proof, the plan's payment status and its event.
   */
  addProof(plan: ProofPlan): Promise<ProofOutcome>;
  /** A proof's file, when it belongs to that order. */
  findProof(
    orderId: number,
    proofId: number,
  ): Promise<{ contentType: ProofType; bytes: Uint8Array } | undefined>;
  /** Newest first. */
  list(status?: OrderStatus): Promise<Order[]>;
  /** One page of the orders matching the query (`matchesQuery`), newest first. */
  search(query: OrderQuery): Promise<OrderPage>;
  /**
   * The orders not cancelled that hold a pre-ordered line of the book (the line as placed:
   * it stays a pre-order line once the book arrives), oldest first, at most `limit`.
   */
  holdingPreorder(bookId: number, limit: number): Promise<Order[]>;
  /** Counts by status and payment, and the orders placed within `today`. */
  stats(today: TimeRange): Promise<OrderStats>;
  /**
   * Carries out a payment plan in one transaction, only while the order still has the
   * plan's order status and payment status: the new payment status and its event, and the
   * order's slip replaced by `slipPdf` when the plan says so.
   */
  changePayment(plan: PaymentPlan, slipPdf?: Uint8Array): Promise<PaymentChangeOutcome>;
  /**
   * Lapses up to `limit` orders that `lapses()` says are due at `now`, each in its own
   * transaction as `planLapse` plans it, with the order locked and checked again, so that
   * several processes at once lapse an order once and a proof or payment arriving first
   * wins. Answers the ids it lapsed.
   */
  lapseDue(now: string, limit: number): Promise<number[]>;
  /** Puts a mail about an existing order in the outbox (the link a customer asked for). */
  enqueueMail(orderId: number, kind: MailKind): Promise<void>;
  /** Adds an event (an admin's note) to the timeline; undefined when there is no such order. */
  addEvent(orderId: number, event: OrderEvent): Promise<Order | undefined>;
  /**
   * Carries out a transition plan in one transaction, only while the order still has the
   * plan's `from` status (so its effects happen once): the new status, the stock given
   * back when the plan says so, the slip when it says so (`slipPdf`), the courier, tracking
   * number or reason, the plan's event and mails; the order stops lapsing.
   */
  changeStatus(plan: TransitionPlan, slipPdf?: Uint8Array): Promise<StatusChangeOutcome>;
  findSlip(id: number): Promise<Uint8Array | undefined>;
}

/** Renders the PDF order slip of an order. */
export interface SlipRenderer {
  render(order: Order): Promise<Uint8Array>;
}

/**
 * Renders an order's receipt for its customer: what the order came to and what was paid,
 * in the order's language. A port apart from the slip: the slip is the shop's packing
 * document, saved once; a receipt is drawn from the order as it stands now.
 */
export interface ReceiptRenderer {
  render(order: Order): Promise<Uint8Array>;
}

/** A customer's own orders, for their account page. */
export interface CustomerOrders {
  /** The orders placed with this customer's account, newest first. */
  listByUser(userId: number): Promise<Order[]>;
}
