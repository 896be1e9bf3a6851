/**
 * What a gateway's verified notification does to an order: the rule, as a plan the order
 * repository carries out only while the order still has the statuses it was planned from
 * (`OrderRepository.changePayment`). So a duplicate notification finds the order already
 * paid and changes nothing, and a notification racing the lapse loop leaves one outcome:
 * whichever is written first, the other sees it and plans again.
 *
 * - A success for an unpaid order of a method paid online: paid, by the system, with the
 *   gateway's payment id on the timeline, and the payment-received mail.
 * - A success for an order that has lapsed (or was rejected) meanwhile: the money arrived
 *   all the same. The order's payment status becomes paid so that it is kept and shown
 *   to the owner as paid after lapse (its pages say a refund is due), with no mail: the
 *   owner refunds it from the gateway's dashboard or takes the order back in hand.
 * - A chargeback for a paid order: unpaid again, on the timeline (a lapsed order's too: no
 *   refund is due of money the gateway took back).
 *
 * Each payment and charge-back is first a row of the order's payment ledger (ledger.ts), by
 * the gateway's payment id, and the payment status planned is the one the ledger gives: a
 * charge-back is final for its payment, so a copy of the paid notice sent after it (however
 * it was obtained) is a duplicate row and changes nothing.
 * - A failure (a declined card) for an order still waiting for its payment: told on its
 *   timeline once per payment id, so its page says the payment did not go through and
 *   offers to pay again.
 * - Anything else (pending, cancelled, a wrong amount or currency, a method not
 *   paid online, an unknown order) changes nothing and is answered as ignored, with the
 *   reason, for the log.
 */
import type { Cents } from "../money.ts";
import type { Order, OrderEvent } from "../orders/model.ts";
import { PAYMENT_POLICIES, paysOnline } from "../orders/payment_policy.ts";
import { type PaymentPlan, planPaymentChange } from "../orders/payment.ts";
import type { Clock, OrderRepository, SlipRenderer } from "../ports.ts";
import type { GatewayNotice, PaymentGateway } from "./gateway.ts";
import { type LedgerEntry, ledgerPaymentStatus } from "./ledger.ts";
import type { PaymentLedger } from "./ports.ts";

/**
 * A notification the signature check let through, its amount known: the provider's, or for
 * a provider whose notice names none, the order's charge the shop signed into its checkout.
 */
export type VerifiedNotice = Omit<Extract<GatewayNotice, { kind: "verified" }>, "amountCents"> & {
  amountCents: Cents;
};

/** Why a verified notification changed nothing. */
export type IgnoredReason =
  | "unknown_order"
  | "not_paid_online"
  | "amount_mismatch"
  | "currency_mismatch"
  | "already_settled"
  | "outcome_changes_nothing"
  /** The notice's payment was charged back: it pays nothing again. */
  | "charged_back"
  /** The order's method is paid through another provider than the notice's. */
  | "other_provider";

export type NoticePlanning =
  | { kind: "apply"; plan: PaymentPlan; late: boolean }
  | { kind: "ignore"; reason: IgnoredReason };

/**
 * Whether the shopper may still pay `order` online: a method paid through the gateway, an
 * order still pending and unpaid. Paid, cancelled or moved on orders offer no payment form.
 *
 * @example awaitsOnlinePayment({ paymentMethod: "Card", status: "pending", paymentStatus: "unpaid" }) // true
 */
export function awaitsOnlinePayment(
  order: Pick<Order, "paymentMethod" | "status" | "paymentStatus">,
): boolean {
  return paysOnline(order.paymentMethod) && order.status === "pending" &&
    order.paymentStatus === "unpaid";
}

/** What the gateway charges for an order: its items and delivery, in cents. */
export function chargeCents(
  order: Pick<Order, "totalCents" | "deliveryFeeCents"> & {
    vouchers?: readonly { cents: Cents }[];
  },
): Cents {
  // What its gift vouchers paid is not charged again: the card pays what is still to pay.
  const vouchers = (order.vouchers ?? []).reduce((sum, v) => sum + v.cents, 0);
  return order.totalCents + order.deliveryFeeCents - vouchers;
}

