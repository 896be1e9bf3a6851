/**
 * The one client of the shop's JSON API, for the storefront's islands and the admin area
 * (web/admin/api.ts wraps it with the admin's session). A call names a route by its place in
 * contract/paths.ts (`api.call(ORDER_PATHS.place, { json, headers })`), and takes the
 * types of its path parameters, query, body and answer from the route's declaration in
 * contract/routes/, imported as types only: the browser carries the paths, never the
 * schemas. A call may carry a bearer token, every failure becomes an `ApiFailure` read from
 * the shop's error shape `{error: {code, message, details}}` (a network failure too, with
 * status 0), and a 401 on a call that carried a token is reported to the session that owns it.
 *
 * Why not Hono's `hc<typeof app>`: it types a client from one Hono app built by chained
 * `.get()`/`.route()` calls, with answers typed by what handlers return; the shop's routes
 * are served one by one from their declarations (http/routes/route_spec.ts), the browser may not
 * import the server's types, and the declarations already hold every request and answer
 * schema. A client read from the same table keeps one source and adds no package.
 */
import type { WireError } from "../../contract/records.ts";
import { type Endpoint, fillPath } from "../../contract/paths.ts";
import type { AnswerOf, AnswersFile, RequestOf } from "../../contract/route.ts";
import type { RouteAt } from "../../contract/routes/mod.ts";

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

export type Query = Record<string, string | number | boolean | undefined>;

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

/** What a call of the route at `E` sends, and the options of any call; the request may be left
 * out when nothing in it is required. */
export type CallArgs<E extends Endpoint> = Record<never, never> extends RequestOf<RouteAt<E>>
  ? [request?: RequestOf<RouteAt<E>>, options?: RequestOptions]
  : [request: RequestOf<RouteAt<E>>, options?: RequestOptions];

export interface ApiClient {
  /** Calls the route at `endpoint` and reads its JSON answer (undefined for 204). */
  call<E extends Endpoint>(endpoint: E, ...args: CallArgs<E>): Promise<AnswerOf<RouteAt<E>>>;
  /** Calls a route that answers a file (CSV, PDF, an image) and reads it whole. */
  file<E extends Endpoint>(
    endpoint: E & (AnswersFile<RouteAt<E>> extends true ? unknown : never),
    ...args: CallArgs<E>
  ): Promise<Blob>;
  /** GETs the JSON of one of the pages' own helpers outside the API (the checkout's cities). */
  pageJson<T>(path: string, signal?: AbortSignal): Promise<T>;
}

/** The URL of a call: the path with its parameters filled, then its query. */
export function callUrl(
  endpoint: Endpoint,
  request: { params?: Record<string, string | number>; query?: Query } = {},
): string {
  return withQuery(fillPath(endpoint.path, request.params), request.query);
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

  /** The request of a call as fetch sends it: its URL, method, body and headers. */
  function send(endpoint: Endpoint, args: unknown[]): Promise<Response> {
    const call = (args[0] ?? {}) as {
      params?: Record<string, string | number>;
      query?: Query;
      headers?: Record<string, string | undefined>;
      json?: unknown;
      form?: FormData;
      csv?: Blob;
    };
    const requestOptions = (args[1] ?? {}) as RequestOptions;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(call.headers ?? {})) {
      if (value !== undefined) headers[name] = value;
    }
    const body = call.form ??
      (call.csv ? new Blob([call.csv], { type: "text/csv" }) : call.json);
    return request(endpoint.method, callUrl(endpoint, call), body, {
      ...requestOptions,
      headers: { ...headers, ...requestOptions.headers },
    });
  }

  return {
    async call(endpoint, ...args) {
      return await json(await send(endpoint, args));
    },
    async file(endpoint, ...args) {
      return await (await send(endpoint, args)).blob();
    },
    async pageJson<T>(path: string, signal?: AbortSignal) {
      return await json<T>(await request("GET", path, undefined, { signal }));
    },
  };
}

/** The storefront's calls: no token (a customer's calls go through session.ts). */
export const shopApi: ApiClient = createApiClient({ revalidate: true });

export { errorMessage } from "./error_message.ts";
