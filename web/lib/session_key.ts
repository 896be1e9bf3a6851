/**
 * Where the browser keeps the signed-in customer's session (web/lib/session.ts): apart, so
 * that the checkout can tell whether anyone is signed in without loading the API's client.
 */

/** The browser's localStorage key the session lives under. */
export const SESSION_STORAGE_KEY = "pothgula-session";

/** Whether a session is kept (expired or not: session.ts reads it). */
export function hasSession(): boolean {
  try {
    return globalThis.localStorage?.getItem(SESSION_STORAGE_KEY) != null;
  } catch {
    return false;
  }
}
