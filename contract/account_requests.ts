/**
 * The zod schemas of the account requests: logging in, registering, changing and resetting a
 * password. The auth routes validate with them, the OpenAPI document describes them, and
 * the storefront's forms check a person's typing with them before sending (their own words
 * on top). Apart from requests.ts, so that a form of these carries none of the catalogue's.
 */
import { z } from "zod";
import { normalizeEmail } from "../domain/accounts/email.ts";
import { displayName } from "../domain/accounts/display_name.ts";
import { SHOP_LANGUAGES } from "../domain/i18n/language.ts";

function required(label: string) {
  return {
    error: (issue: { input?: unknown }) =>
      issue.input === undefined ? `${label} is required` : `${label} must be text`,
  };
}

/** An e-mail address as login and registration take it: checked, trimmed and lower-cased. */
export const emailField = z.string(required("Email")).trim().max(254, "Email is too long")
  .pipe(z.email("Email must be a valid e-mail address")).transform(normalizeEmail);

/** The rules of a new password, as registration, change and reset take it. */
export const newPasswordField = (label: string) =>
  z.string(required(label))
    .min(8, `${label} must be at least 8 characters`)
    .max(200, `${label} must be at most 200 characters`);

/** The language of the page a request came from: its mail is written in it. */
export const accountMailLanguage = z.enum(SHOP_LANGUAGES, {
  error: `must be one of ${SHOP_LANGUAGES.join(", ")}`,
}).default("en").describe("the language of the page the request came from; en when absent");

export const loginSchema = z.object({
  email: emailField,
  password: z.string(required("Password")).min(1, "Password is required")
    .max(1000, "Password is too long"),
});

export const registerSchema = z.object({
  username: z.string(required("Name")).transform(displayName).pipe(
    z.string().min(1, "Name is required").max(60, "Name must be at most 60 characters"),
  ).describe("the name shown on the account: any letters, spaces allowed"),
  email: emailField,
  password: newPasswordField("Password"),
  language: accountMailLanguage,
});

export const passwordChangeSchema = z.object({
  currentPassword: z.string(required("Current password")).min(1, "Current password is required")
    .max(1000, "Current password is too long"),
  newPassword: newPasswordField("New password"),
});

export const resetRequestSchema = z.object({
  email: z.string(required("Email")).max(254, "Email is too long"),
  language: accountMailLanguage,
});

export const resetConfirmSchema = z.object({
  token: z.string(required("Token"))
    .regex(/^[A-Za-z0-9_-]{20,100}$/, "This link is not valid: ask for a new one"),
  password: newPasswordField("Password"),
});

/** A confirmation link's token, as the mail gave it. */
export const verifyEmailSchema = z.object({
  token: z.string(required("Token"))
    .regex(/^[A-Za-z0-9_-]{20,100}$/, "This link is not valid: ask for a new one"),
});

/** Asking for a new confirmation link, in the language of the page asked from. */
export const verificationRequestSchema = z.object({
  language: accountMailLanguage,
});
