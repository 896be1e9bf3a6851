/**
 * The orders a pre-ordered book's arrival serves (GET /api/fulfilment/preorders/:id/orders):
 * each order not cancelled whose copies of the book have not been handed over, oldest first,
 * with a link to it. Shown where its stock arrives (the stock page, after the owner adds
 * stock or marks it arrived) and on the book's page; nothing when no order waits.
 */
import { useAdmin } from "../context.ts";
import { useLoad } from "../hooks.ts";
import { PageLink } from "../PageLink.tsx";
import { Loading } from "../Feedback.tsx";
import { formatDateTime } from "../format.ts";
import { FULFILMENT_PATHS } from "../../../contract/fulfilment_paths.ts";

const PAYMENT_WORDS = {
  unpaid: "Unpaid",
  proof_submitted: "Slip to check",
  paid: "Paid",
} as const;

const PARCEL_WORDS = {
  together: "Waits for this book: sent together",
  split: "Books in stock sent first: this book in a second parcel",
} as const;

export function PreorderOrders({ bookId, always = false }: { bookId: number; always?: boolean }) {
  const { api } = useAdmin();
  const [loaded] = useLoad(
    async () => (await api.call(FULFILMENT_PATHS.preorderOrders, { params: { id: bookId } })).data,
    [api, bookId],
  );
  if (loaded.state === "error") {
    return (
      <p role="alert" className="notice notice-failure">
        Could not load the orders waiting for this book: {loaded.message}
      </p>
    );
  }
  if (!loaded.data) return always ? <Loading label="Loading the orders waiting" /> : null;
  const { orders, title } = loaded.data;
  if (orders.length === 0) {
    return always
      ? <p className="empty preorder-orders-empty">No order waits for {title}</p>
      : null;
  }
  const copies = orders.reduce((sum, o) => sum + o.copies, 0);
  return (
    <section className="preorder-orders" aria-label={`Orders waiting for ${title}`}>
      <h4>
        {orders.length} {orders.length === 1 ? "order waits" : "orders wait"} for {title} ({copies}
        {" "}
        {copies === 1 ? "copy" : "copies"} not yet sent)
      </h4>
      <div className="table-scroll" role="region" aria-label="Orders waiting" tabIndex={0}>
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Customer</th>
              <th scope="col">Copies</th>
              <th scope="col">Payment</th>
              <th scope="col">Ordered</th>
              <th scope="col">Parcels</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((o) => (
              <tr key={o.order_id}>
                <td data-label="Order">
                  <PageLink to={`/admin/orders/${o.order_id}`}>#{o.order_id}</PageLink>
                </td>
                <td data-label="Customer">{o.customer}</td>
                <td data-label="Copies">{o.copies}</td>
                <td data-label="Payment">{PAYMENT_WORDS[o.payment_status]}</td>
                <td data-label="Ordered">{formatDateTime(o.order_date)}</td>
                <td data-label="Parcels">{PARCEL_WORDS[o.parcels]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
