/** All Orders: the completed-items figure and the orders grouped by status. */
import { useCallback, useState } from "react";
import { messageOf } from "./api.ts";
import { ConfirmDialog, type ConfirmRequest } from "./ConfirmDialog.tsx";
import { useAdmin } from "./context.ts";
import { listOrders, markOrderPaid, orderStats, setOrderStatus } from "./endpoints.ts";
import { Loading, Notice } from "./Feedback.tsx";
import { formatRupees } from "./format.ts";
import { useDebounced, useLoad, useNotice } from "./hooks.ts";
import { OrderCard } from "./OrderCard.tsx";
import { groupOrders, GROUPS, statusChangedMessage } from "./orders.ts";
import { downloadOrdersCsv, downloadProof, downloadSlip } from "./slip.ts";
import type { WireOrder } from "./wire.ts";

export function OrdersPage() {
  const { api } = useAdmin();
  const [search, setSearch] = useState("");
  const q = useDebounced(search.trim(), 300);
  const [orders, reloadOrders] = useLoad(() => listOrders(api, q), [api, q]);
  const [stats, reloadStats] = useLoad(() => orderStats(api), [api]);
  const { notice, success, failure, clear } = useNotice();
  const [busyId, setBusyId] = useState<number | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);

  const change = useCallback(async (
    order: WireOrder,
    status: "completed" | "rejected",
    details: Record<string, string> = {},
  ) => {
    setBusyId(order.id);
    clear();
    try {
      await setOrderStatus(api, { id: order.id, status, ...details });
    } catch {
      failure("Failed to update order status");
      setBusyId(null);
      return;
    }
    success(statusChangedMessage(status));
    reloadOrders();
    reloadStats();
    if (status === "completed") {
      try {
        await downloadSlip(api, order.id);
      } catch (error) {
        failure(`Order completed, but the slip did not download: ${messageOf(error)}`);
      }
    }
    setBusyId(null);
  }, [api, clear, success, failure, reloadOrders, reloadStats]);

  const confirmOrder = useCallback((order: WireOrder) => {
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
      onConfirm: (values) => change(order, "completed", values),
    });
  }, [change]);

  const reject = useCallback((order: WireOrder) => {
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
      onConfirm: (values) => change(order, "rejected", values),
    });
  }, [change]);

  const markPaid = useCallback(async (order: WireOrder) => {
    setBusyId(order.id);
    clear();
    try {
      await markOrderPaid(api, order.id);
      success(`Payment recorded for order #${order.id}`);
      reloadOrders();
      reloadStats();
    } catch (error) {
      failure(`Failed to record the payment: ${messageOf(error)}`);
    } finally {
      setBusyId(null);
    }
  }, [api, clear, success, failure, reloadOrders, reloadStats]);

  const viewProof = useCallback(async (order: WireOrder, proofId: number) => {
    setBusyId(order.id);
    try {
      const proof = order.payment_proofs?.find((p) => p.id === proofId);
      await downloadProof(api, {
        orderId: order.id,
        proofId,
        contentType: proof?.content_type ?? "application/octet-stream",
      });
    } catch (error) {
      failure(`Failed to download the deposit slip: ${messageOf(error)}`);
    } finally {
      setBusyId(null);
    }
  }, [api, failure]);

  const exportCsv = useCallback(async () => {
    try {
      await downloadOrdersCsv(api, q);
    } catch (error) {
      failure(`Failed to export the orders: ${messageOf(error)}`);
    }
  }, [api, q, failure]);

  const slip = useCallback(async (order: WireOrder) => {
    setBusyId(order.id);
    try {
      await downloadSlip(api, order.id);
    } catch (error) {
      failure(`Failed to download slip: ${messageOf(error)}`);
    } finally {
      setBusyId(null);
    }
  }, [api, failure]);

  const groups = orders.data ? groupOrders(orders.data) : null;
  return (
    <div className="orders-page">
      <h2 className="page-heading">All Orders</h2>
      <p className="stat">
        <span>Total of Item Totals in Completed Orders</span>{" "}
        <strong>
          {stats.data
            ? formatRupees(stats.data.completedItemsTotal)
            : stats.state === "error"
            ? "unavailable"
            : "…"}
        </strong>
      </p>
      {stats.data?.today && (
        <dl className="order-summary">
          <div>
            <dt>Today's orders</dt>
            <dd>{stats.data.today.orders}</dd>
          </div>
          <div>
            <dt>Today's takings</dt>
            <dd>{formatRupees(stats.data.today.subtotal)}</dd>
          </div>
          <div>
            <dt>Awaiting payment</dt>
            <dd>{stats.data.awaitingPayment}</dd>
          </div>
          <div>
            <dt>Deposit slips to check</dt>
            <dd>{stats.data.proofsToCheck}</dd>
          </div>
        </dl>
      )}
      <form className="stock-search" role="search" onSubmit={(e) => e.preventDefault()}>
        <label htmlFor="order-search">Find an order</label>
        <input
          id="order-search"
          type="search"
          value={search}
          placeholder="Order number, name, e-mail or phone"
          onChange={(e) => setSearch(e.target.value)}
        />
        <button type="button" className="button-secondary" onClick={exportCsv}>
          Export CSV
        </button>
      </form>
      <Notice notice={notice} onDismiss={clear} />
      {orders.state === "error" && (
        <p role="alert" className="notice notice-failure">
          Error fetching orders: {orders.message}
        </p>
      )}
      {orders.state === "loading" && !orders.data && <Loading label="Loading orders" />}
      {groups &&
        GROUPS.map((group) => (
          <section
            key={group.status}
            className="order-group"
            aria-labelledby={`group-${group.status}`}
          >
            <h3 id={`group-${group.status}`}>
              {group.heading} ({groups[group.status].length})
            </h3>
            {groups[group.status].length === 0
              ? <p className="empty">No {group.heading.toLowerCase()} orders</p>
              : (
                <div className="order-list">
                  {groups[group.status].map((order) => (
                    <OrderCard
                      key={order.id}
                      order={order}
                      busy={busyId === order.id}
                      onConfirm={confirmOrder}
                      onReject={reject}
                      onDownloadSlip={slip}
                      onMarkPaid={markPaid}
                      onViewProof={viewProof}
                    />
                  ))}
                </div>
              )}
          </section>
        ))}
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </div>
  );
}
