import assert from "node:assert/strict";
import fc from "fast-check";
import {
  type DispatchDeps,
  dispatchDueMail,
  dispatchMemory,
  messageIdHeader,
  NEVER_AGAIN,
  retryDelayMs,
} from "./dispatch_outbox.ts";
import {
  ManualClock,
  MemoryOrderLookup,
  MemoryOutbox,
  RecordingMailer,
  RecordingRenderer,
} from "../notifications/testing/outbox_fakes.ts";
import { passwordResetMail } from "../notifications/account_mail.ts";
import { SAMPLE_BANK, SAMPLE_SHOP, sampleOrder } from "../notifications/testing/samples.ts";

const START = new Date("2025-03-14T10:00:00.000Z");

function setup(random = () => 0.5) {
  const clock = new ManualClock(START);
  const outbox = new MemoryOutbox(() => clock.now());
  const orders = new MemoryOrderLookup([
    sampleOrder({ id: 1 }),
    sampleOrder({ id: 2, paymentMethod: "Bank Deposit", status: "completed", locale: "ta" }),
  ]);
  const mailer = new RecordingMailer();
  const renderer = new RecordingRenderer();
  const deps: DispatchDeps = {
    outbox,
    orders,
    renderer,
    mailer,
    clock,
    random,
    shop: SAMPLE_SHOP,
    bank: SAMPLE_BANK,
  };
  return { outbox, orders, mailer, renderer, clock, deps };
}

Deno.test("retryDelayMs() doubles from the base and never passes the cap", () => {
  const base = 30_000;
  const max = 3_600_000;
  assert.equal(retryDelayMs(1, () => 1, base, max), 30_000);
  assert.equal(retryDelayMs(2, () => 1, base, max), 60_000);
  assert.equal(retryDelayMs(3, () => 1, base, max), 120_000);
  assert.equal(retryDelayMs(1, () => 0, base, max), 15_000);
  assert.equal(retryDelayMs(100, () => 1, base, max), max);
  assert.equal(retryDelayMs(100, () => 0, base, max), max / 2);
});

Deno.test("retryDelayMs() stays between half and all of the capped exponential wait", () => {
  fc.assert(fc.property(
    fc.integer({ min: 0, max: 10_000 }),
    fc.double({ min: 0, max: 1, noNaN: true }),
    fc.integer({ min: 1, max: 100_000 }),
    fc.integer({ min: 1, max: 10_000_000 }),
    (attempts, r, base, extra) => {
      const max = base + extra;
      const ceiling = Math.min(max, base * 2 ** Math.max(attempts - 1, 0));
      const delay = retryDelayMs(attempts, () => r, base, max);
      assert.ok(delay >= Math.floor(ceiling / 2) && delay <= Math.ceil(ceiling), `${delay}`);
      assert.ok(delay <= max);
    },
  ));
});

Deno.test("dispatchDueMail() sends the checkout and completion mails and marks them sent", async () => {
  const { outbox, mailer, deps } = setup();
  outbox.add("order_placed", 1, START);
  outbox.add("order_completed", 2, START);
  const result = await dispatchDueMail(deps);
  assert.deepEqual(result, { sent: 2, failed: 0 });
  assert.deepEqual(mailer.sent.map((m) => m.subject), [
    "order_placed #1 (en)",
    "order_completed #2 (ta)",
  ]);
  assert.ok(outbox.rows.every((r) => r.sentAt?.getTime() === START.getTime()));
  assert.deepEqual(await dispatchDueMail(deps), { sent: 0, failed: 0 });
  assert.equal(mailer.sent.length, 2);
});

Deno.test("dispatchDueMail() gives a Bank Deposit order's checkout mail the bank account, a COD order's none", async () => {
  const { outbox, renderer, deps } = setup();
  outbox.add("order_placed", 2, START);
  outbox.add("order_placed", 1, START);
  await dispatchDueMail(deps);
  const [bank, cod] = renderer.mails;
  assert.equal(bank.kind === "order_placed" && bank.bank?.accountNumber, "0071234567");
  assert.equal(cod.kind === "order_placed" && cod.bank, null);
});

