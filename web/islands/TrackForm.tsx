/**
 * The order look-up: an order number and the e-mail address it was placed with. The
 * answer is the same whether they match or not; the link goes only to that address.
 */
import { type FormEvent, useEffect, useState } from "react";
import { Field } from "../components/Field.tsx";
import { shopApi } from "../lib/api.ts";
import { ORDER_PATHS } from "../../contract/paths.ts";
import { useI18n } from "../i18n/mod.ts";
import { failureText } from "../i18n/failures.ts";
import { orderChecks } from "../lib/checks.ts";
import type { LookupErrors } from "../lib/order_checks.ts";

export function TrackForm(_props: Record<string, never>) {
  const i18n = useI18n();
  const { t } = i18n;
  const [fields, setFields] = useState({ orderId: "", email: "" });
  const [errors, setErrors] = useState<LookupErrors>({});
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  // The form's checks (the API's own look-up rules) load beside the page.
  useEffect(() => void orderChecks(), []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = (await orderChecks())?.validateLookup(fields) ?? {};
    setErrors(found);
    setStatus(null);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      await shopApi.call(ORDER_PATHS.lookup, {
        json: { orderId: Number(fields.orderId.replace(/\D/g, "")), email: fields.email.trim() },
      });
      setStatus({ ok: true, text: t("track.sent") });
    } catch (error) {
      setStatus({ ok: false, text: t("track.failed", { reason: failureText(i18n, error) }) });
    } finally {
      setSending(false);
    }
  };

  const set = (name: "orderId" | "email") => (value: string) => {
    setFields((f) => ({ ...f, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  return (
    <form className="track-form" onSubmit={submit} noValidate>
      <Field
        id="track-order"
        label={t("track.orderNumber")}
        error={errors.orderId && t(errors.orderId)}
      >
        <input
          id="track-order"
          name="orderId"
          inputMode="numeric"
          autoComplete="off"
          value={fields.orderId}
          onChange={(e) => set("orderId")(e.currentTarget.value)}
        />
      </Field>
      <Field id="track-email" label={t("track.email")} error={errors.email && t(errors.email)}>
        <input
          id="track-email"
          name="email"
          type="email"
          autoComplete="email"
          value={fields.email}
          onChange={(e) => set("email")(e.currentTarget.value)}
        />
      </Field>
      <button className="button" type="submit" disabled={sending}>
        {sending ? t("form.sending") : t("track.submit")}
      </button>
      {status && (
        <p className={`notice ${status.ok ? "notice-ok" : "notice-error"}`} role="status">
          {status.text}
        </p>
      )}
    </form>
  );
}
