/**
 * The admin's HTTP client: the storefront's one client (web/lib/api.ts) with the admin's
 * session. Every call carries `Authorization: Bearer <token>`, and any 401 ends the
 * session (the server is the judge of the token; the browser only follows).
 */
import { type ApiClient, createApiClient as createClient, errorMessage } from "../lib/api.ts";

export { ApiFailure, failureFrom, parseRetryAfter, withQuery } from "../lib/api.ts";
export type { ApiClient, Query, RequestOptions } from "../lib/api.ts";

export interface AdminApiOptions {
  /** Reads the current token; null when logged out. */
  getToken(): string | null;
  /** Called on any 401 answer, before the failure is thrown. */
  onUnauthorized(): void;
  /** Defaults to the global fetch; tests pass their own. */
  fetch?: typeof fetch;
  /** Defaults to "" (same origin). */
  baseUrl?: string;
}

/** Creates the client used by every admin screen. */
export function createApiClient(options: AdminApiOptions): ApiClient {
  return createClient(options);
}

/** The message to show for a failure of any kind. */
export const messageOf = errorMessage;
