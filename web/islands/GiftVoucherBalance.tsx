/**
 * A gift voucher's balance: its code typed, the shop's answer (what is left and its last
 * day, or why it cannot pay). Refused codes count against the connection as discount codes
 * do, so the page says when the shop will look at codes again.
 */
import { type FormEvent, useState } from "react";
import { errorAttrs, Field } from "../components/Field.tsx";
import { ApiFailure, shopApi } from "../lib/api.ts";
import { VOUCHER_PATHS } from "../../contract/paths.ts";
import { useI18n } from "../i18n/mod.ts";
import { failureText } from "../i18n/failures.ts";
import { isVoucherReason, voucherReason, voucherShaped } from "../lib/voucher_words.ts";
import { wireCents } from "../lib/use_cart_price.ts";

export function GiftVoucherBalance(_props: Record<string, never>) {
  const i18n = useI18n();
  const { t } = i18n;
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setStatus(null);
    if (!voucherShaped(code)) {
      setError(t("voucher.badFormat"));
      return;
    }
    setError(undefined);
    setSending(true);
    try {
      const { data } = await shopApi.call(VOUCHER_PATHS.balance, { json: { code: code.trim() } });
      setStatus({
        ok: true,
        text: t("voucher.balance", {
          code: data.code,
          balance: i18n.lkr(wireCents(data.balance)),
          date: i18n.date(data.expires_on),
        }),
      });
    } catch (failure) {
      const reason = failure instanceof ApiFailure
        ? (failure.details as { reason?: unknown } | undefined)?.reason
        : undefined;
      const text = isVoucherReason(reason)
        ? t("voucher.refusedCode", { reason: voucherReason(i18n, reason) })
        : failure instanceof ApiFailure && failure.status === 429
        ? t("voucher.blocked", {
          minutes: Math.max(1, Math.ceil((failure.retryAfterSeconds ?? 60) / 60)),
        })
        : t("voucher.failed", { reason: failureText(i18n, failure) });
      setStatus({ ok: false, text });
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="track-form voucher-balance" onSubmit={submit} noValidate>
      <Field id="voucher-code" label={t("voucher.codeLabel")} error={error}>
        <input
          id="voucher-code"
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          value={code}
          onChange={(e) => {
            setCode(e.currentTarget.value);
            setError(undefined);
          }}
          {...errorAttrs("voucher-code", error)}
        />
      </Field>
      <button className="button" type="submit" disabled={sending}>
        {sending ? t("form.sending") : t("voucher.check")}
      </button>
      {status && (
        <p className={`notice ${status.ok ? "notice-ok" : "notice-error"}`} role="status">
          {status.text}
        </p>
      )}
    </form>
  );
}
