/**
 * In-memory doubles for the outbox, the order lookup, the mailer and the clock: enough of
 * each port to drive `dispatchDueMail` in tests without a database or a mail server.
 */
import type {
  AccountMail,
  Clock,
  Mail,
  Mailer,
  MailKind,
  MailMessage,
  MailRenderer,
  OrderRepository,
  Outbox,
  OutboxEntry,
} from "../../ports.ts";
import type { AccountMailKind } from "../account_mail.ts";
import { BACK_IN_STOCK_KIND, DIGEST_MAIL_KINDS } from "../mail_kinds.ts";
import type { DigestMailKind } from "../ports.ts";
import { storedAccountMail } from "../account_mail.ts";
import type { Order } from "../../orders/model.ts";
import type { OutboxChannel, SmsKind } from "../sms_kinds.ts";
import type { SmsMessage, SmsNotice, SmsRenderer, SmsSender } from "../sms.ts";

/** An outbox row as the memory outbox keeps it: an order's id or an account mail's facts. */
export interface MemoryOutboxRow {
  id: number;
  /** A mail, or a text beside an order's mail. */
  channel: OutboxChannel;
  kind: MailKind | AccountMailKind | typeof BACK_IN_STOCK_KIND;
  orderId: number | null;
  /** The back-in-stock request a `back_in_stock` mail names. */
  stockRequestId?: number;
  payload: unknown;
  attempts: number;
  nextAttemptAt: Date;
  leasedUntil: Date | null;
  /** When an attempt was marked under way; cleared by its outcome. */
  sendingAt: Date | null;
  sentAt: Date | null;
  lastError: string | null;
  messageId: string;
}

function isDigest(row: Pick<MemoryOutboxRow, "kind" | "channel">): boolean {
  return row.channel === "mail" && (DIGEST_MAIL_KINDS as readonly string[]).includes(row.kind);
}

function entryOf(row: MemoryOutboxRow): OutboxEntry {
  const { id, attempts, messageId } = row;
  const resend = row.sendingAt !== null;
  const base = { id, attempts, messageId, resend };
  if (row.channel === "sms") {
    return { ...base, channel: "sms", kind: row.kind as SmsKind, orderId: row.orderId! };
  }
  if (row.stockRequestId !== undefined) {
    return {
      ...base,
      channel: "mail",
      kind: BACK_IN_STOCK_KIND,
      stockRequestId: row.stockRequestId,
    };
  }
  return row.orderId !== null
    ? { ...base, channel: "mail", kind: row.kind as MailKind, orderId: row.orderId }
    : { ...base, channel: "mail", kind: row.kind as AccountMailKind, payload: row.payload };
}

/** Claims by lease like the database outbox: a claimed entry is invisible until its lease ends. */
export class MemoryOutbox implements Outbox {
  readonly rows: MemoryOutboxRow[] = [];

  constructor(private readonly clock: () => Date = () => new Date()) {}

  add(kind: MailKind, orderId: number, at: Date): MemoryOutboxRow {
    return this.push({ channel: "mail", kind, orderId, payload: null }, at);
  }

  /** Puts a text beside an order's mail of `kind`, as an order repository with SMS on does. */
  addText(kind: SmsKind, orderId: number, at: Date): MemoryOutboxRow {
    return this.push({ channel: "sms", kind, orderId, payload: null }, at);
  }

  /** Stores an account mail as the database does: its versioned facts, as JSON. */
  enqueue(mail: AccountMail): Promise<void> {
    const payload = JSON.parse(JSON.stringify(storedAccountMail(mail)));
    this.push({ channel: "mail", kind: mail.kind, orderId: null, payload }, this.clock());
    return Promise.resolve();
  }

  /** The account mails waiting, as stored. */
  queuedAccountMail(): { kind: string; payload: Record<string, unknown> }[] {
    return this.rows.filter((r) =>
      r.orderId === null && r.stockRequestId === undefined && r.sentAt === null
    )
      .map((r) => ({ kind: r.kind, payload: r.payload as Record<string, unknown> }));
  }

  /** Puts a back-in-stock mail naming its request, as migration 0035's triggers do. */
  addStockAlert(stockRequestId: number, at: Date): MemoryOutboxRow {
    return this.push(
      { channel: "mail", kind: BACK_IN_STOCK_KIND, orderId: null, stockRequestId, payload: null },
      at,
    );
  }

