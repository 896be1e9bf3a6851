/**
 * The dispatcher's texts: sent beside their mails through the SMS port, in the order's
 * language and to its number as +94; a refusal for good retires a text, a gateway that is
 * down leaves it for later, and neither holds back a mail or another order's text.
 */
import assert from "node:assert/strict";
import { type DispatchDeps, dispatchDueMail, NEVER_AGAIN } from "./dispatch_outbox.ts";
import {
  ManualClock,
  MemoryOrderLookup,
  MemoryOutbox,
  RecordingMailer,
  RecordingRenderer,
  RecordingSmsRenderer,
  RecordingSmsSender,
} from "../notifications/testing/outbox_fakes.ts";
import { SAMPLE_BANK, SAMPLE_SHOP, sampleOrder } from "../notifications/testing/samples.ts";
import { SmsRefusedError, SmsUnavailableError } from "../notifications/sms.ts";
import type { OutboxEntry } from "../ports.ts";

const START = new Date("2025-03-14T10:00:00.000Z");
const OPTIONS = { baseDelayMs: 1_000, maxDelayMs: 60_000 };

function setup() {
  const clock = new ManualClock(START);
  const outbox = new MemoryOutbox(() => clock.now());
  const orders = new MemoryOrderLookup([
    sampleOrder({ id: 1 }),
    sampleOrder({
      id: 2,
      locale: "si",
      customer: { ...sampleOrder().customer, phone: "+94 71 555 0102" },
    }),
    sampleOrder({
      id: 3,
      status: "completed",
      courier: "Domex",
      trackingNumber: "DX123456789LK",
      customer: { ...sampleOrder().customer, phone: "711234567" },
    }),
    sampleOrder({ id: 4, customer: { ...sampleOrder().customer, phone: "not a number" } }),
  ]);
  const mailer = new RecordingMailer();
  const sender = new RecordingSmsSender();
  const texts = new RecordingSmsRenderer();
  const retired: { entry: OutboxEntry; reason: string }[] = [];
  const deps: DispatchDeps = {
    outbox,
    orders,
    renderer: new RecordingRenderer(),
    mailer,
    clock,
    random: () => 1,
    shop: SAMPLE_SHOP,
    bank: SAMPLE_BANK,
    sms: { sender, renderer: texts },
    onRetired: (entry, reason) => retired.push({ entry, reason }),
  };
  return { outbox, mailer, sender, texts, clock, deps, retired };
}

Deno.test("dispatchDueMail() sends a text beside its mail, to +94, in the order's language, unicode when its words need it", async () => {
  const { outbox, mailer, sender, deps } = setup();
  outbox.add("order_placed", 1, START);
  outbox.addText("order_placed", 1, START);
  outbox.addText("order_placed", 2, START);
  assert.deepEqual(await dispatchDueMail(deps), { sent: 3, failed: 0 });
  assert.equal(mailer.sent.length, 1);
  assert.deepEqual(sender.sent, [
    { to: "+94771234567", text: "Pothgula: Order #1 order_placed", unicode: false },
    { to: "+94715550102", text: "Pothgula: ඇණවුම #2 order_placed", unicode: true },
  ]);
  assert.ok(outbox.rows.every((r) => r.sentAt !== null));
  assert.deepEqual(await dispatchDueMail(deps), { sent: 0, failed: 0 });
  assert.equal(sender.sent.length, 2);
});

Deno.test("dispatchDueMail() gives the dispatch text the courier and tracking number, and the checkout text the total", async () => {
  const { outbox, texts, deps } = setup();
  outbox.addText("order_completed", 3, START);
  outbox.addText("order_placed", 1, START);
  await dispatchDueMail(deps);
  const [dispatched, placed] = texts.notices;
  assert.deepEqual(
    [dispatched.to, dispatched.courier, dispatched.trackingNumber, dispatched.amountCents],
    ["+94711234567", "Domex", "DX123456789LK", null],
  );
  const order = sampleOrder({ id: 1 });
  assert.equal(placed.amountCents, order.totalCents + order.deliveryFeeCents);
  assert.equal(placed.courier, null);
});

Deno.test("dispatchDueMail() gives the dispatch mail and text each parcel's tracking link, read when they go", async () => {
  const { outbox, texts, deps } = setup();
  const mails = new RecordingRenderer();
  const asked: number[] = [];
  const parcels: DispatchDeps["parcels"] = (orderId) => {
    asked.push(orderId);
    return Promise.resolve([{
      courier: "Koombiyo",
      waybill: "KB100001",
      tracking_url: "https://koombiyo.example.lk/track/KB100001",
      status: "handed_over",
    }]);
  };
  outbox.add("order_completed", 3, START);
  outbox.addText("order_completed", 3, START);
  outbox.add("order_placed", 1, START);
  await dispatchDueMail({ ...deps, renderer: mails, parcels });
  assert.deepEqual(asked, [3, 3], "the dispatch mail and text, not the checkout mail");
  const completed = mails.mails.find((m) => m.kind === "order_completed");
  assert.ok(completed?.kind === "order_completed");
  assert.deepEqual(completed.parcels.map((p) => p.tracking_url), [
    "https://koombiyo.example.lk/track/KB100001",
  ]);
  assert.deepEqual(texts.notices[0].trackingLinks, ["https://koombiyo.example.lk/track/KB100001"]);
});

