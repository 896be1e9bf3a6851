/**
 * The background loop that lapses unpaid Bank Deposit orders whose time is up: runs
 * `lapseDueOrders` every interval (15 s by default, so an order lapses within a minute of
 * its time), never two rounds at once in a process, goes on after errors and stops
 * cleanly. Several processes may run it on one database: each order is lapsed once
 * (the repository locks it), and nothing is kept in memory, so a restart loses nothing.
 */
import type { AuditActor, AuditTrail } from "../../domain/audit/audit.ts";
import { startRounds } from "./rounds.ts";
import { LAPSE_BATCH, type LapseDeps, lapseDueOrders } from "../../domain/orders/lapse_orders.ts";

/** Who the audit trail names for the orders a round lapses. */
export const LAPSE_ACTOR: AuditActor = { kind: "job", name: "lapse" };

export interface LapseWorkerOptions {
  /** The audit trail, which names the job for each lapse; none named without it. */
  audit?: Pick<AuditTrail, "actingAs">;
  /** Pause between rounds; 15 s by default. */
  intervalMs?: number;
  /** Told about a round that failed as a whole; logs to stderr by default. */
  onError?: (error: unknown) => void;
  /** Told of the orders a round lapsed (their mails go out through the outbox). */
  onLapsed?: (ids: number[]) => void;
  /** Told when a round has finished, whatever it did (/healthz counts them). */
  onRound?: () => void;
}

export interface LapseWorker {
  /** Stops the loop; resolves when the round under way (if any) has finished. */
  stop(): Promise<void>;
}

function logError(error: unknown): void {
  console.error("Lapse round failed:", error instanceof Error ? error.message : error);
}

/** Starts the loop; the first round runs at once. */
export function startLapseWorker(deps: LapseDeps, opts: LapseWorkerOptions = {}): LapseWorker {
  const intervalMs = opts.intervalMs ?? 15_000;
  const onError = opts.onError ?? logError;

  async function round(): Promise<boolean> {
    try {
      const lapse = () => lapseDueOrders(deps, LAPSE_BATCH);
      const ids = await (opts.audit ? opts.audit.actingAs(LAPSE_ACTOR, lapse) : lapse());
      if (ids.length > 0) opts.onLapsed?.(ids);
      // A full batch means more may be due: go on without waiting.
      return ids.length >= LAPSE_BATCH;
    } catch (error) {
      try {
        onError(error);
      } catch {
        // A failing error handler must not end the loop.
      }
      return false;
    }
  }

  return startRounds(round, { intervalMs, onRound: opts.onRound });
}
