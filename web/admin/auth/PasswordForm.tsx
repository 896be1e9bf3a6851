/**
 * The admin's password change: the current password and a new one. Every earlier token
 * of the account ends (other browsers are signed out); this one carries on with the new
 * token the answer brings.
 */
import { type FormEvent, useState } from "react";
import { ApiFailure, messageOf } from "../api.ts";
import { AUTH_PATHS } from "../../../contract/paths.ts";
import { useAdmin } from "../context.ts";
import { Field } from "../Field.tsx";

export function PasswordForm() {
  const { api, replaceSession, role } = useAdmin();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [errors, setErrors] = useState<{ current?: string; next?: string }>({});
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (current === "") found.current = "Current password is required";
    if (next.length < 8) found.next = "New password must be at least 8 characters";
    setErrors(found);
    setStatus(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const answer = await api.call(AUTH_PATHS.password, {
        json: { currentPassword: current, newPassword: next },
      });
      replaceSession({
        token: answer.token,
        expiresAt: answer.expiresAt,
        role: answer.adminRole ?? role,
      });
      setCurrent("");
      setNext("");
      setStatus({ ok: true, text: "Password changed: every other session was signed out" });
    } catch (error) {
      if (error instanceof ApiFailure && error.status === 400) {
        const details = (error.details as { field: string; message: string }[] | undefined) ?? [];
        setErrors({
          current: details.find((d) => d.field === "currentPassword")?.message,
          next: details.find((d) => d.field === "newPassword")?.message,
        });
      }
      setStatus({ ok: false, text: messageOf(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="login-form" onSubmit={submit} noValidate>
      <Field id="admin-current-password" label="Current password" error={errors.current}>
        {(aria) => (
          <input
            {...aria}
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(e) => setCurrent(e.currentTarget.value)}
          />
        )}
      </Field>
      <Field id="admin-new-password" label="New password (8 to 200 characters)" error={errors.next}>
        {(aria) => (
          <input
            {...aria}
            type="password"
            autoComplete="new-password"
            value={next}
            onChange={(e) => setNext(e.currentTarget.value)}
          />
        )}
      </Field>
      <div role="status" className={status ? (status.ok ? "notice" : "notice notice-failure") : ""}>
        {status?.text}
      </div>
      <button type="submit" className="button-primary" disabled={busy} aria-busy={busy}>
        {busy ? "Changing…" : "Change password"}
      </button>
    </form>
  );
}
