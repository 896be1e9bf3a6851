/**
 * The owner's refund of an order, as a use case: decided first (nothing is sent to a
 * provider for a refund above what is left, of 0 or less, or of an unpaid order), opened
 * pending under its idempotency key, sent to the provider's refund API (a card payment) or
 * taken as done by hand (Bank Deposit, COD, with the owner's reference), then settled:
 * succeeded, with a `refund` row of the order's payment ledger by the provider's refund id,
 * an event on the order's timeline and the customer's mail and text; or failed, with the
 * provider's answer, to be retried under the same key. A cancelled order paid after all (its
 * refund due) whose refunds now give back all it paid owes nothing any more: its payment
 * status goes back to unpaid, so it leaves the list of refunds due and its pages say nothing is
 * owed (`settledPlan`).
 */
import type { Clock, OrderRepository } from "../ports.ts";
import type { Order } from "../orders/model.ts";
import type { PaymentPlan } from "../orders/payment.ts";
import type { PaymentGateway } from "./gateway.ts";
import type { PaymentLedger, RefundStore } from "./ports.ts";
import {
  decideRefund,
  type Refund,
  type Refundable,
  refundEvent,
  type RefundRefusal,
  type RefundRequest,
} from "./refunds.ts";

export interface RefundDeps {
  orders: Pick<OrderRepository, "findById" | "addEvent" | "enqueueMail" | "changePayment">;
  ledger: PaymentLedger;
  refunds: RefundStore;
  /** The provider of a ledger key ("payhere"), with its refund API; undefined when absent. */
  provider(key: string): PaymentGateway | undefined;
  clock: Clock;
  /** A fresh idempotency key when the request brings none. */
  newKey(): string;
}

export type RefundResult =
  | { kind: "succeeded"; refund: Refund }
  /** The provider refused it or did not answer: recorded as failed, to retry. */
  | { kind: "failed"; refund: Refund }
  /** Another attempt of it is under way. */
  | { kind: "pending"; refund: Refund }
  | { kind: "refused"; reason: RefundRefusal; leftCents?: number }
  /** The order's provider cannot refund through the shop (not set up). */
  | { kind: "no_provider"; provider: string }
  | { kind: "not_found" };

/**
 * Refunds `request` of its order. A request with the key of a refund already made answers
 * that refund (a second click, a resent request): never a second refund.
 */
export async function refundOrder(
  deps: RefundDeps,
  request: RefundRequest & { idempotencyKey?: string },
): Promise<RefundResult> {
  const order = await deps.orders.findById(request.orderId);
  if (!order) return { kind: "not_found" };
  const key = request.idempotencyKey ?? deps.newKey();
  const earlier = await deps.refunds.forOrder(order.id);
  const same = earlier.find((r) => r.idempotencyKey === key);
  if (same) return answerOf(same);
  const ledger = await deps.ledger.entriesFor(order.id);
  const decision = decideRefund(order, ledger, earlier, request);
  if (decision.kind === "refused") return decision;
  const can = decision.refundable;
  if (can.channel === "provider" && !deps.provider(can.provider)?.refund) {
    return { kind: "no_provider", provider: can.provider };
  }
  const opened = await deps.refunds.open({
    orderId: order.id,
    amountCents: request.amountCents,
    reason: request.reason.trim(),
    channel: can.channel,
    provider: can.provider,
    paymentRef: can.paymentRef,
    reference: can.channel === "manual" ? request.reference!.trim() : null,
    idempotencyKey: key,
    createdAt: deps.clock.now().toISOString(),
  }, can.paidCents);
  switch (opened.kind) {
    case "not_found":
      return opened;
    case "over_refund":
      return { kind: "refused", reason: "over_refund", leftCents: opened.leftCents };
    case "existing":
      return answerOf(opened.refund);
  }
  return await carryOut(deps, opened.refund, can);
}

/** Tries a failed refund again, under its key; refused when it has not failed. */
export async function retryRefund(
  deps: RefundDeps,
  orderId: number,
  refundId: number,
): Promise<RefundResult> {
  const order = await deps.orders.findById(orderId);
  const found = await deps.refunds.find(refundId);
  if (!order || !found || found.orderId !== orderId) return { kind: "not_found" };
  const others = (await deps.refunds.forOrder(orderId)).filter((r) => r.id !== refundId);
  const ledger = await deps.ledger.entriesFor(orderId);
  const decision = decideRefund(order, ledger, others, found);
  if (decision.kind === "refused") return decision;
  const reopened = await deps.refunds.reopen(refundId, decision.refundable.paidCents);
  switch (reopened.kind) {
    case "not_found":
      return reopened;
    case "over_refund":
      return { kind: "refused", reason: "over_refund", leftCents: reopened.leftCents };
    case "not_failed":
      return { kind: "refused", reason: "not_failed" };
  }
  return await carryOut(deps, reopened.refund, decision.refundable);
}

