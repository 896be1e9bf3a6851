import type { MailMessage } from "../ports.ts";
import type { Order } from "../orders/model.ts";
import type { ShopInfo } from "../shop.ts";
import { paymentLabel, singleLine } from "./format.ts";
import {
  composeMail,
  deliverTo,
  DELIVERY_PROMISE,
  hasPreorder,
  heading,
  itemsTable,
  paragraph,
  PREORDER_PROMISE,
  totalsTable,
} from "./layout.ts";

/**
 * The mail a shopper receives when the shop confirms the order and hands it to delivery.
 * An order holding a pre-ordered book arrives with the pre-order, in 3 - 4 weeks.
 */
export function completionMail(order: Order, shop: ShopInfo): MailMessage {
  const c = order.customer;
  const parts = [
    paragraph(`Dear ${c.name},`),
    paragraph(
      `Good news: your order #${order.id} has been handed over to delivery. ` +
        `Expect it in ${hasPreorder(order) ? PREORDER_PROMISE : DELIVERY_PROMISE}.`,
    ),
    paragraph(`Payment: ${paymentLabel(order.paymentMethod)}.`),
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
