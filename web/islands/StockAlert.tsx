/**
 * Back in stock: on a product that cannot be bought now, a small form that leaves an
 * e-mail address to be told once when it can be bought again (prefilled for a signed-in
 * customer), with a spinner while it is sent and the shop's answer said beside it (the
 * page that stops these mails is StockAlertStop.tsx). Every word is under `stockAlert.`.
 * The shop answers a repeated request as a new one, so the page says the same to both.
 */
import { type FormEvent, useEffect, useState } from "react";
import { shopApi } from "../lib/api.ts";
import { ApiFailure } from "../lib/api.ts";
import { ACCOUNT_PATHS, STOCK_ALERT_PATHS } from "../../contract/paths.ts";
import { callWithSession, readSession } from "../lib/session.ts";
import { Spinner } from "../components/Spinner.tsx";
import { type MessageKey, useI18n } from "../i18n/mod.ts";
import type { ItemType } from "../../domain/orders/model.ts";

export interface StockAlertProps {
  type: ItemType;
  id: number;
  /** Shown without its own heading (inside a dialog that has one). */
  bare?: boolean;
}

/** A light check of the address before it is sent; the shop's own rule decides (400). */
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The words of each refusal the shop may answer. */
const REFUSED: Record<string, MessageKey> = {
  IN_STOCK: "stockAlert.inStock",
  NOT_ON_SALE: "stockAlert.notOnSale",
  NOT_FOUND: "stockAlert.notOnSale",
  VALIDATION_FAILED: "stockAlert.badEmail",
};

type Status = { ok: boolean; text: string } | null;

export function StockAlert({ type, id, bare = false }: StockAlertProps) {
  const { t, language } = useI18n();
  const [email, setEmail] = useState("");
  const [sending, setSending] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const [invalid, setInvalid] = useState(false);
  // Named by the product, not by React's useId: an island's ids must be the same rendered in
  // the page on the server and alone in the browser.
  const fieldId = `stock-alert-${type}-${id}`;
  // A signed-in customer's address is filled in: one press is enough.
  useEffect(() => {
    if (readSession()?.role !== "customer") return;
    callWithSession(ACCOUNT_PATHS.profile).then(
      (answer) => setEmail((typed) => typed || answer.data.email),
      () => {},
    );
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    setStatus(null);
    if (!LOOKS_LIKE_EMAIL.test(address)) {
      setInvalid(true);
      setStatus({ ok: false, text: t("stockAlert.badEmail") });
      return;
    }
    setInvalid(false);
    setSending(true);
    try {
      await shopApi.call(STOCK_ALERT_PATHS.request, {
        json: { type, id, email: address, language },
      });
      setStatus({ ok: true, text: t("stockAlert.done", { email: address }) });
    } catch (error) {
      setStatus({ ok: false, text: refusal(error) });
      if (error instanceof ApiFailure && error.code === "VALIDATION_FAILED") setInvalid(true);
    } finally {
      setSending(false);
    }
  };

  const refusal = (error: unknown): string => {
    if (error instanceof ApiFailure) {
      if (error.status === 429) {
        const minutes = Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60));
        return t("stockAlert.tooMany", { minutes });
      }
      const words = REFUSED[error.code];
      if (words) return t(words);
    }
    return t("stockAlert.failed");
  };

  return (
    <section className="stock-alert" aria-labelledby={bare ? undefined : `${fieldId}-h`}>
      {bare
        ? null
        : <h2 id={`${fieldId}-h`} className="stock-alert-title">{t("stockAlert.heading")}</h2>}
      <p className="stock-alert-intro">{t("stockAlert.intro")}</p>
      {status?.ok ? null : (
        <form className="stock-alert-form" onSubmit={submit} noValidate>
          <label htmlFor={fieldId}>{t("stockAlert.email")}</label>
          <div className="stock-alert-row">
            <input
              id={fieldId}
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              maxLength={254}
              required
              aria-invalid={invalid || undefined}
              value={email}
              onChange={(e) => {
                setEmail(e.currentTarget.value);
                setInvalid(false);
              }}
            />
            <button className="button" type="submit" disabled={sending} aria-busy={sending}>
              {t("stockAlert.submit")}
            </button>
          </div>
          {sending ? <Spinner label={t("stockAlert.sending")} /> : null}
          <p className="stock-alert-note">{t("stockAlert.privacy")}</p>
        </form>
      )}
      {status && (
        <p className={`notice ${status.ok ? "notice-ok" : "notice-error"}`} role="status">
          {status.text}
        </p>
      )}
    </section>
  );
}
