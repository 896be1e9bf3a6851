/** A small client for the shop's JSON API, used by the islands. */

/** A failed call: the HTTP status and the API's error body (`{error: {code, message, details}}`). */
export class ApiFailure extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "ApiFailure";
  }
}

async function failure(response: Response): Promise<ApiFailure> {
  try {
    const body = await response.json();
    const error = body?.error;
    if (error && typeof error.message === "string") {
      return new ApiFailure(
        response.status,
        String(error.code ?? "ERROR"),
        error.message,
        error.details,
      );
    }
  } catch {
    // Not JSON: fall through to the status line.
  }
  return new ApiFailure(
    response.status,
    "HTTP_ERROR",
    `${response.status} ${response.statusText}`.trim(),
  );
}

/**
 * GETs JSON; throws ApiFailure for an error status and the network's own error when offline.
 * Always asked again of the shop (`no-cache`, answered 304 while unchanged): the answers'
 * `stale-while-revalidate` is meant for shared caches, and a browser that followed it would
 * show a cart a stock or price it kept from before.
 */
export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(path, {
    headers: { Accept: "application/json" },
    cache: "no-cache",
    signal,
  });
  if (!response.ok) throw await failure(response);
  return await response.json() as T;
}

/** POSTs JSON and reads the JSON answer. */
export async function postJson<T>(
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw await failure(response);
  return await response.json() as T;
}

/** A message fit to show: the API's own, or the browser's. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