  push(
    what: Pick<MemoryOutboxRow, "channel" | "kind" | "orderId" | "payload" | "stockRequestId">,
    at: Date,
  ): MemoryOutboxRow {
    const id = this.rows.length + 1;
    const row: MemoryOutboxRow = {
      id,
      ...what,
      attempts: 0,
      nextAttemptAt: at,
      leasedUntil: null,
      sendingAt: null,
      sentAt: null,
      lastError: null,
      messageId: `memory-outbox-${id}`,
    };
    this.rows.push(row);
    return row;
  }

  claimDue(now: Date, limit: number, leaseMs: number): Promise<OutboxEntry[]> {
    return this.#claim(now, limit, leaseMs, (row) => !isDigest(row));
  }

  claimDigest(now: Date, kind: DigestMailKind, leaseMs: number): Promise<OutboxEntry[]> {
    return this.#claim(now, 500, leaseMs, (row) => row.channel === "mail" && row.kind === kind);
  }

  /** Adds a notice of a digest kind for an order, due at `dueAt`, unless one is waiting. */
  addNotice(kind: DigestMailKind, orderId: number, dueAt: Date): void {
    const waiting = this.rows.some((r) =>
      r.channel === "mail" && r.kind === kind && r.orderId === orderId && r.sentAt === null
    );
    if (!waiting) this.push({ channel: "mail", kind, orderId, payload: null }, dueAt);
  }

  #claim(
    now: Date,
    limit: number,
    leaseMs: number,
    wanted: (row: MemoryOutboxRow) => boolean,
  ): Promise<OutboxEntry[]> {
    const due = this.rows.filter((r) =>
      wanted(r) && r.sentAt === null && r.nextAttemptAt <= now &&
      (r.leasedUntil === null || r.leasedUntil <= now)
    ).slice(0, limit);
    for (const row of due) row.leasedUntil = new Date(now.getTime() + leaseMs);
    return Promise.resolve(due.map(entryOf));
  }

  markSending(id: number, at: Date): Promise<void> {
    this.row(id).sendingAt = at;
    return Promise.resolve();
  }

  markSent(id: number, at: Date): Promise<void> {
    const row = this.row(id);
    row.sentAt = at;
    row.leasedUntil = null;
    row.sendingAt = null;
    if (row.orderId === null) row.payload = null;
    return Promise.resolve();
  }

  markWaiting(id: number, reason: string, nextAttemptAt: Date): Promise<void> {
    const row = this.row(id);
    row.lastError = reason;
    row.nextAttemptAt = nextAttemptAt;
    row.leasedUntil = null;
    row.sendingAt = null;
    return Promise.resolve();
  }

  markFailed(id: number, error: string, nextAttemptAt: Date): Promise<void> {
    const row = this.row(id);
    row.attempts++;
    row.lastError = error;
    row.nextAttemptAt = nextAttemptAt;
    row.leasedUntil = null;
    row.sendingAt = null;
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

/**
 * Writes each mail as a short summary and keeps the mail it was given: tests of the
 * dispatcher look at what was decided, the mail adapter's tests at the words.
 */
export class RecordingRenderer implements MailRenderer {
  readonly mails: Mail[] = [];

  render(mail: Mail): MailMessage {
    this.mails.push(mail);
    const about = "order" in mail ? ` #${mail.order.id}` : "";
    return {
      to: mail.to,
      subject: `${mail.kind}${about} (${mail.language})`,
      text: JSON.stringify(mail),
      html: "",
    };
  }
}

/**
 * Keeps every text it is asked to send. `failWith` makes it throw (an SmsRefusedError or an
 * SmsUnavailableError); `refuse` lists numbers it refuses with `refusal`.
 */
export class RecordingSmsSender implements SmsSender {
  readonly sent: SmsMessage[] = [];
  /** Every call, sent or not. */
  calls = 0;
  failWith: Error | null = null;
  readonly refuse = new Map<string, Error>();

  send(message: SmsMessage): Promise<void> {
    this.calls++;
    const refusal = this.refuse.get(message.to) ?? this.failWith;
    if (refusal) return Promise.reject(refusal);
    this.sent.push(message);
    return Promise.resolve();
  }
}

/** A word for "order" in each language: enough to tell a Sinhala text from an English one. */
const ORDER_WORD = { en: "Order", si: "ඇණවුම", ta: "ஆர்டர்" } as const;

/** Writes each text as its kind, order and language, and keeps the notice it was given. */
export class RecordingSmsRenderer implements SmsRenderer {
  readonly notices: SmsNotice[] = [];

  render(notice: SmsNotice): string {
    this.notices.push(notice);
    return `${notice.shopName}: ${ORDER_WORD[notice.language]} #${notice.orderId} ${notice.kind}`;
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
