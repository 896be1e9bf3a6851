/**
 * Decides what each mail about an order says: to whom, in which language, with which
 * facts. Customers' mails go to the order's address in the order's language; the shop's
 * notices to ORDER_NOTIFY_EMAIL in English.
 */
import type { CustomerParcel } from "../fulfilment/customer_parcels.ts";
import { orderPlace } from "../orders/place_names.ts";
import type { Locale } from "../i18n/language.ts";
import { localizedPath } from "../i18n/language.ts";
import type { Order, OrderStatus, PaymentStatus } from "../orders/model.ts";
import { amountDue } from "../orders/amount_due.ts";
import { orderBreakdown } from "../pricing/order_breakdown.ts";
import { preorderArrival } from "../orders/preorder_arrival.ts";
import { parcelsWord } from "../fulfilment/preorder_waiting.ts";
import { PAYMENT_POLICIES, paysOnline } from "../orders/payment_policy.ts";
import type { BankDetails, ShopInfo } from "../shop.ts";
import type {
  OrderFacts,
  OrderMail,
  PaidNext,
  RejectedSettlement,
  ShopDigestMail,
  ShopOrdersDigestMail,
  ShopTextBudgetMail,
} from "./mail.ts";
import type { MailKind } from "./ports.ts";

/** What every order mail needs besides the order. */
/** A cancelled order's money, by its payment status when it was cancelled. */
const REJECTED_SETTLEMENT: Readonly<Record<PaymentStatus, RejectedSettlement>> = {
  paid: "refund",
  proof_submitted: "slip_unchecked",
  unpaid: "nothing_owed",
};

/** A payment's mail, by the order's status when it is sent. */
const PAID_NEXT: Readonly<Record<OrderStatus, PaidNext>> = {
  pending: "will_mail",
  completed: "on_its_way",
  rejected: "refund",
};

export interface OrderMailContext {
  shop: ShopInfo;
  bank: BankDetails;
  /** The key that opens the order's page; the mail carries no link without it. */
  orderKey?: string;
  /** Where the shop's own notices go; the shop's address when absent. */
  notifyEmail?: string;
  /** The order's parcels out with couriers (customer_parcels.ts), for the dispatch mail. */
  parcels?: CustomerParcel[];
}

function base(shop: ShopInfo): string {
  return shop.publicUrl.replace(/\/+$/, "");
}

/**
 * The order's page for its customer, in the order's language.
 *
 * @example orderPageUrl("https://pothgula.lk", { id: 7, locale: "si" }, "k") // "https://pothgula.lk/si/orders/7?key=k"
 */
export function orderPageUrl(
  publicUrl: string,
  order: Pick<Order, "id" | "locale">,
  key: string,
): string {
  const path = localizedPath(order.locale, `/orders/${order.id}`);
  return `${publicUrl.replace(/\/+$/, "")}${path}?key=${encodeURIComponent(key)}`;
}

/** The pre-ordered books' expected date, when every one has a date. */
function expectedOn(order: Order): string | null {
  const arrival = preorderArrival(order.items);
  return arrival?.kind === "date" ? arrival.date : null;
}

/** The facts of an order that its mails carry. */
export function orderFacts(
  order: Order,
  orderUrl: string | null,
  language: Locale = order.locale,
): OrderFacts {
  const c = order.customer;
  // The place as the order named it, in the language the mail is written in.
  const place = orderPlace(order, language);
  const breakdown = orderBreakdown(order);
  return {
    id: order.id,
    placedAt: order.orderDate,
    customerName: c.name,
    paymentMethod: order.paymentMethod,
    lines: breakdown.lines.map((line, i) => ({
      ...line,
      preorder: order.items[i].preorder,
      preorderDate: order.items[i].preorder ? order.items[i].preorderDate ?? null : null,
    })),
    breakdown,
    due: amountDue(order, breakdown),
    preorder: order.items.some((line) => line.preorder),
    preorderDate: expectedOn(order),
    sentAs: parcelsWord(order),
    deliverTo: {
      name: c.name,
      address: c.address,
      city: place.area,
      district: place.district,
      province: place.province,
      postalCode: c.postalCode,
      phone: c.phone,
    },
    orderUrl,
  };
}

/**
 * When an unpaid order lapses unless its slip arrives, and after how many hours from its
 * placing (two decimals at most); null when it does not lapse or is paid or decided.
 *
 * @example lapseOf({ status: "pending", paymentStatus: "unpaid", paymentMethod: "Bank Deposit", orderDate: "2026-03-01T10:00:00.000Z", expiresAt: "2026-03-03T10:00:00.000Z" }) // { at: "2026-03-03T10:00:00.000Z", hours: 48 }
 */
