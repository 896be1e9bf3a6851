/**
 * Orders in memory over a MemoryCatalogue's stock. Each call runs to completion in one
 * turn of the event loop, which makes it as atomic as the database transaction it
 * stands in for. It carries out the domain's plans (domain/orders/plans.ts) as the
 * PostgreSQL repository does, deciding nothing of its own: all or nothing.
 */
import { guestOrderEmail } from "../../domain/accounts/email_verification.ts";
import { returnedStock } from "../../domain/catalogue/stock.ts";
import type {
  CustomerOrders,
  IdempotencyClaim,
  MailKind,
  OrderRepository,
  PaymentChangeOutcome,
  PlaceOrderOutcome,
  ProofOutcome,
  SellableItem,
  StatusChangeOutcome,
} from "../../domain/ports.ts";
import type {
  ItemType,
  Order,
  OrderEvent,
  OrderStats,
  OrderStatus,
  RefundGiven,
} from "../../domain/orders/model.ts";
import {
  matchesQuery,
  type OrderPage,
  type OrderQuery,
  type TimeRange,
} from "../../domain/orders/order_query.ts";
import type { PaymentPlan } from "../../domain/orders/payment.ts";
import { lapses, planLapse } from "../../domain/orders/lapse.ts";
import { takings } from "../../domain/orders/takings.ts";
import {
  type HoldClaim,
  type Holding,
  type HoldRefusal,
  holdRefusal,
} from "../../domain/orders/holds.ts";
import {
  holdAfterProof,
  type ProofPlan,
  proofRefusal,
  type ProofType,
} from "../../domain/orders/payment_proofs.ts";
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
import type { OutboxChannels, SmsKind } from "../../domain/ports.ts";
import { isSmsKind, MAIL_ONLY, outboxItems } from "../../domain/notifications/sms_kinds.ts";
import { lineTotalCents } from "../../domain/orders/line_total.ts";
import type { MemoryPromotionStore } from "./promotions.ts";
import type { MemoryVoucherStore } from "./vouchers.ts";
import { saleOf } from "../../domain/catalogue/sale_price.ts";
import { unitPrice } from "../../domain/promotions/pricing.ts";
import { keptNamesOf } from "../../domain/orders/place_names.ts";

function keyOf(type: ItemType, id: number): string {
  return `${type}:${id}`;
}

function copyOrder(order: Order): Order {
  return {
    ...order,
    customer: { ...order.customer },
    items: order.items.map((item) => ({
      ...item,
      adjustments: item.adjustments.map((a) => ({ ...a, names: { ...a.names } })),
    })),
    adjustments: order.adjustments.map((a) => ({ ...a, names: { ...a.names } })),
    vouchers: order.vouchers.map((v) => ({ ...v })),
    refundsGiven: order.refundsGiven.map((r) => ({ ...r })),
    events: order.events.map((event) => ({ ...event })),
    paymentProofs: order.paymentProofs.map((proof) => ({ ...proof })),
  };
}

/** Newest first, ties by id: the order every list keeps. */
function newestFirst(a: Order, b: Order): number {
  return b.orderDate.localeCompare(a.orderDate) || b.id - a.id;
}

export class MemoryOrderRepository implements OrderRepository, CustomerOrders {
  readonly #catalogue: MemoryCatalogue;
  readonly #orders = new Map<number, Order>();
  readonly #slips = new Map<number, Uint8Array>();
  readonly #keys = new Map<string, StoredKey>();
  readonly #keyHashes = new Map<number, string>();
  /** The marks and share of each order while it may hold stock (order_holds). */
  readonly #holds = new Map<number, HoldClaim>();
  readonly #proofs = new Map<
    number,
    { orderId: number; contentType: ProofType; bytes: Uint8Array }
  >();
  #nextProofId = 1;
  /** Mails the database would have put in the outbox, in order. */
  readonly outbox: { kind: MailKind; orderId: number }[] = [];
  /** Texts the database would have put in the outbox beside their mails (SMS on), in order. */
  readonly texts: { kind: SmsKind; orderId: number }[] = [];
  readonly #channels: OutboxChannels;
  #nextOrderId = 1;
  #nextItemId = 1;

