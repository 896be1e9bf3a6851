/**
 * POST /api/auth/login and POST /api/auth/register.
 *
 * Login is for admins and customers alike (an admin's e-mail wins): a right e-mail and
 * password give a bearer token and the role (an admin's answer adds `adminRole`, owner or
 * staff); anything else gives the same 401 "Invalid
 * credentials" after about the same time (an unknown e-mail is verified against a dummy
 * hash). Admins' passwords are checked in a hashing lane of their own, so customers'
 * logins and registrations never make an admin wait.
 *
 * Guessing is held back without letting anyone lock someone else out (attempts.ts): a
 * wrong password counts against the account from that address (5 in 15 minutes: 429 for
 * that pair only), against the address (20: its next attempts are slowed) and against the
 * account from everywhere (10: slowed); only a wrong password stays counted. Counts live
 * in the RateLimitStore, shared by every instance.
 *
 * Register creates a customer account and mails it a link that confirms its address
 * (verify_routes.ts). A taken e-mail is answered exactly as a new one
 * (the owner gets a mail instead, at most 3 an hour, and at most 10 such mails an hour
 * leave for registrations from one address), so registration never tells a stranger who
 * has an account.
 */
import { BackgroundWork } from "../background.ts";
import { Hono } from "hono";
import type {
  AccountRepository,
  Clock,
  EmailVerificationStore,
  LimitedKey,
  Outbox,
  PasswordHasher,
  RateLimitStore,
} from "../../domain/ports.ts";
import type { ShopInfo } from "../../domain/shop.ts";
import { registrationTakenMail } from "../../domain/notifications/account_mail.ts";
import { sendVerificationLink } from "../../domain/accounts/email_verification.ts";
import type { AccountMail } from "../../domain/notifications/mail.ts";
import { errorBody, errorResponse, type Logger, tooManyRequests } from "../middleware/errors.ts";
import { clientAddress, MemoryRateLimitStore } from "./rate_limit.ts";
import { countAttempt, limitKey } from "./attempts.ts";
import { HashingShare } from "./hashing_share.ts";
import { type AuthLimits, DEFAULT_AUTH_LIMITS } from "./limits.ts";
import type { Locale } from "../../domain/i18n/language.ts";
import type { TokenService, TokenSubject } from "./tokens.ts";
import type { TrustProxySetting } from "./client_address.ts";
import { serve } from "../routes/route_spec.ts";
import { AUTH_ROUTES } from "../../contract/routes/mod.ts";

export { type AuthLimits, DEFAULT_AUTH_LIMITS, type LimitRule } from "./limits.ts";

