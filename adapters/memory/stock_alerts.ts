/**
 * The back-in-stock requests in memory, over a MemoryCatalogue: the catalogue tells it of
 * each product a write brings back (`onBackInStock`), in the same turn as the write, and
 * it claims that product's waiting requests once and queues one mail each, as migration
 * 0035's triggers do. For fast in-process tests and the preview shop.
 */
import type {
  StockAlertStore,
  StoredStockRequest,
  UnsubscribeOutcome,
  WaitingProduct,
} from "../../domain/stock_alerts/ports.ts";
import {
  type AlertProduct,
  type NewStockRequest,
  type RequestOutcome,
  requestRefusal,
} from "../../domain/stock_alerts/rules.ts";
import type { MemoryCatalogue } from "./catalogue.ts";

function waits(request: StoredStockRequest): boolean {
  return request.notifiedAt === null && request.unsubscribedAt === null;
}

function copy(request: StoredStockRequest): StoredStockRequest {
  return { ...request, product: { ...request.product } };
}

export class MemoryStockAlerts implements StockAlertStore {
  readonly #catalogue: MemoryCatalogue;
  readonly #requests: StoredStockRequest[] = [];
  readonly #clock: () => Date;
  /** Where each claimed request's mail goes (a MemoryOutbox); kept in `queued` alone without. */
  readonly #outbox: { addStockAlert(stockRequestId: number, at: Date): unknown } | undefined;
  /** The requests whose mail was queued, in order: what the outbox got. */
  readonly queued: number[] = [];

  constructor(
    catalogue: MemoryCatalogue,
    options: {
      clock?: () => Date;
      outbox?: { addStockAlert(stockRequestId: number, at: Date): unknown };
    } = {},
  ) {
    this.#catalogue = catalogue;
    this.#clock = options.clock ?? (() => new Date());
    this.#outbox = options.outbox;
    catalogue.onBackInStock((product) => this.#release(product));
  }

  request(request: NewStockRequest, at: Date): Promise<RequestOutcome> {
    const { kind, id } = request.product;
    const product = kind === "book"
      ? this.#catalogue.books.get(id)
      : this.#catalogue.stationery.get(id);
    const refused = requestRefusal(product);
    if (refused) return Promise.resolve({ kind: refused });
    const waiting = this.#requests.some((r) =>
      waits(r) && r.email === request.email && r.product.kind === kind && r.product.id === id
    );
    if (!waiting) {
      this.#requests.push({
        id: this.#requests.length + 1,
        product: { kind, id },
        email: request.email,
        language: request.language,
        createdAt: at,
        notifiedAt: null,
        unsubscribedAt: null,
      });
    }
    return Promise.resolve({ kind: "waiting" });
  }

  find(id: number): Promise<StoredStockRequest | undefined> {
    const found = this.#requests.find((r) => r.id === id);
    return Promise.resolve(found && copy(found));
  }

  unsubscribe(id: number, at: Date): Promise<UnsubscribeOutcome> {
    const asked = this.#requests.find((r) => r.id === id);
    if (!asked) return Promise.resolve({ kind: "not_found" });
    let ended = 0;
    for (const request of this.#requests) {
      if (request.email !== asked.email || request.unsubscribedAt !== null) continue;
      if (request.notifiedAt === null) ended++;
      request.unsubscribedAt = at;
    }
    return Promise.resolve({ kind: "done", ended });
  }

  waiting(): Promise<WaitingProduct[]> {
    const counts = new Map<string, WaitingProduct>();
    for (const request of this.#requests.filter(waits)) {
      const { kind, id } = request.product;
      const key = `${kind}:${id}`;
      const known = counts.get(key);
      if (known) {
        known.waiting++;
        if (request.createdAt < known.oldest) known.oldest = request.createdAt;
        continue;
      }
      const product = kind === "book"
        ? this.#catalogue.books.get(id)
        : this.#catalogue.stationery.get(id);
      if (!product) continue;
      counts.set(key, {
        product: { kind, id },
        title: product.title,
        stock: product.stock,
        archived: product.archived,
        waiting: 1,
        oldest: request.createdAt,
      });
    }
    const kindOrder = (p: AlertProduct) => p.kind === "book" ? 0 : 1;
    return Promise.resolve(
      [...counts.values()].sort((a, b) =>
        b.waiting - a.waiting || a.oldest.getTime() - b.oldest.getTime() ||
        kindOrder(a.product) - kindOrder(b.product) || a.product.id - b.product.id
      ),
    );
  }

  /** Claims the product's waiting requests once and queues a mail each. */
  #release(product: AlertProduct): void {
    const at = this.#clock();
    for (const request of this.#requests) {
      if (!waits(request)) continue;
      if (request.product.kind !== product.kind || request.product.id !== product.id) continue;
      request.notifiedAt = at;
      this.queued.push(request.id);
      this.#outbox?.addStockAlert(request.id, at);
    }
  }
}
