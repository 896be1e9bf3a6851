/** A steady stream of orders from several concurrent shoppers, each answer kept with its buyer. */
import {
  type Answer,
  type CreatedBook,
  type Destination,
  orderBody,
  placeOrder,
} from "./shop_api.ts";

export interface Attempt extends Answer {
  email: string;
  /** Milliseconds from the start of the load to the request's sending. */
  sentAt: number;
  /** Milliseconds from the start of the load to the answer. */
  at: number;
}

export interface OrderLoad {
  attempts: Attempt[];
  /** Stops sending; resolves when every request under way has its answer. */
  stop(): Promise<Attempt[]>;
}

/**
 * `workers` shoppers each place one-copy orders back to back, with a fresh e-mail each
 * (`<prefix>-<n>@example.lk`), until stopped. `keepGoing` may end a worker early (e.g. once
 * the server stops answering).
 */
export function startOrderLoad(options: {
  url: string;
  book: CreatedBook;
  destination: Destination;
  workers: number;
  prefix: string;
  timeoutMs?: number;
  keepGoing?: (attempt: Attempt) => boolean;
}): OrderLoad {
  const attempts: Attempt[] = [];
  const started = performance.now();
  let stopped = false;
  let next = 0;
  const worker = async () => {
    while (!stopped) {
      const email = `${options.prefix}-${next++}@example.lk`;
      const sentAt = performance.now() - started;
      const answer = await placeOrder(
        options.url,
        orderBody(options.book, options.destination, email),
        { timeoutMs: options.timeoutMs ?? 30_000 },
      );
      const attempt = { ...answer, email, sentAt, at: performance.now() - started };
      attempts.push(attempt);
      if (options.keepGoing && !options.keepGoing(attempt)) return;
      // A shopper refused tries again a moment later, as a person would: the pause is the
      // load's pacing, not a wait of the test's.
      if (answer.status !== 201) await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const running = Promise.all(Array.from({ length: options.workers }, worker));
  return {
    attempts,
    async stop() {
      stopped = true;
      await running;
      return attempts;
    },
  };
}
