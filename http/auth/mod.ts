/**
 * Authentication for the HTTP API: what the composition root and the app mount.
 *
 * @example
 * const secret = await loadOrCreateJwtSecret(config.dataDir, config.jwtSecret);
 * const tokens = new TokenService({ secret, clock });
 * const hasher = new ScryptPasswordHasher();
 * await ensureAdmin({ accounts, hasher, log: console.log }, {
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
export { JWT_SECRET_FILE, loadOrCreateJwtSecret } from "./jwt_secret.ts";
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
  normalizeEmail,
} from "./routes.ts";
export {
  DEFAULT_ADMIN_EMAIL,
  ensureAdmin,
  type EnsureAdminDeps,
  generatePassword,
} from "./ensure_admin.ts";
