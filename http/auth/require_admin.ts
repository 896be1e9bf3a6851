/**
 * The admin guard: every admin route sits behind it, on the server.
 *
 * No or malformed `Authorization` header → 401; a token that is not a live token of
 * ours (expired, tampered, `alg: none`, another key) → 401; a valid token of someone
 * who is not an admin → 403; an admin whose role may not do the route's task (staff on an
 * owner's route, domain/accounts/admin_roles.ts) → 403 saying who may. On success the
 * claims (id, e-mail, role and admin role) are on the context as `admin`.
 */
import type { Context, MiddlewareHandler } from "hono";
import { ApiError, errorResponse } from "../middleware/errors.ts";
import { type AdminTask, mayDo, refusal } from "../../domain/accounts/admin_roles.ts";
import type { TokenClaims, TokenService } from "./tokens.ts";

/** Hono environment of routes behind the guard: `c.get("admin")` holds the claims. */
export type AdminEnv = { Variables: { admin: TokenClaims } };

const BEARER = /^Bearer +([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*) *$/i;

/** The token of a `Bearer` Authorization header, or undefined when absent or malformed. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header || header.length > 8192) return undefined;
  return BEARER.exec(header)?.[1];
}

function unauthorized(message: string, challenge: string): ApiError {
  return new ApiError(401, "UNAUTHORIZED", message, undefined, {
    "WWW-Authenticate": challenge,
  });
}

/**
 * Middleware admitting only admins, and with a `task` only the admins whose role may do it.
 *
 * @example
 * const admin = new Hono<AdminEnv>();
 * admin.use("/api/orders/*", requireAdmin(tokens, "orders"));
 * admin.get("/api/orders", (c) => c.json({ by: c.get("admin").email }));
 */
export function requireAdmin(tokens: TokenService, task?: AdminTask): MiddlewareHandler<AdminEnv> {
  return async (c, next) => {
    const token = bearerToken(c.req.header("Authorization"));
    if (!token) {
      return errorResponse(c as Context, unauthorized("Authentication required", "Bearer"));
    }
    const result = await tokens.verify(token);
    if (result.kind === "invalid") {
      const error = unauthorized(
        "Invalid or expired token",
        'Bearer error="invalid_token"',
      );
      return errorResponse(c as Context, error);
    }
    if (result.claims.role !== "admin") {
      return errorResponse(
        c as Context,
        new ApiError(403, "FORBIDDEN", "Administrator rights required"),
      );
    }
    const role = result.claims.adminRole;
    if (task !== undefined && (role === undefined || !mayDo(role, task))) {
      return errorResponse(c as Context, new ApiError(403, "FORBIDDEN", refusal(task)));
    }
    c.set("admin", result.claims);
    await next();
  };
}
