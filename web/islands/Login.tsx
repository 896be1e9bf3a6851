/** The customers' login form, with the ways to registration and to a forgotten password. */
import { type FormEvent, useEffect, useState } from "react";
import { errorAttrs, Field } from "../components/Field.tsx";
import { ApiFailure, errorMessage, postJson } from "../lib/api.ts";
import { readSession, type StoredSession, writeSession } from "../lib/session.ts";

export function Login(_props: Record<string, never>) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    if (readSession()?.role === "customer") location.replace("/account");
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!email.trim()) found.email = "Enter your e-mail address";
    if (!password) found.password = "Enter your password";
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
      const session = await postJson<StoredSession>("/api/auth/login", {
        email: email.trim(),
        password,
      });
      if (session.role === "admin") {
        setFailure("This is an administrator's account: log in at /admin");
        return;
      }
      writeSession(session);
      const next = new URLSearchParams(location.search).get("next");
      location.assign(next === "/checkout" ? "/checkout" : "/account");
    } catch (error) {
      setFailure(
        error instanceof ApiFailure && error.status === 401
          ? "Invalid credentials"
          : errorMessage(error),
      );
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form className="register-form" method="post" onSubmit={submit} noValidate>
      <Field id="login-email" label="Email" error={errors.email}>
        <input
          id="login-email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          {...errorAttrs("login-email", errors.email)}
        />
      </Field>
      <Field id="login-password" label="Password" error={errors.password}>
        <input
          id="login-password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          {...errorAttrs("login-password", errors.password)}
        />
      </Field>
      {failure ? <p className="notice notice-error" role="alert">{failure}</p> : null}
      <button type="submit" className="button" disabled={submitting} aria-busy={submitting}>
        {submitting ? "Logging in…" : "Log in"}
      </button>
      <p>
        <a href="/reset-password">Forgot your password?</a> · New here?{" "}
        <a href="/register">Create an account</a> (you can also check out as a guest)
      </p>
    </form>
  );
}
