/**
 * The background loop that empties the outbox: runs `dispatchDueMail` every interval,
 * never two rounds at once, goes on after errors (a database or mail server that is
 * down) and stops cleanly, waiting for the round under way. It keeps the round's memory
 * of mails sent but not yet marked sent, so that a database that comes back gets the mark
 * rather than a second mail.
 */
import {
  DISPATCH_DEFAULTS,
  type DispatchDeps,
  dispatchDueMail,
  dispatchMemory,
  type DispatchOptions,
} from "../../domain/orders/dispatch_outbox.ts";
import { startRounds } from "../jobs/rounds.ts";

export interface OutboxDispatcherOptions {
  /** Pause between rounds; 2 s by default. */
  intervalMs?: number;
  /** Told about a round that failed as a whole; logs to stderr by default. */
  onError?: (error: unknown) => void;
  /** Batch size, lease and retry waits for each round. */
  dispatch?: DispatchOptions;
  /** Told when a round has finished, whatever it did (the tests count rounds with it). */
  onRound?: () => void;
}

export interface OutboxDispatcher {
  /** Stops the loop; resolves when the round under way (if any) has finished. */
  stop(): Promise<void>;
  /** Runs a round now (or right after the current one), e.g. after an order was placed. */
  kick(): void;
}

function logError(error: unknown): void {
  console.error("Mail outbox round failed:", error instanceof Error ? error.message : error);
}

/** Starts the loop; the first round runs at once. */
export function startOutboxDispatcher(
  deps: DispatchDeps,
  opts: OutboxDispatcherOptions = {},
): OutboxDispatcher {
  const intervalMs = opts.intervalMs ?? 2_000;
  const onError = opts.onError ?? logError;
  const batch = opts.dispatch?.batch ?? DISPATCH_DEFAULTS.batch;
  // Mails sent whose mark failed: marked by the next round, never sent again by this loop.
  const memory = dispatchMemory();

  async function round(): Promise<boolean> {
    try {
      const result = await dispatchDueMail(deps, opts.dispatch, memory);
      // A full batch means more may be due: go on without waiting.
      return result.sent + result.failed >= batch;
    } catch (error) {
      try {
        onError(error);
      } catch {
        // A failing error handler must not end the loop.
      }
      return false;
    }
  }

  const rounds = startRounds(round, { intervalMs, onRound: opts.onRound });
  return {
    async stop() {
      await rounds.stop();
      // One last try at the marks owed: a mark lost here is a mail sent again at the next start.
      for (const [id, at] of memory.sentUnmarked) {
        await deps.outbox.markSent(id, at).then(() => memory.sentUnmarked.delete(id), () => {});
      }
    },
    kick: rounds.kick,
  };
}
