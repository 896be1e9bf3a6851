/**
 * Orders in memory over a MemoryCatalogue's stock. Each call runs to completion in one
 * turn of the event loop, which makes it as atomic as the database transaction it
 * stands in for. It carries out the domain's plans (domain/orders/plans.ts) as the
 * PostgreSQL repository does, deciding nothing of its own: all or nothing.
 */
import { returnedStock } from "../../domain/catalogue/stock.ts";
import type {
  CustomerOrders,
  IdempotencyClaim,
  MailKind,
  OrderRepository,
  PlaceOrderOutcome,
  SellableItem,
  StatusChangeOutcome,
} from "../../domain/ports.ts";
import type { ItemType, Order, OrderStats, OrderStatus } from "../../domain/orders/model.ts";
import {
  decideIdempotency,
  type PlacementPlan,
  placementRefusal,
  type StockTake,
  type StoredKey,
  type TakeMiss,
  type TransitionPlan,
} from "../../domain/orders/plans.ts";
import type { MemoryCatalogue } from "./catalogue.ts";

function keyOf(type: ItemType, id: number): string {
  return `${type}:${id}`;
}

function copyOrder(order: Order): Order {
  return {
    ...order,
    customer: { ...order.customer },
    items: order.items.map((item) => ({ ...item })),
  };
}

export class MemoryOrderRepository implements OrderRepository, CustomerOrders {
  readonly #catalogue: MemoryCatalogue;
  readonly #orders = new Map<number, Order>();
  readonly #slips = new Map<number, Uint8Array>();
  readonly #keys = new Map<string, StoredKey>();
  /** Mails the database would have put in the outbox, in order. */
  readonly outbox: { kind: MailKind; orderId: number }[] = [];
  #nextOrderId = 1;
  #nextItemId = 1;

  constructor(catalogue: MemoryCatalogue) {
    this.#catalogue = catalogue;
  }

  findSellable(items: { type: ItemType; id: number }[]): Promise<SellableItem[]> {
    const found = new Map<string, SellableItem>();
    for (const { type, id } of items) {
      const item = this.#sellable(type, id);
      if (item) found.set(keyOf(type, id), item);
    }
    return Promise.resolve([...found.values()]);
  }

