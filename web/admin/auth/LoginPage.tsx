/** The admin login (/admin and /admin/login). */
import { type FormEvent, useState } from "react";
import { useAdmin } from "../context.ts";
import { login } from "../endpoints.ts";
import { AUTH_PATHS } from "../../../contract/paths.ts";
import { Field, SubmitButton } from "../Field.tsx";
import { loginFailureMessage } from "./login.ts";
import type { Session } from "./session.ts";
import type { FieldErrors } from "../validation.ts";
import { PageLink } from "../PageLink.tsx";
import { RESET_PATH } from "../router.ts";

export function LoginPage({ onLoggedIn }: { onLoggedIn: (session: Session) => void }) {
  const { api } = useAdmin();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState("");
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: FieldErrors = {};
    if (email.trim() === "") found.email = "Email is required";
    if (password === "") found.password = "Password is required";
    setErrors(found);
    setFailure("");
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
      const answer = await login(api, email.trim(), password);
      if (answer.role === "customer" || answer.adminRole === undefined) {
        // A customer's token opens no admin screen: end it and say where to go.
        await api.call(AUTH_PATHS.logout, {}, { anonymous: true, token: answer.token })
          .catch(() => {});
        setFailure("This is a customer account: log in on the shop's Account page");
        setSubmitting(false);
        return;
      }
      onLoggedIn({
        token: answer.token,
        expiresAt: answer.expiresAt ?? null,
        role: answer.adminRole,
      });
    } catch (error) {
      setFailure(loginFailureMessage(error));
      setSubmitting(false);
    }
  }

  return (
    <main className="login">
      <form className="login-form" onSubmit={submit} noValidate>
        <h1>Admin Login</h1>
        <div role="alert" className={failure ? "notice notice-failure" : ""}>{failure}</div>
        <Field id="login-email" label="Email" error={errors.email}>
          {(aria) => (
            <input
              {...aria}
              name="email"
              type="text"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </Field>
        <Field id="login-password" label="Password" error={errors.password}>
          {(aria) => (
            <input
              {...aria}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        <SubmitButton submitting={submitting}>Login</SubmitButton>
        <PageLink to={RESET_PATH}>Forgot password?</PageLink>
      </form>
    </main>
  );
}