export interface AuthRoutesDeps {
  accounts: AccountRepository;
  /** Hashes customers' passwords (registration, customer logins, unknown e-mails). */
  hasher: PasswordHasher;
  /** Hashes admins' passwords in a lane of their own; `hasher` when absent. */
  adminHasher?: PasswordHasher;
  tokens: TokenService;
  clock: Clock;
  loginLimits?: AuthLimits;
  /** Where the login and registration counts live; this process's memory when absent. */
  rateLimits?: RateLimitStore;
  /** Which X-Forwarded-For entries to believe (only behind the shop's own reverse proxies). */
  trustProxy?: TrustProxySetting;
  /** IPv6 clients are counted by a network of this many bits; 64 when absent. */
  ipv6PrefixLength?: number;
  /** Each address's share of the hashing lanes; one of these routes' own when absent. */
  hashingShare?: HashingShare;
  /** Queues the mail to the owner of a taken e-mail (the mail outbox); none when absent. */
  accountMail?: Pick<Outbox, "enqueue">;
  /** Tracks the mails queued after answering; untracked when absent. */
  background?: BackgroundWork;
  /** Where a new account's confirmation link is kept (it is mailed at registration). */
  emailVerifications?: EmailVerificationStore;
  /** The shop's name and address, for the links in mail. */
  shop?: ShopInfo;
  logger?: Logger;
  /** Waits before a slowed login attempt; a timer when absent. */
  slowDown?: (ms: number) => Promise<void>;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

const BASE = "";

/**
 * The auth routes, with full paths: mount with `app.route("/", authRoutes(deps))`.
 *
 * @example
 * app.route("/", authRoutes({ accounts, hasher, tokens, clock }));
 */
export function authRoutes(deps: AuthRoutesDeps): Hono {
  const limits = { ...DEFAULT_AUTH_LIMITS, ...deps.loginLimits };
  const clock = deps.clock;
  const store = deps.rateLimits ?? new MemoryRateLimitStore();
  const adminHasher = deps.adminHasher ?? deps.hasher;
  const slowDown = deps.slowDown ?? sleep;
  const background = deps.background ?? new BackgroundWork();
  let dummyHash: Promise<string> | undefined;
  // Verifying against this costs what a real verification costs, so an unknown e-mail
  // is not told apart by the answer's timing.
  const dummy = () => dummyHash ??= deps.hasher.hash(crypto.randomUUID());

  /** Queues without holding the answer back: its timing must not depend on the account. */
  function sendLater(mail: AccountMail): void {
    if (!deps.accountMail) {
      deps.logger?.error("Account mail not sent: no mail outbox", { kind: mail.kind });
      return;
    }
    const outbox = deps.accountMail;
    background.run(
      () => outbox.enqueue(mail),
      (error) =>
        deps.logger?.error("Account mail not queued", { kind: mail.kind, error: String(error) }),
    );
  }

  const app = new Hono();

  const share = deps.hashingShare ?? new HashingShare();
  const hashing = [share.guard(deps)];

  serve(app, BASE, AUTH_ROUTES.login, async (c) => {
    const { email, password } = c.req.valid("json");
    const address = clientAddress(c, deps);
    const attempt = await countAttempt(store, {
      refuse: [{ key: await limitKey("login:pair", `${email}|${address}`), ...limits.perAccount }],
      // Someone else's guesses from this address, or at this account from elsewhere, slow
      // an attempt down; they never refuse it.
      slow: [
        { key: await limitKey("login:address", address), ...limits.perAddress },
        { key: await limitKey("login:account", email), ...limits.slowAccountAfter },
      ],
    }, clock.now());
    if (attempt.kind === "refused") {
      return errorResponse(
        c,
        tooManyRequests(
          "Too many failed login attempts, try again later",
          attempt.retryAfterSeconds,
        ),
      );
    }
    const signedIn = await attempt.settle(async () => {
      if (attempt.slowed) await slowDown(limits.slowDownMs);
      return await checkPassword(email, password);
    });
    if (!signedIn) return c.json(errorBody("UNAUTHORIZED", "Invalid credentials"), 401);
    const issued = await deps.tokens.issue(signedIn);
    c.header("Cache-Control", "no-store");
    return c.json({
      token: issued.token,
      expiresAt: issued.expiresAt,
      role: signedIn.role,
      ...(signedIn.adminRole ? { adminRole: signedIn.adminRole } : {}),
    }, 200);
  }, hashing);

  /** The account these credentials open, admins first; undefined when they open none. */
  async function checkPassword(
    email: string,
    password: string,
  ): Promise<TokenSubject | undefined> {
    const admin = await deps.accounts.findAdminByEmail(email);
    if (admin) {
      if (admin.passwordHash === "") {
        // An invited admin has no password yet: checked against the dummy all the same, so
        // that the answer takes as long as any other wrong password's.
        await deps.hasher.verify(password, await dummy());
        return undefined;
      }
      const right = await adminHasher.verify(password, admin.passwordHash);
      return right
        ? { id: admin.id, email: admin.email, role: "admin", adminRole: admin.role }
        : undefined;
    }
    const customer = await deps.accounts.findCustomerByEmail(email);
    const right = await deps.hasher.verify(password, customer?.passwordHash ?? await dummy());
    return customer && right
      ? { id: customer.id, email: customer.email, role: "customer" }
      : undefined;
  }

  /**
   * Mails the owner of a taken e-mail, in the background (its timing must not tell a taken
   * address from a new one): at most `takenMailPerAccount` to one owner and
   * `takenMailPerAddress` for registrations from one client; past either, nothing is sent.
   */
  function mailTakenLater(email: string, language: Locale, address: string, now: Date): void {
    if (!deps.shop) return;
    const shop = deps.shop;
    background.run(async () => {
      const decision = await store.hit([
        { key: await limitKey("taken-mail:account", email), ...limits.takenMailPerAccount },
        { key: await limitKey("taken-mail:address", address), ...limits.takenMailPerAddress },
      ], now);
      if (decision.allowed) sendLater(registrationTakenMail(email, language, shop));
    }, (error) =>
      deps.logger?.error("Account mail not queued", {
        kind: "registration_taken",
        error: String(error),
      }));
  }

  /**
   * Mails a new account the link that confirms its address, in the background like the
   * taken-address mail, so that both answers take the same time. Its earlier guest orders
   * join it only once the link is used.
   */
  function mailConfirmationLater(
    account: { id: number; email: string },
    language: Locale,
    now: Date,
  ): void {
    const { emailVerifications, accountMail, shop } = deps;
    if (!emailVerifications || !accountMail || !shop) return;
    background.run(
      () =>
        sendVerificationLink(
          { verifications: emailVerifications, mail: accountMail, shop },
          account,
          language,
          now,
        ),
      (error) =>
        deps.logger?.error("Account mail not queued", {
          kind: "email_verification",
          error: String(error),
        }),
    );
  }

  serve(app, BASE, AUTH_ROUTES.register, async (c) => {
    const { username, email, password, language } = c.req.valid("json");
    const address = clientAddress(c, deps);
    const now = clock.now();
    const registration: LimitedKey = {
      key: await limitKey("login:register", address),
      ...limits.registerPerAddress,
    };
    const decision = await store.hit([registration], now);
    if (!decision.allowed) {
      return errorResponse(
        c,
        tooManyRequests(
          "Too many registrations from this address, try again later",
          decision.retryAfterSeconds,
        ),
      );
    }
    let outcome;
    try {
      // Hashed whether or not the address is taken: both answers take the same time.
      const passwordHash = await deps.hasher.hash(password);
      outcome = await deps.accounts.createCustomer({ username, email, passwordHash });
    } catch (error) {
      // Not registered (a full hashing lane, an outage): the attempt does not count.
      await store.release(registration.key, now).catch(() => {});
      throw error;
    }
    if (outcome.kind === "taken") mailTakenLater(email, language, address, now);
    else mailConfirmationLater(outcome.account, language, now);
    return c.json({ data: { username, email } }, 201);
  }, hashing);

  return app;
}
