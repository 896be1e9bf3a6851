/**
 * The customer's account: whether their e-mail address is confirmed (with a button that
 * mails a new link), their orders with status, the default delivery address that
 * prefills checkout, a password change and logging out. Without a live session it sends
 * the shopper to /login.
 */
import { type FormEvent, useEffect, useState } from "react";
import type { Province } from "../../domain/catalogue/locations.ts";
import type { WireBreakdown } from "../../contract/breakdown.ts";
import { breakdownFromRecord } from "../../domain/pricing/breakdown_record.ts";
import type { OrderStatus, PaymentMethod, PaymentStatus } from "../../domain/orders/model.ts";
import { amountDue } from "../../domain/orders/amount_due.ts";
import { PAYMENT_POLICIES } from "../../domain/orders/payment_policy.ts";
import { shopperWords } from "../../domain/orders/shopper_words.ts";
import { AddressFields } from "../components/AddressFields.tsx";
import { errorAttrs, Field } from "../components/Field.tsx";
import { Sentence } from "../components/Sentence.tsx";
import { Spinner } from "../components/Spinner.tsx";
import { ApiFailure } from "../lib/api.ts";
import { ACCOUNT_PATHS, AUTH_PATHS } from "../../contract/paths.ts";
import { type MessageKey, useI18n } from "../i18n/mod.ts";
import { failureText } from "../i18n/failures.ts";
import {
  type AccountRecord,
  addressFromFields,
  fieldsFromAccount,
} from "../lib/account_address.ts";
import {
  type CheckoutForm,
  EMPTY_FIELDS,
  type FieldErrors,
  formAfterChange,
  serverFieldErrors,
} from "../lib/checkout_form.ts";
import { accountChecks, orderChecks } from "../lib/checks.ts";
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

export interface OrderView {
  id: number;
  status: OrderStatus;
  order_date: string;
  payment_method: PaymentMethod;
  payment_status: PaymentStatus;
  items: { id: number; title: string; quantity: number }[];
  /** Its figures as the shop worked them out. */
  breakdown: WireBreakdown;
  /** The order's page with its key; null only for an order without one. */
  order_url: string | null;
}

/** The order's page on this site (path and key), whatever address the shop mails links from. */
function orderPagePath(order: OrderView): string | null {
  if (!order.order_url) return null;
  const link = new URL(order.order_url, "http://localhost");
  return `${link.pathname}${link.search}`;
}

