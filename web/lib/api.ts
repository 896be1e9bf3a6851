/**
 * The one client of the shop's JSON API, for the storefront's islands and the admin area
 * (web/admin/api.ts wraps it with the admin's session). A call may carry a bearer token,
 * every failure becomes an `ApiFailure` read from the shop's error shape
 * `{error: {code, message, details}}` (a network failure too, with status 0), and a 401
 * on a call that carried a token is reported to the session that owns it.
 */
import type { WireError } from "../../contract/records.ts";

/** A failed call: the HTTP status and the API's error body (or a network failure, status 0). */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "ApiFailure";
  }
}

export type Query = Record<string, string | number | undefined>;

export interface ApiClientOptions {
  /** Reads the current token; null when logged out. None: calls go without a token. */
  getToken?(): string | null;
  /** Called on a 401 answer to a call that was not anonymous, before the failure is thrown. */
  onUnauthorized?(): void;
  /**
   * Ask the shop again on every GET (`cache: "no-cache"`, answered 304 while unchanged):
   * the answers' `stale-while-revalidate` is meant for shared caches, and a browser that
   * followed it would show a cart a stock or price it kept from before.
   */
  revalidate?: boolean;
  /** Defaults to the global fetch; tests pass their own. */
  fetch?: typeof fetch;
  /** Defaults to "" (same origin). */
  baseUrl?: string;
}

export interface RequestOptions {
  /** Leave out the token and do not end the session on 401 (the login call). */
  anonymous?: boolean;
  /** Send this token instead of the session's (ending a token that is not kept). */
  token?: string;
  /** Headers besides the client's own (an Idempotency-Key). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface ApiClient {
  get<T>(path: string, query?: Query, options?: RequestOptions): Promise<T>;
  /** JSON body for plain objects, multipart for FormData, a file as it is, none when undefined. */
  send<T>(method: string, path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  /** GET of a binary answer, such as the order slip. */
  blob(path: string): Promise<Blob>;
}

/** Builds `/path?a=1&b=2`, leaving out undefined and empty values. */
export function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === "") continue;
    params.set(name, String(value));
  }
  const text = params.toString();
  return text === "" ? path : `${path}?${text}`;
}

/** Reads `Retry-After` in seconds (the date form is turned into seconds from now). */
export function parseRetryAfter(header: string | null, now = Date.now()): number | undefined {
  if (header === null || header.trim() === "") return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** Turns a non-2xx answer into an ApiFailure, whatever its body. */
export async function failureFrom(response: Response): Promise<ApiFailure> {
  const retryAfter = parseRetryAfter(response.headers.get("Retry-After"));
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const error = (body as Partial<Record<"error", Partial<WireError["error"]>>> | undefined)
    ?.error;
  if (error && typeof error.message === "string") {
    const code = typeof error.code === "string" ? error.code : `HTTP_${response.status}`;
    return new ApiFailure(response.status, code, error.message, error.details, retryAfter);
  }
  const message = response.statusText || `Request failed with status ${response.status}`;
  return new ApiFailure(response.status, `HTTP_${response.status}`, message, undefined, retryAfter);
}

/** Creates a client; the storefront's is below, the admin's carries its session. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const base = options.baseUrl ?? "";

  async function request(
    method: string,
    path: string,
    body: unknown,
    requestOptions: RequestOptions = {},
  ): Promise<Response> {
    const headers = new Headers({ Accept: "application/json, application/pdf" });
    const token = requestOptions.token ??
      (requestOptions.anonymous ? null : options.getToken?.() ?? null);
    if (token) headers.set("Authorization", `Bearer ${token}`);
    let payload: BodyInit | undefined;
    if (body instanceof FormData) {
      payload = body; // The browser sets the multipart boundary itself.
    } else if (body instanceof Blob) {
      headers.set("Content-Type", body.type || "application/octet-stream");
      payload = body;
    } else if (body !== undefined) {
      headers.set("Content-Type", "application/json");
      payload = JSON.stringify(body);
    }
    for (const [name, value] of Object.entries(requestOptions.headers ?? {})) {
      headers.set(name, value);
    }
    const init: RequestInit = { method, headers, body: payload, signal: requestOptions.signal };
    if (options.revalidate && method === "GET") init.cache = "no-cache";
    let response: Response;
    try {
      response = await doFetch(base + path, init);
    } catch (cause) {
      // A call given up by its caller stays an abort, for the caller to recognise.
      if (requestOptions.signal?.aborted) throw cause;
      const reason = cause instanceof Error ? cause.message : String(cause);
      throw new ApiFailure(0, "NETWORK", `Network error: ${reason}`);
    }
    if (response.ok) return response;
    if (response.status === 401 && !requestOptions.anonymous) options.onUnauthorized?.();
    throw await failureFrom(response);
  }

  async function json<T>(response: Response): Promise<T> {
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text === "" ? undefined : JSON.parse(text)) as T;
  }

  return {
    async get<T>(path: string, query?: Query, requestOptions?: RequestOptions) {
      return json<T>(await request("GET", withQuery(path, query), undefined, requestOptions));
    },
    async send<T>(method: string, path: string, body?: unknown, requestOptions?: RequestOptions) {
      return json<T>(await request(method, path, body, requestOptions));
    },
    async blob(path: string) {
      return (await request("GET", path, undefined)).blob();
    },
  };
}

/** The storefront's calls: no token (a customer's calls go through session.ts). */
const shop = createApiClient({ revalidate: true });

/** GETs JSON; throws ApiFailure for an error status or a network failure. */
export function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  return shop.get<T>(path, undefined, { signal });
}

/** POSTs JSON and reads the JSON answer. */
export function postJson<T>(
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  return shop.send<T>("POST", path, body, { headers });
}

/** Sends a multipart form (an upload) and reads the JSON answer. */
export function postForm<T>(path: string, form: FormData): Promise<T> {
  return shop.send<T>("POST", path, form);
}

/** A message fit to show: the API's own, or the browser's. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
