/**
 * Slow bodies are cut off: a request body must keep coming (no pause longer than
 * `idleMs`) and be complete within `totalMs` (longer for multipart forms, which carry
 * images), or the answer is 408 with `Connection: close`. The body is read here, under
 * the same size caps as the body limits, and handed on whole: a client trickling a body
 * ties up a connection for seconds, not for as long as it likes.
 */
import type { Context, MiddlewareHandler } from "hono";
import { ApiError } from "./errors.ts";

export interface BodyTimeouts {
  /** The longest pause between two pieces of a body. */
  idleMs: number;
  /** The longest a JSON (or other small) body may take. */
  totalMs: number;
  /** The longest a large upload may take (a form with images, a CSV file). */
  multipartTotalMs: number;
}

export const DEFAULT_BODY_TIMEOUTS: BodyTimeouts = {
  idleMs: 10_000,
  totalMs: 20_000,
  multipartTotalMs: 300_000,
};

function timedOut(seconds: number): ApiError {
  return new ApiError(
    408,
    "REQUEST_TIMEOUT",
    `The request body did not arrive in time (${seconds} s)`,
    undefined,
    { Connection: "close" },
  );
}

/** How much of a request's body may be read, and whether it is a large upload. */
export interface BodyAllowance {
  maxBytes: number;
  /** A form with images or a CSV file: it gets `multipartTotalMs`. */
  upload: boolean;
}

/**
 * Reads every body under the deadlines. `allowanceOf` gives the same size cap the body
 * limits apply to the request (one function serves both); a larger body is left for the
 * limits to refuse (they answer 413).
 */
export function bodyReadTimeouts(
  timeouts: BodyTimeouts,
  allowanceOf: (c: Context) => BodyAllowance,
): MiddlewareHandler {
  return async (c, next) => {
    const body = c.req.raw.body;
    if (!body) return await next();
    const { maxBytes: cap, upload } = allowanceOf(c);
    const declared = Number(c.req.header("Content-Length") ?? NaN);
    if (declared > cap) return await next(); // Refused by the limit without reading.
    const totalMs = upload ? timeouts.multipartTotalMs : timeouts.totalMs;
    const deadline = performance.now() + totalMs;
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const wait = Math.min(timeouts.idleMs, deadline - performance.now());
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<"late">((resolve) => {
        timer = setTimeout(() => resolve("late"), Math.max(0, wait));
      });
      const piece = await Promise.race([reader.read(), late]).finally(() => clearTimeout(timer));
      if (piece === "late") {
        reader.cancel().catch(() => {});
        const seconds = performance.now() >= deadline ? totalMs : timeouts.idleMs;
        throw timedOut(Math.round(seconds / 1000));
      }
      if (piece.done) break;
      chunks.push(piece.value);
      size += piece.value.length;
      if (size > cap) break; // The body limit answers 413 on what was read.
    }
    const whole = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      whole.set(chunk, offset);
      offset += chunk.length;
    }
    c.req.raw = new Request(c.req.raw, { body: whole });
    await next();
  };
}
