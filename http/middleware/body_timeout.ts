/**
 * Slow and oversized bodies are cut off as they are read: a request body must keep coming
 * (no pause longer than `idleMs`), be complete within `totalMs` of the request's arrival
 * (longer for uploads: a form with images, a CSV file) and stay within its route's cap,
 * or reading it fails with 408 (`Connection: close`) or 413. Nothing is read ahead: the
 * body flows to whoever reads it (a handler, after its route's checks), a piece at a time,
 * so a body no one reads costs nothing and one that is read is never held twice.
 */
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

/** How much of a request's body may be read, and how it is refused past that. */
export interface BodyAllowance {
  maxBytes: number;
  /** A form with images or a CSV file: it gets `multipartTotalMs`. */
  upload: boolean;
  /** The 413 answered past `maxBytes`. */
  tooLarge: () => ApiError;
}

/**
 * The body `source` as a stream that fails with the allowance's 413 once it passes
 * `maxBytes`, and with 408 when a piece is late (`idleMs`) or the whole is (`startedAt`
 * plus the total time). The source is pulled only as the stream is read, and cancelled
 * when it fails.
 *
 * @example
 * const guarded = guardedBody(request.body!, allowance, DEFAULT_BODY_TIMEOUTS, performance.now());
 * const text = await new Response(guarded).text(); // throws the 413 or 408 ApiError
 */
export function guardedBody(
  source: ReadableStream<Uint8Array>,
  allowance: BodyAllowance,
  timeouts: BodyTimeouts,
  startedAt: number,
): ReadableStream<Uint8Array> {
  const totalMs = allowance.upload ? timeouts.multipartTotalMs : timeouts.totalMs;
  const deadline = startedAt + totalMs;
  const reader = source.getReader();
  let size = 0;
  const fail = (controller: ReadableStreamDefaultController<Uint8Array>, error: ApiError) => {
    reader.cancel().catch(() => {});
    controller.error(error);
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const wait = Math.min(timeouts.idleMs, deadline - performance.now());
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<"late">((resolve) => {
        timer = setTimeout(() => resolve("late"), Math.max(0, wait));
      });
      const piece = await Promise.race([reader.read(), late]).finally(() => clearTimeout(timer));
      if (piece === "late") {
        const seconds = performance.now() >= deadline ? totalMs : timeouts.idleMs;
        return fail(controller, timedOut(Math.round(seconds / 1000)));
      }
      if (piece.done) return controller.close();
      size += piece.value.length;
      if (size > allowance.maxBytes) return fail(controller, allowance.tooLarge());
      controller.enqueue(piece.value);
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  }, { highWaterMark: 0 }); // Nothing pulled before a reader asks.
}