Deno.test("dispatchDueMail() retires a text the gateway refuses for good, logs why, and still sends the mail and the other texts", async () => {
  const { outbox, mailer, sender, clock, deps, retired } = setup();
  sender.refuse.set("+94771234567", new SmsRefusedError("Notify.lk: invalid recipient number"));
  const refused = outbox.addText("order_placed", 1, START);
  outbox.add("order_placed", 1, START);
  outbox.addText("order_placed", 2, START);
  assert.deepEqual(await dispatchDueMail(deps, OPTIONS), { sent: 2, failed: 1 });
  assert.equal(refused.nextAttemptAt.getTime(), NEVER_AGAIN.getTime());
  assert.equal(refused.lastError, "Refused: Notify.lk: invalid recipient number");
  assert.deepEqual(retired.map((r) => [r.entry.id, r.reason]), [[refused.id, refused.lastError]]);
  assert.equal(mailer.sent.length, 1);
  assert.deepEqual(sender.sent.map((m) => m.to), ["+94715550102"]);
  clock.advance(365 * 24 * 3_600_000);
  assert.deepEqual(await dispatchDueMail(deps, OPTIONS), { sent: 0, failed: 0 });
  assert.equal(sender.calls, 2, "never tried again");
});

Deno.test("dispatchDueMail() keeps texts for later while the gateway is down, calling it once a round, and sends each once when it is back", async () => {
  const { outbox, mailer, sender, clock, deps, retired } = setup();
  sender.failWith = new SmsUnavailableError("Notify.lk did not answer within 10 s");
  const first = outbox.addText("order_placed", 1, START);
  const second = outbox.addText("order_placed", 2, START);
  outbox.add("order_placed", 2, START);
  assert.deepEqual(await dispatchDueMail(deps, OPTIONS), { sent: 1, failed: 2 });
  assert.equal(mailer.sent.length, 1, "the mail after the texts went out");
  assert.equal(sender.calls, 1, "one call found the gateway down; the other text waited");
  assert.equal(first.lastError, "Notify.lk did not answer within 10 s");
  assert.equal(second.lastError, "Not tried: Notify.lk did not answer within 10 s");
  assert.deepEqual([first.attempts, second.attempts], [1, 1]);
  assert.equal(first.nextAttemptAt.getTime(), START.getTime() + 1_000);
  assert.deepEqual(retired, []);

  clock.advance(1_000);
  assert.deepEqual(await dispatchDueMail(deps, OPTIONS), { sent: 0, failed: 2 });
  assert.equal(first.nextAttemptAt.getTime(), START.getTime() + 1_000 + 2_000);

  sender.failWith = null;
  clock.advance(2_000);
  assert.deepEqual(await dispatchDueMail(deps, OPTIONS), { sent: 2, failed: 0 });
  clock.advance(60 * 60_000);
  assert.deepEqual(await dispatchDueMail(deps, OPTIONS), { sent: 0, failed: 0 });
  assert.deepEqual(sender.sent.map((m) => m.to), ["+94771234567", "+94715550102"]);
});

Deno.test("dispatchDueMail() takes an error that is not the port's as a gateway that may come back", async () => {
  const { outbox, sender, deps, retired } = setup();
  sender.failWith = new TypeError("fetch failed");
  const row = outbox.addText("order_placed", 1, START);
  assert.deepEqual(await dispatchDueMail(deps, OPTIONS), { sent: 0, failed: 1 });
  assert.notEqual(row.nextAttemptAt.getTime(), NEVER_AGAIN.getTime());
  assert.deepEqual(retired, []);
});

Deno.test("dispatchDueMail() skips the text of an order whose phone is no Sri Lankan number, without calling the gateway", async () => {
  const { outbox, mailer, sender, deps, retired } = setup();
  const row = outbox.addText("order_placed", 4, START);
  outbox.add("order_placed", 4, START);
  assert.deepEqual(await dispatchDueMail(deps), { sent: 1, failed: 1 });
  assert.equal(sender.calls, 0);
  assert.equal(mailer.sent.length, 1, "its mail still goes");
  assert.equal(row.nextAttemptAt.getTime(), NEVER_AGAIN.getTime());
  assert.equal(row.lastError, "Order 4 has no phone number a text can go to");
  assert.deepEqual(retired.map((r) => r.reason), [row.lastError]);
});

Deno.test("dispatchDueMail() retires texts left in the outbox once SMS is off, and texts of orders that are gone", async () => {
  const { outbox, sender, deps } = setup();
  const gone = outbox.addText("order_placed", 999, START);
  assert.deepEqual(await dispatchDueMail(deps), { sent: 0, failed: 1 });
  assert.equal(gone.lastError, "Order 999 does not exist");
  const off = outbox.addText("order_placed", 1, START);
  assert.deepEqual(await dispatchDueMail({ ...deps, sms: undefined }), { sent: 0, failed: 1 });
  assert.equal(off.lastError, "SMS is not configured");
  assert.equal(off.nextAttemptAt.getTime(), NEVER_AGAIN.getTime());
  assert.equal(sender.calls, 0);
});
