/** The registration form: your name, e-mail and password, with the rules shown before sending. */
import { type FormEvent, useState } from "react";
import { useI18n } from "../i18n/mod.ts";
import { errorAttrs, Field } from "../components/Field.tsx";
import { ApiFailure, errorMessage, postJson } from "../lib/api.ts";

type Name = "username" | "email" | "password";
type Errors = Partial<Record<Name, string>>;

/** The form's own checks, before asking the server. */
export function validateRegistration(f: Record<Name, string>): Errors {
  const errors: Errors = {};
  if (!f.username.trim()) errors.username = "Enter your name";
  else if (f.username.trim().length > 60) errors.username = "Use at most 60 characters";
  if (!f.email.trim()) errors.email = "Enter your e-mail address";
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(f.email.trim())) {
    errors.email = "Enter a valid e-mail address";
  }
  if (!f.password) errors.password = "Enter a password";
  else if (f.password.length < 8) errors.password = "Use at least 8 characters";
  else if (f.password.length > 200) errors.password = "Use at most 200 characters";
  return errors;
}

/** Field messages from the API's 400 details (an object by field, or a list with paths). */
export function registrationErrors(details: unknown): Errors {
  const errors: Errors = {};
  const put = (name: unknown, message: unknown) => {
    if (name === "username" || name === "email" || name === "password") {
      errors[name] ??= String(message);
    }
  };
  if (Array.isArray(details)) {
    for (const d of details) {
      put(Array.isArray(d?.path) ? d.path[0] : d?.field ?? d?.path, d?.message);
    }
  } else if (details && typeof details === "object") {
    for (const [name, message] of Object.entries(details)) {
      put(name, Array.isArray(message) ? message[0] : message);
    }
  }
  return errors;
}

export function Register(_props: Record<string, never>) {
  const [fields, setFields] = useState<Record<Name, string>>({
    username: "",
    email: "",
    password: "",
  });
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const { language } = useI18n();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateRegistration(fields);
    setErrors(found);
    setStatus(null);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
      await postJson("/api/auth/register", {
        username: fields.username.trim(),
        email: fields.email.trim(),
        password: fields.password,
        language,
      });
      setStatus({
        ok: true,
        text:
          "Registration successful: you can log in now. If this address already had an account, we mailed it instead",
      });
      setFields({ username: "", email: "", password: "" });
    } catch (error) {
      if (error instanceof ApiFailure && error.status === 400) {
        setErrors(registrationErrors(error.details));
      }
      setStatus({ ok: false, text: `Registration failed: ${errorMessage(error)}` });
    } finally {
      setSubmitting(false);
    }
  };

  const input = (name: Name, label: string, type: string, autoComplete: string) => (
    <Field id={`register-${name}`} label={label} error={errors[name]}>
      <input
        id={`register-${name}`}
        name={name}
        type={type}
        required
        autoComplete={autoComplete}
        value={fields[name]}
        onChange={(e) =>
          setFields({ ...fields, [name]: e.currentTarget.value })}
        {...errorAttrs(`register-${name}`, errors[name])}
      />
    </Field>
  );

  return (
    <form className="register-form" method="post" onSubmit={submit} noValidate>
      <ul className="form-rules" id="register-rules">
        <li>Your name as you like it written, 1 to 60 characters: spaces are fine</li>
        <li>Your e-mail address: you log in with it</li>
        <li>A password of 8 to 200 characters</li>
      </ul>
      {input("username", "Your name", "text", "name")}
      {input("email", "Email", "email", "email")}
      {input("password", "Password (8 to 200 characters)", "password", "new-password")}
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
        {submitting ? "Registering…" : "Register"}
      </button>
      <p>
        Have an account? <a href="/login">Log in</a>
      </p>
    </form>
  );
}
