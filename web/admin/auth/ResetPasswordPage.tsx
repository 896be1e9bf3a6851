/**
 * A forgotten admin password (/admin/reset-password): without a token, the form that mails
 * a link to the admin's address; with the link's token, the form that sets the new password.
 * A link the shop refuses (expired, or used already) is said to be so, and the form turns
 * into the one that asks for a new link.
 */
import { type FormEvent, useRef, useState } from "react";
import { AUTH_PATHS } from "../../../contract/paths.ts";
import { isRefusedResetLink } from "../../lib/reset_link.ts";
import { messageOf } from "../api.ts";
import { useAdmin } from "../context.ts";
import { Field, SubmitButton } from "../Field.tsx";
import { PageLink } from "../PageLink.tsx";
import { LOGIN_PATH, RESET_PATH } from "../router.ts";

/** What the page says after a call: a success, or a failure in its own words. */
interface Status {
  ok: boolean;
  text: string;
}

export const RESET_WORDS = {
  sent: "If an admin account has this address, a link is on its way: it works once, for one hour",
  done: "Your new password is set and every other session was signed out: log in with it",
  refused:
    "This link has expired or was already used: a link works once, for one hour. Enter your e-mail address to get a new one.",
} as const;

export function ResetPasswordPage() {
  const { api } = useAdmin();
  const [token, setToken] = useState(() =>
    new URLSearchParams(globalThis.location.search).get("token")
  );
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState<Status | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const asking = token === null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setStatus(null);
    const typed = asking ? value.trim() : value;
    const problem = asking
      ? (/^[^\s@]+@[^\s@]+$/.test(typed) ? undefined : "Enter the e-mail address of your account")
      : (typed.length >= 8 && typed.length <= 200
        ? undefined
        : "The new password must be 8 to 200 characters");
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      if (token === null) {
        await api.call(AUTH_PATHS.resetRequest, { json: { email: typed, language: "en" } }, {
          anonymous: true,
        });
        setStatus({ ok: true, text: RESET_WORDS.sent });
      } else {
        await api.call(AUTH_PATHS.resetConfirm, { json: { token, password: typed } }, {
          anonymous: true,
        });
        setValue("");
        setDone(true);
        setStatus({ ok: true, text: RESET_WORDS.done });
      }
    } catch (failure) {
      if (token !== null && isRefusedResetLink(failure)) {
        // The link is spent: say so, leave its secret out of the address and ask anew.
        setToken(null);
        setValue("");
        globalThis.history.replaceState(null, "", RESET_PATH);
        setStatus({ ok: false, text: RESET_WORDS.refused });
        requestAnimationFrame(() => input.current?.focus());
      } else {
        setStatus({ ok: false, text: messageOf(failure) });
      }
    } finally {
      setBusy(false);
    }
  }

  const id = asking ? "reset-email" : "reset-password";
  return (
    <main className="login">
      <form className="login-form" onSubmit={submit} noValidate>
        <h1>{asking ? "Forgot password" : "Set a new password"}</h1>
        <p className="panel-hint">
          {asking
            ? "Enter the e-mail address of your admin account: we mail you a link to set a new password."
            : "Choose a new password of 8 to 200 characters. Setting it signs you out everywhere."}
        </p>
        <div>
          <div role="status" className={status?.ok ? "notice notice-success" : ""}>
            {status?.ok && status.text}
          </div>
          <div role="alert" className={status && !status.ok ? "notice notice-failure" : ""}>
            {status && !status.ok && status.text}
          </div>
        </div>
        {!done && (
          <>
            <Field id={id} label={asking ? "Email" : "New password"} error={error}>
              {(aria) => (
                <input
                  {...aria}
                  ref={input}
                  type={asking ? "email" : "password"}
                  autoComplete={asking ? "username" : "new-password"}
                  value={value}
                  onChange={(e) => setValue(e.currentTarget.value)}
                />
              )}
            </Field>
            <SubmitButton submitting={busy}>
              {asking ? "Mail me a link" : "Set the new password"}
            </SubmitButton>
          </>
        )}
        <PageLink to={LOGIN_PATH}>{done ? "Log in" : "Back to login"}</PageLink>
      </form>
    </main>
  );
}
