import type { MailMessage } from "../ports.ts";
import type { Order } from "../orders/model.ts";
import type { ShopInfo } from "../shop.ts";
import { paymentLabel, singleLine } from "./format.ts";
import {
  composeMail,
  deliverTo,
  DELIVERY_PROMISE,
  detailRows,
  hasPreorder,
  heading,
  itemsTable,
  paragraph,
  PREORDER_PROMISE,
  totalsTable,
} from "./layout.ts";
import { orderLinkParts } from "./order_mails.ts";

/**
 * The mail a shopper receives when the shop confirms the order and hands it to delivery.
 * An order holding a pre-ordered book arrives with the pre-order, in 3 - 4 weeks.
 */
export function completionMail(order: Order, shop: ShopInfo, orderUrl?: string): MailMessage {
  const c = order.customer;
  const parts = [
    paragraph(`Dear ${c.name},`),
    paragraph(
      `Good news: your order #${order.id} has been handed over to delivery. ` +
        `Expect it in ${hasPreorder(order) ? PREORDER_PROMISE : DELIVERY_PROMISE}.`,
    ),
    ...(order.courier || order.trackingNumber
      ? [detailRows([
        ...(order.courier ? [["Courier", order.courier] as [string, string]] : []),
        ...(order.trackingNumber
          ? [["Tracking number", order.trackingNumber] as [string, string]]
          : []),
      ])]
      : []),
    paragraph(`Payment: ${paymentLabel(order.paymentMethod)}.`),
    ...orderLinkParts(orderUrl),
    heading(`Order #${order.id}`),
    itemsTable(order),
    totalsTable(order),
    heading("Delivering to"),
    deliverTo(order),
    paragraph(`Thank you for shopping at ${shop.name}.`),
  ];
  return {
    to: singleLine(c.email),
    subject: singleLine(`${shop.name}: order #${order.id} handed over to delivery`),
    ...composeMail(shop, parts),
  };
}
