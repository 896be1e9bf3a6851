/**
 * What a signed-in person does with their session: log out (that token ends at once) and
 * change their password (every token of the account ends; the answer carries a new one,
 * so the person who changed it stays signed in). For admins and customers alike.
 *
 * A wrong current password counts like a failed login (attempts.ts): 5 in 15 minutes for
 * the account and its next changes are refused (429) before any hashing; 20 from one
 * address and its next changes are slowed. A change that could not be checked (503 from a
 * full hashing lane) does not count.
 */
import type { AuditTrail } from "../../domain/audit/audit.ts";
import { actingAs, adminActor } from "../routes/audit.ts";
import { Hono } from "hono";
import type {
  AccountRepository,
  Clock,
  PasswordHasher,
  RateLimitStore,
} from "../../domain/ports.ts";
import { clientAddress, MemoryRateLimitStore } from "./rate_limit.ts";
import { countAttempt, limitKey } from "./attempts.ts";
import { HashingShare } from "./hashing_share.ts";
import type { TrustProxySetting } from "./client_address.ts";
import { type AuthLimits, DEFAULT_AUTH_LIMITS } from "./limits.ts";
import { errorBody, errorResponse, tooManyRequests } from "../middleware/errors.ts";
import { type AccountEnv, requireSignedIn } from "./require_account.ts";
import type { TokenClaims, TokenService } from "./tokens.ts";
import { serve } from "../routes/route_spec.ts";
import { SESSION_ROUTES } from "../../contract/routes/mod.ts";

export interface SessionRoutesDeps {
  /** The audit trail, which names the admin changing their password. */
  audit?: AuditTrail;
  accounts: AccountRepository;
  /** Hashes customers' passwords. */
  hasher: PasswordHasher;
  /** Hashes admins' passwords, in a lane of its own; `hasher` when absent. */
  adminHasher?: PasswordHasher;
  tokens: TokenService;
  /** Called after a password changed: ends the account's reset links. */
  onPasswordChanged?: (role: TokenClaims["role"], accountId: number) => Promise<void>;
  /** Where wrong current passwords are counted; this process's memory when absent. */
  rateLimits?: RateLimitStore;
  /** The limits of a password change (`passwordPerAccount`, `passwordPerAddress`, `slowDownMs`). */
  loginLimits?: AuthLimits;
  /** For the counts' times; the system clock when absent. */
  clock?: Clock;
  trustProxy?: TrustProxySetting;
  ipv6PrefixLength?: number;
  /** Each address's share of the hashing lanes; one of these routes' own when absent. */
  hashingShare?: HashingShare;
  /** Waits before a slowed change; a timer when absent. */
  slowDown?: (ms: number) => Promise<void>;
}

/** The hash the account's password is checked against, when the account still exists. */
async function currentHash(
  accounts: AccountRepository,
  claims: TokenClaims,
): Promise<string | undefined> {
  if (claims.role === "admin") {
    const admin = await accounts.findAdminByEmail(claims.email);
    return admin?.id === claims.id ? admin.passwordHash : undefined;
  }
  const customer = await accounts.findCustomerByEmail(claims.email);
  return customer?.id === claims.id ? customer.passwordHash : undefined;
}

const BASE = "";

/**
 * POST /api/auth/logout and POST /api/auth/password: mount with `app.route("/", ...)`.
 *
 * @example
 * app.route("/", sessionRoutes({ accounts, hasher, tokens }));
 */
export function sessionRoutes(deps: SessionRoutesDeps): Hono<AccountEnv> {
  const app = new Hono<AccountEnv>();
  const signedIn = requireSignedIn(deps.tokens);
  const store = deps.rateLimits ?? new MemoryRateLimitStore();
  const limits = { ...DEFAULT_AUTH_LIMITS, ...deps.loginLimits };
  const clock = deps.clock ?? { now: () => new Date() };
  const slowDown = deps.slowDown ??
    ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const hashing = (deps.hashingShare ?? new HashingShare()).guard(deps);

  serve(app, BASE, SESSION_ROUTES.logout, async (c) => {
    await deps.tokens.end(c.get("account"));
    return c.body(null, 204);
  }, [signedIn]);

  serve(app, BASE, SESSION_ROUTES.password, async (c) => {
    const claims = c.get("account");
    const { currentPassword, newPassword } = c.req.valid("json");
    const hasher = claims.role === "admin" ? deps.adminHasher ?? deps.hasher : deps.hasher;
    const stored = await currentHash(deps.accounts, claims);
    if (stored === undefined) {
      await deps.tokens.endAll(claims.role, claims.id);
      return c.json(errorBody("UNAUTHORIZED", "This account no longer exists"), 401);
    }
    const address = clientAddress(c, deps);
    const attempt = await countAttempt(store, {
      refuse: [{
        key: await limitKey("password:account", `${claims.role}:${claims.id}`),
        ...limits.passwordPerAccount,
      }],
      slow: [{ key: await limitKey("password:address", address), ...limits.passwordPerAddress }],
    }, clock.now());
    if (attempt.kind === "refused") {
      return errorResponse(
        c,
        tooManyRequests(
          "Too many wrong current passwords, try again later",
          attempt.retryAfterSeconds,
        ),
      );
    }
    // The new password is hashed inside the check: a full lane there does not count either.
    const hash = await attempt.settle(async () => {
      if (attempt.slowed) await slowDown(limits.slowDownMs);
      if (!await hasher.verify(currentPassword, stored)) return undefined;
      return await hasher.hash(newPassword);
    });
    if (hash === undefined) {
      const message = "Current password is not right";
      return c.json(
        errorBody("VALIDATION_FAILED", message, [{ field: "currentPassword", message }]),
        400,
      );
    }
    if (claims.role === "admin") {
      // An admin's own password change is theirs in the audit trail (its value never is).
      await actingAs(
        deps,
        adminActor(claims),
        () => deps.accounts.setAdminPassword(claims.email, hash),
      );
    } else await deps.accounts.setCustomerPassword(claims.id, hash);
    await deps.tokens.endAll(claims.role, claims.id);
    await deps.onPasswordChanged?.(claims.role, claims.id);
    const issued = await deps.tokens.issue({
      id: claims.id,
      email: claims.email,
      role: claims.role,
      adminRole: claims.adminRole,
    });
    c.header("Cache-Control", "no-store");
    return c.json({
      token: issued.token,
      expiresAt: issued.expiresAt,
      role: claims.role,
      ...(claims.adminRole ? { adminRole: claims.adminRole } : {}),
    }, 200);
  }, [hashing, signedIn]);

  return app;
}
