/**
 * The admin session kept in the browser: the token, the admin's role (owner or staff, as
 * the login answered it) and the `isAuthenticated` flag in localStorage, restored on load.
 * The flag and the role only spare a round trip and hide what the role may not do; the
 * server checks the token and its role on every call.
 */
import type { AdminRole } from "../../../domain/accounts/admin_roles.ts";
import { isAdminRole } from "../../../domain/accounts/admin_roles.ts";

export const TOKEN_KEY = "token";
export const AUTH_FLAG_KEY = "isAuthenticated";
export const EXPIRES_KEY = "tokenExpiresAt";
export const ROLE_KEY = "adminRole";

/** The part of the Storage interface the session needs. */
export type SessionStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export interface Session {
  token: string;
  /** ISO 8601, or null when the server did not say. */
  expiresAt: string | null;
  role: AdminRole;
}

/**
 * The stored session, or null when absent, flagged off or expired, or kept without a role
 * (from before roles: its token is refused too, so its admin signs in again).
 */
export function readSession(storage: SessionStorage, now: Date): Session | null {
  const token = storage.getItem(TOKEN_KEY);
  if (!token || storage.getItem(AUTH_FLAG_KEY) !== "true") return null;
  const role = storage.getItem(ROLE_KEY);
  if (!isAdminRole(role)) return null;
  const expiresAt = storage.getItem(EXPIRES_KEY);
  if (expiresAt !== null) {
    const at = Date.parse(expiresAt);
    if (!Number.isNaN(at) && at <= now.getTime()) return null;
  }
  return { token, expiresAt, role };
}

/** Keeps the session after a successful login. */
export function saveSession(storage: SessionStorage, session: Session): void {
  storage.setItem(TOKEN_KEY, session.token);
  storage.setItem(AUTH_FLAG_KEY, "true");
  storage.setItem(ROLE_KEY, session.role);
  if (session.expiresAt) storage.setItem(EXPIRES_KEY, session.expiresAt);
  else storage.removeItem(EXPIRES_KEY);
}

/** Forgets the session (logout, or any 401). */
export function clearSession(storage: SessionStorage): void {
  storage.removeItem(TOKEN_KEY);
  storage.removeItem(AUTH_FLAG_KEY);
  storage.removeItem(EXPIRES_KEY);
  storage.removeItem(ROLE_KEY);
}
