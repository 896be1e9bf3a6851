/** The customers' login form, with the ways to registration and to a forgotten password. */
import { type FormEvent, useEffect, useState } from "react";
import { errorAttrs, Field } from "../components/Field.tsx";
import { Sentence } from "../components/Sentence.tsx";
import { shopApi } from "../lib/api.ts";
import { AUTH_PATHS } from "../../contract/paths.ts";
import { readSession, type StoredSession, writeSession } from "../lib/session.ts";
import { type MessageKey, useI18n } from "../i18n/mod.ts";
import { failureText } from "../i18n/failures.ts";
import { accountChecks } from "../lib/checks.ts";

export function Login(_props: Record<string, never>) {
  const i18n = useI18n();
  const { t, href } = i18n;
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ email?: MessageKey; password?: MessageKey }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (readSession()?.role === "customer") location.replace(href("/account"));
    // The form's checks (the API's own login rules) load beside the page.
    void accountChecks();
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = (await accountChecks())?.validateLogin({ email, password }) ?? {};
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
      const session: StoredSession = await shopApi.call(AUTH_PATHS.login, {
        json: { email: email.trim(), password },
      });
      if (session.role === "admin") {
        setFailure(t("login.admin"));
        return;
      }
      writeSession(session);
      const next = new URLSearchParams(location.search).get("next");
      location.assign(href(next === "/checkout" ? "/checkout" : "/account"));
    } catch (error) {
      // Worded by the answer's code, in the page's language: UNAUTHORIZED here is a wrong
      // address or password, not an ended session.
      setFailure(failureText(i18n, error, { UNAUTHORIZED: "login.invalid" }));
    } finally {
      setSubmitting(false);
    }
  };

  const emailError = errors.email && t(errors.email);
  const passwordError = errors.password && t(errors.password);
  return (
    <form className="register-form" method="post" onSubmit={submit} noValidate>
      <Field id="login-email" label={t("address.email")} error={emailError}>
        <input
          id="login-email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          {...errorAttrs("login-email", emailError)}
        />
      </Field>
      <Field id="login-password" label={t("login.password")} error={passwordError}>
        <input
          id="login-password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          {...errorAttrs("login-password", passwordError)}
        />
      </Field>
      {failure ? <p className="notice notice-error" role="alert">{failure}</p> : null}
      <button type="submit" className="button" disabled={submitting} aria-busy={submitting}>
        {submitting ? t("login.busy") : t("login.submit")}
      </button>
      <p>
        <a href={href("/reset-password")}>{t("login.forgot")}</a> ·{" "}
        <Sentence
          id="login.newHere"
          parts={{ link: <a href={href("/register")}>{t("login.create")}</a> }}
        />
      </p>
    </form>
  );
}
