/**
 * What a signed-in person does with their session: log out (that token ends at once) and
 * change their password (every token of the account ends; the answer carries a new one,
 * so the person who changed it stays signed in). For admins and customers alike.
 */
import { Hono } from "hono";
import { z } from "zod";
import type { AccountRepository, PasswordHasher } from "../../domain/ports.ts";
import { errorBody } from "../errors.ts";
import { type AccountEnv, requireSignedIn } from "./require_account.ts";
import type { TokenClaims, TokenService } from "./tokens.ts";
import { defineRoute, serve } from "../route_spec.ts";
import { SignedInSchema } from "../../contract/records.ts";

export interface SessionRoutesDeps {
  accounts: AccountRepository;
  /** Hashes customers' passwords. */
  hasher: PasswordHasher;
  /** Hashes admins' passwords, in a lane of its own; `hasher` when absent. */
  adminHasher?: PasswordHasher;
  tokens: TokenService;
  /** Called after a password changed: ends the account's reset links. */
  onPasswordChanged?: (role: TokenClaims["role"], accountId: number) => Promise<void>;
}

/** The rules of a new password, as registration, change and reset take it. */
export const newPasswordField = (label: string) =>
  z.string({
    error: (issue) => issue.input === undefined ? `${label} is required` : `${label} must be text`,
  })
    .min(8, `${label} must be at least 8 characters`)
    .max(200, `${label} must be at most 200 characters`);

export const passwordChangeSchema = z.object({
  currentPassword: z.string({
    error: (issue) =>
      issue.input === undefined ? "Current password is required" : "Current password must be text",
  }).min(1, "Current password is required").max(1000, "Current password is too long"),
  newPassword: newPasswordField("New password"),
});

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

/** Ending one's session and changing one's password. */
export const SESSION_ROUTES = {
  logout: defineRoute({
    method: "POST",
    path: "/api/auth/logout",
    summary: "End this token's session at once",
    admin: false,
    signedIn: "any",
    ok: { status: 204 },
    errors: [401],
  }),
  password: defineRoute({
    method: "POST",
    path: "/api/auth/password",
    summary: "Change one's password: every earlier token of the account ends; a new one",
    admin: false,
    signedIn: "any",
    json: passwordChangeSchema,
    ok: { status: 200, schema: SignedInSchema },
    errors: [400, 401, 415, 503],
  }),
};

/**
 * POST /api/auth/logout and POST /api/auth/password: mount with `app.route("/", ...)`.
 *
 * @example
 * app.route("/", sessionRoutes({ accounts, hasher, tokens }));
 */
export function sessionRoutes(deps: SessionRoutesDeps): Hono<AccountEnv> {
  const app = new Hono<AccountEnv>();
  const signedIn = requireSignedIn(deps.tokens);

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
    if (!await hasher.verify(currentPassword, stored)) {
      const message = "Current password is not right";
      return c.json(
        errorBody("VALIDATION_FAILED", message, [{ field: "currentPassword", message }]),
        400,
      );
    }
    const hash = await hasher.hash(newPassword);
    if (claims.role === "admin") await deps.accounts.setAdminPassword(claims.email, hash);
    else await deps.accounts.setCustomerPassword(claims.id, hash);
    await deps.tokens.endAll(claims.role, claims.id);
    await deps.onPasswordChanged?.(claims.role, claims.id);
    const issued = await deps.tokens.issue({
      id: claims.id,
      email: claims.email,
      role: claims.role,
    });
    c.header("Cache-Control", "no-store");
    return c.json({ token: issued.token, expiresAt: issued.expiresAt, role: claims.role }, 200);
  }, [signedIn]);

  return app;
}
