/**
 * The one place where failures become HTTP. Every error answer has the shape
 * `{"error": {"code": "...", "message": "...", "details": ...}}`.
 */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { TimedOutError, UnavailableError } from "../../domain/ports.ts";
import { UnreadableImageError } from "../../domain/catalogue/image_variants.ts";

export type ErrorCode =
  | "BAD_REQUEST"
  | "VALIDATION_FAILED"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "DUPLICATE"
  | "INSUFFICIENT_STOCK"
  | "PRICE_CHANGED"
  | "INVALID_STATE"
  | "PAYLOAD_TOO_LARGE"
  | "REQUEST_TIMEOUT"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "RULE_VIOLATION"
  | "IDEMPOTENCY_MISMATCH"
  | "UNKNOWN_ITEMS"
  | "PREORDER_NEEDS_BANK_DEPOSIT"
  | "BAD_DESTINATION"
  | "TOO_MANY_REQUESTS"
  | "SERVICE_UNAVAILABLE"
  | "TIMED_OUT"
  | "INTERNAL"
  | "IN_USE"
  | "BAD_CSV"
  | "TOO_MANY_COPIES"
  | "HOLD_LIMIT"
  | "IN_STOCK"
  | "NOT_ON_SALE"
  | "VOUCHER_REFUSED"
  | "VOUCHER_CHANGED"
  | "TOO_MANY_ROWS"
  | "PROVIDER_FAILED";

/** An expected failure that a handler or middleware throws to answer with an error body. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** The error body, built field by field. */
export function errorBody(code: ErrorCode, message: string, details?: unknown) {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

/** Answers with an error body. */
export function errorResponse(c: Context, error: ApiError): Response {
  for (const [name, value] of Object.entries(error.headers ?? {})) c.header(name, value);
  return c.json(errorBody(error.code, error.message, error.details), error.status);
}

/** Where failures are written. Only unexpected ones reach `error`. */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** What is logged for a 503 from UnavailableError and from TimedOutError. */
export const UNAVAILABLE_LOG = "A store the shop needs is unavailable";
export const TIMED_OUT_LOG = "A database statement ran past its time limit";

/**
 * A logger that writes each of `messages` at most once per `everyMs` (10 s), with how many
 * of the same were left out since (`repeated`): a flood of 503s (a full hashing lane, a
 * database outage) writes a line every few seconds, not one per refused request. Other
 * lines pass as they are.
 */
export function boundedErrors(
  logger: Logger,
  options: { messages: readonly string[]; everyMs?: number; now?: () => number },
): Logger {
  const everyMs = options.everyMs ?? 10_000;
  const now = options.now ?? (() => performance.now());
  const seen = new Map<string, { at: number; left: number }>();
  return {
    info: (message, fields) => logger.info(message, fields),
    error(message, fields) {
      if (!options.messages.includes(message)) return logger.error(message, fields);
      const last = seen.get(message);
      const at = now();
      if (last && at - last.at < everyMs) {
        last.left++;
        return;
      }
      seen.set(message, { at, left: 0 });
      logger.error(message, last?.left ? { ...fields, repeated: last.left } : fields);
    },
  };
}

/** One bad field of a request: `items.0.quantity`, `price`, `body` for the whole body. */
export interface FieldProblem {
  field: string;
  message: string;
}

export interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
}

/** One entry per bad field, with its first problem. */
export function fieldProblems(issues: readonly IssueLike[]): FieldProblem[] {
  const byField = new Map<string, string>();
  for (const issue of issues) {
    const field = issue.path.map(String).join(".") || "body";
    if (!byField.has(field)) byField.set(field, issue.message);
  }
  return [...byField].map(([field, message]) => ({ field, message }));
}

/** 400 VALIDATION_FAILED naming each bad field. */
export function validationFailed(problems: FieldProblem[]): ApiError {
  const names = problems.map((p) => p.field).join(", ");
  return new ApiError(400, "VALIDATION_FAILED", `Invalid fields: ${names}`, problems);
}

