/**
 * A graceful stop that answers what was sent: on SIGTERM the shop does not close its
 * listener at once (requests already on their way over kept-alive connections would meet
 * a closed socket); it answers every new request 503 with `Connection: close` and
 * `Retry-After`, lets the requests under way finish, and closes once none is under way
 * and none has come for a short quiet time, or when the grace time is over.
 */
import { errorBody } from "./errors.ts";

type Handler = (
  request: Request,
  info: Deno.ServeHandlerInfo<Deno.NetAddr>,
) => Response | Promise<Response>;

export interface DrainOptions {
  /** The longest the stop waits for requests under way. */
  graceMs: number;
  /**
   * How long no request may arrive before the listener closes; 1 s by default, so that a
   * client that answered its last 201 with one more request on a kept-alive connection
   * still gets its 503 even when it is slow to send it.
   */
  quietMs?: number;
}

export interface DrainOutcome {
  /** Requests still under way when the grace time ran out. */
  unfinished: number;
  /** Requests answered 503 while closing. */
  turnedAway: number;
  waitedMs: number;
}

export interface Drainable {
  fetch: Handler;
  /** Requests being answered now. */
  readonly inFlight: number;
  /** Starts the stop; resolves when it is safe to close the listener. */
  drain(options: DrainOptions): Promise<DrainOutcome>;
}

const CLOSING_BODY = JSON.stringify(
  errorBody("SERVICE_UNAVAILABLE", "The shop is restarting, please try again in a moment", {
    retryAfterSeconds: 5,
  }),
);

/** Wraps a handler so that a stop can drain it. */
export function drainable(handler: Handler): Drainable {
  let inFlight = 0;
  let draining = false;
  let turnedAway = 0;
  let lastArrival = 0;
  const fetch: Handler = async (request, info) => {
    lastArrival = performance.now();
    if (draining) {
      turnedAway++;
      return new Response(CLOSING_BODY, {
        status: 503,
        headers: {
          "Content-Type": "application/json",
          "Retry-After": "5",
          "Connection": "close",
          "Cache-Control": "no-store",
        },
      });
    }
    inFlight++;
    try {
      return await handler(request, info);
    } finally {
      inFlight--;
    }
  };
  return {
    fetch,
    get inFlight() {
      return inFlight;
    },
    async drain({ graceMs, quietMs = 1_000 }) {
      draining = true;
      const started = performance.now();
      const deadline = started + graceMs;
      while (performance.now() < deadline) {
        const quiet = performance.now() - lastArrival >= quietMs;
        if (inFlight === 0 && quiet) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      return {
        unfinished: inFlight,
        turnedAway,
        waitedMs: Math.round(performance.now() - started),
      };
    },
  };
}
