/** Payment Information, shown once an order is placed. */
import { formatLkr } from "../../domain/money.ts";
import type { PaymentMethod } from "../../domain/orders/model.ts";
import type { BankDetails } from "../../domain/shop.ts";
import { BankDetailsList } from "./BankDetailsList.tsx";
import { Dialog } from "./Dialog.tsx";
import { DELIVERY_PROMISE, PREORDER_PROMISE } from "../../domain/orders/delivery_promise.ts";
import { AMOUNT_LABELS } from "../../domain/orders/amount_labels.ts";

export interface PlacedOrder {
  orderId: number;
  totalCents: number;
  deliveryFeeCents: number;
  subtotalCents: number;
  method: PaymentMethod;
  /** The order holds a pre-ordered book: it comes in weeks, not days. */
  preorder: boolean;
}

/** How long delivery takes, as the checkout's notes say it. */
function deliveryTime(order: PlacedOrder): string {
  return order.preorder ? PREORDER_PROMISE : DELIVERY_PROMISE;
}

export const WHATSAPP_QR = "/static/whatsapp-qr.svg";

export function PaymentDialog(
  { order, bank, onClose }: { order: PlacedOrder; bank: BankDetails; onClose: () => void },
) {
  return (
    <Dialog title="Payment Information" onClose={onClose} className="payment-dialog">
      <p className="notice notice-ok" role="status">Your order has been placed.</p>
      <dl className="totals">
        <div>
          <dt>Order ID</dt>
          <dd>#{order.orderId}</dd>
        </div>
        <div>
          <dt>{AMOUNT_LABELS.items}</dt>
          <dd>{formatLkr(order.totalCents)}</dd>
        </div>
        <div>
          <dt>{AMOUNT_LABELS.deliveryFee}</dt>
          <dd>{formatLkr(order.deliveryFeeCents)}</dd>
        </div>
        <div className="grand-total">
          <dt>{AMOUNT_LABELS.totalToPay}</dt>
          <dd>{formatLkr(order.subtotalCents)}</dd>
        </div>
      </dl>
      {order.method === "COD"
        ? (
          <div className="cod-note">
            <p>
              You chose Cash on Delivery: please keep{" "}
              <strong>{formatLkr(order.subtotalCents)}</strong> ready for the courier.
            </p>
            <p>Your order will be delivered in {deliveryTime(order)}.</p>
          </div>
        )
        : (
          <>
            <p className="hint">
              Please deposit the total to the account below and send the receipt to our WhatsApp
              number with your order ID. Your order will be delivered in {deliveryTime(order)}{" "}
              after the deposit is confirmed.
            </p>
            <BankDetailsList bank={bank} />
            <figure className="qr">
              <img
                src={WHATSAPP_QR}
                alt={`QR code: chat with Pothgula on WhatsApp (${bank.whatsappNumber})`}
                width={160}
                height={160}
              />
              <figcaption>Scan to send your receipt on WhatsApp: {bank.whatsappNumber}</figcaption>
            </figure>
          </>
        )}
      <p>Thank you for shopping with Pothgula!</p>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>Close</button>
      </div>
    </Dialog>
  );
}
