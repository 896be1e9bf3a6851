/**
 * A forgotten password: without a token in the URL, the form that asks for a link; with
 * one (the link from the mail), the form that sets the new password. A link the shop
 * refuses (expired, or used already) is said to be so, and the form turns into the one
 * that asks for a new link.
 */
import { type FormEvent, useEffect, useRef, useState } from "react";
import { errorAttrs, Field } from "../components/Field.tsx";
import { shopApi } from "../lib/api.ts";
import { AUTH_PATHS } from "../../contract/paths.ts";
import { type MessageKey, useI18n } from "../i18n/mod.ts";
import { failureText } from "../i18n/failures.ts";
import { accountChecks } from "../lib/checks.ts";
import { isRefusedResetLink } from "../lib/reset_link.ts";

export function ResetPassword(_props: Record<string, never>) {
  const i18n = useI18n();
  const { t, href, language } = i18n;
  const [token, setToken] = useState<string | null>(null);
  const [value, setValue] = useState("");
  const [problem, setError] = useState<MessageKey | undefined>();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setToken(new URLSearchParams(location.search).get("token"));
    // The form's checks (the API's own rules) load beside the page.
    void accountChecks();
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setStatus(null);
    const checks = await accountChecks();
    const found = token === null
      ? checks?.validateResetEmail(value) ?? (value.trim() ? undefined : "form.enterEmail")
      : checks?.validateNewPassword(token, value);
    if (found) return setError(found);
    setError(undefined);
    setSubmitting(true);
    try {
      if (token === null) {
        await shopApi.call(AUTH_PATHS.resetRequest, { json: { email: value.trim(), language } });
        setStatus({ ok: true, text: t("reset.sent") });
      } else {
        await shopApi.call(AUTH_PATHS.resetConfirm, { json: { token, password: value } });
        setStatus({ ok: true, text: t("reset.done") });
        setValue("");
      }
    } catch (failure) {
      if (token !== null && isRefusedResetLink(failure)) {
        // The link is spent: say so, leave its secret out of the address and ask anew.
        setToken(null);
        setValue("");
        history.replaceState(null, "", href("/reset-password"));
        setStatus({ ok: false, text: t("reset.linkRefused") });
        requestAnimationFrame(() => input.current?.focus());
      } else {
        setStatus({ ok: false, text: failureText(i18n, failure) });
      }
    } finally {
      setSubmitting(false);
    }
  };

  const asking = token === null;
  const id = asking ? "reset-email" : "reset-password";
  const error = problem && t(problem);
  return (
    <form className="register-form" method="post" onSubmit={submit} noValidate>
      <p>
        {t(asking ? "reset.askIntro" : "reset.setIntro")}
      </p>
      <Field id={id} label={t(asking ? "address.email" : "reset.newPassword")} error={error}>
        <input
          ref={input}
          id={id}
          type={asking ? "email" : "password"}
          autoComplete={asking ? "email" : "new-password"}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          {...errorAttrs(id, error)}
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
      <button type="submit" className="button" disabled={submitting} aria-busy={submitting}>
        {submitting ? t("form.sending") : t(asking ? "reset.ask" : "reset.set")}
      </button>
      <p>
        <a href={href("/login")}>{t("reset.back")}</a>
      </p>
    </form>
  );
}
