/** The registration form: your name, e-mail and password, with the rules shown before sending. */
import { type FormEvent, useEffect, useState } from "react";
import { errorAttrs, Field } from "../components/Field.tsx";
import { Sentence } from "../components/Sentence.tsx";
import { ApiFailure, shopApi } from "../lib/api.ts";
import { writeSession } from "../lib/session.ts";
import { AUTH_PATHS } from "../../contract/paths.ts";
import { type MessageKey, useI18n } from "../i18n/mod.ts";
import { failureText } from "../i18n/failures.ts";
import { accountChecks } from "../lib/checks.ts";

type Name = "username" | "email" | "password";
/** Each field's problem as the key of its words in the page's language. */
type Errors = Partial<Record<Name, MessageKey>>;

/**
 * The fields the API's 400 details name (an object by field, or a list with paths), each
 * marked 'Check this field' in the page's language.
 */
export function registrationErrors(details: unknown): Errors {
  const errors: Errors = {};
  const put = (name: unknown) => {
    if (name === "username" || name === "email" || name === "password") {
      errors[name] = "form.checkField";
    }
  };
  if (Array.isArray(details)) {
    for (const d of details) put(Array.isArray(d?.path) ? d.path[0] : d?.field ?? d?.path);
  } else if (details && typeof details === "object") {
    for (const name of Object.keys(details)) put(name);
  }
  return errors;
}

/**
 * Logs a customer in with these credentials; false when they open no customer's account
 * (or the log-in could not be made: registration went through all the same).
 */
async function signIn(email: string, password: string): Promise<boolean> {
  try {
    const session = await shopApi.call(AUTH_PATHS.login, { json: { email, password } });
    if (session.role !== "customer") return false;
    writeSession(session);
    return true;
  } catch {
    return false;
  }
}

export function Register(_props: Record<string, never>) {
  const i18n = useI18n();
  const { t, href } = i18n;
  const [fields, setFields] = useState<Record<Name, string>>({
    username: "",
    email: "",
    password: "",
  });
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // The form's checks (the API's own registration rules) load beside the page.
  useEffect(() => void accountChecks(), []);
  const { language } = useI18n();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = (await accountChecks())?.validateRegistration(fields) ?? {};
    setErrors(found);
    setStatus(null);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
      await shopApi.call(AUTH_PATHS.register, {
        json: {
          username: fields.username.trim(),
          email: fields.email.trim(),
          password: fields.password,
          language,
        },
      });
      // A new address is signed in at once with what was just typed. The shop answers a taken
      // address as a new one; there the same log-in fails (unless the owner typed the
      // account's own password) and the page says what it always said.
      if (await signIn(fields.email.trim(), fields.password)) {
        const next = new URLSearchParams(location.search).get("next");
        location.assign(href(next === "/checkout" ? "/checkout" : "/account"));
        return;
      }
      setStatus({ ok: true, text: t("register.done") });
      setFields({ username: "", email: "", password: "" });
    } catch (error) {
      if (error instanceof ApiFailure && error.status === 400) {
        setErrors(registrationErrors(error.details));
      }
      setStatus({
        ok: false,
        text: t("register.failed", { reason: failureText(i18n, error) }),
      });
    } finally {
      setSubmitting(false);
    }
  };

  const input = (name: Name, label: MessageKey, type: string, autoComplete: string) => (
    <Field id={`register-${name}`} label={t(label)} error={errors[name] && t(errors[name])}>
      <input
        id={`register-${name}`}
        name={name}
        type={type}
        required
        autoComplete={autoComplete}
        value={fields[name]}
        onChange={(e) =>
          setFields({ ...fields, [name]: e.currentTarget.value })}
        {...errorAttrs(`register-${name}`, errors[name] && t(errors[name]))}
      />
    </Field>
  );

  return (
    <form className="register-form" method="post" onSubmit={submit} noValidate>
      <ul className="form-rules" id="register-rules">
        <li>{t("register.ruleName")}</li>
        <li>{t("register.ruleEmail")}</li>
        <li>{t("register.rulePassword")}</li>
      </ul>
      {input("username", "register.name", "text", "name")}
      {input("email", "address.email", "email", "email")}
      {input("password", "register.password", "password", "new-password")}
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
        {submitting ? t("register.busy") : t("register.submit")}
      </button>
      <p>
        <Sentence
          id="register.haveAccount"
          parts={{ link: <a href={href("/login")}>{t("login.title")}</a> }}
        />
      </p>
    </form>
  );
}
