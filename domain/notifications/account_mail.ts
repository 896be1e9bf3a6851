/**
 * The mails that belong to no order (about an account, and the shop's notice of discount
 * codes being guessed), and the form they wait in in the outbox. The outbox keeps their
 * facts, not a reference: a small JSON object with a
 * version number, read back by `readStoredAccountMail` however old the row is. A later
 * shape gets a new version and a reader of its own; rows of version 1 stay readable.
 */
import { type Locale, localizedPath, SHOP_LANGUAGES } from "../i18n/language.ts";
import type { ShopInfo } from "../shop.ts";
import type { AccountMail } from "./mail.ts";
import { type AdminRole, isAdminRole } from "../accounts/admin_roles.ts";

export const ACCOUNT_MAIL_KINDS = [
  "password_reset",
  "registration_taken",
  "staff_invitation",
  "code_guessing",
  "voucher_issued",
  "email_verification",
  "welcome",
] as const;
/** What an account mail in the outbox is about. */
export type AccountMailKind = typeof ACCOUNT_MAIL_KINDS[number];

function page(shop: ShopInfo, language: Locale, path: string): string {
  return `${shop.publicUrl.replace(/\/+$/, "")}${localizedPath(language, path)}`;
}

/**
 * The mail to the owner of an address someone tried to register again: the shop answers
 * that registration as if it were new (a stranger learns nothing) and tells the owner
 * here, with links to log in and to reset the password.
 */
export function registrationTakenMail(
  email: string,
  language: Locale,
  shop: ShopInfo,
): AccountMail {
  return {
    kind: "registration_taken",
    to: email,
    language,
    loginUrl: page(shop, language, "/login"),
    resetUrl: page(shop, language, "/reset-password"),
  };
}

/** The password reset mail: a single-use link, valid for one hour, to the page in `language`. */
export function passwordResetMail(
  email: string,
  token: string,
  language: Locale,
  shop: ShopInfo,
): AccountMail {
  return {
    kind: "password_reset",
    to: email,
    language,
    link: `${page(shop, language, "/reset-password")}?token=${encodeURIComponent(token)}`,
  };
}

/**
 * An admin's password reset mail: the link opens the admin area's own reset page, in
 * English like the rest of the admin area, whose "Log in" leads to the admin's login.
 *
 * @example adminPasswordResetMail({ email, token: "abc", shop }).link // "https://shop.lk/admin/reset-password?token=abc"
 */
export function adminPasswordResetMail(
  reset: { email: string; token: string; shop: ShopInfo },
): AccountMail {
  const base = reset.shop.publicUrl.replace(/\/+$/, "");
  return {
    kind: "password_reset",
    to: reset.email,
    language: "en",
    link: `${base}/admin/reset-password?token=${encodeURIComponent(reset.token)}`,
  };
}

/**
 * The invitation to the admin area an owner sends a new admin: a link to set their first
 * password, to the admin area's invitation page, in English like the admin area. It works
 * once, for `days` days (INVITATION_LINK_MS in http/routes/staff.ts).
 *
 * @example staffInvitationMail({ email, token: "abc", role: "staff", days: 7, shop }).link // "https://shop.lk/admin/invitation?token=abc"
 */
export function staffInvitationMail(
  invitation: { email: string; token: string; role: AdminRole; days: number; shop: ShopInfo },
): AccountMail {
  const base = invitation.shop.publicUrl.replace(/\/+$/, "");
  return {
    kind: "staff_invitation",
    to: invitation.email,
    language: "en",
    link: `${base}/admin/invitation?token=${encodeURIComponent(invitation.token)}`,
    role: invitation.role,
    days: invitation.days,
  };
}

/**
 * The owner's notice that refused discount codes passed the shop-wide bound (English, as the
 * admin area), with a link to the promotions.
 *
 * @example codeGuessingMail({ to: "owner@shop.lk", at, limit: 100, windowMs: 900_000, shop }).minutes // 15
 */
export function codeGuessingMail(
  notice: { to: string; at: string; limit: number; windowMs: number; shop: ShopInfo },
): AccountMail {
  return {
    kind: "code_guessing",
    to: notice.to,
    language: "en",
    at: notice.at,
    limit: notice.limit,
    minutes: Math.round(notice.windowMs / 60_000),
    deskUrl: `${notice.shop.publicUrl.replace(/\/+$/, "")}/admin/promotions`,
  };
}

/**
 * A gift voucher's mail to its recipient, in their language: its whole code (kept in the
 * outbox only until sent), amount, last day and the balance check's page.
 */
export function voucherMail(
  voucher: {
    recipient: { name: string; email: string; language: Locale };
    code: string;
    amountCents: number;
    expiresOn: string;
    message: string | null;
  },
  shop: ShopInfo,
): AccountMail {
  const { recipient } = voucher;
  return {
    kind: "voucher_issued",
    to: recipient.email,
    language: recipient.language,
    name: recipient.name,
    code: voucher.code,
    amountCents: voucher.amountCents,
    expiresOn: voucher.expiresOn,
    message: voucher.message,
    balanceUrl: page(shop, recipient.language, "/gift-voucher"),
  };
}

