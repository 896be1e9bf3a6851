import assert from "node:assert/strict";
import { eventually, gate, roundCounter, timersPass } from "../../tests/support/eventually.ts";
import { startOutboxDispatcher } from "./outbox_dispatcher.ts";
import { NodemailerMailer } from "./nodemailer_mailer.ts";
import { startSmtpPeer } from "./testing/smtp_peer.ts";
import type { DispatchDeps } from "../../domain/orders/dispatch_outbox.ts";
import type { Mailer, MailMessage } from "../../domain/ports.ts";
import {
  MemoryOrderLookup,
  MemoryOutbox,
  RecordingMailer,
} from "../../domain/notifications/testing/outbox_fakes.ts";
import {
  SAMPLE_BANK,
  SAMPLE_SHOP,
  sampleOrder,
} from "../../domain/notifications/testing/samples.ts";
import { MessageFormatMailRenderer } from "./render/mod.ts";

const systemClock = { now: () => new Date() };

function depsWith(mailer: Mailer, outbox = new MemoryOutbox()): DispatchDeps & {
  outbox: MemoryOutbox;
} {
  return {
    outbox,
    orders: new MemoryOrderLookup([1, 2, 3].map((id) => sampleOrder({ id }))),
    renderer: new MessageFormatMailRenderer(SAMPLE_SHOP),
    mailer,
    clock: systemClock,
    random: Math.random,
    shop: SAMPLE_SHOP,
    bank: SAMPLE_BANK,
  };
}

/**
 * A mailer whose every send stays open until `hold()` resolves, counting how many sends
 * overlap.
 */
class HeldMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  active = 0;
  maxActive = 0;
  constructor(private readonly hold: () => Promise<void>) {}
  async send(message: MailMessage): Promise<void> {
    this.active++;
    this.maxActive = Math.max(this.maxActive, this.active);
    await this.hold();
    this.active--;
    this.sent.push(message);
  }
}

Deno.test("startOutboxDispatcher() sends what is due at once and what comes later on its interval", async () => {
  const mailer = new RecordingMailer();
  const deps = depsWith(mailer);
  deps.outbox.add("order_placed", 1, new Date());
  const loop = startOutboxDispatcher(deps, { intervalMs: 20 });
  try {
    await eventually(() => mailer.sent.length === 1);
    deps.outbox.add("order_completed", 2, new Date());
    await eventually(() => mailer.sent.length === 2);
    assert.deepEqual(mailer.sent.map((m) => m.subject), [
      "Pothgula: order #1 received",
      "Pothgula: order #2 handed over to delivery",
    ]);
  } finally {
    await loop.stop();
  }
});

Deno.test("startOutboxDispatcher() never runs two rounds at once, however often it is kicked", async () => {
  // Each send stays open while the kicker below kicks five times.
  const mailer = new HeldMailer(() => timersPass(1, 5));
  const deps = depsWith(mailer);
  for (let i = 0; i < 6; i++) deps.outbox.add("order_placed", 1 + (i % 3), new Date());
  let claims = 0;
  const claim = deps.outbox.claimDue.bind(deps.outbox);
  deps.outbox.claimDue = (now, limit, leaseMs) => {
    claims++;
    return claim(now, limit, leaseMs);
  };
  const loop = startOutboxDispatcher(deps, { intervalMs: 1, dispatch: { batch: 2 } });
  const kicker = setInterval(() => loop.kick(), 1);
  try {
    await eventually(() => mailer.sent.length === 6);
  } finally {
    clearInterval(kicker);
    await loop.stop();
  }
  // Two overlapping rounds would claim different entries and send them side by side.
  assert.equal(mailer.maxActive, 1);
  assert.ok(claims >= 3);
  assert.equal(mailer.sent.length, 6);
});

