/**
 * Confirming a customer's e-mail address: a mailed single-use link (256 random bits; the
 * shop keeps only their SHA-256), valid for a day, in the customer's language. Using it
 * joins the orders placed earlier as a guest under the same address to the account, and
 * the first confirmation sends a welcome. Orders are never joined before: anyone may
 * register with someone else's address, and only the mailbox's holder can open the link.
 */
import type { Locale } from "../i18n/language.ts";
import type { ShopInfo } from "../shop.ts";
import type { Outbox } from "../notifications/ports.ts";
import { emailVerificationMail, welcomeMail } from "../notifications/account_mail.ts";
import { sha256Hex } from "../sha256.ts";
import { normalizeEmail } from "./email.ts";
import type { EmailConfirmed, EmailVerificationStore } from "./ports.ts";

/** How long a confirmation link works. */
export const VERIFY_LINK_HOURS = 24;
const VERIFY_LINK_MS = VERIFY_LINK_HOURS * 60 * 60_000;

/**
 * The form of an address that guest orders are matched by: trimmed, lower-cased (the
 * database compares `lower(btrim(email))`).
 *
 * @example guestOrderEmail(" Sunil@Example.LK ") === guestOrderEmail("sunil@example.lk") // true
 */
export function guestOrderEmail(email: string): string {
  return normalizeEmail(email);
}

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** The hex SHA-256 of a link's secret: what the shop stores and looks up. */
export function verificationTokenHash(token: string): Promise<string> {
  return sha256Hex(token);
}

export interface VerificationDeps {
  verifications: EmailVerificationStore;
  mail: Pick<Outbox, "enqueue">;
  shop: ShopInfo;
}

/**
 * Makes a new link for the account's address and queues its mail in `language`; the
 * secret is in the mail only. Earlier links keep working until used or expired.
 */
export async function sendVerificationLink(
  deps: VerificationDeps,
  account: { id: number; email: string },
  language: Locale,
  now: Date,
): Promise<void> {
  const token = base64url(crypto.getRandomValues(new Uint8Array(32)));
  await deps.verifications.create({
    tokenHash: await verificationTokenHash(token),
    accountId: account.id,
    email: account.email,
    language,
    expiresAt: new Date(now.getTime() + VERIFY_LINK_MS),
  }, now);
  await deps.mail.enqueue(
    emailVerificationMail(
      { email: account.email, token, language, hours: VERIFY_LINK_HOURS },
      deps.shop,
    ),
  );
}

export type ConfirmOutcome =
  | { kind: "confirmed"; confirmed: EmailConfirmed }
  /** Unknown (forged), used or expired: nothing changed. */
  | { kind: "refused" };

/**
 * Uses a link: the address is confirmed and the guest orders joined (the store does both
 * at once), then, the first time only, the welcome mail is queued in the link's language.
 * `name` gives the account's display name for the welcome.
 */
export async function confirmEmail(
  deps: VerificationDeps & {
    nameOf: (accountId: number) => Promise<string | undefined>;
    /** Told when the welcome could not be queued: the confirmation stands all the same. */
    onMailFailed?: (error: unknown) => void;
  },
  token: string,
  now: Date,
): Promise<ConfirmOutcome> {
  const confirmed = await deps.verifications.confirm(await verificationTokenHash(token), now);
  if (!confirmed) return { kind: "refused" };
  if (confirmed.firstTime) {
    try {
      const name = await deps.nameOf(confirmed.accountId) ?? confirmed.email;
      await deps.mail.enqueue(welcomeMail({
        email: confirmed.email,
        name,
        language: confirmed.language,
        joinedOrders: confirmed.joinedOrderIds.length,
      }, deps.shop));
    } catch (error) {
      deps.onMailFailed?.(error);
    }
  }
  return { kind: "confirmed", confirmed };
}
