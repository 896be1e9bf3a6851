/**
 * Mail at most once in practice: the database going away between a send and its mark
 * (a PostgreSQL restart) no longer sends the mail again when its lease ends, and a process
 * that dies in that moment leaves a resend that carries the first attempt's Message-ID.
 * Over the database outbox (PGlite and a PostgreSQL server), nodemailer and a real SMTP
 * peer on loopback.
 */
import assert from "node:assert/strict";
import { startOutboxDispatcher } from "./outbox_dispatcher.ts";
import { eventually } from "../../tests/support/eventually.ts";
import { NodemailerMailer } from "./nodemailer_mailer.ts";
import { type SmtpPeer, startSmtpPeer } from "./testing/smtp_peer.ts";
import { MessageFormatMailRenderer } from "./render/mod.ts";
import { PostgresOutbox } from "../postgres/outbox.ts";
import { testOnBothEngines } from "../postgres/testing/databases.ts";
import type { SqlClient } from "../postgres/sql_client.ts";
import {
  type DispatchDeps,
  dispatchDueMail,
  dispatchMemory,
} from "../../domain/orders/dispatch_outbox.ts";
import type {
  AccountMail,
  DigestMailKind,
  Mailer,
  MailMessage,
  Outbox,
  OutboxEntry,
} from "../../domain/ports.ts";
import { passwordResetMail } from "../../domain/notifications/account_mail.ts";
import { MemoryOrderLookup } from "../../domain/notifications/testing/outbox_fakes.ts";
import { SAMPLE_BANK, SAMPLE_SHOP } from "../../domain/notifications/testing/samples.ts";

/** The dispatch's clock, moved on by the test: leases and outages end when it says so. */
class TestClock {
  // From now: the outbox stamps what it queues with the time it is queued.
  at = Date.now();
  now = () => new Date(this.at);
  advance(ms: number): void {
    this.at += ms;
  }
}

/**
 * The database outbox, unreachable until the clock reaches `downUntil`: every call fails as
 * a dropped connection does.
 */
class FlakyOutbox implements Outbox {
  downUntil = 0;
  constructor(private readonly inner: Outbox, private readonly clock: TestClock) {}
  #check(): void {
    if (this.clock.at < this.downUntil) {
      throw new Error("connection terminated: the database is restarting");
    }
  }
  async enqueue(mail: AccountMail): Promise<void> {
    this.#check();
    await this.inner.enqueue(mail);
  }
  async claimDue(now: Date, limit: number, leaseMs: number): Promise<OutboxEntry[]> {
    this.#check();
    return await this.inner.claimDue(now, limit, leaseMs);
  }
  async claimDigest(now: Date, kind: DigestMailKind, leaseMs: number): Promise<OutboxEntry[]> {
    this.#check();
    return await this.inner.claimDigest(now, kind, leaseMs);
  }
  async markSending(id: number, at: Date): Promise<void> {
    this.#check();
    await this.inner.markSending(id, at);
  }
  async markSent(id: number, at: Date): Promise<void> {
    this.#check();
    await this.inner.markSent(id, at);
  }
  async markFailed(id: number, error: string, nextAttemptAt: Date): Promise<void> {
    this.#check();
    await this.inner.markFailed(id, error, nextAttemptAt);
  }
  async markWaiting(id: number, reason: string, nextAttemptAt: Date): Promise<void> {
    this.#check();
    await this.inner.markWaiting(id, reason, nextAttemptAt);
  }
}

/** Sends through `inner`; every `every`-th mail, the database goes away just after it. */
class OutageAfterSend implements Mailer {
  sends = 0;
  constructor(
    private readonly inner: Mailer,
    private readonly outbox: FlakyOutbox,
    private readonly clock: TestClock,
    private readonly plan: { every: number; outageMs: number },
  ) {}
  async send(message: MailMessage): Promise<void> {
    await this.inner.send(message);
    if (++this.sends % this.plan.every === 0) {
      this.outbox.downUntil = this.clock.at + this.plan.outageMs;
    }
  }
}

function deps(outbox: Outbox, mailer: Mailer, clock: TestClock): DispatchDeps {
  return {
    outbox,
    orders: new MemoryOrderLookup([]),
    renderer: new MessageFormatMailRenderer(SAMPLE_SHOP),
    mailer,
    clock,
    random: () => 0.5,
    shop: SAMPLE_SHOP,
    bank: SAMPLE_BANK,
  };
}

async function enqueueResets(outbox: Outbox, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    await outbox.enqueue(passwordResetMail(`reader${i}@example.lk`, `tok_${i}`, "en", SAMPLE_SHOP));
  }
}

async function unsent(sql: SqlClient): Promise<number> {
  const [row] = await sql.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM mail_outbox WHERE sent_at IS NULL",
  );
  return row.n;
}

/** How many mails reached the peer for each recipient. */
function perRecipient(peer: SmtpPeer): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of peer.messages) {
    for (const to of mail.envelopeTo) counts.set(to, (counts.get(to) ?? 0) + 1);
  }
  return counts;
}