/** The timeline's words for a payment the gateway reported. */
export function gatewayNote(
  gateway: string,
  notice: VerifiedNotice,
  late: boolean,
): string {
  const paid = `${gateway} payment ${notice.paymentId}` +
    (notice.method ? ` (${notice.method})` : "");
  if (notice.outcome === "chargedback") {
    return `${gateway} reported a chargeback of payment ${notice.paymentId}`;
  }
  return late
    ? `Paid after the order lapsed: ${paid}. Refund it from the ${gateway} dashboard, or contact the customer.`
    : paid;
}

/**
 * The plan for a verified notification about `order` (undefined: no such order), at `at`.
 *
 * @example planNotice(unpaidCardOrder, { ...notice, outcome: "paid" }, "PayHere", at) // apply, late: false
 * @example planNotice(lapsedCardOrder, { ...notice, outcome: "paid" }, "PayHere", at) // apply, late: true
 */
export function planNotice(
  order: Order | undefined,
  notice: VerifiedNotice,
  gateway: string,
  at: string,
  standing?: "paid" | "unpaid",
): NoticePlanning {
  const refusal = noticeMismatch(order, notice);
  if (refusal) return { kind: "ignore", reason: refusal };
  if (!order) return { kind: "ignore", reason: "unknown_order" };
  const told = notice.outcome === "paid" ? "paid" : "unpaid";
  // The ledger's word wins: a paid notice of a payment charged back pays nothing.
  const to = standing ?? told;
  if (to !== told) {
    return { kind: "ignore", reason: to === "unpaid" ? "charged_back" : "already_settled" };
  }
  if (order.paymentStatus === to) return { kind: "ignore", reason: "already_settled" };
  if (order.status === "rejected") {
    // A closed order keeps a payment that arrived late (a refund is due), and loses it again
    // when the gateway charges it back (none is due any more); no mail either way.
    return {
      kind: "apply",
      late: to === "paid",
      plan: {
        orderId: order.id,
        orderStatus: order.status,
        from: order.paymentStatus,
        to,
        clearExpiry: true,
        event: { at, kind: to, actor: "system", note: gatewayNote(gateway, notice, true) },
        mails: [],
        saveSlip: false,
      },
    };
  }
  const planned = planPaymentChange(order, {
    to,
    actor: "system",
    at,
    note: gatewayNote(gateway, notice, false),
  });
  if (planned.kind !== "ok") return { kind: "ignore", reason: "already_settled" };
  // A paid order no longer lapses; a charged-back one waits for the owner.
  return { kind: "apply", late: false, plan: { ...planned.plan, clearExpiry: true } };
}

/**
 * Why a verified notice is about nothing the shop can take: no such order, a method not paid
 * online, another currency or amount than the order's, an outcome that changes nothing.
 * Undefined when its payment or charge-back is one to record.
 */
export function noticeMismatch(
  order: Order | undefined,
  notice: VerifiedNotice,
): IgnoredReason | undefined {
  if (!order) return "unknown_order";
  if (!paysOnline(order.paymentMethod)) return "not_paid_online";
  if (notice.currency !== "LKR") return "currency_mismatch";
  if (notice.amountCents !== chargeCents(order)) return "amount_mismatch";
  if (notice.outcome !== "paid" && notice.outcome !== "chargedback") {
    return "outcome_changes_nothing";
  }
  return undefined;
}

/**
 * The timeline's event for a notice that a payment failed (a declined card), for an order
 * still waiting for its payment, once per payment id; undefined for any other notice.
 *
 * @example failureEvent(unpaidCardOrder, { ...notice, outcome: "failed" }, "PayHere", at) // { kind: "payment_failed", ... }
 */
export function failureEvent(
  order: Order | undefined,
  notice: VerifiedNotice,
  gateway: string,
  at: string,
): OrderEvent | undefined {
  if (notice.outcome !== "failed" || !order || !awaitsOnlinePayment(order)) return undefined;
  if (notice.currency !== "LKR" || notice.amountCents !== chargeCents(order)) return undefined;
  const note = `${gateway} payment ${notice.paymentId} did not go through` +
    (notice.statusMessage ? `: ${notice.statusMessage.slice(0, 200)}` : "");
  const told = order.events.some((e) =>
    e.kind === "payment_failed" && e.note?.startsWith(`${gateway} payment ${notice.paymentId} `)
  );
  return told ? undefined : { at, kind: "payment_failed", actor: "system", note };
}