Deno.test("dispatchDueMail() sends a queued account mail from its stored facts and then forgets them", async () => {
  const { outbox, mailer, renderer, deps } = setup();
  await outbox.enqueue(passwordResetMail("nimali@example.lk", "tok_123", "si", SAMPLE_SHOP));
  assert.deepEqual(await dispatchDueMail(deps), { sent: 1, failed: 0 });
  assert.deepEqual(renderer.mails, [{
    kind: "password_reset",
    to: "nimali@example.lk",
    language: "si",
    link: "https://pothgula.example/si/reset-password?token=tok_123",
  }]);
  assert.equal(mailer.sent[0].to, "nimali@example.lk");
  assert.equal(outbox.rows[0].payload, null, "the link does not outlive the mail");
});

Deno.test("dispatchDueMail() sets aside an account mail it cannot read instead of sending it wrong", async () => {
  const { outbox, mailer, deps } = setup();
  await outbox.enqueue(passwordResetMail("nimali@example.lk", "tok", "en", SAMPLE_SHOP));
  outbox.rows[0].payload = { v: 99, to: "nimali@example.lk" };
  assert.deepEqual(await dispatchDueMail(deps), { sent: 0, failed: 1 });
  assert.equal(outbox.rows[0].lastError, "Unreadable password_reset mail");
  assert.equal(outbox.rows[0].nextAttemptAt.getTime(), NEVER_AGAIN.getTime());
  assert.equal(mailer.sent.length, 0);
});

Deno.test("dispatchDueMail() leaves entries that are not yet due", async () => {
  const { outbox, mailer, clock, deps } = setup();
  outbox.add("order_placed", 1, new Date(START.getTime() + 60_000));
  assert.deepEqual(await dispatchDueMail(deps), { sent: 0, failed: 0 });
  clock.advance(60_000);
  assert.deepEqual(await dispatchDueMail(deps), { sent: 1, failed: 0 });
  assert.equal(mailer.sent.length, 1);
});

Deno.test("dispatchDueMail() records a refused send and retries it after a growing wait", async () => {
  const { outbox, mailer, clock, deps } = setup(() => 1);
  const row = outbox.add("order_placed", 1, START);
  mailer.failWith = new Error("connect ECONNREFUSED 127.0.0.1:2525");
  const options = { baseDelayMs: 1_000, maxDelayMs: 60_000 };

  assert.deepEqual(await dispatchDueMail(deps, options), { sent: 0, failed: 1 });
  assert.equal(row.attempts, 1);
  assert.equal(row.lastError, "connect ECONNREFUSED 127.0.0.1:2525");
  assert.equal(row.nextAttemptAt.getTime(), START.getTime() + 1_000);

  clock.advance(999);
  assert.deepEqual(await dispatchDueMail(deps, options), { sent: 0, failed: 0 });
  clock.advance(1);
  assert.deepEqual(await dispatchDueMail(deps, options), { sent: 0, failed: 1 });
  assert.equal(row.nextAttemptAt.getTime(), START.getTime() + 1_000 + 2_000);

  mailer.failWith = null;
  clock.advance(2_000);
  assert.deepEqual(await dispatchDueMail(deps, options), { sent: 1, failed: 0 });
  assert.equal(mailer.sent.length, 1);
  assert.ok(row.sentAt);
});

Deno.test("dispatchDueMail() gives up on a mail whose order no longer exists", async () => {
  const { outbox, mailer, clock, deps } = setup();
  const row = outbox.add("order_placed", 999, START);
  assert.deepEqual(await dispatchDueMail(deps), { sent: 0, failed: 1 });
  assert.equal(row.lastError, "Order 999 does not exist");
  assert.equal(row.nextAttemptAt.getTime(), NEVER_AGAIN.getTime());
  clock.advance(365 * 24 * 3_600_000);
  assert.deepEqual(await dispatchDueMail(deps), { sent: 0, failed: 0 });
  assert.equal(mailer.sent.length, 0);
});

