/**
 * The mails about an order after checkout: rejection, lapse, payment received and the
 * link a customer asked for, and the shop's own notices of a new order and of a deposit
 * slip to check. Each links to the order's page (the shop's mails to the orders desk).
 */
import type { MailMessage } from "../ports.ts";
import type { Order } from "../orders/model.ts";
import type { ShopInfo } from "../shop.ts";
import { formatLkr } from "../money.ts";
import { escapeHtml, paymentLabel, singleLine } from "./format.ts";
import {
  composeMail,
  deliverTo,
  detailRows,
  heading,
  itemsTable,
  type MailPart,
  paragraph,
  totalsTable,
} from "./layout.ts";

/** What every order mail needs besides the order. */
export interface OrderMailContext {
  shop: ShopInfo;
  /** The order's page for its customer (with its key); absent for orders without a key. */
  orderUrl?: string;
}

/** A link as a button in HTML and a bare address in text. */
export function linkPart(label: string, url: string): MailPart {
  const href = escapeHtml(url);
  return {
    html: `<p style="margin:0 0 12px"><a href="${href}" style="display:inline-block;` +
      `padding:8px 14px;background:#1f4e79;color:#ffffff;text-decoration:none;` +
      `border-radius:4px">${escapeHtml(label)}</a></p>` +
      `<p style="margin:0 0 12px;font-size:12px;color:#555;overflow-wrap:anywhere">${href}</p>`,
    text: `${label}: ${url}`,
  };
}

/** The link to the order's page, when the order has one. */
export function orderLinkParts(orderUrl: string | undefined): MailPart[] {
  return orderUrl ? [linkPart("See your order", orderUrl)] : [];
}

function customerMail(
  order: Order,
  ctx: OrderMailContext,
  mail: { subject: string; parts: MailPart[] },
): MailMessage {
  const parts = [
    paragraph(`Dear ${order.customer.name},`),
    ...mail.parts,
    ...orderLinkParts(ctx.orderUrl),
    heading(`Order #${order.id}`),
    itemsTable(order),
    totalsTable(order),
    paragraph(`Questions? Reply to this mail or call us on ${ctx.shop.phones[0]}.`),
  ];
  return {
    to: singleLine(order.customer.email),
    subject: singleLine(`${ctx.shop.name}: ${mail.subject}`),
    ...composeMail(ctx.shop, parts),
  };
}

/** The admin rejected the order: why, and that nothing is owed. */
export function rejectionMail(order: Order, ctx: OrderMailContext): MailMessage {
  return customerMail(order, ctx, {
    subject: `order #${order.id} cancelled`,
    parts: [
      paragraph(`We are sorry: we could not accept your order #${order.id}.`),
      ...(order.rejectReason ? [detailRows([["Reason", order.rejectReason]])] : []),
      paragraph(
        order.paymentStatus === "paid"
          ? "We will return your payment and contact you about it."
          : "Nothing is owed for it.",
      ),
    ],
  });
}

/** An unpaid Bank Deposit order ran out of time. */
export function lapseMail(order: Order, ctx: OrderMailContext): MailMessage {
  return customerMail(order, ctx, {
    subject: `order #${order.id} cancelled, payment not received`,
    parts: [
      paragraph(
        `We did not receive the deposit for your order #${order.id} in time, so we have ` +
          `cancelled it and put the items back on sale.`,
      ),
      paragraph("If you have paid, reply to this mail with the deposit slip and we will help."),
    ],
  });
}

/** The admin recorded the payment. */
export function paymentReceivedMail(order: Order, ctx: OrderMailContext): MailMessage {
  return customerMail(order, ctx, {
    subject: `payment received for order #${order.id}`,
    parts: [
      paragraph(
        `We have received your payment of ${
          formatLkr(order.totalCents + order.deliveryFeeCents)
        } for order #${order.id} (${paymentLabel(order.paymentMethod)}).`,
      ),
      paragraph(
        order.status === "completed"
          ? "Your order is already on its way."
          : "We will mail you again when it is handed to delivery.",
      ),
    ],
  });
}

/** The link a customer asked for on the order tracking page. */
export function orderLinkMail(order: Order, ctx: OrderMailContext): MailMessage {
  return customerMail(order, ctx, {
    subject: `your order #${order.id}`,
    parts: [
      paragraph(
        `Here is the link to your order #${order.id}: its status, payment and delivery. ` +
          `Keep it to yourself, it opens the order without a password.`,
      ),
    ],
  });
}

function shopMail(
  order: Order,
  ctx: OrderMailContext & { to: string },
  mail: { subject: string; parts: MailPart[] },
): MailMessage {
  const parts = [
    ...mail.parts,
    linkPart("Open the orders desk", `${ctx.shop.publicUrl}/admin/orders?q=${order.id}`),
    heading(`Order #${order.id}`),
    detailRows([
      ["Customer", order.customer.name],
      ["Phone", order.customer.phone],
      ["E-mail", order.customer.email],
      ["Payment", paymentLabel(order.paymentMethod)],
      ["Total to pay", formatLkr(order.totalCents + order.deliveryFeeCents)],
    ]),
    itemsTable(order),
    heading("Delivering to"),
    deliverTo(order),
  ];
  return {
    to: singleLine(ctx.to),
    subject: singleLine(`${ctx.shop.name}: ${mail.subject}`),
    ...composeMail(ctx.shop, parts),
  };
}

/** The shop's notice of a new order. */
export function shopNewOrderMail(
  order: Order,
  ctx: OrderMailContext & { to: string },
): MailMessage {
  return shopMail(order, ctx, {
    subject: `new order #${order.id} from ${order.customer.name}`,
    parts: [
      paragraph(
        `${order.customer.name} placed order #${order.id}: ${order.items.length} line(s), ` +
          `${paymentLabel(order.paymentMethod)}.`,
      ),
    ],
  });
}

/** The shop's notice of a deposit slip to check. */
export function shopProofMail(order: Order, ctx: OrderMailContext & { to: string }): MailMessage {
  return shopMail(order, ctx, {
    subject: `deposit slip for order #${order.id}`,
    parts: [
      paragraph(
        `${order.customer.name} sent a deposit slip for order #${order.id} ` +
          `(${order.paymentProofs.length} so far). Check it and mark the order paid.`,
      ),
    ],
  });
}
