/** Rendered mails for tests of the mailers: an order's checkout and completion mails. */
import type { MailMessage } from "../../../domain/notifications/mail.ts";
import type { Order } from "../../../domain/orders/model.ts";
import { orderMail } from "../../../domain/notifications/order_mail.ts";
import {
  SAMPLE_BANK,
  SAMPLE_SHOP,
  sampleOrder,
} from "../../../domain/notifications/testing/samples.ts";
import { renderMail } from "../render/mod.ts";

/**
 * The checkout mail of `order` (a pending COD order by default), in its language; with a
 * link to the order's page when given its key.
 */
export function checkoutMessage(
  order: Order = sampleOrder(),
  shop = SAMPLE_SHOP,
  orderKey?: string,
): MailMessage {
  return renderMail(orderMail("order_placed", order, { shop, bank: SAMPLE_BANK, orderKey }), shop);
}

/** The completion mail of `order`, in its language. */
export function completionMessage(
  order: Order = sampleOrder(),
  shop = SAMPLE_SHOP,
  orderKey?: string,
): MailMessage {
  return renderMail(
    orderMail("order_completed", order, { shop, bank: SAMPLE_BANK, orderKey }),
    shop,
  );
}
