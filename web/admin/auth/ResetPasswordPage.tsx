/**
 * A forgotten admin password (/admin/reset-password): without a token, the form that mails
 * a link to the admin's address; with the link's token, the form that sets the new password.
 * A link the shop refuses (expired, or used already) is said to be so, and the form turns
 * into the one that asks for a new link. An invitation (/admin/invitation?token=) is the
 * same link worded as a welcome: it sets a new admin's first password.
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

/** The invitation's words, where they differ from the reset's. */
export const INVITATION_WORDS = {
  title: "Welcome: choose your password",
  hint:
    "You were invited to the shop's admin area. Choose a password of 8 to 200 characters; you then sign in with your e-mail address and it.",
  button: "Set my password",
  done: "Your password is set: log in with your e-mail address and it",
  refused:
    "This invitation has expired or was already used: an invitation works once, for 7 days. Ask the shop's owner for a new one, or enter your e-mail address to get a password link.",
} as const;

export function ResetPasswordPage({ invitation = false }: { invitation?: boolean }) {
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
        setStatus({ ok: true, text: invitation ? INVITATION_WORDS.done : RESET_WORDS.done });
      }
    } catch (failure) {
      if (token !== null && isRefusedResetLink(failure)) {
        // The link is spent: say so, leave its secret out of the address and ask anew.
        setToken(null);
        setValue("");
        globalThis.history.replaceState(null, "", RESET_PATH);
        setStatus({ ok: false, text: invitation ? INVITATION_WORDS.refused : RESET_WORDS.refused });
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
        <h1>
          {asking ? "Forgot password" : invitation ? INVITATION_WORDS.title : "Set a new password"}
        </h1>
        <p className="panel-hint">
          {asking
            ? "Enter the e-mail address of your admin account: we mail you a link to set a new password."
            : invitation
            ? INVITATION_WORDS.hint
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
              {asking
                ? "Mail me a link"
                : invitation
                ? INVITATION_WORDS.button
                : "Set the new password"}
            </SubmitButton>
          </>
        )}
        <PageLink to={LOGIN_PATH}>{done ? "Log in" : "Back to login"}</PageLink>
      </form>
    </main>
  );
}
