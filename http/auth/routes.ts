/**
 * POST /api/auth/login and POST /api/auth/register.
 *
 * Login is for the shop's administrators: a right e-mail and password give a bearer
 * token; anything else gives the same 401 "Invalid credentials" after about the same
 * time (an unknown e-mail is verified against a dummy hash). Repeated failures for one
 * account or from one address answer 429 with Retry-After for a while.
 *
 * Register creates a customer account, which grants no admin rights.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import { zValidator } from "@hono/zod-validator";
import { z } from "zod";
import type { AccountRepository, Clock, PasswordHasher } from "../../domain/ports.ts";
import { errorBody } from "../errors.ts";
import { clientAddress, RateLimiter } from "./rate_limit.ts";
import type { TokenService } from "./tokens.ts";
import { jsonBody, validationHook } from "./validation.ts";
import type { TrustProxySetting } from "./client_address.ts";
import { normalizeEmail } from "../../domain/accounts/email.ts";

export interface LimitRule {
  limit: number;
  windowMs: number;
}

export interface AuthLimits {
  /** Failed logins for one e-mail. Default 5 in 15 minutes. */
  perAccount?: LimitRule;
  /** Failed logins from one address. Default 20 in 15 minutes. */
  perAddress?: LimitRule;
  /** Registrations from one address. Default 20 an hour. */
  registerPerAddress?: LimitRule;
}

export interface AuthRoutesDeps {
  accounts: AccountRepository;
  hasher: PasswordHasher;
  tokens: TokenService;
  clock: Clock;
  loginLimits?: AuthLimits;
  /** Which X-Forwarded-For entries to believe (only behind the shop's own reverse proxies). */
  trustProxy?: TrustProxySetting;
}

const FIFTEEN_MINUTES = 15 * 60_000;
export const DEFAULT_AUTH_LIMITS: Required<AuthLimits> = {
  perAccount: { limit: 5, windowMs: FIFTEEN_MINUTES },
  perAddress: { limit: 20, windowMs: FIFTEEN_MINUTES },
  registerPerAddress: { limit: 20, windowMs: 60 * 60_000 },
};

function required(label: string) {
  return {
    error: (issue: { input?: unknown }) =>
      issue.input === undefined ? `${label} is required` : `${label} must be text`,
  };
}

/** E-mail addresses are compared in lower case, without surrounding spaces. */
export { normalizeEmail };

/** An e-mail address as login and registration take it: checked, trimmed and lower-cased. */
export const emailField = z.string(required("Email")).trim().max(254, "Email is too long")
  .pipe(z.email("Email must be a valid e-mail address")).transform(normalizeEmail);

export const loginSchema = z.object({
  email: emailField,
  password: z.string(required("Password")).min(1, "Password is required")
    .max(1000, "Password is too long"),
});

export const registerSchema = z.object({
  username: z.string(required("Username")).trim().regex(
    /^[A-Za-z0-9._-]{3,40}$/,
    "Username must be 3 to 40 letters, digits, dots, underscores or hyphens",
  ),
  email: emailField,
  password: z.string(required("Password"))
    .min(8, "Password must be at least 8 characters")
    .max(200, "Password must be at most 200 characters"),
});

function tooManyRequests(c: Context, retryAfterSeconds: number, message: string): Response {
  c.header("Retry-After", String(retryAfterSeconds));
  return c.json(errorBody("TOO_MANY_REQUESTS", message, { retryAfterSeconds }), 429);
}

/**
 * The auth routes, with full paths: mount with `app.route("/", authRoutes(deps))`.
 *
 * @example
 * app.route("/", authRoutes({ accounts, hasher, tokens, clock }));
 */
export function authRoutes(deps: AuthRoutesDeps): Hono {
  const limits = { ...DEFAULT_AUTH_LIMITS, ...deps.loginLimits };
  const clock = deps.clock;
  const perAccount = new RateLimiter({ ...limits.perAccount, clock });
  const perAddress = new RateLimiter({ ...limits.perAddress, clock });
  const registrations = new RateLimiter({ ...limits.registerPerAddress, clock });
  let dummyHash: Promise<string> | undefined;
  // Verifying against this costs what a real verification costs, so an unknown e-mail
  // is not told apart by the answer's timing.
  const dummy = () => dummyHash ??= deps.hasher.hash(crypto.randomUUID());

  const app = new Hono();

  app.post(
    "/api/auth/login",
    jsonBody(),
    zValidator("json", loginSchema, validationHook),
    async (c) => {
      const { email, password } = c.req.valid("json");
      const address = clientAddress(c, { trustProxy: deps.trustProxy });
      const blocked = [perAccount.check(email), perAddress.check(address)]
        .filter((d) => !d.allowed);
      if (blocked.length > 0) {
        const wait = Math.max(...blocked.map((d) => d.retryAfterSeconds));
        return tooManyRequests(c, wait, "Too many failed login attempts, try again later");
      }
      // Count the attempt before the slow check, so parallel guesses cannot slip past.
      perAccount.hit(email);
      perAddress.hit(address);
      const admin = await deps.accounts.findAdminByEmail(email);
      const matches = await deps.hasher.verify(password, admin?.passwordHash ?? await dummy());
      if (!admin || !matches) {
        return c.json(errorBody("UNAUTHORIZED", "Invalid credentials"), 401);
      }
      perAccount.reset(email);
      perAddress.release(address);
      const issued = await deps.tokens.issueAdminToken(admin);
      c.header("Cache-Control", "no-store");
      return c.json({ token: issued.token, expiresAt: issued.expiresAt }, 200);
    },
  );

  app.post(
    "/api/auth/register",
    jsonBody(),
    zValidator("json", registerSchema, validationHook),
    async (c) => {
      const { username, email, password } = c.req.valid("json");
      const address = clientAddress(c, { trustProxy: deps.trustProxy });
      const decision = registrations.hit(address);
      if (!decision.allowed) {
        return tooManyRequests(
          c,
          decision.retryAfterSeconds,
          "Too many registrations from this address, try again later",
        );
      }
      const passwordHash = await deps.hasher.hash(password);
      const outcome = await deps.accounts.createCustomer({ username, email, passwordHash });
      if (outcome.kind === "taken") {
        const message = outcome.field === "username"
          ? `Username "${username}" is already taken`
          : `An account with e-mail "${email}" already exists`;
        return c.json(
          errorBody("DUPLICATE", message, [{ field: outcome.field, message }]),
          409,
        );
      }
      const { id, username: name, email: stored } = outcome.account;
      return c.json({ data: { id, username: name, email: stored } }, 201);
    },
  );

  return app;
}