function answerOf(refund: Refund): RefundResult {
  return { kind: refund.status, refund } as RefundResult;
}

/** Sends a pending refund to its provider (or takes it as done by hand) and settles it. */
async function carryOut(
  deps: RefundDeps,
  refund: Refund,
  can: Refundable,
): Promise<RefundResult> {
  let reference = refund.reference;
  let answer = "Refunded by hand";
  if (refund.channel === "provider") {
    const gateway = deps.provider(refund.provider);
    let result;
    try {
      result = gateway?.refund
        ? await gateway.refund({
          paymentRef: refund.paymentRef,
          amountCents: refund.amountCents,
          // All of the payment, none of it refunded before: PayHere takes it without an amount.
          whole: refund.amountCents === can.paidCents && can.leftCents === can.paidCents,
          description: refund.reason,
          idempotencyKey: refund.idempotencyKey,
        })
        : { kind: "failed" as const, answer: `${refund.provider} cannot refund here` };
    } catch (error) {
      result = {
        kind: "failed" as const,
        answer: error instanceof Error ? error.message : String(error),
      };
    }
    const at = deps.clock.now().toISOString();
    if (result.kind === "failed") {
      const failed = await deps.refunds.settle(refund.id, {
        status: "failed",
        reference: null,
        answer: result.answer.slice(0, 1000),
        at,
      });
      return { kind: "failed", refund: failed ?? refund };
    }
    reference = result.providerRef;
    answer = result.answer.slice(0, 1000);
  }
  const at = deps.clock.now().toISOString();
  if (refund.channel === "manual") {
    // A payment recorded by hand enters the ledger with its first refund (once by its id).
    await deps.ledger.record({
      orderId: refund.orderId,
      provider: refund.provider,
      kind: "payment",
      paymentRef: refund.paymentRef,
      ref: refund.paymentRef,
      amountCents: can.paidCents,
      at,
    });
  }
  await deps.ledger.record({
    orderId: refund.orderId,
    provider: refund.provider,
    kind: "refund",
    paymentRef: refund.paymentRef,
    // The provider's refund id; by hand, the refund's own key (the owner's reference may
    // repeat across orders).
    ref: refund.channel === "provider" ? reference! : refund.idempotencyKey,
    amountCents: refund.amountCents,
    at,
  });
  const settled = await deps.refunds.settle(refund.id, {
    status: "succeeded",
    reference,
    answer,
    at,
  });
  const done = settled ?? { ...refund, status: "succeeded" as const, reference, answer };
  await deps.orders.addEvent(refund.orderId, refundEvent(done, at));
  const order = await deps.orders.findById(refund.orderId);
  const plan = order && settledPlan(order, can.leftCents - refund.amountCents, at);
  if (plan) await deps.orders.changePayment(plan);
  await deps.orders.enqueueMail(refund.orderId, "order_refunded");
  return { kind: "succeeded", refund: done };
}

/**
 * The payment change that settles a cancelled order's refund due once nothing of its payment
 * is left to refund (`leftCents` 0): paid → unpaid by the shop, with no mail (the refund's own
 * mail tells the customer). Its timeline says the refunds settled it (`refund_settled`, which
 * the customer's timeline and receipt leave out: their refund says it, and "payment not
 * received" would not be true). Undefined for any other order, or while money is left to refund.
 *
 * @example settledPlan({ ...order, status: "rejected", paymentStatus: "paid" }, 0, at)?.to // "unpaid"
 * @example settledPlan({ ...order, status: "pending", paymentStatus: "paid" }, 0, at) // undefined
 */
export function settledPlan(order: Order, leftCents: number, at: string): PaymentPlan | undefined {
  if (order.status !== "rejected" || order.paymentStatus !== "paid" || leftCents > 0) {
    return undefined;
  }
  return {
    orderId: order.id,
    orderStatus: order.status,
    from: "paid",
    to: "unpaid",
    clearExpiry: true,
    event: {
      at,
      kind: "refund_settled",
      actor: "system",
      note: "Refunded in full: the cancelled order owes nothing and is owed nothing",
    },
    mails: [],
    saveSlip: false,
  };
}
