/**
 * The guard of the routes a signed-in person calls about their own account (logout,
 * password change, the customer's account): a live token → its claims on the context as
 * `account`; no or a dead token → 401; a token of the wrong role → 403.
 */
import type { Context, MiddlewareHandler } from "hono";
import { ApiError, errorResponse } from "../middleware/errors.ts";
import { bearerToken } from "./require_admin.ts";
import type { TokenClaims, TokenRole, TokenService } from "./tokens.ts";

/** Hono environment of routes behind the guard: `c.get("account")` holds the claims. */
export type AccountEnv = { Variables: { account: TokenClaims } };

/**
 * Middleware admitting a live token of `role`, or of any role when none is named.
 *
 * @example
 * app.post("/api/auth/logout", requireSignedIn(tokens), (c) => ...c.get("account")...);
 */
export function requireSignedIn(
  tokens: TokenService,
  role?: TokenRole,
): MiddlewareHandler<AccountEnv> {
  return async (c, next) => {
    const token = bearerToken(c.req.header("Authorization"));
    const result = token ? await tokens.verify(token) : undefined;
    if (!result || result.kind === "invalid") {
      const challenge = token ? 'Bearer error="invalid_token"' : "Bearer";
      const message = token ? "Invalid or expired token" : "Authentication required";
      return errorResponse(
        c as Context,
        new ApiError(401, "UNAUTHORIZED", message, undefined, { "WWW-Authenticate": challenge }),
      );
    }
    if (role && result.claims.role !== role) {
      const message = role === "customer"
        ? "This is for customer accounts"
        : "Administrator rights required";
      return errorResponse(c as Context, new ApiError(403, "FORBIDDEN", message));
    }
    c.set("account", result.claims);
    await next();
  };
}
