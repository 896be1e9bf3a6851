/**
 * One order for the owner: items with line totals, customer and address, payment with the
 * deposit slips, the timeline and a note, the slip, and what its state allows.
 */
import { History } from "../audit/History.tsx";
import { type FormEvent, type MouseEvent, useCallback, useState } from "react";
import { amountDue } from "../../../domain/orders/amount_due.ts";
import { PAYMENT_POLICIES } from "../../../domain/orders/payment_policy.ts";
import { messageOf } from "../api.ts";
import { ConfirmDialog, type ConfirmRequest } from "../ConfirmDialog.tsx";
import { useAdmin } from "../context.ts";
import { addOrderNote, getOrder, setOrderPayment, setOrderStatus } from "../endpoints.ts";
import { Loading, Notice, Spinner } from "../Feedback.tsx";
import { formatDateTime, formatLkr, preorderLabel } from "../format.ts";
import { useLoad, useNotice } from "../hooks.ts";
import { navigate } from "../navigation.ts";
import {
  eventLabel,
  itemTypeLabel,
  markPaidLabel,
  orderActions,
  PAYMENT_LABELS,
  STATUS_LABELS,
  statusChangedMessage,
} from "./orders.ts";
import { ordersListPath } from "./OrdersPage.tsx";
import { PaymentProofs } from "./PaymentProofs.tsx";
import { Refunds } from "./Refunds.tsx";
import { downloadSlip } from "./slip.ts";
import type { WireOrder } from "../../../contract/records.ts";
import { breakdownFromRecord } from "../../../domain/pricing/breakdown_record.ts";
import { AdminBreakdownRows, AdminLinePrice, AdminLineSavings } from "../Money.tsx";
import { ParcelsPanel } from "../fulfilment/ParcelsPanel.tsx";
import { parcelsChoiceText } from "../fulfilment/parcels.ts";

function BackToOrders() {
  const path = ordersListPath();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(path);
  };
  return <a href={path} className="back-link" onClick={follow}>← Back to orders</a>;
}

