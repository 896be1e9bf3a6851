/**
 * The customer's account: their orders with status, the default delivery address that
 * prefills checkout, a password change and logging out. Without a live session it sends
 * the shopper to /login.
 */
import { type FormEvent, useEffect, useState } from "react";
import type { Province } from "../../domain/catalogue/locations.ts";
import { formatLkr, rupeesToCents } from "../../domain/money.ts";
import { AddressFields } from "../components/AddressFields.tsx";
import { errorAttrs, Field } from "../components/Field.tsx";
import { Spinner } from "../components/Stars.tsx";
import { ApiFailure, errorMessage } from "../lib/api.ts";
import {
  type AccountRecord,
  addressFromFields,
  fieldsFromAccount,
} from "../lib/account_address.ts";
import {
  type CheckoutFields,
  EMPTY_FIELDS,
  type FieldErrors,
  serverFieldErrors,
  validateCheckout,
} from "../lib/checkout_form.ts";
import {
  callWithSession,
  logOut,
  readSession,
  type StoredSession,
  writeSession,
} from "../lib/session.ts";

export interface AccountProps {
  provinces: Province[];
}

interface OrderView {
  id: number;
  status: string;
  order_date: string;
  payment_method: string;
  payment_status: string;
  subtotal: number;
  items: { id: number; title: string; quantity: number }[];
  /** The order's page with its key; null only for an order without one. */
  order_url: string | null;
}

const STATUS_LABELS: Record<string, string> = {
  pending: "Pending: we will confirm it soon",
  completed: "Handed to delivery",
  rejected: "Rejected",
};

const PAYMENT_LABELS: Record<string, string> = {
  unpaid: "not paid yet",
  proof_submitted: "deposit slip being checked",
  paid: "paid",
};

function dateOf(iso: string): string {
  return new Date(iso).toLocaleDateString("en-GB", {
    timeZone: "Asia/Colombo",
    day: "numeric",
    month: "short",
    year: "numeric",
  });
}

/** The order's page on this site (path and key), whatever address the shop mails links from. */
function orderPagePath(order: OrderView): string | null {
  if (!order.order_url) return null;
  const link = new URL(order.order_url, "http://localhost");
  return `${link.pathname}${link.search}`;
}

