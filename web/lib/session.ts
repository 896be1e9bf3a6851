/**
 * The signed-in customer's token in the browser (localStorage, like the cart), and calls
 * to the API that carry it. A call answered 401 forgets the token: it has ended.
 */
import { ApiFailure } from "./api.ts";

const KEY = "pothgula-session";

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

/** Calls the API with the session's token; 401 forgets the session and throws. */
export async function callWithSession<T>(
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const session = readSession();
  if (!session) throw new ApiFailure(401, "UNAUTHORIZED", "Please log in");
  const response = await fetch(path, {
    method,
    headers: {
      Accept: "application/json",
      Authorization: `Bearer ${session.token}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status === 401) writeSession(null);
  if (!response.ok) {
    let error: { code?: string; message?: string; details?: unknown } = {};
    try {
      error = (await response.json())?.error ?? {};
    } catch {
      // Not JSON.
    }
    throw new ApiFailure(
      response.status,
      String(error.code ?? "HTTP_ERROR"),
      error.message ?? `${response.status} ${response.statusText}`.trim(),
      error.details,
    );
  }
  return response.status === 204 ? undefined as T : await response.json() as T;
}

/** Ends the session on the server, then forgets it here (even when the server says it ended). */
export async function logOut(): Promise<void> {
  try {
    await callWithSession("POST", "/api/auth/logout");
  } catch {
    // Ended already, or offline: forgotten here either way.
  }
  writeSession(null);
}
