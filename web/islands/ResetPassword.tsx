/**
 * A forgotten password: without a token in the URL, the form that asks for a link; with
 * one (the link from the mail), the form that sets the new password.
 */
import { type FormEvent, useEffect, useState } from "react";
import { useI18n } from "../i18n/mod.ts";
import { errorAttrs, Field } from "../components/Field.tsx";
import { errorMessage, postJson } from "../lib/api.ts";

export function ResetPassword(_props: Record<string, never>) {
  const [token, setToken] = useState<string | null>(null);
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const { language } = useI18n();

  useEffect(() => {
    setToken(new URLSearchParams(location.search).get("token"));
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setStatus(null);
    if (token === null && !value.trim()) return setError("Enter your e-mail address");
    if (token !== null && value.length < 8) return setError("Use at least 8 characters");
    setError(undefined);
    setSubmitting(true);
    try {
      if (token === null) {
        await postJson("/api/auth/password-reset", { email: value.trim(), language });
        setStatus({
          ok: true,
          text: "If an account has this address, a link is on its way: it works for one hour",
        });
      } else {
        await postJson("/api/auth/password-reset/confirm", { token, password: value });
        setStatus({ ok: true, text: "Your new password is set: log in with it" });
        setValue("");
      }
    } catch (failure) {
      setStatus({ ok: false, text: errorMessage(failure) });
    } finally {
      setSubmitting(false);
    }
  };

  const asking = token === null;
  const id = asking ? "reset-email" : "reset-password";
  return (
    <form className="register-form" method="post" onSubmit={submit} noValidate>
      <p>
        {asking
          ? "Enter the e-mail address of your account and we will mail you a link to set a new password."
          : "Choose a new password: 8 to 200 characters. Setting it signs you out everywhere."}
      </p>
      <Field id={id} label={asking ? "Email" : "New password"} error={error}>
        <input
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
        {submitting ? "Sending…" : asking ? "Mail me a link" : "Set the new password"}
      </button>
      <p>
        <a href="/login">Back to log in</a>
      </p>
    </form>
  );
}