  constructor(
    catalogue: MemoryCatalogue,
    channels: OutboxChannels = MAIL_ONLY,
    codes?: Pick<MemoryPromotionStore, "claimUse" | "returnUse" | "recordGiven">,
    vouchers?: Pick<MemoryVoucherStore, "refusal" | "spend" | "giveBack">,
  ) {
    this.#catalogue = catalogue;
    this.#channels = channels;
    this.#codes = codes;
    this.#vouchers = vouchers;
  }

  /** The gift vouchers orders are paid with (an order with one is refused without them). */
  readonly #vouchers: Pick<MemoryVoucherStore, "refusal" | "spend" | "giveBack"> | undefined;

  /** The discount codes orders use (a code use without them is refused as used up). */
  readonly #codes: Pick<MemoryPromotionStore, "claimUse" | "returnUse" | "recordGiven"> | undefined;

  /** Records a change's mails, and their texts when SMS is on, as the outbox would get them. */
  /** The orders' status fields by stored names, for the audit trail. */
  auditRows(): { order: Map<number, Record<string, unknown>> } {
    return {
      order: new Map([...this.#orders.values()].map((o) => [o.id, {
        status: o.status,
        payment_status: o.paymentStatus,
        courier: o.courier,
        tracking_number: o.trackingNumber,
        reject_reason: o.rejectReason,
      }])),
    };
  }

  #enqueue(mails: readonly MailKind[], orderId: number): void {
    for (const item of outboxItems(mails, this.#channels)) {
      if (item.channel === "mail") this.outbox.push({ kind: item.kind, orderId });
      else if (isSmsKind(item.kind)) this.texts.push({ kind: item.kind, orderId });
    }
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
    // Stock and prices first, then the client's holds, as the SQL adapters check them.
    const refusal = placementRefusal(
      plan.takes.map((take) => this.#miss(take, order.orderDate)),
    );
    if (refusal?.kind === "price_changed") {
      return this.findSellable(plan.takes).then((items) => ({ kind: "price_changed", items }));
    }
    if (refusal) return Promise.resolve(refusal);
    const overHeld = this.#holdRefusal(plan);
    if (overHeld) return Promise.resolve({ kind: "too_much_held", refusal: overHeld });
    if (order.vouchers.length > 0) {
      const refused = this.#vouchers
        ? this.#vouchers.refusal(order.vouchers, new Date(order.orderDate))
        : { voucherId: order.vouchers[0].voucherId, balanceCents: 0 };
      if (refused) return Promise.resolve({ kind: "voucher_changed", ...refused });
    }
    if (plan.codeUse) {
      const reason = this.#codes
        ? this.#codes.claimUse(plan.codeUse, this.#nextOrderId)
        : "used_up";
      if (reason) return Promise.resolve({ kind: "code_refused", reason });
    }
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
      ...keptNamesOf(order),
      totalCents: order.totalCents,
      deliveryFeeCents: order.deliveryFeeCents,
      parcels: order.parcels ?? "together",
      secondParcelFeeCents: order.secondParcelFeeCents ?? 0,
      paymentMethod: order.paymentMethod,
      // Kept as the database keeps it: null where the line has no expected date.
      items: order.lines.map((line) => ({
        ...line,
        adjustments: line.adjustments.map((a) => ({ ...a, names: { ...a.names } })),
        preorderDate: line.preorderDate ?? null,
        id: this.#nextItemId++,
      })),
      adjustments: order.adjustments.map((a) => ({ ...a, names: { ...a.names } })),
      vouchers: order.vouchers.map((v) => ({ ...v })),
      refundsGiven: [],
      paymentStatus: plan.paymentStatus,
      courier: null,
      trackingNumber: null,
      rejectReason: null,
      expiresAt: plan.expiresAt === null ? null : new Date(plan.expiresAt).toISOString(),
      locale: order.locale,
      events: plan.events.map((e) => ({ ...e, at: new Date(e.at).toISOString() })),
      paymentProofs: [],
      keySalt: order.key?.salt ?? null,
    };
    this.#orders.set(stored.id, stored);
    this.#vouchers?.spend(order.vouchers, stored.id, new Date(order.orderDate));
    this.#codes?.recordGiven(stored.id, stored);
    if (plan.hold) this.#holds.set(stored.id, plan.hold);
    if (order.key) this.#keyHashes.set(stored.id, order.key.hash);
    for (const line of order.lines) this.#catalogue.ordered.add(keyOf(line.type, line.itemId));
    if (idempotency) {
      this.#keys.set(idempotency.key, {
        requestHash: idempotency.requestHash,
        orderId: stored.id,
        expiresAt: idempotency.expiresAt,
      });
    }
    this.#enqueue(plan.mails, stored.id);
    return Promise.resolve({ kind: "placed", order: copyOrder(stored) });
  }

  /** Why the plan's client would hold too much, summing its marks' pending unpaid orders. */
  #holdRefusal(plan: PlacementPlan): HoldRefusal | undefined {
    if (!plan.hold) return undefined;
    const held = new Map<string, Holding>();
    for (const [orderId, claim] of this.#holds) {
      const order = this.#orders.get(orderId);
      if (!order || order.status !== "pending" || order.paymentStatus === "paid") continue;
      for (const key of claim.keys) {
        if (!plan.hold.keys.includes(key)) continue;
        const sum = held.get(key) ?? { units: 0, cents: 0 };
        held.set(key, { units: sum.units + claim.units, cents: sum.cents + claim.cents });
      }
    }
    return holdRefusal(
      [...held].map(([key, holding]) => ({ key, ...holding })),
      plan.hold,
      plan.hold.limits,
    );
  }

  /** Why a take cannot be served now, as the guarded UPDATE of the database finds it. */
  #miss(take: StockTake, at: string): TakeMiss | undefined {
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
    // Held to the usual price and to what a copy sells for when the order is placed (its
    // sale price while it runs) as they were priced.
    if (
      take.mixedPrices || now.priceCents !== take.listUnitCents ||
      unitPrice(now, at) !== take.unitPriceCents
    ) {
      return { kind: "price" };
    }
    return now.stock >= take.quantity ? undefined : shortfall(now.stock);
  }

  findById(id: number): Promise<Order | undefined> {
    const order = this.#orders.get(id);
    return Promise.resolve(order ? copyOrder(order) : undefined);
  }

  findByKey(id: number, keyHash: string): Promise<Order | undefined> {
    const order = this.#orders.get(id);
    const known = order !== undefined && this.#keyHashes.get(id) === keyHash;
    return Promise.resolve(known ? copyOrder(order) : undefined);
  }

  addProof(plan: ProofPlan): Promise<ProofOutcome> {
    const order = this.#orders.get(plan.orderId);
    if (!order) return Promise.resolve({ kind: "not_found" });
    const proofCount = order.paymentProofs.length;
    const refusal = proofRefusal({ ...order, proofCount });
    if (refusal) return Promise.resolve({ kind: "refused", reason: refusal });
    order.expiresAt = holdAfterProof({ expiresAt: order.expiresAt, proofCount }, plan.reviewUntil);
    const id = this.#nextProofId++;
    this.#proofs.set(id, {
      orderId: order.id,
      contentType: plan.contentType,
      bytes: plan.bytes.slice(),
    });
    order.paymentProofs.push({
      id,
      uploadedAt: new Date(plan.event.at).toISOString(),
      contentType: plan.contentType,
    });
    order.paymentStatus = plan.paymentStatus;
    this.#addEvent(order, plan.event);
    this.#enqueue(plan.mails, order.id);
    // The digest's notice, once while one for the order waits (nothing is sent from this
    // list, so once).
    const waiting = this.outbox.some((m) => m.kind === plan.notice.kind && m.orderId === order.id);
    if (!waiting) this.outbox.push({ kind: plan.notice.kind, orderId: order.id });
    return Promise.resolve({ kind: "added", order: copyOrder(order) });
  }

  findProof(
    orderId: number,
    proofId: number,
  ): Promise<{ contentType: ProofType; bytes: Uint8Array } | undefined> {
    const proof = this.#proofs.get(proofId);
    return Promise.resolve(
      proof && proof.orderId === orderId
        ? { contentType: proof.contentType, bytes: proof.bytes.slice() }
        : undefined,
    );
  }

  list(status?: OrderStatus): Promise<Order[]> {
    const orders = [...this.#orders.values()]
      .filter((o) => status === undefined || o.status === status)
      .sort(newestFirst);
    return Promise.resolve(orders.map(copyOrder));
  }

  holdingPreorder(bookId: number, limit: number): Promise<Order[]> {
    const holding = [...this.#orders.values()]
      .filter((o) =>
        o.status !== "rejected" &&
        o.items.some((line) => line.type === "book" && line.itemId === bookId && line.preorder)
      )
      .sort((a, b) => a.orderDate.localeCompare(b.orderDate) || a.id - b.id);
    return Promise.resolve(holding.slice(0, limit).map(copyOrder));
  }

  search(query: OrderQuery): Promise<OrderPage> {
    const matching = [...this.#orders.values()]
      .filter((o) => matchesQuery(o, query))
      .sort(newestFirst);
    const start = (query.page - 1) * query.pageSize;
    return Promise.resolve({
      orders: matching.slice(start, start + query.pageSize).map(copyOrder),
      total: matching.length,
    });
  }

  /**
   * Gives the account the orders placed as a guest under `email` (trimmed, any case), as
   * confirming the address does (domain/accounts/email_verification.ts): their ids, oldest
   * first. Orders of another account are left as they are.
   */
  joinGuestOrders(userId: number, email: string): number[] {
    const wanted = guestOrderEmail(email);
    const joined = [...this.#orders.values()]
      .filter((o) => o.userId === null && guestOrderEmail(o.customer.email) === wanted)
      .sort((a, b) => a.id - b.id);
    for (const order of joined) this.#orders.set(order.id, { ...order, userId });
    return joined.map((o) => o.id);
  }

  listByUser(userId: number): Promise<Order[]> {
    const orders = [...this.#orders.values()]
      .filter((o) => o.userId === userId)
      .sort(newestFirst);
    return Promise.resolve(orders.map(copyOrder));
  }

  stats(today: TimeRange): Promise<OrderStats> {
    const orders = [...this.#orders.values()];
    const count = (status: OrderStatus) => orders.filter((o) => o.status === status).length;
    const completedItemsTotalCents = orders
      .filter((o) => o.status === "completed")
      .flatMap((o) => o.items)
      .reduce((sum, item) => sum + lineTotalCents(item), 0);
    const pending = orders.filter((o) => o.status === "pending");
    const placedToday = orders.filter((o) =>
      o.status !== "rejected" && Date.parse(o.orderDate) >= Date.parse(today.from) &&
      Date.parse(o.orderDate) < Date.parse(today.to)
    );
    return Promise.resolve({
      completedItemsTotalCents,
      pending: count("pending"),
      completed: count("completed"),
      rejected: count("rejected"),
      awaitingPayment: pending.filter((o) => o.paymentStatus !== "paid").length,
      proofsToCheck: pending.filter((o) => o.paymentStatus === "proof_submitted").length,
      today: {
        orders: placedToday.length,
        subtotalCents: placedToday.reduce((sum, o) => sum + o.totalCents + o.deliveryFeeCents, 0),
        ...takings(orders, today),
      },
    });
  }

  changePayment(plan: PaymentPlan, slipPdf?: Uint8Array): Promise<PaymentChangeOutcome> {
    if (plan.saveSlip && !slipPdf) throw new Error("The payment change needs the order slip");
    const order = this.#orders.get(plan.orderId);
    if (!order) return Promise.resolve({ kind: "not_found" });
    if (order.status !== plan.orderStatus || order.paymentStatus !== plan.from) {
      return Promise.resolve({
        kind: "conflict",
        status: order.status,
        paymentStatus: order.paymentStatus,
      });
    }
    order.paymentStatus = plan.to;
    if (plan.newExpiry) order.expiresAt = plan.newExpiry;
    else if (plan.clearExpiry) order.expiresAt = null;
    this.#addEvent(order, plan.event);
    if (plan.saveSlip && slipPdf) this.#slips.set(order.id, slipPdf.slice());
    this.#enqueue(plan.mails, order.id);
    return Promise.resolve({ kind: "changed", order: copyOrder(order) });
  }

  async lapseDue(now: string, limit: number): Promise<number[]> {
    const due = [...this.#orders.values()]
      .filter((o) => lapses({ ...o, proofCount: o.paymentProofs.length }, now))
      .sort((a, b) => a.expiresAt!.localeCompare(b.expiresAt!) || a.id - b.id)
      .slice(0, limit);
    const lapsed: number[] = [];
    for (const order of due) {
      const outcome = await this.changeStatus(
        planLapse(order.id, now, order),
      );
      if (outcome.kind === "changed") lapsed.push(order.id);
    }
    return lapsed;
  }

  enqueueMail(orderId: number, kind: MailKind): Promise<void> {
    if (!this.#orders.has(orderId)) throw new Error(`Order ${orderId} does not exist`);
    this.#enqueue([kind], orderId);
    return Promise.resolve();
  }

  /**
   * A refund of `orderId` that gave money back, as the database reads it from its refunds
   * (MemoryRefundStore calls it when one succeeds).
   */
  refundGiven(orderId: number, given: RefundGiven): void {
    this.#orders.get(orderId)?.refundsGiven.push({ ...given });
  }

  addEvent(orderId: number, event: OrderEvent): Promise<Order | undefined> {
    const order = this.#orders.get(orderId);
    if (!order) return Promise.resolve(undefined);
    this.#addEvent(order, event);
    return Promise.resolve(copyOrder(order));
  }

  /** Oldest first, as the database reads them (by time, then as added). */
  #addEvent(order: Order, event: OrderEvent): void {
    order.events.push({ ...event, at: new Date(event.at).toISOString() });
    order.events.sort((a, b) => a.at.localeCompare(b.at));
  }

  changeStatus(plan: TransitionPlan, slipPdf?: Uint8Array): Promise<StatusChangeOutcome> {
    if (plan.saveSlip && !slipPdf) throw new Error(`The move to ${plan.to} needs the order slip`);
    const order = this.#orders.get(plan.orderId);
    if (!order) return Promise.resolve({ kind: "not_found" });
    if (order.status !== plan.from) {
      return Promise.resolve({ kind: "not_pending", status: order.status });
    }
    order.status = plan.to;
    order.expiresAt = null;
    this.#holds.delete(order.id);
    order.courier = plan.courier ?? order.courier;
    order.trackingNumber = plan.trackingNumber ?? order.trackingNumber;
    order.rejectReason = plan.rejectReason ?? order.rejectReason;
    this.#addEvent(order, plan.event);
    if (plan.returnStock) {
      for (const item of order.items) this.#returnStock(item.type, item.itemId, item.quantity);
      this.#codes?.returnUse(order.id);
      this.#vouchers?.giveBack(order.id, new Date(plan.event.at));
    }
    if (plan.saveSlip && slipPdf) this.#slips.set(order.id, slipPdf.slice());
    this.#enqueue(plan.mails, order.id);
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
        preorderDate: book.preorderDate ?? null,
        categoryId: book.categoryId,
        language: book.language,
        sale: saleOf(book),
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
      preorderDate: null,
      categoryId: item.categoryId,
      language: null,
      sale: saleOf(item),
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
    if (!stored) return;
    this.#catalogue.changingStock(() => stored.stock = returnedStock(stored.stock, quantity));
  }
}
