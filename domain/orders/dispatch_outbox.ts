/**
 * Sends the mails waiting in the outbox: the use case a background loop runs every few
 * seconds. Each entry is claimed (so that two server processes never send the same mail
 * at once), its order loaded and rendered, sent, and marked sent; a failed send is
 * marked failed and tried again later, each time waiting longer.
 */
import type {
  Clock,
  Mailer,
  MailMessage,
  OrderKeys,
  OrderRepository,
  Outbox,
  OutboxEntry,
} from "../ports.ts";
import type { BankDetails, ShopInfo } from "../shop.ts";
import { checkoutMail } from "../notifications/checkout_mail.ts";
import { completionMail } from "../notifications/completion_mail.ts";
import {
  lapseMail,
  orderLinkMail,
  paymentReceivedMail,
  rejectionMail,
  shopNewOrderMail,
  shopProofMail,
} from "../notifications/order_mails.ts";

export interface DispatchDeps {
  outbox: Outbox;
  /** Only reads orders: the mails are decided when the order is written. */
  orders: Pick<OrderRepository, "findById">;
  mailer: Mailer;
  clock: Clock;
  /** A source of numbers in [0, 1), for the jitter of retries. */
  random: () => number;
  shop: ShopInfo;
  bank: BankDetails;
  /** Derives each order's key for the link in its mails; mails carry no link without it. */
  orderKeys?: Pick<OrderKeys, "keyFor">;
  /** Where the shop's own notices go (`ORDER_NOTIFY_EMAIL`); the shop's address when absent. */
  notifyEmail?: string;
}

export interface DispatchOptions {
  /** Entries claimed per round. */
  batch?: number;
  /** How long a claim keeps other processes away; longer than a round can take. */
  leaseMs?: number;
  /** The wait after the first failure. */
  baseDelayMs?: number;
  /** The longest wait between two attempts. */
  maxDelayMs?: number;
}

export interface DispatchResult {
  sent: number;
  failed: number;
}

export const DISPATCH_DEFAULTS: Required<DispatchOptions> = {
  batch: 10,
  leaseMs: 5 * 60_000,
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
};

/** When an entry that can never be sent is tried again: not in this shop's lifetime. */
export const NEVER_AGAIN = new Date("9999-12-31T00:00:00.000Z");

/**
 * The wait before the next attempt after `attempts` failed ones: exponential from `base`,
 * capped at `max`, with "equal jitter" (half fixed, half random) so that many mails that
 * failed together do not all come back at the same moment, yet none comes back at once.
 *
 * @example retryDelayMs(1, () => 0, 30_000, 3_600_000) // 15_000 (between 15 s and 30 s)
 * @example retryDelayMs(3, () => 0.999, 30_000, 3_600_000) // just under 120_000
 * @example retryDelayMs(40, () => 0, 30_000, 3_600_000) // 1_800_000 (half the cap)
 */
export function retryDelayMs(
  attempts: number,
  random: () => number,
  base: number,
  max: number,
): number {
  const exponent = Math.min(Math.max(attempts, 1) - 1, 52);
  const ceiling = Math.min(max, base * 2 ** exponent);
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.round(ceiling / 2 + (ceiling / 2) * r);
}

type Rendered =
  | { kind: "mail"; message: MailMessage }
  | { kind: "undeliverable"; reason: string };

async function render(deps: DispatchDeps, entry: OutboxEntry): Promise<Rendered> {
  const order = await deps.orders.findById(entry.orderId);
  if (!order) {
    return { kind: "undeliverable", reason: `Order ${entry.orderId} does not exist` };
  }
  const orderUrl = order.keySalt !== null && deps.orderKeys
    ? `${deps.shop.publicUrl}/orders/${order.id}?key=${await deps.orderKeys.keyFor(order.keySalt)}`
    : undefined;
  const ctx = { shop: deps.shop, orderUrl };
  const toShop = { ...ctx, to: deps.notifyEmail ?? deps.shop.email };
  const mail = (message: MailMessage): Rendered => ({ kind: "mail", message });
  switch (entry.kind) {
    case "order_placed":
      return mail(checkoutMail(order, deps.shop, deps.bank, orderUrl));
    case "order_completed":
      return mail(completionMail(order, deps.shop, orderUrl));
    case "order_rejected":
      return mail(rejectionMail(order, ctx));
    case "order_lapsed":
      return mail(lapseMail(order, ctx));
    case "payment_received":
      return mail(paymentReceivedMail(order, ctx));
    case "order_link":
      return mail(orderLinkMail(order, ctx));
    case "shop_order_placed":
      return mail(shopNewOrderMail(order, toShop));
    case "shop_proof_uploaded":
      return mail(shopProofMail(order, toShop));
    default:
      return { kind: "undeliverable", reason: `Unknown mail kind "${String(entry.kind)}"` };
  }
}

/** The message of a failure, short enough to store. */
export function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.slice(0, 1000);
}

/**
 * Claims the due outbox entries and sends them one after another. A failure of one mail
 * (the SMTP server refuses it, the order is gone) is recorded on its entry and does not
 * stop the others; a failure of the outbox itself (the database is down) is thrown.
 */
export async function dispatchDueMail(
  deps: DispatchDeps,
  options: DispatchOptions = {},
): Promise<DispatchResult> {
  const opts = { ...DISPATCH_DEFAULTS, ...options };
  const entries = await deps.outbox.claimDue(deps.clock.now(), opts.batch, opts.leaseMs);
  const result: DispatchResult = { sent: 0, failed: 0 };
  for (const entry of entries) {
    const rendered = await render(deps, entry);
    if (rendered.kind === "undeliverable") {
      await deps.outbox.markFailed(entry.id, rendered.reason, NEVER_AGAIN);
      result.failed++;
      continue;
    }
    try {
      await deps.mailer.send(rendered.message);
    } catch (error) {
      const wait = retryDelayMs(entry.attempts + 1, deps.random, opts.baseDelayMs, opts.maxDelayMs);
      const next = new Date(deps.clock.now().getTime() + wait);
      await deps.outbox.markFailed(entry.id, describeError(error), next);
      result.failed++;
      continue;
    }
    await deps.outbox.markSent(entry.id, deps.clock.now());
    result.sent++;
  }
  return result;
}