  place(plan: PlacementPlan, idempotency?: IdempotencyClaim): Promise<PlaceOrderOutcome> {
    const { order } = plan;
    if (idempotency) {
      const decision = decideIdempotency(
        this.#keys.get(idempotency.key),
        idempotency,
        order.orderDate,
      );
      if (decision.kind === "mismatch") return Promise.resolve({ kind: "idempotency_mismatch" });
      if (decision.kind === "replay") {
        const first = this.#orders.get(decision.orderId);
        if (!first) throw new Error(`Idempotency key "${idempotency.key}" has no order`);
        return Promise.resolve({ kind: "replayed", order: copyOrder(first) });
      }
    }
    const refusal = placementRefusal(plan.takes.map((take) => this.#miss(take)));
    if (refusal?.kind === "price_changed") {
      return this.findSellable(plan.takes).then((items) => ({ kind: "price_changed", items }));
    }
    if (refusal) return Promise.resolve(refusal);
    for (const take of plan.takes) this.#takeStock(take.type, take.id, take.quantity);
    const stored: Order = {
      id: this.#nextOrderId++,
      userId: order.userId,
      status: plan.status,
      orderDate: new Date(order.orderDate).toISOString(),
      customer: { ...order.customer },
      provinceName: order.provinceName,
      districtName: order.districtName,
      areaName: order.areaName,
      totalCents: order.totalCents,
      deliveryFeeCents: order.deliveryFeeCents,
      paymentMethod: order.paymentMethod,
      items: order.lines.map((line) => ({ ...line, id: this.#nextItemId++ })),
    };
    this.#orders.set(stored.id, stored);
    for (const line of order.lines) this.#catalogue.ordered.add(keyOf(line.type, line.itemId));
    if (idempotency) {
      this.#keys.set(idempotency.key, {
        requestHash: idempotency.requestHash,
        orderId: stored.id,
        expiresAt: idempotency.expiresAt,
      });
    }
    for (const kind of plan.mails) this.outbox.push({ kind, orderId: stored.id });
    return Promise.resolve({ kind: "placed", order: copyOrder(stored) });
  }

  /** Why a take cannot be served now, as the guarded UPDATE of the database finds it. */
  #miss(take: StockTake): TakeMiss | undefined {
    const now = this.#sellable(take.type, take.id);
    const shortfall = (available: number): TakeMiss => ({
      kind: "short",
      shortfall: {
        type: take.type,
        id: take.id,
        title: take.title,
        requested: take.quantity,
        available,
      },
    });
    if (!now) return shortfall(0);
    if (take.mixedPrices || now.priceCents !== take.unitPriceCents) return { kind: "price" };
    return now.stock >= take.quantity ? undefined : shortfall(now.stock);
  }

  findById(id: number): Promise<Order | undefined> {
    const order = this.#orders.get(id);
    return Promise.resolve(order ? copyOrder(order) : undefined);
  }

  list(status?: OrderStatus): Promise<Order[]> {
    const orders = [...this.#orders.values()]
      .filter((o) => status === undefined || o.status === status)
      .sort((a, b) => b.orderDate.localeCompare(a.orderDate) || b.id - a.id);
    return Promise.resolve(orders.map(copyOrder));
  }

  listByUser(userId: number): Promise<Order[]> {
    const orders = [...this.#orders.values()]
      .filter((o) => o.userId === userId)
      .sort((a, b) => b.orderDate.localeCompare(a.orderDate) || b.id - a.id);
    return Promise.resolve(orders.map(copyOrder));
  }

  stats(): Promise<OrderStats> {
    const orders = [...this.#orders.values()];
    const count = (status: OrderStatus) => orders.filter((o) => o.status === status).length;
    const completedItemsTotalCents = orders
      .filter((o) => o.status === "completed")
      .flatMap((o) => o.items)
      .reduce((sum, item) => sum + item.unitPriceCents * item.quantity, 0);
    return Promise.resolve({
      completedItemsTotalCents,
      pending: count("pending"),
      completed: count("completed"),
      rejected: count("rejected"),
    });
  }

  changeStatus(plan: TransitionPlan, slipPdf?: Uint8Array): Promise<StatusChangeOutcome> {
    if (plan.saveSlip && !slipPdf) throw new Error(`The move to ${plan.to} needs the order slip`);
    const order = this.#orders.get(plan.orderId);
    if (!order) return Promise.resolve({ kind: "not_found" });
    if (order.status !== plan.from) {
      return Promise.resolve({ kind: "not_pending", status: order.status });
    }
    order.status = plan.to;
    if (plan.returnStock) {
      for (const item of order.items) this.#returnStock(item.type, item.itemId, item.quantity);
    }
    if (plan.saveSlip && slipPdf) this.#slips.set(order.id, slipPdf.slice());
    for (const kind of plan.mails) this.outbox.push({ kind, orderId: order.id });
    return Promise.resolve({ kind: "changed", order: copyOrder(order) });
  }

  findSlip(id: number): Promise<Uint8Array | undefined> {
    return Promise.resolve(this.#slips.get(id)?.slice());
  }

  #sellable(type: ItemType, id: number): SellableItem | undefined {
    if (type === "book") {
      const book = this.#catalogue.books.get(id);
      if (!book || book.archived) return undefined;
      return {
        type,
        id,
        title: book.title,
        isbn13: book.isbn13,
        priceCents: book.priceCents,
        stock: book.stock,
        weightGrams: book.weightGrams,
        preorder: book.preorder,
      };
    }
    const item = this.#catalogue.stationery.get(id);
    if (!item || item.archived) return undefined;
    return {
      type,
      id,
      title: item.title,
      isbn13: null,
      priceCents: item.priceCents,
      stock: item.stock,
      weightGrams: item.weightGrams,
      preorder: false,
    };
  }

  /** Returned stock goes back even to an archived item; a deleted one has nothing to return to. */
  #takeStock(type: ItemType, id: number, quantity: number): void {
    const stored = type === "book"
      ? this.#catalogue.books.get(id)
      : this.#catalogue.stationery.get(id);
    if (stored) stored.stock -= quantity;
  }

  #returnStock(type: ItemType, id: number, quantity: number): void {
    const stored = type === "book"
      ? this.#catalogue.books.get(id)
      : this.#catalogue.stationery.get(id);
    if (stored) stored.stock = returnedStock(stored.stock, quantity);
  }
}