export function lapseOf(
  order: Pick<Order, "status" | "paymentStatus" | "orderDate" | "expiresAt" | "paymentMethod">,
): { at: string; hours: number } | null {
  if (order.expiresAt === null || order.status !== "pending" || order.paymentStatus !== "unpaid") {
    return null;
  }
  // A hold that waits for the shop (COD) is no deadline of the customer's.
  if (PAYMENT_POLICIES[order.paymentMethod].hold.awaits !== "customer") return null;
  const hours = (Date.parse(order.expiresAt) - Date.parse(order.orderDate)) / 3_600_000;
  return { at: order.expiresAt, hours: Math.round(hours * 100) / 100 };
}

/** The mail of `kind` about `order`. */
export function orderMail(kind: MailKind, order: Order, ctx: OrderMailContext): OrderMail {
  const url = ctx.orderKey === undefined
    ? null
    : orderPageUrl(ctx.shop.publicUrl, order, ctx.orderKey);
  const customer = {
    to: order.customer.email,
    language: order.locale,
    order: orderFacts(order, url),
  };
  const shop = {
    to: ctx.notifyEmail ?? ctx.shop.email,
    language: "en" as const,
    order: orderFacts(order, url, "en"),
    customerEmail: order.customer.email,
    deskUrl: `${base(ctx.shop)}/admin/orders/${order.id}`,
  };
  switch (kind) {
    case "order_placed":
      return {
        kind,
        ...customer,
        bank: PAYMENT_POLICIES[order.paymentMethod].showsBankDetails ? ctx.bank : null,
        lapse: lapseOf(order),
      };
    case "order_completed":
      return {
        kind,
        ...customer,
        courier: order.courier,
        trackingNumber: order.trackingNumber,
        parcels: ctx.parcels ?? [],
      };
    case "order_rejected":
      return {
        kind,
        ...customer,
        reason: order.rejectReason,
        settlement: REJECTED_SETTLEMENT[order.paymentStatus],
      };
    case "order_lapsed":
      return { kind, ...customer };
    case "payment_received":
      return { kind, ...customer, next: PAID_NEXT[order.status] };
    case "order_link":
      return { kind, ...customer };
    case "slip_refused": {
      const told = order.events.findLast((e) => e.kind === "slip_refused");
      return {
        kind,
        ...customer,
        reason: told?.note ?? null,
        deadline: lapseOf(order)?.at ?? null,
      };
    }
    case "order_refunded": {
      const told = order.events.findLast((e) => e.kind === "refunded");
      return {
        kind,
        ...customer,
        refund: told?.note ?? null,
        card: paysOnline(order.paymentMethod),
      };
    }
    case "shop_order_placed":
      return { kind, ...shop };
    case "shop_proof_uploaded":
      return { kind, ...shop, proofs: order.paymentProofs.length };
  }
}

/**
 * The owner's digest of new orders while they flood: each order once, oldest first, with
 * its place on the orders desk.
 */
export function ordersDigestMail(
  orders: readonly Order[],
  ctx: Omit<OrderMailContext, "orderKey">,
): ShopOrdersDigestMail {
  const unique = [...new Map(orders.map((o) => [o.id, o])).values()].sort((a, b) => a.id - b.id);
  return {
    kind: "shop_orders_digest",
    to: ctx.notifyEmail ?? ctx.shop.email,
    language: "en",
    orders: unique.map((order) => ({
      order: orderFacts(order, null),
      customerEmail: order.customer.email,
      proofs: 0,
      deskUrl: `${base(ctx.shop)}/admin/orders/${order.id}`,
    })),
    deskUrl: `${base(ctx.shop)}/admin/orders?status=pending`,
  };
}

/**
 * The owner's notice that the day's texts are used up, sent once that day.
 *
 * @example textBudgetMail(200, new Date("2026-03-01T18:30:00Z"), ctx).limit // 200
 */
export function textBudgetMail(
  limit: number,
  resumesAt: Date,
  ctx: Pick<OrderMailContext, "shop" | "notifyEmail">,
): ShopTextBudgetMail {
  return {
    kind: "shop_text_budget",
    to: ctx.notifyEmail ?? ctx.shop.email,
    language: "en",
    limit,
    resumesAt: resumesAt.toISOString(),
    settingsUrl: `${base(ctx.shop)}/admin/settings`,
  };
}

/**
 * The shop's digest of the deposit slips sent in one window: each order once, oldest
 * first, with its slips so far and its place on the orders desk.
 */
export function proofsDigestMail(
  orders: readonly Order[],
  ctx: Omit<OrderMailContext, "orderKey">,
): ShopDigestMail {
  const unique = [...new Map(orders.map((o) => [o.id, o])).values()].sort((a, b) => a.id - b.id);
  return {
    kind: "shop_proofs_digest",
    to: ctx.notifyEmail ?? ctx.shop.email,
    language: "en",
    orders: unique.map((order) => ({
      order: orderFacts(order, null, "en"),
      customerEmail: order.customer.email,
      proofs: order.paymentProofs.length,
      deskUrl: `${base(ctx.shop)}/admin/orders/${order.id}`,
    })),
    deskUrl: `${base(ctx.shop)}/admin/orders?paymentStatus=proof_submitted`,
  };
}
