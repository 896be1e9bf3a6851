/** Payment Information, shown once an order is placed. */
import { formatLkr } from "../../domain/money.ts";
import type { PaymentMethod } from "../../domain/orders/model.ts";
import type { BankDetails } from "../../domain/shop.ts";
import { BankDetailsList } from "./BankDetailsList.tsx";
import { Dialog } from "./Dialog.tsx";

export interface PlacedOrder {
  orderId: number;
  totalCents: number;
  deliveryFeeCents: number;
  subtotalCents: number;
  method: PaymentMethod;
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
          <dt>Items</dt>
          <dd>{formatLkr(order.totalCents)}</dd>
        </div>
        <div>
          <dt>Delivery fee</dt>
          <dd>{formatLkr(order.deliveryFeeCents)}</dd>
        </div>
        <div className="grand-total">
          <dt>Total to pay</dt>
          <dd>{formatLkr(order.subtotalCents)}</dd>
        </div>
      </dl>
      <p className="hint">
        {order.method === "COD"
          ? "You chose Cash on Delivery: please ignore the bank details below and pay the courier."
          : "Please deposit the total to the account below and send the receipt to our WhatsApp number with your order ID."}
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
      <p>Thank you for shopping with Pothgula!</p>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>Close</button>
      </div>
    </Dialog>
  );
}