function Orders({ orders }: { orders: OrderView[] }) {
  if (orders.length === 0) {
    return (
      <p>
        No orders yet. Orders you place while logged in appear here.{" "}
        <a href="/">Browse the books</a>
      </p>
    );
  }
  return (
    <ul className="account-orders">
      {orders.map((order) => {
        const path = orderPagePath(order);
        const heading = <strong>Order #{order.id}</strong>;
        return (
          <li key={order.id} id={`order-${order.id}`} className="account-order">
            <p className="account-order-heading">
              {path ? <a href={path}>{heading}</a> : heading} · {dateOf(order.order_date)} ·{" "}
              <span className={`order-status status-${order.status}`}>
                {STATUS_LABELS[order.status] ?? order.status}
              </span>
            </p>
            <p className="account-order-items">
              {order.items.map((item) => `${item.title} × ${item.quantity}`).join(", ")}
            </p>
            <p className="account-order-payment">
              {order.payment_method}: {PAYMENT_LABELS[order.payment_status] ?? order.payment_status}
              {" "}
              · Total to pay {formatLkr(rupeesToCents(order.subtotal) ?? 0)}
            </p>
            {path && (
              <a className="account-order-link" href={path}>
                See the order: payment, delivery and what has happened
              </a>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function PasswordChange() {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [errors, setErrors] = useState<{ current?: string; next?: string }>({});
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!current) found.current = "Enter your current password";
    if (next.length < 8) found.next = "Use at least 8 characters";
    setErrors(found);
    setStatus(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const session = await callWithSession<StoredSession>("POST", "/api/auth/password", {
        currentPassword: current,
        newPassword: next,
      });
      writeSession(session);
      setCurrent("");
      setNext("");
      setStatus({ ok: true, text: "Password changed: you were signed out everywhere else" });
    } catch (error) {
      if (error instanceof ApiFailure && error.status === 400) {
        const detail = (error.details as { field: string; message: string }[] | undefined) ?? [];
        setErrors({
          current: detail.find((d) => d.field === "currentPassword")?.message,
          next: detail.find((d) => d.field === "newPassword")?.message,
        });
      }
      if (error instanceof ApiFailure && error.status === 401) location.assign("/login");
      setStatus({ ok: false, text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="register-form" onSubmit={submit} noValidate>
      <Field id="current-password" label="Current password" error={errors.current}>
        <input
          id="current-password"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.currentTarget.value)}
          {...errorAttrs("current-password", errors.current)}
        />
      </Field>
      <Field id="new-password" label="New password (8 to 200 characters)" error={errors.next}>
        <input
          id="new-password"
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.currentTarget.value)}
          {...errorAttrs("new-password", errors.next)}
        />
      </Field>
      {status
        ? (
          <p
            className={status.ok ? "notice notice-ok" : "notice notice-error"}
            role={status.ok ? "status" : "alert"}
          >
            {status.text}
          </p>
        )
        : null}
      <button type="submit" className="button" disabled={busy} aria-busy={busy}>
        {busy ? "Changing…" : "Change password"}
      </button>
    </form>
  );
}

export function Account({ provinces }: AccountProps) {
  const [account, setAccount] = useState<AccountRecord | null>(null);
  const [orders, setOrders] = useState<OrderView[] | null>(null);
  const [fields, setFields] = useState<CheckoutFields>(EMPTY_FIELDS);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saveStatus, setSaveStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (readSession()?.role !== "customer") {
      location.replace("/login");
      return;
    }
    Promise.all([
      callWithSession<{ data: AccountRecord }>("GET", "/api/account"),
      callWithSession<{ data: OrderView[] }>("GET", "/api/account/orders"),
    ]).then(async ([me, mine]) => {
      setAccount(me.data);
      setOrders(mine.data);
      setFields(await fieldsFromAccount(me.data));
    }).catch((error) => {
      if (error instanceof ApiFailure && error.status === 401) location.replace("/login");
      else setLoadError(errorMessage(error));
    });
  }, []);

  if (loadError) {
    return (
      <p className="notice notice-error" role="alert">
        Your account could not be loaded: {loadError}. <a href="/account">Try again</a>
      </p>
    );
  }
  if (!account || !orders) return <Spinner label="Loading your account" />;

  const saveAddress = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateCheckout({ ...fields, email: account.email });
    setErrors(found);
    setSaveStatus(null);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await callWithSession("PUT", "/api/account/address", addressFromFields(fields));
      setSaveStatus({ ok: true, text: "Saved: checkout will start with this address" });
    } catch (error) {
      if (error instanceof ApiFailure && error.status === 400) {
        setErrors(serverFieldErrors(error.details));
      }
      setSaveStatus({ ok: false, text: `Not saved: ${errorMessage(error)}` });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="account">
      <p>
        Logged in as <strong>{account.username}</strong> ({account.email}).{" "}
        <button
          type="button"
          className="button button-ghost"
          onClick={() => logOut().then(() => location.assign("/"))}
        >
          Log out
        </button>
      </p>
      <h2>Your orders</h2>
      <Orders orders={orders} />
      <h2>Default delivery address</h2>
      <form className="checkout" onSubmit={saveAddress} noValidate>
        <AddressFields
          fields={fields}
          errors={errors}
          provinces={provinces}
          onChange={(changes) => setFields((f) => ({ ...f, ...changes }))}
        />
        {saveStatus
          ? (
            <p
              className={saveStatus.ok ? "notice notice-ok" : "notice notice-error"}
              role={saveStatus.ok ? "status" : "alert"}
            >
              {saveStatus.text}
            </p>
          )
          : null}
        <button type="submit" className="button" disabled={saving} aria-busy={saving}>
          {saving ? "Saving…" : "Save address"}
        </button>
      </form>
      <h2>Change password</h2>
      <PasswordChange />
    </div>
  );
}
