/**
 * The checks of the account forms: registration, login, a password change and a reset.
 * Each form's fields are judged by the API's own schema (contract/account_requests.ts) and
 * each refusal is worded in the page's language (form_words.ts). This module carries zod:
 * the forms load it when they appear (checks.ts), never with the page.
 */
import {
  loginSchema,
  passwordChangeSchema,
  registerSchema,
  resetConfirmSchema,
  resetRequestSchema,
} from "../../contract/account_requests.ts";
import type { MessageKey } from "../i18n/mod.ts";
import { type FieldWords, wordRefusals } from "./form_words.ts";

type Errors<F extends string> = Partial<Record<F, MessageKey>>;

const CHECK: MessageKey = "form.checkField";

const EMAIL_WORDS: FieldWords<MessageKey> = {
  blank: "form.enterEmail",
  other: "form.emailInvalid",
};

const NEW_PASSWORD_WORDS: FieldWords<MessageKey> = {
  blank: "form.choosePassword",
  too_small: "form.passwordShort",
  too_big: "form.passwordLong",
  other: CHECK,
};

/** A new password left empty is "too short" where the form asks for one without more words. */
const SHORT_PASSWORD_WORDS: FieldWords<MessageKey> = {
  ...NEW_PASSWORD_WORDS,
  blank: "form.passwordShort",
};

const blankIn = <F extends string>(values: Record<F, string>) => (field: F) =>
  (values[field] ?? "").trim() === "";

/** Registration's problems: a name of 1 to 60 characters, an e-mail address, a password. */
export function validateRegistration(
  f: Record<"username" | "email" | "password", string>,
): Errors<"username" | "email" | "password"> {
  const checked = registerSchema.safeParse(f);
  if (checked.success) return {};
  return wordRefusals(checked.error.issues, {
    username: { blank: "form.enterName", too_big: "form.nameLong", other: CHECK },
    email: EMAIL_WORDS,
    password: NEW_PASSWORD_WORDS,
  }, blankIn(f));
}

/** Login's problems: an e-mail address and a password, both given. */
export function validateLogin(
  f: Record<"email" | "password", string>,
): Errors<"email" | "password"> {
  const checked = loginSchema.safeParse(f);
  if (checked.success) return {};
  return wordRefusals(checked.error.issues, {
    email: EMAIL_WORDS,
    password: { blank: "form.enterPassword", other: CHECK },
  }, (field) => field === "password" ? f.password === "" : blankIn(f)(field));
}

/** A password change's problems: the current password given, a new one of 8 to 200. */
export function validatePasswordChange(
  f: { current: string; next: string },
): Errors<"current" | "next"> {
  const values = { currentPassword: f.current, newPassword: f.next };
  const checked = passwordChangeSchema.safeParse(values);
  if (checked.success) return {};
  const worded = wordRefusals<keyof typeof values, MessageKey>(checked.error.issues, {
    currentPassword: { blank: "form.enterCurrentPassword", other: CHECK },
    newPassword: SHORT_PASSWORD_WORDS,
  }, (field) => values[field] === "");
  return {
    ...(worded.currentPassword ? { current: worded.currentPassword } : {}),
    ...(worded.newPassword ? { next: worded.newPassword } : {}),
  };
}

/** The reset request's problem: an e-mail address given. */
export function validateResetEmail(email: string): MessageKey | undefined {
  if (email.trim() === "") return "form.enterEmail";
  const checked = resetRequestSchema.safeParse({ email });
  return checked.success ? undefined : "form.emailInvalid";
}

/** A new password's problem, by the rules of a reset (8 to 200 characters). */
export function validateNewPassword(token: string, password: string): MessageKey | undefined {
  const checked = resetConfirmSchema.safeParse({ token, password });
  if (checked.success) return undefined;
  return wordRefusals(checked.error.issues, {
    password: SHORT_PASSWORD_WORDS,
  }, () => false).password;
}