/**
 * The mail that confirms a new account's address: a single-use link to the page in
 * `language`, valid for `hours` hours.
 *
 * @example emailVerificationMail({ email, token: "abc", language: "si", hours: 24 }, shop).link // "https://shop.lk/si/verify-email?token=abc"
 */
export function emailVerificationMail(
  link: { email: string; token: string; language: Locale; hours: number },
  shop: ShopInfo,
): AccountMail {
  return {
    kind: "email_verification",
    to: link.email,
    language: link.language,
    link: `${page(shop, link.language, "/verify-email")}?token=${encodeURIComponent(link.token)}`,
    hours: link.hours,
  };
}

/** The welcome, once the address is confirmed: how many earlier orders joined the account. */
export function welcomeMail(
  welcome: { email: string; name: string; language: Locale; joinedOrders: number },
  shop: ShopInfo,
): AccountMail {
  return {
    kind: "welcome",
    to: welcome.email,
    language: welcome.language,
    name: welcome.name,
    joinedOrders: welcome.joinedOrders,
    accountUrl: page(shop, welcome.language, "/account"),
  };
}

/** An account mail as the outbox stores it (version 1). */
export type StoredAccountMail =
  & { v: 1; to: string; language: Locale }
  & (
    | { link: string }
    | { link: string; role: AdminRole; days: number }
    | { loginUrl: string; resetUrl: string }
    | { at: string; limit: number; minutes: number; deskUrl: string }
    | { link: string; hours: number }
    | { name: string; joinedOrders: number; accountUrl: string }
    | {
      name: string;
      code: string;
      amountCents: number;
      expiresOn: string;
      message: string | null;
      balanceUrl: string;
    }
  );

/** The stored form of an account mail: its facts and the version of their shape. */
export function storedAccountMail(mail: AccountMail): StoredAccountMail {
  if (mail.kind === "code_guessing") {
    const { to, language, at, limit, minutes, deskUrl } = mail;
    return { v: 1, to, language, at, limit, minutes, deskUrl };
  }
  if (mail.kind === "voucher_issued") {
    const { to, language, name, code, amountCents, expiresOn, message, balanceUrl } = mail;
    return { v: 1, to, language, name, code, amountCents, expiresOn, message, balanceUrl };
  }
  if (mail.kind === "email_verification") {
    const { to, language, link, hours } = mail;
    return { v: 1, to, language, link, hours };
  }
  if (mail.kind === "welcome") {
    const { to, language, name, joinedOrders, accountUrl } = mail;
    return { v: 1, to, language, name, joinedOrders, accountUrl };
  }
  if (mail.kind === "staff_invitation") {
    const { to, language, link, role, days } = mail;
    return { v: 1, to, language, link, role, days };
  }
  return mail.kind === "password_reset"
    ? { v: 1, to: mail.to, language: mail.language, link: mail.link }
    : {
      v: 1,
      to: mail.to,
      language: mail.language,
      loginUrl: mail.loginUrl,
      resetUrl: mail.resetUrl,
    };
}

function text(value: unknown): value is string {
  return typeof value === "string" && value.length > 0;
}

/**
 * The mail an outbox row of `kind` holds, or undefined when the row cannot be read (an
 * unknown version, a missing fact): such a row is set aside rather than sent wrong.
 */
export function readStoredAccountMail(
  kind: AccountMailKind,
  payload: unknown,
): AccountMail | undefined {
  if (typeof payload !== "object" || payload === null) return undefined;
  const row = payload as Record<string, unknown>;
  if (row.v !== 1 || !text(row.to)) return undefined;
  const language = SHOP_LANGUAGES.find((l) => l === row.language);
  if (!language) return undefined;
  if (kind === "password_reset") {
    return text(row.link) ? { kind, to: row.to, language, link: row.link } : undefined;
  }
  if (kind === "voucher_issued") {
    const { name, code, amountCents, expiresOn, message, balanceUrl } = row;
    return text(name) && text(code) && typeof amountCents === "number" && text(expiresOn) &&
        (message === null || text(message)) && text(balanceUrl)
      ? { kind, to: row.to, language, name, code, amountCents, expiresOn, message, balanceUrl }
      : undefined;
  }
  if (kind === "code_guessing") {
    const { at, limit, minutes, deskUrl } = row;
    return text(at) && typeof limit === "number" && typeof minutes === "number" && text(deskUrl)
      ? { kind, to: row.to, language, at, limit, minutes, deskUrl }
      : undefined;
  }
  if (kind === "email_verification") {
    const { link, hours } = row;
    return text(link) && typeof hours === "number" && hours > 0
      ? { kind, to: row.to, language, link, hours }
      : undefined;
  }
  if (kind === "welcome") {
    const { name, joinedOrders, accountUrl } = row;
    return text(name) && typeof joinedOrders === "number" && joinedOrders >= 0 && text(accountUrl)
      ? { kind, to: row.to, language, name, joinedOrders, accountUrl }
      : undefined;
  }
  if (kind === "staff_invitation") {
    const { link, role, days } = row;
    return text(link) && isAdminRole(role) && typeof days === "number" && days > 0
      ? { kind, to: row.to, language, link, role, days }
      : undefined;
  }
  return text(row.loginUrl) && text(row.resetUrl)
    ? { kind, to: row.to, language, loginUrl: row.loginUrl, resetUrl: row.resetUrl }
    : undefined;
}
