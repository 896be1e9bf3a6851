/** What every admin screen reaches for: the API client and the way out. */
import { createContext, useContext } from "react";
import type { ApiClient } from "./api.ts";
import type { AdminRole, AdminTask } from "../../domain/accounts/admin_roles.ts";

export interface AdminContextValue {
  api: ApiClient;
  /** Forgets the session here (the server already ended it, or answered 401). */
  logout(): void;
  /** Ends the session on the server, then forgets it here. */
  endSession(): Promise<void>;
  /** Keeps the new token a password change answered. */
  replaceSession(next: { token: string; expiresAt: string | null; role: AdminRole }): void;
  /** The signed-in admin's role; the screens hide what it may not do (the server refuses it). */
  role: AdminRole;
  /** Whether the signed-in admin's role may do `task` (domain/accounts/admin_roles.ts). */
  may(task: AdminTask): boolean;
}

export const AdminContext = createContext<AdminContextValue | null>(null);

/** The admin context; only screens inside the app's provider call it. */
export function useAdmin(): AdminContextValue {
  const value = useContext(AdminContext);
  if (value === null) throw new Error("useAdmin() needs the AdminContext provider");
  return value;
}
