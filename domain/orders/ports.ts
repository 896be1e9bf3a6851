/** The orders' ports: items as they can be sold, the order repository, the slip. */
import type { Cents } from "../money.ts";
import type {
  Customer,
  Destination,
  ItemType,
  Order,
  OrderLine,
  OrderStats,
  OrderStatus,
  PaymentMethod,
} from "./model.ts";
import type { PlacementPlan, TransitionPlan } from "./plans.ts";

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
}

/** A fully priced order, ready to be stored. */
export interface NewOrder {
  customer: Customer;
  destination: Destination;
  provinceName: string;
  districtName: string;
  areaName: string;
  paymentMethod: PaymentMethod;
  lines: OrderLine[];
  totalCents: Cents;
  deliveryFeeCents: Cents;
  /** ISO 8601 */
  orderDate: string;
  userId: number | null;
}

/** A line that could not be served: what was asked and what there is. */
export interface StockShortfall {
  type: ItemType;
  id: number;
  title: string;
  requested: number;
  available: number;
}

export interface IdempotencyClaim {
  key: string;
  /** A hash of the request body: the same key with another body is refused. */
  requestHash: string;
  /** Keys older than this are forgotten. */
  expiresAt: string;
}

export type PlaceOrderOutcome =
  | { kind: "placed"; order: Order }
  /** The same key and body were seen before: the first order, unchanged. */
  | { kind: "replayed"; order: Order }
  | { kind: "idempotency_mismatch" }
  | { kind: "insufficient_stock"; lines: StockShortfall[] }
  /** A price moved between pricing and storing: price again. */
  | { kind: "price_changed"; items: SellableItem[] };

export type StatusChangeOutcome =
  | { kind: "changed"; order: Order }
  | { kind: "not_found" }
  | { kind: "not_pending"; status: OrderStatus };

/** Orders, with the stock and mail that go with them in the same transaction. */
export interface OrderRepository {
  /** Current state of the asked items; missing or archived ones are left out. */
  findSellable(items: { type: ItemType; id: number }[]): Promise<SellableItem[]>;
  /**
   * Carries out a placement plan in one transaction: claims the idempotency key (when
   * given) and answers as `decideIdempotency` says, takes the stock of every take (rows
   * touched in the plan's order, guarded by `stock >= quantity` and the unit price the
   * order was priced at, refused as `placementRefusal` says), stores the order in the
   * plan's status with its lines, and enqueues the plan's mails. All or nothing.
   */
  place(plan: PlacementPlan, idempotency?: IdempotencyClaim): Promise<PlaceOrderOutcome>;
  findById(id: number): Promise<Order | undefined>;
  /** Newest first. */
  list(status?: OrderStatus): Promise<Order[]>;
  stats(): Promise<OrderStats>;
  /**
   * Carries out a transition plan in one transaction, only while the order still has the
   * plan's `from` status (so its effects happen once): the new status, the stock given
   * back when the plan says so, the slip when it says so (`slipPdf`), the plan's mails.
   */
  changeStatus(plan: TransitionPlan, slipPdf?: Uint8Array): Promise<StatusChangeOutcome>;
  findSlip(id: number): Promise<Uint8Array | undefined>;
}

/** Renders the PDF order slip of an order. */
export interface SlipRenderer {
  render(order: Order): Promise<Uint8Array>;
}

/** A customer's own orders, for their account page. */
export interface CustomerOrders {
  /** The orders placed with this customer's account, newest first. */
  listByUser(userId: number): Promise<Order[]>;
}