export function OrderDetailPage({ id }: { id: number }) {
  const { api } = useAdmin();
  const [loaded, reload] = useLoad(() => getOrder(api, id), [api, id]);
  const [fresh, setFresh] = useState<WireOrder | null>(null);
  const { notice, success, failure, clear } = useNotice();
  const [busy, setBusy] = useState<string | null>(null);
  const [note, setNote] = useState("");
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const order = fresh ?? loaded.data;

  /** Runs one action with its spinner; the order the API answers replaces the one shown. */
  const act = useCallback(async (
    name: string,
    run: () => Promise<WireOrder | void>,
    done: string,
    failed: string,
  ): Promise<boolean> => {
    setBusy(name);
    clear();
    try {
      const next = await run();
      if (next) setFresh(next);
      else reload();
      success(done);
      return true;
    } catch (error) {
      failure(`${failed}: ${messageOf(error)}`);
      return false;
    } finally {
      setBusy(null);
    }
  }, [clear, success, failure, reload]);

  if (!order) {
    return (
      <div className="order-detail">
        <BackToOrders />
        {loaded.state === "error"
          ? (
            <p role="alert" className="notice notice-failure">
              Could not load order #{id}: {loaded.message}
            </p>
          )
          : <Loading label={`Loading order #${id}`} />}
      </div>
    );
  }

  const actions = orderActions(order);
  // Every figure as the shop worked it out; the page lays them out.
  const figures = breakdownFromRecord(order.breakdown);
  // How a mixed order is to be sent, as its customer chose at checkout.
  const parcelsChoice = parcelsChoiceText(order);
  // What the order owes, as its payment status says: the words of its slip and mails.
  const due = amountDue({
    status: order.status,
    paymentMethod: order.payment_method,
    paymentStatus: order.payment_status ?? "unpaid",
  }, figures);
  const changeStatus = async (
    status: "completed" | "rejected",
    values: Record<string, string>,
  ) => {
    const changed = await act(
      status,
      async () => {
        const next = await setOrderStatus(api, { id: order.id, status, ...values });
        // The status answer may lack the timeline: read the order again.
        return next.events ? next : await getOrder(api, order.id);
      },
      statusChangedMessage(status),
      "Failed to update order status",
    );
    // A confirmed order goes out with its slip: it downloads at once, as it always has.
    if (changed && status === "completed") {
      setBusy("slip");
      try {
        await downloadSlip(api, order.id);
      } catch (error) {
        failure(`Order completed, but the slip did not download: ${messageOf(error)}`);
      } finally {
        setBusy(null);
      }
    }
  };

  const confirmOrder = () =>
    setConfirm({
      title: "Confirm order",
      message: `Confirm order #${order.id} from ${order.name}? ${order.email} is mailed that ` +
        "it is on its way, and the order slip downloads.",
      confirmLabel: "Confirm",
      tone: "primary",
      fields: [
        { name: "courier", label: "Courier (optional)", maxLength: 100 },
        { name: "trackingNumber", label: "Tracking number (optional)", maxLength: 100 },
      ],
      onConfirm: (values) => changeStatus("completed", values),
    });

  const reject = () =>
    setConfirm({
      title: "Reject order",
      message: `Reject order #${order.id} from ${order.name}? Its stock goes back on sale and ` +
        `${order.email} is mailed.`,
      confirmLabel: "Reject",
      fields: [{
        name: "reason",
        label: "Reason, told to the customer (optional)",
        maxLength: 500,
      }],
      onConfirm: (values) => changeStatus("rejected", values),
    });

  const payment = (status: "paid" | "unpaid", refused?: { reason: string }) =>
    act(
      status,
      () => setOrderPayment(api, order.id, status, refused?.reason),
      status === "paid"
        ? `Payment recorded for order #${order.id}`
        : refused
        ? `Order #${order.id}: the deposit slip was not accepted; the customer is told why and has a new deadline to pay`
        : `Order #${order.id} marked not paid`,
      "Failed to change the payment",
    );

  const refuseSlip = () =>
    setConfirm({
      title: "Slip not valid",
      message: `Refuse the deposit slip of order #${order.id}? ${order.email} is mailed and ` +
        "texted the reason in their language, and the order's deadline to pay starts again.",
      confirmLabel: "Refuse slip",
      fields: [{ name: "reason", label: "Reason, told to the customer", maxLength: 500 }],
      onConfirm: (values) => {
        const reason = values.reason?.trim() ?? "";
        if (!reason) {
          failure("Give the customer a reason for refusing the slip");
          return;
        }
        void payment("unpaid", { reason });
      },
    });

  const saveNote = async (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) {
      failure("Write a note first");
      return;
    }
    if (
      await act(
        "note",
        () => addOrderNote(api, order.id, note),
        "Note added",
        "Failed to add the note",
      )
    ) {
      setNote("");
    }
  };

  const download = (name: string, run: () => Promise<void>, failed: string) =>
    act(
      name,
      async () => {
        await run();
        return order;
      },
      "Downloaded",
      failed,
    );

  const button = (name: string, label: string, onClick: () => void, tone = "button-secondary") => (
    <button type="button" className={tone} disabled={busy !== null} onClick={onClick}>
      {busy === name ? <Spinner label={label} /> : null}
      {label}
    </button>
  );

  return (
    <div className="order-detail">
      <BackToOrders />
      <header className="order-detail-header">
        <h2 className="page-heading">Order #{order.id}</h2>
        <span className={`badge badge-${order.status}`}>
          {STATUS_LABELS[order.status] ?? order.status}
        </span>
      </header>
      <p>
        Placed <time dateTime={order.order_date}>{formatDateTime(order.order_date)}</time>
        {order.courier && <>{" · "}Courier {order.courier}</>}
        {order.tracking_number && <>{" · "}Tracking {order.tracking_number}</>}
        {order.reject_reason && <>{" · "}Rejected: {order.reject_reason}</>}
      </p>
      <Notice notice={notice} onDismiss={clear} />
      {(actions.confirm || actions.reject || actions.slip) && (
        <div className="order-actions">
          {actions.confirm && button("completed", "Confirm", confirmOrder, "button-primary")}
          {actions.reject && button("rejected", "Reject", reject, "button-danger")}
          {actions.slip &&
            button(
              "slip",
              "Download order slip (PDF)",
              () => download("slip", () => downloadSlip(api, order.id), "Failed to download slip"),
            )}
        </div>
      )}
      <div className="order-sections">
        <section aria-labelledby="order-customer">
          <h3 id="order-customer">Customer</h3>
          <dl>
            <dt>Name</dt>
            <dd>{order.name}</dd>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${order.email}`}>{order.email}</a>
            </dd>
            <dt>Phone</dt>
            <dd>
              <a href={`tel:${order.phone}`}>{order.phone}</a>
            </dd>
            <dt>Address</dt>
            <dd>
              {order.address}, {order.area_name}, {order.district_name}, {order.province_name}{" "}
              {order.postal_code}
            </dd>
          </dl>
        </section>
        <section aria-labelledby="order-payment">
          <h3 id="order-payment">Payment</h3>
          <dl>
            <dt>Method</dt>
            <dd>{PAYMENT_POLICIES[order.payment_method].words.admin}</dd>
            <dt>Payment</dt>
            <dd>{order.payment_status ? PAYMENT_LABELS[order.payment_status] : "—"}</dd>
            <dt>To pay</dt>
            <dd className="order-due">
              <span className="money">{formatLkr(figures.dueCents)}</span> ({due.words.admin.note})
            </dd>
          </dl>
          <PaymentProofs
            api={api}
            order={order}
            disabled={busy !== null}
            onDownload={(name, run) => download(name, run, "Failed to download the deposit slip")}
          />
          {(actions.markPaid || actions.markUnpaid || actions.refuseSlip) && (
            <div className="order-actions">
              {actions.markPaid &&
                button(
                  "paid",
                  markPaidLabel(order),
                  () => payment("paid"),
                  // A slip waiting to be checked makes recording the payment the next step.
                  order.payment_status === "proof_submitted" ? "button-primary" : undefined,
                )}
              {actions.refuseSlip &&
                button("unpaid", "Slip not valid", refuseSlip)}
              {actions.markUnpaid && button("unpaid", "Mark unpaid", () => payment("unpaid"))}
            </div>
          )}
        </section>
      </div>
      <Refunds
        orderId={order.id}
        refreshKey={`${order.status} ${order.payment_status} ${(order.events ?? []).length}`}
        changed={() => {
          setFresh(null);
          reload();
        }}
      />
      <section aria-labelledby="order-lines">
        <h3 id="order-lines">Items</h3>
        <div className="table-scroll">
          <table className="order-lines">
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Quantity × usual price</th>
                <th scope="col">Price paid</th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((item, i) => {
                const line = figures.lines[i];
                return (
                  <tr key={item.id}>
                    <td>
                      <span className="item-type">{itemTypeLabel(item.type)}</span> {item.title}
                      {item.isbn13 && <span className="item-isbn">ISBN-13: {item.isbn13}</span>}
                      {item.preorder && (
                        <span className="badge badge-preorder">
                          {preorderLabel(item.preorder_date)}
                        </span>
                      )}
                      <AdminLineSavings line={line} />
                    </td>
                    <td>
                      {item.quantity} ×{" "}
                      <span className="money">{formatLkr(line.usualUnitCents)}</span>
                    </td>
                    <td>
                      <AdminLinePrice line={line} />
                    </td>
                  </tr>
                );
              })}
            </tbody>
            <AdminBreakdownRows breakdown={figures} columns={3} />
          </table>
        </div>
        {parcelsChoice && (
          <p className="order-parcels-choice">
            <strong>Parcels:</strong> {parcelsChoice}
          </p>
        )}
      </section>
      {order.status !== "rejected" && (
        <ParcelsPanel
          order={order}
          owedCents={due.kind === "collect" ? due.cents : 0}
          onMoved={() => {
            setFresh(null);
            reload();
          }}
        />
      )}
      <section aria-labelledby="order-timeline">
        <h3 id="order-timeline">Timeline</h3>
        {(order.events ?? []).length === 0
          ? <p className="empty">Nothing recorded yet</p>
          : (
            <ol className="order-timeline">
              {order.events!.map((event, i) => (
                <li key={i}>
                  <time dateTime={event.at}>{formatDateTime(event.at)}</time>{" "}
                  <strong>{eventLabel(event)}</strong>
                  {event.note && <p className="order-note">{event.note}</p>}
                </li>
              ))}
            </ol>
          )}
        <form className="order-note-form" onSubmit={saveNote}>
          <label htmlFor="order-note">Add a note</label>
          <textarea
            id="order-note"
            value={note}
            maxLength={1000}
            rows={2}
            onChange={(e) => setNote(e.target.value)}
          />
          <button type="submit" className="button-secondary" disabled={busy !== null}>
            {busy === "note" ? <Spinner label="Adding note" /> : null}
            Add note
          </button>
        </form>
      </section>
      <History
        subjectType="order"
        id={order.id}
        refreshKey={`${order.status} ${order.payment_status}`}
      />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </div>
  );
}
