/**
 * Orders in memory over a MemoryCatalogue's stock. Each call runs to completion in one
 * turn of the event loop, which makes it as atomic as the database transaction it
 * stands in for: the same idempotency, stock, price and state rules, all or nothing.
 */
import { returnedStock } from "../../domain/catalogue/stock.ts";
import type {
  IdempotencyClaim,
  NewOrder,
  OrderRepository,
  PlaceOrderOutcome,
  SellableItem,
  StatusChangeOutcome,
  StockShortfall,
} from "../../domain/ports.ts";
import type { ItemType, Order, OrderStats, OrderStatus } from "../../domain/orders/model.ts";
import type { MemoryCatalogue } from "./catalogue.ts";

interface Claim {
  requestHash: string;
  orderId: number;
}

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

export class MemoryOrderRepository implements OrderRepository {
  readonly #catalogue: MemoryCatalogue;
  readonly #orders = new Map<number, Order>();
  readonly #slips = new Map<number, Uint8Array>();
  readonly #claims = new Map<string, Claim>();
  /** Mails the database would have put in the outbox, in order. */
  readonly outbox: { kind: "order_placed" | "order_completed"; orderId: number }[] = [];
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

  place(order: NewOrder, idempotency?: IdempotencyClaim): Promise<PlaceOrderOutcome> {
    if (idempotency) {
      const claim = this.#claims.get(idempotency.key);
      if (claim && claim.requestHash !== idempotency.requestHash) {
        return Promise.resolve({ kind: "idempotency_mismatch" });
      }
      if (claim) {
        return Promise.resolve({
          kind: "replayed",
          order: copyOrder(this.#orders.get(claim.orderId)!),
        });
      }
    }
    const wanted = new Map<string, { type: ItemType; id: number; quantity: number }>();
    for (const line of order.lines) {
      const key = keyOf(line.type, line.itemId);
      const sum = wanted.get(key) ?? { type: line.type, id: line.itemId, quantity: 0 };
      sum.quantity += line.quantity;
      wanted.set(key, sum);
    }
    const current = [...wanted.values()].map((w) => this.#sellable(w.type, w.id));
    const moved = order.lines.some((line) => {
      const now = this.#sellable(line.type, line.itemId);
      return !now || now.priceCents !== line.unitPriceCents;
    });
    if (moved) {
      const items = current.filter((item): item is SellableItem => item !== undefined);
      return Promise.resolve({ kind: "price_changed", items });
    }
    const shortfalls: StockShortfall[] = [];
    for (const w of wanted.values()) {
      const item = this.#sellable(w.type, w.id)!;
      if (item.stock < w.quantity) {
        shortfalls.push({
          type: w.type,
          id: w.id,
          title: item.title,
          requested: w.quantity,
          available: item.stock,
        });
      }
    }
    if (shortfalls.length > 0) {
      return Promise.resolve({ kind: "insufficient_stock", lines: shortfalls });
    }
    for (const w of wanted.values()) this.#takeStock(w.type, w.id, w.quantity);
    const stored: Order = {
      id: this.#nextOrderId++,
      userId: order.userId,
      status: "pending",
      orderDate: order.orderDate,
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
      this.#claims.set(idempotency.key, {
        requestHash: idempotency.requestHash,
        orderId: stored.id,
      });
    }
    this.outbox.push({ kind: "order_placed", orderId: stored.id });
    return Promise.resolve({ kind: "placed", order: copyOrder(stored) });
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

  complete(id: number, slipPdf: Uint8Array): Promise<StatusChangeOutcome> {
    return Promise.resolve(this.#leavePending(id, "completed", (order) => {
      this.#slips.set(order.id, slipPdf.slice());
      this.outbox.push({ kind: "order_completed", orderId: order.id });
    }));
  }

  reject(id: number): Promise<StatusChangeOutcome> {
    return Promise.resolve(this.#leavePending(id, "rejected", (order) => {
      for (const item of order.items) this.#returnStock(item.type, item.itemId, item.quantity);
    }));
  }

  findSlip(id: number): Promise<Uint8Array | undefined> {
    return Promise.resolve(this.#slips.get(id)?.slice());
  }

  #leavePending(
    id: number,
    status: "completed" | "rejected",
    sideEffect: (order: Order) => void,
  ): StatusChangeOutcome {
    const order = this.#orders.get(id);
    if (!order) return { kind: "not_found" };
    if (order.status !== "pending") return { kind: "not_pending", status: order.status };
    order.status = status;
    sideEffect(order);
    return { kind: "changed", order: copyOrder(order) };
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