Deno.test("startOutboxDispatcher() goes on after a round fails and reports the error", async () => {
  const mailer = new RecordingMailer();
  const deps = depsWith(mailer);
  deps.outbox.add("order_placed", 1, new Date());
  const claim = deps.outbox.claimDue.bind(deps.outbox);
  let outages = 2;
  deps.outbox.claimDue = (now, limit, leaseMs) =>
    outages-- > 0
      ? Promise.reject(new Error("connection to the database lost"))
      : claim(now, limit, leaseMs);
  const errors: unknown[] = [];
  const loop = startOutboxDispatcher(deps, { intervalMs: 10, onError: (e) => errors.push(e) });
  try {
    await eventually(() => mailer.sent.length === 1);
  } finally {
    await loop.stop();
  }
  assert.equal(errors.length, 2);
  assert.match(String(errors[0]), /connection to the database lost/);
});

Deno.test("startOutboxDispatcher() stop() waits for the round under way and ends the loop", async () => {
  const sending = gate();
  const mailer = new HeldMailer(sending.wait);
  const deps = depsWith(mailer);
  deps.outbox.add("order_placed", 1, new Date());
  const loop = startOutboxDispatcher(deps, { intervalMs: 10 });
  await eventually(() => mailer.active === 1);
  let stopped = false;
  const stopping = loop.stop().then(() => stopped = true);
  await timersPass(10, 3);
  assert.equal(stopped, false, "stop() waits while the mail is being sent");
  sending.open();
  await stopping;
  assert.equal(mailer.sent.length, 1);
  assert.ok(deps.outbox.rows[0].sentAt);
  deps.outbox.add("order_placed", 2, new Date());
  loop.kick();
  // Three periods of its interval pass: a loop still running would have sent it.
  await timersPass(10, 3);
  assert.equal(mailer.sent.length, 1);
});

Deno.test("startOutboxDispatcher() kick() runs a round without waiting for the interval", async () => {
  const mailer = new RecordingMailer();
  const deps = depsWith(mailer);
  const rounds = roundCounter();
  const loop = startOutboxDispatcher(deps, { intervalMs: 60_000, onRound: rounds.onRound });
  try {
    // The first round, at the start, found nothing; the next is a minute away.
    await eventually(() => rounds.count === 1);
    deps.outbox.add("order_placed", 3, new Date());
    loop.kick();
    await eventually(() => mailer.sent.length === 1, { timeoutMs: 10_000 });
  } finally {
    await loop.stop();
  }
});

Deno.test("outbox mail survives an SMTP outage: errors recorded, retried, each delivered once", async () => {
  const peer = await startSmtpPeer();
  const mailer = new NodemailerMailer({
    smtpUrl: peer.url,
    from: "Pothgula <orders@pothgula.example>",
    timeoutMs: 1_000,
  });
  const deps = depsWith(mailer);
  await peer.stop();
  for (const id of [1, 2, 3]) deps.outbox.add("order_placed", id, new Date());
  const roundErrors: unknown[] = [];
  const rounds = roundCounter();
  const loop = startOutboxDispatcher(deps, {
    intervalMs: 20,
    onError: (e) => roundErrors.push(e),
    onRound: rounds.onRound,
    dispatch: { baseDelayMs: 100, maxDelayMs: 300 },
  });
  try {
    await eventually(() => deps.outbox.rows.every((r) => r.attempts >= 2));
    assert.equal(peer.messages.length, 0);
    for (const row of deps.outbox.rows) {
      assert.equal(row.sentAt, null);
      assert.match(row.lastError ?? "", /ECONNREFUSED|refused/i);
      assert.ok(row.nextAttemptAt.getTime() > Date.now() - 1_000);
    }
    await peer.start();
    await eventually(() => deps.outbox.rows.every((r) => r.sentAt !== null));
    // Three more rounds: a mail kept for another attempt, or sent twice, would show.
    await rounds.passed(3);
  } finally {
    await loop.stop();
    mailer.close();
    await peer.stop();
  }
  assert.deepEqual(roundErrors, []);
  assert.deepEqual(peer.messages.map((m) => m.subject).sort(), [
    "Pothgula: order #1 received",
    "Pothgula: order #2 received",
    "Pothgula: order #3 received",
  ]);
});