Deno.test("dispatchDueMail() sends the other mails of a round when one fails", async () => {
  const { outbox, mailer, deps } = setup();
  outbox.add("order_placed", 999, START);
  outbox.add("order_placed", 1, START);
  assert.deepEqual(await dispatchDueMail(deps), { sent: 1, failed: 1 });
  assert.equal(mailer.sent[0].subject, "order_placed #1 (en)");
});

Deno.test("dispatchDueMail() claims at most a batch per round", async () => {
  const { outbox, mailer, deps } = setup();
  for (let i = 0; i < 5; i++) outbox.add("order_placed", 1, START);
  assert.deepEqual(await dispatchDueMail(deps, { batch: 3 }), { sent: 3, failed: 0 });
  assert.deepEqual(await dispatchDueMail(deps, { batch: 3 }), { sent: 2, failed: 0 });
  assert.equal(mailer.sent.length, 5);
});

Deno.test("dispatchDueMail() lets an outbox failure through, leaving the entries to their lease", async () => {
  const { outbox, deps } = setup();
  outbox.add("order_placed", 1, START);
  outbox.claimDue = () => Promise.reject(new Error("database is down"));
  await assert.rejects(dispatchDueMail(deps), /database is down/);
});

Deno.test("dispatchDueMail() sends each entry with a Message-ID of its own, the same on every attempt", async () => {
  const { outbox, mailer, clock, deps } = setup();
  outbox.add("order_placed", 1, START);
  outbox.add("order_placed", 2, START);
  mailer.failWith = new Error("451 try later");
  await dispatchDueMail(deps);
  mailer.failWith = null;
  clock.advance(60 * 60_000);
  assert.deepEqual(await dispatchDueMail(deps), { sent: 2, failed: 0 });
  const ids = mailer.sent.map((m) => m.messageId);
  assert.deepEqual(ids, [
    messageIdHeader(outbox.rows[0].messageId, SAMPLE_SHOP.publicUrl),
    messageIdHeader(outbox.rows[1].messageId, SAMPLE_SHOP.publicUrl),
  ]);
  assert.match(ids[0] ?? "", /^<memory-outbox-1@pothgula\.example>$/);
});

Deno.test("dispatchDueMail() marks an entry sending before the mail server is called, and sends nothing it cannot mark", async () => {
  const { outbox, mailer, deps } = setup();
  outbox.add("order_placed", 1, START);
  const seen: (Date | null)[] = [];
  deps.mailer = {
    send: (message) => {
      seen.push(outbox.rows[0].sendingAt);
      return mailer.send(message);
    },
  };
  await dispatchDueMail(deps);
  assert.deepEqual(seen, [START]);
  assert.equal(outbox.rows[0].sendingAt, null);

  const broken = setup();
  broken.outbox.add("order_placed", 1, START);
  broken.outbox.markSending = () => Promise.reject(new Error("connection terminated"));
  await assert.rejects(dispatchDueMail(broken.deps), /connection terminated/);
  assert.deepEqual(broken.mailer.sent, []);
});

Deno.test("dispatchDueMail() remembers a mail whose mark failed and marks it next round instead of sending it again", async () => {
  const { outbox, mailer, clock, deps } = setup();
  outbox.add("order_placed", 1, START);
  const markSent = outbox.markSent.bind(outbox);
  outbox.markSent = () => Promise.reject(new Error("the database is restarting"));
  const memory = dispatchMemory();
  await assert.rejects(dispatchDueMail(deps, { leaseMs: 1_000 }, memory));
  assert.deepEqual([...memory.sentUnmarked.keys()], [1]);
  // Still away: the owed mark fails first, and nothing is claimed or sent.
  clock.advance(5_000);
  await assert.rejects(dispatchDueMail(deps, { leaseMs: 1_000 }, memory));
  outbox.markSent = markSent;
  assert.deepEqual(await dispatchDueMail(deps, { leaseMs: 1_000 }, memory), { sent: 0, failed: 0 });
  assert.equal(mailer.sent.length, 1);
  assert.equal(memory.sentUnmarked.size, 0);
  assert.notEqual(outbox.rows[0].sentAt, null);
});