/** The customer's orders, each with its order total and what is still to pay. */
export function AccountOrders({ orders }: { orders: OrderView[] }) {
  const { t, href, lkr, day } = useI18n();
  if (orders.length === 0) {
    return (
      <p>
        <Sentence
          id="account.noOrders"
          parts={{ link: <a href={href("/")}>{t("account.browse")}</a> }}
        />
      </p>
    );
  }
  return (
    <ul className="account-orders">
      {orders.map((order) => {
        const link = orderPagePath(order);
        const path = link && href(link);
        const heading = <strong>{t("account.order", { id: order.id })}</strong>;
        // What the order owes, as its payment status says (the order page's words).
        const figures = breakdownFromRecord(order.breakdown);
        const standing = {
          status: order.status,
          paymentMethod: order.payment_method,
          paymentStatus: order.payment_status,
        };
        const due = amountDue(standing, figures);
        // The order page's words for its status and payment.
        const words = shopperWords(standing);
        return (
          <li key={order.id} id={`order-${order.id}`} className="account-order">
            <p className="account-order-heading">
              {path ? <a href={path}>{heading}</a> : heading} · {day(order.order_date)} ·{" "}
              <span className={`order-status status-${order.status}`}>
                {t(words.status)}
              </span>
            </p>
            <p className="account-order-items">
              {order.items.map((item) => `${item.title} × ${item.quantity}`).join(", ")}
            </p>
            <p className="account-order-payment">
              {t("account.payment", {
                method: t(PAYMENT_POLICIES[order.payment_method].words.name),
              })}
              {" · "}
              {t(words.payment)}
              {" · "}
              {t("money.total")} {lkr(figures.totalCents)}
              {" · "}
              {t("money.due")} {lkr(figures.dueCents)}
            </p>
            <p className="account-order-due hint">{t(due.words.page.note)}</p>
            {path && <a className="account-order-link" href={path}>{t("account.seeOrder")}</a>}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The fields a refused password change names, in the shop's words. The current password was
 * typed (the form checks that first), so the shop naming it means it is not the right one.
 */
function passwordErrors(error: unknown): { current?: MessageKey; next?: MessageKey } {
  if (!(error instanceof ApiFailure) || error.code !== "VALIDATION_FAILED") return {};
  const detail = (error.details as { field: string }[] | undefined) ?? [];
  const named = (field: string) => detail.some((d) => d.field === field);
  return {
    current: named("currentPassword") ? "account.currentPasswordWrong" : undefined,
    next: named("newPassword") ? "form.checkField" : undefined,
  };
}

function PasswordChange() {
  const i18n = useI18n();
  const { t, href } = i18n;
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [errors, setErrors] = useState<{ current?: MessageKey; next?: MessageKey }>({});
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // The form's checks (the API's own password rules) load beside the page.
  useEffect(() => void accountChecks(), []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = (await accountChecks())?.validatePasswordChange({ current, next }) ?? {};
    setErrors(found);
    setStatus(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const session: StoredSession = await callWithSession(AUTH_PATHS.password, {
        json: { currentPassword: current, newPassword: next },
      });
      writeSession(session);
      setCurrent("");
      setNext("");
      setStatus({ ok: true, text: t("account.passwordChanged") });
    } catch (error) {
      if (error instanceof ApiFailure && error.status === 401) location.assign(href("/login"));
      const found = passwordErrors(error);
      setErrors(found);
      setStatus({
        ok: false,
        text: found.current ? t(found.current) : failureText(i18n, error),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="register-form" onSubmit={submit} noValidate>
      <Field
        id="current-password"
        label={t("account.currentPassword")}
        error={errors.current && t(errors.current)}
      >
        <input
          id="current-password"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.currentTarget.value)}
          {...errorAttrs("current-password", errors.current && t(errors.current))}
        />
      </Field>
      <Field
        id="new-password"
        label={t("account.newPassword")}
        error={errors.next && t(errors.next)}
      >
        <input
          id="new-password"
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(e) => setNext(e.currentTarget.value)}
          {...errorAttrs("new-password", errors.next && t(errors.next))}
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
        {busy ? t("account.changing") : t("account.changePassword")}
      </button>
    </form>
  );
}

/**
 * An address not confirmed yet: the orders placed with it before as a guest join the
 * account once the mailed link is used; a new link may be asked for (3 an hour).
 */
function ConfirmAddress({ email }: { email: string }) {
  const i18n = useI18n();
  const { t, language } = i18n;
  const [state, setState] = useState<
    { kind: "idle" | "sending" | "sent" } | { kind: "failed"; text: string }
  >({ kind: "idle" });
  const send = async () => {
    setState({ kind: "sending" });
    try {
      await callWithSession(ACCOUNT_PATHS.verify, { json: { language } });
      setState({ kind: "sent" });
    } catch (error) {
      setState({
        kind: "failed",
        text: error instanceof ApiFailure && error.status === 429
          ? t("account.linkTooMany")
          : error instanceof ApiFailure && error.status === 409
          ? t("account.alreadyConfirmed")
          : t("account.linkFailed", { reason: failureText(i18n, error) }),
      });
    }
  };
  return (
    <section className="notice account-confirm" aria-labelledby="account-confirm-title">
      <h2 id="account-confirm-title">{t("account.confirmTitle")}</h2>
      <p>{t("account.confirmIntro", { email })}</p>
      <button
        type="button"
        className="button button-ghost"
        disabled={state.kind === "sending"}
        aria-busy={state.kind === "sending"}
        onClick={send}
      >
        {state.kind === "sending" ? t("account.sendingLink") : t("account.sendLink")}
      </button>
      {state.kind === "sent"
        ? <p className="notice notice-ok" role="status">{t("account.linkSent", { email })}</p>
        : state.kind === "failed"
        ? <p className="notice notice-error" role="alert">{state.text}</p>
        : null}
    </section>
  );
}

export function Account({ provinces }: AccountProps) {
  const i18n = useI18n();
  const { t, href } = i18n;
  const [account, setAccount] = useState<AccountRecord | null>(null);
  const [orders, setOrders] = useState<OrderView[] | null>(null);
  // The address's fields and their errors change together, as at the checkout.
  const [{ fields, errors }, setForm] = useState<CheckoutForm>({
    fields: EMPTY_FIELDS,
    errors: {},
  });
  const setErrors = (found: FieldErrors) => setForm((form) => ({ ...form, errors: found }));
  const [saveStatus, setSaveStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  // The address form's checks (the order's own schema) load beside the page.
  useEffect(() => void orderChecks(), []);

  useEffect(() => {
    if (readSession()?.role !== "customer") {
      location.replace(href("/login"));
      return;
    }
    Promise.all([
      callWithSession(ACCOUNT_PATHS.profile),
      callWithSession(ACCOUNT_PATHS.orders),
    ]).then(async ([me, mine]) => {
      setAccount(me.data);
      setOrders(mine.data);
      const stored = await fieldsFromAccount(me.data);
      setForm((form) => ({ ...form, fields: stored }));
    }).catch((error) => {
      if (error instanceof ApiFailure && error.status === 401) location.replace(href("/login"));
      else setLoadError(error ?? "failed");
    });
  }, []);

  if (loadError) {
    return (
      <p className="notice notice-error" role="alert">
        <Sentence
          id="account.loadFailed"
          values={{ reason: failureText(i18n, loadError) }}
          parts={{ link: <a href={href("/account")}>{t("error.retry")}</a> }}
        />
      </p>
    );
  }
  if (!account || !orders) return <Spinner label={t("account.loading")} />;

  const saveAddress = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = (await orderChecks())?.validateSavedAddress(fields) ?? {};
    setErrors(found);
    setSaveStatus(null);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await callWithSession(ACCOUNT_PATHS.address, { json: addressFromFields(fields) });
      setSaveStatus({ ok: true, text: t("account.saved") });
    } catch (error) {
      if (error instanceof ApiFailure && error.status === 400) {
        setErrors(serverFieldErrors(error.details));
      }
      setSaveStatus({
        ok: false,
        text: t("account.notSaved", { reason: failureText(i18n, error) }),
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="account">
      <p>
        <Sentence
          id="account.loggedInAs"
          values={{ email: account.email }}
          parts={{ name: <strong>{account.username}</strong> }}
        />{" "}
        <button
          type="button"
          className="button button-ghost"
          onClick={() => logOut().then(() => location.assign(href("/")))}
        >
          {t("account.logOut")}
        </button>
      </p>
      {account.emailVerified ? null : <ConfirmAddress email={account.email} />}
      <h2>{t("account.orders")}</h2>
      <AccountOrders orders={orders} />
      <h2>{t("account.address")}</h2>
      <form className="checkout" onSubmit={saveAddress} noValidate>
        <AddressFields
          fields={fields}
          errors={errors}
          provinces={provinces}
          onChange={(changes, when) => setForm((form) => formAfterChange(form, changes, when))}
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
          {saving ? t("account.saving") : t("account.saveAddress")}
        </button>
      </form>
      <h2>{t("account.changePassword")}</h2>
      <PasswordChange />
    </div>
  );
}
