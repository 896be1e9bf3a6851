/**
 * Password reset by mail, for customers and admins alike.
 *
 * POST /api/auth/password-reset `{email, language?}` answers 202 whatever the address: a
 * known one is mailed a link in that language (queued in the background, so the answer's
 * timing says nothing), an unknown one nothing. The link carries 256 random bits; the shop keeps only their SHA-256. It
 * works once, for one hour. POST /api/auth/password-reset/confirm `{token, password}`
 * sets the password (204) and ends every session and every other link of the account.
 */
import { BackgroundWork } from "../background.ts";
import { Hono } from "hono";
import { z } from "zod";
import type {
  AccountRepository,
  AccountRole,
  Clock,
  Outbox,
  PasswordHasher,
  PasswordResetStore,
  RateLimitStore,
} from "../../domain/ports.ts";
import type { ShopInfo } from "../../domain/shop.ts";
import {
  adminPasswordResetMail,
  passwordResetMail,
} from "../../domain/notifications/account_mail.ts";
import type { Locale } from "../../domain/i18n/language.ts";
import { normalizeEmail } from "../../domain/accounts/email.ts";
import { errorBody, type Logger } from "../middleware/errors.ts";
import { clientAddress, MemoryRateLimitStore } from "./rate_limit.ts";
import { HashingShare } from "./hashing_share.ts";
import type { TrustProxySetting } from "./client_address.ts";
import type { TokenService } from "./tokens.ts";
import { sha256Hex } from "../../domain/sha256.ts";
import { serve } from "../routes/route_spec.ts";
import { RESET_ROUTES } from "../../contract/routes/mod.ts";
import type { AuditActor, AuditTrail } from "../../domain/audit/audit.ts";

/** Who a password link belongs to, as the audit trail names them. */
async function linkHolder(
  accounts: AccountRepository,
  link: { role: AccountRole; accountId: number },
): Promise<AuditActor | undefined> {
  if (link.role === "admin") {
    const admin = await accounts.findAdminById(link.accountId);
    return admin && { kind: "admin", id: admin.id, email: admin.email, role: admin.role };
  }
  const customer = await accounts.findCustomerById(link.accountId);
  return customer && { kind: "shopper", id: link.accountId, email: customer.email };
}

/** How long a reset link works. */
export const RESET_LINK_MS = 60 * 60_000;

export interface ResetRoutesDeps {
  accounts: AccountRepository;
  hasher: PasswordHasher;
  adminHasher?: PasswordHasher;
  tokens: TokenService;
  clock: Clock;
  passwordResets: PasswordResetStore;
  /** Where the reset mail waits to be sent (the mail outbox). */
  accountMail?: Pick<Outbox, "enqueue">;
  /** Tracks the mails queued after answering; untracked when absent. */
  background?: BackgroundWork;
  shop: ShopInfo;
  logger?: Logger;
  rateLimits?: RateLimitStore;
  trustProxy?: TrustProxySetting;
  /** IPv6 clients are counted by a network of this many bits; 64 when absent. */
  ipv6PrefixLength?: number;
  /** The audit trail, which names the account whose own link set its password. */
  audit?: Pick<AuditTrail, "actingAs">;
  /** Each address's share of the hashing lanes; one of these routes' own when absent. */
  hashingShare?: HashingShare;
}

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_")
    .replace(/=+$/, "");
}

/** The hex SHA-256 of a link's secret: what the shop stores and looks up. */
export function resetTokenHash(token: string): Promise<string> {
  return sha256Hex(token);
}

/**
 * A new link that sets the password of one account, valid for `validMs` from `now`: its
 * secret (256 random bits, for the mail) is answered, only its hash is kept. A password
 * reset and an admin's invitation are both such links.
 */
export async function newPasswordLink(
  store: PasswordResetStore,
  account: { role: AccountRole; id: number },
  now: Date,
  validMs: number,
): Promise<string> {
  const token = base64url(crypto.getRandomValues(new Uint8Array(32)));
  await store.create({
    tokenHash: await resetTokenHash(token),
    role: account.role,
    accountId: account.id,
    expiresAt: new Date(now.getTime() + validMs),
  }, now);
  return token;
}

