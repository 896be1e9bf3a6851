import type { MailMessage } from "../ports.ts";
import type { Order } from "../orders/model.ts";
import type { BankDetails, ShopInfo } from "../shop.ts";
import { formatLkr } from "../money.ts";
import { paymentLabel, singleLine } from "./format.ts";
import {
  composeMail,
  deliverTo,
  deliveryPromise,
  detailRows,
  heading,
  itemsTable,
  type MailPart,
  paragraph,
  totalsTable,
} from "./layout.ts";
import { orderLinkParts } from "./order_mails.ts";

/**
 * The mail a shopper receives right after placing an order. Cash on Delivery orders get
 * the order summary and the delivery promise; Bank Deposit orders get the same plus the
 * shop's bank account and the WhatsApp number to send the deposit receipt to.
 */
export function checkoutMail(
  order: Order,
  shop: ShopInfo,
  bank: BankDetails,
  orderUrl?: string,
): MailMessage {
  const c = order.customer;
  const parts: MailPart[] = [
    paragraph(`Dear ${c.name},`),
    paragraph(`Thank you for shopping at ${shop.name}. We have received your order #${order.id}.`),
    ...(order.paymentMethod === "Bank Deposit" ? bankDepositParts(order, bank) : [
      paragraph(
        `Payment: ${paymentLabel(order.paymentMethod)}. Please keep ${
          formatLkr(order.totalCents + order.deliveryFeeCents)
        } ready for the courier.`,
      ),
    ]),
    ...orderLinkParts(orderUrl),
    heading(`Order #${order.id}`),
    itemsTable(order),
    totalsTable(order),
    heading("Delivery"),
    ...deliveryPromise(order),
    deliverTo(order),
    paragraph(`Questions about your order? Reply to this mail or call us on ${shop.phones[0]}.`),
  ];
  return {
    to: singleLine(c.email),
    subject: singleLine(`${shop.name}: order #${order.id} received`),
    ...composeMail(shop, parts),
  };
}

function bankDepositParts(order: Order, bank: BankDetails): MailPart[] {
  const amount = formatLkr(order.totalCents + order.deliveryFeeCents);
  return [
    paragraph(
      `Payment: Bank Deposit. Please deposit ${amount} to the account below, ` +
        `with order #${order.id} as the reference.`,
    ),
    detailRows([
      ["Bank", bank.bankName],
      ["Branch", bank.bankBranch],
      ["Account name", bank.accountName],
      ["Account number", bank.accountNumber],
      ["Amount", amount],
      ["Reference", `Order #${order.id}`],
    ]),
    paragraph(
      `Send the deposit receipt from your order's page below, or by WhatsApp to ${bank.whatsappNumber}. ` +
        `We dispatch your order once the deposit is confirmed.`,
    ),
  ];
}