/** 404 for a record that is not there: `notFound("Book", 7)` says `Book 7 was not found`. */
export function notFound(what: string, id: number | string): ApiError {
  return new ApiError(404, "NOT_FOUND", `${what} ${id} was not found`);
}

const CODE_BY_STATUS: Partial<Record<number, ErrorCode>> = {
  400: "BAD_REQUEST",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  422: "RULE_VIOLATION",
  429: "TOO_MANY_REQUESTS",
  503: "SERVICE_UNAVAILABLE",
};

/** 429 with Retry-After: a limit on the sender is full for `retryAfterSeconds`. */
export function tooManyRequests(
  message: string,
  retryAfterSeconds: number,
  more: Record<string, unknown> = {},
): ApiError {
  return new ApiError(
    429,
    "TOO_MANY_REQUESTS",
    message,
    { retryAfterSeconds, ...more },
    { "Retry-After": String(retryAfterSeconds) },
  );
}

/** 503 with Retry-After: the shop cannot answer now (its database is unavailable). */
export function serviceUnavailable(retryAfterSeconds: number): ApiError {
  return new ApiError(
    503,
    "SERVICE_UNAVAILABLE",
    "The shop is briefly unavailable, please try again shortly",
    { retryAfterSeconds },
    { "Retry-After": String(retryAfterSeconds) },
  );
}

/** Hono's own 4xx (malformed JSON, a body over the limit) with our error shape. */
function fromHttpException(error: HTTPException): ApiError | undefined {
  const code = CODE_BY_STATUS[error.status];
  if (!code || error.status >= 500) return undefined;
  const message = error.status === 400 && /json/i.test(error.message)
    ? "Malformed JSON in request body"
    : error.message || code;
  return new ApiError(error.status as ContentfulStatusCode, code, message);
}

/**
 * The one mapping from a failure to an HTTP answer, used by `app.onError` and by the
 * validation hooks. Expected failures keep their status; anything else is logged with
 * the request id and answered 500 without internals, the request id in the body and the
 * `X-Request-Id` header.
 */
export function toErrorResponse(
  c: Context,
  error: unknown,
  log: { logger: Logger; requestId: string },
): Response {
  if (error instanceof ApiError) return errorResponse(c, error);
  if (error instanceof UnavailableError) {
    log.logger.error(UNAVAILABLE_LOG, {
      requestId: log.requestId,
      method: c.req.method,
      path: c.req.path,
      error: error.message,
    });
    return errorResponse(c, serviceUnavailable(error.retryAfterSeconds));
  }
  if (error instanceof UnreadableImageError) {
    // An image that is not what its first bytes say (a CSV import's, a form's).
    return errorResponse(c, new ApiError(415, "UNSUPPORTED_MEDIA_TYPE", error.message));
  }
  if (error instanceof TimedOutError) {
    // The database answered, too slowly for one statement: a slow query, not an outage.
    log.logger.error(TIMED_OUT_LOG, {
      requestId: log.requestId,
      method: c.req.method,
      path: c.req.path,
      error: error.message,
    });
    return errorResponse(
      c,
      new ApiError(
        503,
        "TIMED_OUT",
        "The shop took too long to answer, please try again",
        { retryAfterSeconds: error.retryAfterSeconds },
        { "Retry-After": String(error.retryAfterSeconds) },
      ),
    );
  }
  if (error instanceof HTTPException) {
    const known = fromHttpException(error);
    if (known) return errorResponse(c, known);
  }
  log.logger.error("Unhandled error while answering a request", {
    requestId: log.requestId,
    method: c.req.method,
    path: c.req.path,
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  c.header("X-Request-Id", log.requestId);
  const body = errorBody("INTERNAL", "Something went wrong on our side", {
    requestId: log.requestId,
  });
  return c.json(body, 500);
}
