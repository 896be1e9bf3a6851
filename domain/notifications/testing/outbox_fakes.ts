/**
 * In-memory doubles for the outbox, the order lookup, the mailer and the clock: enough of
 * each port to drive `dispatchDueMail` in tests without a database or a mail server.
 */
import type {
  Clock,
  Mailer,
  MailKind,
  MailMessage,
  OrderRepository,
  Outbox,
  OutboxEntry,
} from "../../ports.ts";
import type { Order } from "../../orders/model.ts";

/** An outbox row as the memory outbox keeps it. */
export interface MemoryOutboxRow extends OutboxEntry {
  nextAttemptAt: Date;
  leasedUntil: Date | null;
  sentAt: Date | null;
  lastError: string | null;
}

/** Claims by lease like the database outbox: a claimed entry is invisible until its lease ends. */
export class MemoryOutbox implements Outbox {
  readonly rows: MemoryOutboxRow[] = [];

  add(kind: MailKind, orderId: number, at: Date): MemoryOutboxRow {
    const row: MemoryOutboxRow = {
      id: this.rows.length + 1,
      kind,
      orderId,
      attempts: 0,
      nextAttemptAt: at,
      leasedUntil: null,
      sentAt: null,
      lastError: null,
    };
    this.rows.push(row);
    return row;
  }

  claimDue(now: Date, limit: number, leaseMs: number): Promise<OutboxEntry[]> {
    const due = this.rows.filter((r) =>
      r.sentAt === null && r.nextAttemptAt <= now &&
      (r.leasedUntil === null || r.leasedUntil <= now)
    ).slice(0, limit);
    for (const row of due) row.leasedUntil = new Date(now.getTime() + leaseMs);
    return Promise.resolve(
      due.map(({ id, kind, orderId, attempts }) => ({ id, kind, orderId, attempts })),
    );
  }

  markSent(id: number, at: Date): Promise<void> {
    const row = this.row(id);
    row.sentAt = at;
    row.leasedUntil = null;
    return Promise.resolve();
  }

  markFailed(id: number, error: string, nextAttemptAt: Date): Promise<void> {
    const row = this.row(id);
    row.attempts++;
    row.lastError = error;
    row.nextAttemptAt = nextAttemptAt;
    row.leasedUntil = null;
    return Promise.resolve();
  }

  private row(id: number): MemoryOutboxRow {
    const row = this.rows.find((r) => r.id === id);
    if (!row) throw new Error(`No outbox entry ${id}`);
    return row;
  }
}

/** Finds orders from a map: all the mail dispatcher reads. */
export class MemoryOrderLookup implements Pick<OrderRepository, "findById"> {
  readonly orders = new Map<number, Order>();

  constructor(orders: Order[] = []) {
    for (const order of orders) this.orders.set(order.id, order);
  }

  findById(id: number): Promise<Order | undefined> {
    return Promise.resolve(this.orders.get(id));
  }
}

/** Keeps every message it is asked to send; refuses them while `failWith` is set. */
export class RecordingMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  failWith: Error | null = null;

  send(message: MailMessage): Promise<void> {
    if (this.failWith) return Promise.reject(this.failWith);
    this.sent.push(message);
    return Promise.resolve();
  }
}

/** A clock that moves only when told to. */
export class ManualClock implements Clock {
  constructor(private current: Date) {}

  now(): Date {
    return new Date(this.current.getTime());
  }

  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}
