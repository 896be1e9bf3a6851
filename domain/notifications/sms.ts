/**
 * Text messages to the customer: what each says is decided here from the order (to which
 * number, in which language, naming which facts); the words are the SMS renderer's, the
 * sending the SmsSender's. A text waits in the outbox beside its mail and is decided when
 * it is sent, from the order as it is then.
 */
import type { CustomerParcel } from "../fulfilment/customer_parcels.ts";
import type { Locale } from "../i18n/language.ts";
import type { Order } from "../orders/model.ts";
import type { ShopInfo } from "../shop.ts";
import { smsNumber } from "../address/phone.ts";
import { SMS_POLICIES, type SmsKind, type SmsPolicy } from "./sms_kinds.ts";
import { orderBreakdown } from "../pricing/order_breakdown.ts";
import { PAYMENT_POLICIES } from "../orders/payment_policy.ts";

export {
  isSmsKind,
  MAIL_ONLY,
  type OutboxChannel,
  type OutboxChannels,
  type OutboxItem,
  outboxItems,
  SMS_KINDS,
  SMS_POLICIES,
  type SmsKind,
  type SmsPolicy,
} from "./sms_kinds.ts";

/** A text as a gateway takes it. */
export interface SmsMessage {
  /** The recipient as +94 and nine digits (`smsNumber`). */
  to: string;
  text: string;
  /** True when the text needs UCS-2 (Sinhala, Tamil): the gateway must be told. */
  unicode: boolean;
}

/**
 * Why a text was not sent. `retry` says whether trying again later can help: a gateway
 * that is down, slow or out of credit may take it later; a number or a text it refused
 * never will, and such an entry is retired rather than tried for ever.
 */
export class SmsError extends Error {
  override name = "SmsError";
  constructor(message: string, readonly retry: boolean, options?: ErrorOptions) {
    super(message, options);
  }
}

/** The gateway refused this text for good (the number, the text): retrying cannot help. */
export class SmsRefusedError extends SmsError {
  override name = "SmsRefusedError";
  constructor(message: string, options?: ErrorOptions) {
    super(message, false, options);
  }
}

/** The gateway could not take the text now (down, slow, busy, the account): try again later. */
export class SmsUnavailableError extends SmsError {
  override name = "SmsUnavailableError";
  constructor(message: string, options?: ErrorOptions) {
    super(message, true, options);
  }
}

/** Whether a failed send may succeed later; errors that are not an SmsError may. */
export function retryable(error: unknown): boolean {
  return error instanceof SmsError ? error.retry : true;
}

/** Sends one text; throws an SmsError saying whether a retry can help. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/** What a text to the customer says, before its words: decided from the order. */
export interface SmsNotice {
  kind: SmsKind;
  /** +94 and nine digits. */
  to: string;
  language: Locale;
  shopName: string;
  orderId: number;
  /** The amount it names, in cents, when its kind names one (`SmsPolicy.amount`). */
  amountCents: number | null;
  /** The courier and tracking number, when its kind names them and the order has them. */
  courier: string | null;
  trackingNumber: string | null;
  /** The parcels' tracking links, when its kind names the tracking and the owner set them. */
  trackingLinks?: string[];
}

/** Writes a text's words in its language. */
export interface SmsRenderer {
  render(notice: SmsNotice): string;
}

/** The breakdown's figure a text names: the order total, or the payments received. */
function amountOf(amount: SmsPolicy["amount"], order: Order): number | null {
  if (amount === "none") return null;
  const figures = orderBreakdown(order);
  return amount === "total" ? figures.totalCents : figures.receivedCents;
}

/**
 * The text of `kind` about `order`, or why none can go: an order whose phone is not a Sri
 * Lankan number has nobody to text (its mail still goes); an order of a method that texts
 * only once paid (a card's: `textsBeforePaid`) is not texted until it paid, and its payment's
 * text is its first: it is never sent the "order received" text. A cancelled order refunded
 * in full is unpaid again, yet it paid: its refund is texted.
 */
export function smsNotice(
  kind: SmsKind,
  order: Order,
  shop: Pick<ShopInfo, "name">,
  parcels: readonly CustomerParcel[] = [],
):
  | { kind: "notice"; notice: SmsNotice }
  | { kind: "no_number"; reason: string }
  | { kind: "not_paid"; reason: string } {
  const paid = order.paymentStatus === "paid" || order.refundsGiven.length > 0;
  if (!PAYMENT_POLICIES[order.paymentMethod].textsBeforePaid && !paid) {
    return {
      kind: "not_paid",
      reason: `Order ${order.id} is not paid: its method texts only once it is`,
    };
  }
  // Paid at once (a card), the order's first text is its payment's: a "received" text sent
  // after it, when the outbox reached it only once the gateway had answered, would be a second.
  if (!PAYMENT_POLICIES[order.paymentMethod].textsBeforePaid && kind === "order_placed") {
    return {
      kind: "not_paid",
      reason: `Order ${order.id} is texted by its payment: its method texts only once paid`,
    };
  }
  const to = smsNumber(order.customer.phone);
  if (to === undefined) {
    return {
      kind: "no_number",
      reason: `Order ${order.id} has no phone number a text can go to`,
    };
  }
  const policy = SMS_POLICIES[kind];
  return {
    kind: "notice",
    notice: {
      kind,
      to,
      language: order.locale,
      shopName: shop.name,
      orderId: order.id,
      amountCents: amountOf(policy.amount, order),
      courier: policy.tracking ? order.courier : null,
      trackingNumber: policy.tracking ? order.trackingNumber : null,
      ...(policy.tracking
        ? { trackingLinks: parcels.flatMap((p) => p.tracking_url === null ? [] : [p.tracking_url]) }
        : {}),
    },
  };
}