/** The ledger's row for a notice of a payment or a charge-back, by the gateway's payment id. */
export function noticeRow(notice: VerifiedNotice, provider: string, at: string): LedgerEntry {
  return {
    orderId: notice.orderId,
    provider,
    kind: notice.outcome === "chargedback" ? "chargeback" : "payment",
    paymentRef: notice.paymentId,
    ref: notice.paymentId,
    amountCents: notice.amountCents,
    at,
  };
}

/** What receiving a notification did, for the answer to the gateway and the log. */
export type NoticeResult =
  | { kind: "refused"; reason: "signature" | "merchant" | "malformed"; detail: string }
  | { kind: "ignored"; orderId: number; reason: IgnoredReason }
  | { kind: "applied"; orderId: number; late: boolean; to: "paid" | "unpaid" }
  /** A declined or failed payment, now on the order's timeline. */
  | { kind: "failed"; orderId: number };

export interface ReceiveNoticeDeps {
  /** The provider whose notice this is (the notice route's, by its key). */
  gateway: PaymentGateway;
  /** Each order's payments and charge-backs, whose word the payment status follows. */
  ledger: PaymentLedger;
  orders: Pick<OrderRepository, "findById" | "changePayment" | "addEvent">;
  /** Renders a completed order's slip again for its new payment status. */
  slips: SlipRenderer;
  clock: Clock;
}

/**
 * Reads, verifies and applies a gateway's notification (its form fields). A plan that
 * finds the order moved meanwhile (the lapse loop, another copy of the notification) is
 * planned again from the order as it is now, so a race leaves exactly one outcome.
 */
export async function receiveNotice(
  deps: ReceiveNoticeDeps,
  fields: Record<string, string>,
): Promise<NoticeResult> {
  const read = await deps.gateway.readNotification(fields);
  if (read.kind === "refused") return read;
  const current = await deps.orders.findById(read.orderId);
  // Only the provider that serves the order's method pays it: a notice of another, however
  // well signed, is about a payment the order never asked for.
  if (
    current && paysOnline(current.paymentMethod) &&
    PAYMENT_POLICIES[current.paymentMethod].provider !== deps.gateway.key
  ) {
    return { kind: "ignored", orderId: read.orderId, reason: "other_provider" };
  }
  const notice: VerifiedNotice = {
    ...read,
    amountCents: read.amountCents ?? (current ? chargeCents(current) : 0),
  };
  const failure = failureEvent(current, notice, deps.gateway.name, deps.clock.now().toISOString());
  if (failure) {
    await deps.orders.addEvent(notice.orderId, failure);
    return { kind: "failed", orderId: notice.orderId };
  }
  const mismatch = noticeMismatch(current, notice);
  if (mismatch) return { kind: "ignored", orderId: notice.orderId, reason: mismatch };
  const at = deps.clock.now().toISOString();
  const recorded = await deps.ledger.record(noticeRow(notice, deps.gateway.key, at));
  if (recorded.kind === "not_found") {
    return { kind: "ignored", orderId: notice.orderId, reason: "unknown_order" };
  }
  if (recorded.kind === "refused") {
    return { kind: "ignored", orderId: notice.orderId, reason: "charged_back" };
  }
  // A duplicate row is planned all the same: the status follows the ledger, so a notice
  // whose first copy was recorded but not yet applied (a crash between) is applied now.
  for (let attempt = 0; attempt < 3; attempt++) {
    const order = await deps.orders.findById(notice.orderId);
    const standing = ledgerPaymentStatus(await deps.ledger.entriesFor(notice.orderId));
    const planned = planNotice(order, notice, deps.gateway.name, at, standing);
    if (planned.kind === "ignore") {
      return { kind: "ignored", orderId: notice.orderId, reason: planned.reason };
    }
    const { plan, late } = planned;
    const slip = plan.saveSlip && order
      ? await deps.slips.render({ ...order, paymentStatus: plan.to })
      : undefined;
    const outcome = await deps.orders.changePayment(plan, slip);
    if (outcome.kind === "changed") {
      return {
        kind: "applied",
        orderId: notice.orderId,
        late,
        to: plan.to === "paid" ? "paid" : "unpaid",
      };
    }
    if (outcome.kind === "not_found") {
      return { kind: "ignored", orderId: notice.orderId, reason: "unknown_order" };
    }
  }
  // Three plans in a row each overtaken: the order keeps moving; the gateway's next copy
  // of the notification is planned from where it then stands.
  return { kind: "ignored", orderId: notice.orderId, reason: "already_settled" };
}
