/**
 * The customer's order page (opened by the link in every mail about the order) and the
 * look-up page that mails that link. Times are Sri Lanka's.
 */
import type { CustomerOrder } from "../../domain/orders/customer_view.ts";
import type { BankDetails } from "../../domain/shop.ts";
import { formatLkr, rupeesToCents } from "../../domain/money.ts";
import { BankDetailsList } from "../components/BankDetailsList.tsx";
import { Island } from "../components/Island.tsx";
import { ProofUpload } from "../islands/ProofUpload.tsx";
import { TrackForm } from "../islands/TrackForm.tsx";

/** At most this many slips an order (the server's rule; a sixth is refused there). */
const MAX_PROOFS = 5;

const STATUS_TEXT: Record<CustomerOrder["status"], string> = {
  pending: "Being prepared",
  completed: "Handed to delivery",
  rejected: "Cancelled",
};

const PAYMENT_TEXT: Record<CustomerOrder["payment_status"], string> = {
  unpaid: "Not paid yet",
  proof_submitted: "Deposit slip received, being checked",
  paid: "Paid",
};

const EVENT_TEXT: Record<CustomerOrder["events"][number]["kind"], string> = {
  placed: "Order placed",
  proof_submitted: "Deposit slip sent",
  paid: "Payment received",
  unpaid: "Payment marked as not received",
  completed: "Handed to delivery",
  rejected: "Order cancelled",
  lapsed: "Cancelled: payment not received in time",
  note: "Note",
};

/** An instant as people in Sri Lanka read it: "1 Mar 2026, 3:30 PM". */
export function colomboDateTime(iso: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone: "Asia/Colombo",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    hour12: true,
  }).format(new Date(iso));
}

function money(rupees: number): string {
  return formatLkr(rupeesToCents(rupees) ?? 0);
}

export function OrderPage(
  { order, orderKey, bank }: { order: CustomerOrder; orderKey: string; bank: BankDetails },
) {
  const proofs = order.events.filter((e) => e.kind === "proof_submitted").length;
  const takesProof = order.payment_method === "Bank Deposit" && order.status === "pending" &&
    order.payment_status !== "paid";
  return (
    <section className="order-page">
      <h1 className="page-title">Order #{order.id}</h1>
      <dl className="order-facts">
        <dt>Placed</dt>
        <dd>{colomboDateTime(order.order_date)}</dd>
        <dt>Status</dt>
        <dd>
          <strong>{STATUS_TEXT[order.status]}</strong>
        </dd>
        <dt>Payment</dt>
        <dd>
          {order.payment_method === "COD" ? "Cash on Delivery" : "Bank Deposit"}:{" "}
          <strong>{PAYMENT_TEXT[order.payment_status]}</strong>
        </dd>
        {order.courier && (
          <>
            <dt>Courier</dt>
            <dd>{order.courier}</dd>
          </>
        )}
        {order.tracking_number && (
          <>
            <dt>Tracking number</dt>
            <dd>{order.tracking_number}</dd>
          </>
        )}
        <dt>Total to pay</dt>
        <dd>{money(order.subtotal)}</dd>
      </dl>

      {takesProof && (
        <section className="order-section">
          <h2>Pay by bank deposit</h2>
          {order.payment_status === "unpaid" && order.expires_at && (
            <p className="notice">
              Deposit {money(order.subtotal)} with order #{order.id} as the reference before{" "}
              <strong>{colomboDateTime(order.expires_at)}</strong>, or the order is cancelled.
            </p>
          )}
          <BankDetailsList bank={bank} />
          <Island
            name="ProofUpload"
            component={ProofUpload}
            props={{ orderId: order.id, orderKey, sent: proofs, max: MAX_PROOFS }}
          />
        </section>
      )}

      <section className="order-section">
        <h2>Items</h2>
        <table className="order-lines">
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Qty</th>
              <th scope="col">Amount</th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={item.id}>
                <td>
                  {item.title}
                  <span className="hint">{money(item.price)} each</span>
                </td>
                <td>{item.quantity}</td>
                <td>{money(item.line_total)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={2}>Items</th>
              <td>{money(order.total)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={2}>Delivery fee</th>
              <td>{money(order.delivery_fee)}</td>
            </tr>
            <tr>
              <th scope="row" colSpan={2}>Total to pay</th>
              <td>{money(order.subtotal)}</td>
            </tr>
          </tfoot>
        </table>
      </section>

      <section className="order-section">
        <h2>Delivering to</h2>
        <address>
          {order.name}
          <br />
          {order.address}
          <br />
          {order.area_name}, {order.district_name}, {order.province_name} {order.postal_code}
        </address>
      </section>

      <section className="order-section">
        <h2>What has happened</h2>
        <ol className="timeline">
          {order.events.map((event, i) => (
            <li key={i}>
              <time dateTime={event.at}>{colomboDateTime(event.at)}</time>
              <span>
                {EVENT_TEXT[event.kind]}
                {event.note ? `: ${event.note}` : ""}
              </span>
            </li>
          ))}
        </ol>
      </section>
      <p>
        <a href="/">Back to the shop</a>
      </p>
    </section>
  );
}

export function TrackPage() {
  return (
    <section className="narrow">
      <h1 className="page-title">Track your order</h1>
      <p>
        Enter your order number and the e-mail address you ordered with: we mail the link to your
        order's page to that address.
      </p>
      <Island name="TrackForm" component={TrackForm} props={{}} />
      <noscript>
        <p className="notice">Please turn on JavaScript to ask for the link.</p>
      </noscript>
    </section>
  );
}
