/**
 * Authentication for the HTTP API: what the composition root and the app mount.
 *
 * @example
 * const secret = await loadOrCreateJwtSecret(config.dataDir, config.jwtSecret); // adapters/security
 * const tokens = new TokenService({ secret, clock, sessions }); // adapters/postgres sessions
 * const hasher = new ScryptPasswordHasher();
 * await ensureAdmin({ accounts, hasher, log: console.log, randomPassword }, { // domain/accounts
 *   email: config.adminEmail,
 *   password: config.adminPassword,
 * });
 * app.route("/", authRoutes({ accounts, hasher, tokens, clock }));
 * admin.use("*", requireAdmin(tokens)); // then c.get("admin") in handlers
 */
export {
  DEFAULT_TOKEN_TTL_SECONDS,
  type IssuedToken,
  TOKEN_AUDIENCE,
  TOKEN_ISSUER,
  type TokenClaims,
  type TokenRole,
  TokenService,
  type TokenServiceOptions,
  type VerifyResult,
} from "./tokens.ts";
export { type AdminEnv, bearerToken, requireAdmin } from "./require_admin.ts";
export {
  clientAddress,
  type RateLimitDecision,
  RateLimiter,
  type RateLimiterOptions,
} from "./rate_limit.ts";
export {
  type AuthLimits,
  authRoutes,
  type AuthRoutesDeps,
  DEFAULT_AUTH_LIMITS,
  type LimitRule,
} from "./routes.ts";
