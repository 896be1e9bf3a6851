/**
 * The signed-in customer's token in the browser (localStorage, like the cart), and calls
 * to the API that carry it. A call answered 401 forgets the token: it has ended.
 */
import { ApiFailure, type CallArgs, createApiClient } from "./api.ts";
import { AUTH_PATHS, type Endpoint } from "../../contract/paths.ts";
import type { AnswerOf } from "../../contract/route.ts";
import type { RouteAt } from "../../contract/routes/mod.ts";

import { SESSION_STORAGE_KEY as KEY } from "./session_key.ts";

export interface StoredSession {
  token: string;
  expiresAt: string;
  role: "admin" | "customer";
}

/** The stored session while it has not expired, else null. */
export function readSession(now = Date.now()): StoredSession | null {
  try {
    const raw = globalThis.localStorage?.getItem(KEY);
    if (!raw) return null;
    const session = JSON.parse(raw) as StoredSession;
    if (typeof session?.token !== "string" || Date.parse(session.expiresAt) <= now) return null;
    return session;
  } catch {
    return null;
  }
}

export function writeSession(session: StoredSession | null): void {
  if (session) globalThis.localStorage?.setItem(KEY, JSON.stringify(session));
  else globalThis.localStorage?.removeItem(KEY);
}

/** The customer's calls: the session's token, and a 401 forgets the session (it has ended). */
const withSession = createApiClient({
  getToken: () => readSession()?.token ?? null,
  onUnauthorized: () => writeSession(null),
});

/** Calls the route at `endpoint` with the session's token; 401 forgets the session and throws. */
export function callWithSession<E extends Endpoint>(
  endpoint: E,
  ...args: CallArgs<E>
): Promise<AnswerOf<RouteAt<E>>> {
  if (!readSession()) return Promise.reject(new ApiFailure(401, "UNAUTHORIZED", "Please log in"));
  return withSession.call(endpoint, ...args);
}

/** Ends the session on the server, then forgets it here (even when the server says it ended). */
export async function logOut(): Promise<void> {
  try {
    await callWithSession(AUTH_PATHS.logout);
  } catch {
    // Ended already, or offline: forgotten here either way.
  }
  writeSession(null);
}