/** The setup's orders with their slips waiting to be checked, but `decided`'s. */
function slipsWaiting(decided: number[] = []) {
  const world = setup();
  const waiting = (id: number) => decided.includes(id) ? "unpaid" : "proof_submitted";
  const orders = new MemoryOrderLookup([
    sampleOrder({ id: 1, paymentMethod: "Bank Deposit", paymentStatus: waiting(1) }),
    sampleOrder({ id: 2, paymentMethod: "Bank Deposit", paymentStatus: waiting(2), locale: "ta" }),
  ]);
  return { ...world, deps: { ...world.deps, orders } };
}

Deno.test("dispatchDueMail() leaves out of the slips' digest an order whose slip was decided meanwhile (refused with a reason)", async () => {
  const { outbox, mailer, renderer, clock, deps } = slipsWaiting([2]);
  const windowEnd = new Date(START.getTime() + 15 * 60_000);
  outbox.addNotice("shop_proof_uploaded", 1, windowEnd);
  outbox.addNotice("shop_proof_uploaded", 2, windowEnd);
  clock.advance(15 * 60_000);
  await dispatchDueMail(deps);
  const [digest] = renderer.mails;
  assert.ok(digest.kind === "shop_proofs_digest");
  assert.deepEqual(digest.orders.map((o) => o.order.id), [1]);
  assert.equal(mailer.sent.length, 1);
  // Nothing is left to send of the decided one.
  assert.deepEqual(await dispatchDueMail(deps), { sent: 0, failed: 0 });
  assert.equal(mailer.sent.length, 1);
});

Deno.test("dispatchDueMail() sends the due notices of slips as one digest naming each order, with the first notice's Message-ID", async () => {
  const { outbox, mailer, renderer, clock, deps } = slipsWaiting();
  const windowEnd = new Date(START.getTime() + 15 * 60_000);
  outbox.addNotice("shop_proof_uploaded", 2, windowEnd);
  outbox.addNotice("shop_proof_uploaded", 1, windowEnd);
  outbox.addNotice("shop_proof_uploaded", 1, windowEnd); // a second slip: no second notice
  outbox.addNotice("shop_proof_uploaded", 99, windowEnd); // an order that is gone
  assert.deepEqual(await dispatchDueMail(deps), { sent: 0, failed: 0 });
  clock.advance(15 * 60_000);
  assert.deepEqual(await dispatchDueMail(deps), { sent: 2, failed: 1 });
  assert.equal(mailer.sent.length, 1);
  const [digest] = renderer.mails;
  assert.ok(digest.kind === "shop_proofs_digest");
  assert.deepEqual(digest.orders.map((o) => o.order.id), [1, 2]);
  assert.equal(digest.to, SAMPLE_SHOP.email);
  assert.equal(
    mailer.sent[0].messageId,
    messageIdHeader(outbox.rows[0].messageId, SAMPLE_SHOP.publicUrl),
  );
  assert.deepEqual(await dispatchDueMail(deps), { sent: 0, failed: 0 });
});

Deno.test("dispatchDueMail() sends the payment mail with the order's receipt, drawn as it is now, and no other mail with one", async () => {
  const { outbox, mailer, deps } = setup();
  const drawn: number[] = [];
  const receipts = {
    render: (order: { id: number }) => {
      drawn.push(order.id);
      return Promise.resolve(new TextEncoder().encode(`%PDF receipt ${order.id}`));
    },
  };
  outbox.add("payment_received", 2, START);
  outbox.add("order_placed", 1, START);
  assert.deepEqual(await dispatchDueMail({ ...deps, receipts }), { sent: 2, failed: 0 });
  const [paid, placed] = mailer.sent;
  assert.deepEqual(paid.attachments?.map((file) => [file.filename, file.contentType]), [
    ["pothgula-receipt-2.pdf", "application/pdf"],
  ]);
  assert.equal(new TextDecoder().decode(paid.attachments![0].content), "%PDF receipt 2");
  assert.equal(placed.attachments, undefined);
  assert.deepEqual(drawn, [2]);
});
