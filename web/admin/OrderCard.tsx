/** One order as the admin reads it, with Confirm / Reject while pending. */
import { AMOUNT_LABELS } from "../../domain/orders/amount_labels.ts";
import { formatDateTime, formatLkr } from "./format.ts";
import { costDetails, customerLabel, itemTypeLabel } from "./orders.ts";
import type { WireOrder } from "./wire.ts";

interface OrderCardProps {
  order: WireOrder;
  busy: boolean;
  onConfirm: (order: WireOrder) => void;
  onReject: (order: WireOrder) => void;
  onDownloadSlip: (order: WireOrder) => void;
  onMarkPaid: (order: WireOrder) => void;
  onViewProof: (order: WireOrder, proofId: number) => void;
}

const PAYMENT_LABEL = {
  unpaid: "Not paid",
  proof_submitted: "Deposit slip to check",
  paid: "Paid",
};

const STATUS_LABEL = { pending: "Pending", completed: "Completed", rejected: "Rejected" };

export function OrderCard(
  { order, busy, onConfirm, onReject, onDownloadSlip, onMarkPaid, onViewProof }: OrderCardProps,
) {
  const payment = order.payment_status;
  const canMarkPaid = payment !== undefined && payment !== "paid" && order.status !== "rejected";
  const cost = costDetails(order);
  const headingId = `order-${order.id}-heading`;
  return (
    <article className="order-card" aria-labelledby={headingId}>
      <header className="order-card-header">
        <h4 id={headingId}>Order #{order.id}</h4>
        <span className={`badge badge-${order.status}`}>
          Status: {STATUS_LABEL[order.status] ?? order.status}
        </span>
      </header>
      <dl className="order-facts">
        <dt>User ID</dt>
        <dd>{customerLabel(order.user_id)}</dd>
        <dt>Order date</dt>
        <dd>
          <time dateTime={order.order_date}>{formatDateTime(order.order_date)}</time>
        </dd>
        <dt>Payment method</dt>
        <dd>{order.payment_method}</dd>
        {payment && (
          <>
            <dt>Payment</dt>
            <dd>{PAYMENT_LABEL[payment]}</dd>
          </>
        )}
      </dl>
      <div className="order-sections">
        <section>
          <h5>Cost details</h5>
          <dl>
            <dt>{AMOUNT_LABELS.items}</dt>
            <dd className="money">{formatLkr(cost.itemTotalCents)}</dd>
            <dt>{AMOUNT_LABELS.deliveryFee}</dt>
            <dd className="money">{formatLkr(cost.shippingCents)}</dd>
            <dt>{AMOUNT_LABELS.totalToPay}</dt>
            <dd className="money">
              <strong>{formatLkr(cost.subtotalCents)}</strong>
            </dd>
          </dl>
        </section>
        <section>
          <h5>Customer</h5>
          <dl>
            <dt>Name</dt>
            <dd>{order.name}</dd>
            <dt>Address</dt>
            <dd>{order.address}</dd>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${order.email}`}>{order.email}</a>
            </dd>
            <dt>Phone</dt>
            <dd>
              <a href={`tel:${order.phone}`}>{order.phone}</a>
            </dd>
          </dl>
        </section>
        <section>
          <h5>Location</h5>
          <dl>
            <dt>Postal code</dt>
            <dd>{order.postal_code}</dd>
            <dt>Province</dt>
            <dd>{order.province_name}</dd>
            <dt>District</dt>
            <dd>{order.district_name}</dd>
            <dt>Area</dt>
            <dd>{order.area_name}</dd>
          </dl>
        </section>
      </div>
      <section>
        <h5>Items</h5>
        <ul className="order-items">
          {order.items.map((item) => (
            <li key={item.id}>
              <span className="item-type">{itemTypeLabel(item.type)}</span> {item.title}
              {item.type === "book" && item.isbn13 && (
                <span className="item-isbn">ISBN-13: {item.isbn13}</span>
              )}
              <span className="item-quantity">Quantity: {item.quantity}</span>
            </li>
          ))}
        </ul>
      </section>
      {(order.payment_proofs ?? []).length > 0 && (
        <section>
          <h5>Deposit slips</h5>
          <ul className="order-items">
            {order.payment_proofs!.map((proof, i) => (
              <li key={proof.id}>
                <button
                  type="button"
                  className="button-secondary"
                  disabled={busy}
                  onClick={() => onViewProof(order, proof.id)}
                >
                  Download slip {i + 1}{" "}
                  ({proof.content_type === "application/pdf" ? "PDF" : "photo"})
                </button>{" "}
                <time dateTime={proof.uploaded_at}>{formatDateTime(proof.uploaded_at)}</time>
              </li>
            ))}
          </ul>
        </section>
      )}
      {canMarkPaid && (
        <div className="order-actions">
          <button
            type="button"
            className="button-secondary"
            disabled={busy}
            onClick={() => onMarkPaid(order)}
          >
            Mark paid
          </button>
        </div>
      )}
      {order.status === "pending" && (
        <div className="order-actions">
          <button
            type="button"
            className="button-primary"
            disabled={busy}
            onClick={() => onConfirm(order)}
          >
            Confirm
          </button>
          <button
            type="button"
            className="button-danger"
            disabled={busy}
            onClick={() => onReject(order)}
          >
            Reject
          </button>
        </div>
      )}
      {order.status === "completed" && (
        <div className="order-actions">
          <button
            type="button"
            className="button-secondary"
            disabled={busy}
            onClick={() => onDownloadSlip(order)}
          >
            Download slip
          </button>
        </div>
      )}
    </article>
  );
}