/**
 * 40 mails; after every 10th send the database is away for 400 ms, longer than the 150 ms
 * lease. `forgetful` gives each round a fresh memory: the dispatcher as it was before.
 * Each round comes 50 ms of the clock after the last, as the dispatcher's loop does.
 */
async function outageRun(sql: SqlClient, forgetful: boolean) {
  const peer = await startSmtpPeer();
  const mailer = new NodemailerMailer({ smtpUrl: peer.url, from: "shop@pothgula.lk" });
  try {
    const clock = new TestClock();
    const outbox = new FlakyOutbox(new PostgresOutbox(sql), clock);
    await enqueueResets(outbox, 40);
    const mailing = new OutageAfterSend(mailer, outbox, clock, { every: 10, outageMs: 400 });
    const d = deps(outbox, mailing, clock);
    const options = { batch: 5, leaseMs: 150, baseDelayMs: 10, maxDelayMs: 50 };
    let memory = dispatchMemory();
    // The loop of outbox_dispatcher.ts, by hand, so that the memory can be dropped.
    let rounds = 0;
    while ((await unsent(sql)) > 0 || memory.sentUnmarked.size > 0) {
      assert.ok(++rounds <= 500, "every mail sent and marked within 500 rounds");
      clock.advance(50);
      if (forgetful) memory = dispatchMemory();
      await dispatchDueMail(d, options, memory).catch(() => {});
    }
    const counts = perRecipient(peer);
    return {
      mails: peer.messages.length,
      recipients: counts.size,
      doubled: [...counts.values()].filter((n) => n > 1).length,
    };
  } finally {
    mailer.close();
    await peer.stop();
  }
}

testOnBothEngines(
  "a database that goes away between a send and its mark gets the mark when it is back, not a second mail",
  async (sql) => {
    // As before: the round that lost its mark forgot the mail, and the lease sent it again.
    const before = await outageRun(sql, true);
    assert.equal(before.recipients, 40);
    assert.ok(before.doubled > 0, `the old way sent ${before.doubled} twice`);
    await sql.query("DELETE FROM mail_outbox");
    const now = await outageRun(sql, false);
    console.log(`before: ${JSON.stringify(before)}; now: ${JSON.stringify(now)}`);
    assert.deepEqual(now, { mails: 40, recipients: 40, doubled: 0 });
  },
);

testOnBothEngines(
  "a process that dies between a send and its mark leaves a resend with the first attempt's Message-ID",
  async (sql) => {
    const peer = await startSmtpPeer();
    const mailer = new NodemailerMailer({ smtpUrl: peer.url, from: "shop@pothgula.lk" });
    try {
      const clock = new TestClock();
      const outbox = new FlakyOutbox(new PostgresOutbox(sql), clock);
      await enqueueResets(outbox, 1);
      // The first process: sends, then the database goes away and the process dies with it.
      const dying = new OutageAfterSend(mailer, outbox, clock, { every: 1, outageMs: 60_000 });
      await assert.rejects(dispatchDueMail(deps(outbox, dying, clock), { leaseMs: 100 }));
      outbox.downUntil = 0;
      // A second process, after the lease: the entry comes back marked as a possible resend.
      clock.advance(150);
      const memory = dispatchMemory();
      const second = await dispatchDueMail(deps(outbox, mailer, clock), { leaseMs: 100 }, memory);
      assert.deepEqual(second, { sent: 1, failed: 0 });
      assert.equal(memory.resent, 1);
      assert.equal(peer.messages.length, 2);
      const [first, again] = peer.messages.map((m) => m.parsed.messageId);
      assert.match(first ?? "", /^<[\w-]+@pothgula\.example>$/);
      assert.equal(again, first);
      assert.equal(await unsent(sql), 0);
    } finally {
      mailer.close();
      await peer.stop();
    }
  },
);

Deno.test("startOutboxDispatcher() marks a mail whose mark failed in its next round instead of sending it again", async () => {
  const { MemoryOutbox } = await import("../../domain/notifications/testing/outbox_fakes.ts");
  const inner = new MemoryOutbox();
  const clock = new TestClock();
  const outbox = new FlakyOutbox(inner, clock);
  await enqueueResets(outbox, 3);
  const sent: MailMessage[] = [];
  const recording: Mailer = {
    send: (message) => {
      sent.push(message);
      return Promise.resolve();
    },
  };
  const mailing = new OutageAfterSend(recording, outbox, clock, { every: 1, outageMs: 200 });
  const loop = startOutboxDispatcher(deps(outbox, mailing, clock), {
    intervalMs: 10,
    onError: () => {},
    // The clock moves on by the interval after each round, as time would.
    onRound: () => clock.advance(10),
    dispatch: { leaseMs: 50 },
  });
  try {
    await eventually(() => inner.rows.every((r) => r.sentAt !== null), {
      what: "every mail marked sent",
    });
  } finally {
    await loop.stop();
  }
  assert.deepEqual(sent.map((m) => m.to), [
    "reader0@example.lk",
    "reader1@example.lk",
    "reader2@example.lk",
  ]);
  assert.equal(new Set(sent.map((m) => m.messageId)).size, 3);
});