const LINK_REFUSED = "This link has expired or was already used: ask for a new one";

const BASE = "";

/**
 * The reset routes, with full paths: mount with `app.route("/", resetRoutes(deps))`.
 *
 * @example
 * app.route("/", resetRoutes({ accounts, hasher, tokens, clock, passwordResets, shop }));
 */
export function resetRoutes(deps: ResetRoutesDeps): Hono {
  const app = new Hono();
  const store = deps.rateLimits ?? new MemoryRateLimitStore();
  const background = deps.background ?? new BackgroundWork();

  /** Makes a link for the account of `email`, when there is one, and mails it. */
  async function sendLink(email: string, language: Locale): Promise<void> {
    const admin = await deps.accounts.findAdminByEmail(email);
    const customer = admin ? undefined : await deps.accounts.findCustomerByEmail(email);
    const account: { role: AccountRole; id: number; email: string } | undefined = admin
      ? { role: "admin", id: admin.id, email: admin.email }
      : customer
      ? { role: "customer", id: customer.id, email: customer.email }
      : undefined;
    if (!account) return;
    const token = await newPasswordLink(
      deps.passwordResets,
      account,
      deps.clock.now(),
      RESET_LINK_MS,
    );
    if (!deps.accountMail) throw new Error("No mail outbox: the reset link cannot be sent");
    // An admin's link opens the admin area's reset page, a customer's the shop's.
    await deps.accountMail.enqueue(
      account.role === "admin"
        ? adminPasswordResetMail({ email: account.email, token, shop: deps.shop })
        : passwordResetMail(account.email, token, language, deps.shop),
    );
  }

  serve(app, BASE, RESET_ROUTES.request, async (c) => {
    const { email: typed, language } = c.req.valid("json");
    const email = normalizeEmail(typed);
    const valid = z.email().safeParse(email).success;
    const address = clientAddress(c, deps);
    // At most 3 links an hour for one address book entry, 20 from one client: a stranger
    // cannot flood someone's mailbox. Refused requests are answered alike.
    const allowed = valid && (await store.hit([
      { key: `reset:email:${await resetTokenHash(email)}`, limit: 3, windowMs: 3_600_000 },
      { key: `reset:address:${await resetTokenHash(address)}`, limit: 20, windowMs: 3_600_000 },
    ], deps.clock.now())).allowed;
    if (allowed) {
      background.run(
        () => sendLink(email, language),
        (error) => deps.logger?.error("Password reset mail failed", { error: String(error) }),
      );
    }
    return c.body(null, 202);
  });

  serve(app, BASE, RESET_ROUTES.confirm, async (c) => {
    const { token, password } = c.req.valid("json");
    const tokenHash = await resetTokenHash(token);
    const refused = () =>
      c.json(
        errorBody("VALIDATION_FAILED", LINK_REFUSED, [{ field: "token", message: LINK_REFUSED }]),
        400,
      );
    const found = await deps.passwordResets.find(tokenHash, deps.clock.now());
    if (!found) return refused();
    // Hashed before the link is used: a full hashing lane (503) leaves the link as it was.
    const hasher = found.role === "admin" ? deps.adminHasher ?? deps.hasher : deps.hasher;
    const passwordHash = await hasher.hash(password);
    // The link is spent in the same transaction that sets the password, which is the act
    // of the account's own holder (a staff member taking up an invitation), not anyone's else.
    const holder = await linkHolder(deps.accounts, found);
    const spend = () => deps.passwordResets.use(tokenHash, deps.clock.now(), passwordHash);
    const opened = deps.audit && holder ? await deps.audit.actingAs(holder, spend) : await spend();
    if (!opened) return refused();
    await deps.tokens.endAll(opened.role, opened.accountId);
    await deps.passwordResets.endAll(opened.role, opened.accountId);
    return c.body(null, 204);
  }, [(deps.hashingShare ?? new HashingShare()).guard(deps)]);

  return app;
}
