/**
 * The message budgets as the dispatcher keeps them, replaying the attack of issue 46: one
 * address in 120 card orders, one victim phone in 20 orders, one victim e-mail in 20, and
 * the owner's new-order mails in a flood.
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
import { MemoryMessageBudgets } from "../notifications/testing/message_budgets.ts";
import { SAMPLE_BANK, SAMPLE_SHOP, sampleOrder } from "../notifications/testing/samples.ts";
import { DEFAULT_MESSAGE_LIMITS, type MessageLimits } from "../notifications/message_budget.ts";
import type { Order } from "./model.ts";

// 10:00 in Colombo.
const START = new Date("2026-03-14T04:30:00.000Z");
const OWNER = "orders@pothgula.lk";

function setup(orders: Order[], limits: Partial<MessageLimits> = {}) {
  const clock = new ManualClock(START);
  const outbox = new MemoryOutbox(() => clock.now());
  const mailer = new RecordingMailer();
  const renderer = new RecordingRenderer();
  const sender = new RecordingSmsSender();
  const budgets = new MemoryMessageBudgets();
  const retired: string[] = [];
  const deps: DispatchDeps = {
    outbox,
    orders: new MemoryOrderLookup(orders),
    renderer,
    mailer,
    clock,
    random: () => 1,
    shop: SAMPLE_SHOP,
    bank: SAMPLE_BANK,
    notifyEmail: OWNER,
    sms: { sender, renderer: new RecordingSmsRenderer() },
    onRetired: (_, reason) => retired.push(reason),
    budget: {
      budgets,
      limits: () => Promise.resolve({ ...DEFAULT_MESSAGE_LIMITS, ...limits }),
    },
  };
  /** Rounds until one sends nothing new (bounded: a round claims ten at most). */
  async function drain() {
    for (let round = 0; round < 100; round++) {
      const result = await dispatchDueMail(deps);
      if (result.sent === 0 && result.failed === 0) return;
    }
    throw new Error("the outbox did not drain in 100 rounds");
  }
  return { clock, outbox, mailer, renderer, sender, budgets, retired, deps, drain };
}

function customer(overrides: Partial<Order["customer"]>): Order["customer"] {
  return { ...sampleOrder().customer, ...overrides };
}

Deno.test("120 unpaid card orders from one address text no one, and mail that address 15 times that day", async () => {
  const orders = Array.from({ length: 120 }, (_, i) =>
    sampleOrder({
      id: i + 1,
      paymentMethod: "Card",
      customer: customer({ email: "attacker@example.lk", phone: "077 999 0000" }),
    }));
  const t = setup(orders);
  for (const order of orders) {
    t.outbox.add("order_placed", order.id, START);
    t.outbox.addText("order_placed", order.id, START);
    t.outbox.add("order_lapsed", order.id, START);
    t.outbox.addText("order_lapsed", order.id, START);
  }
  await t.drain();
  assert.equal(t.sender.calls, 0, "no text for a card order that was never paid");
  const toAttacker = t.mailer.sent.filter((m) => m.to === "attacker@example.lk");
  assert.equal(toAttacker.length, DEFAULT_MESSAGE_LIMITS.mailsPerAddress);
  assert.equal(
    t.retired.filter((r) => /is not paid: its method texts only once it is/.test(r)).length,
    240,
  );
  assert.equal(
    t.retired.filter((r) => /Not sent: 15 mails to this address today/.test(r)).length,
    240 - 15,
  );
  assert.ok(t.outbox.rows.every((r) => r.sentAt !== null || r.nextAttemptAt >= NEVER_AGAIN));
});

Deno.test("a paid card order is texted; its payment's text goes once paid", async () => {
  const paid = sampleOrder({ id: 1, paymentMethod: "Card", paymentStatus: "paid" });
  const t = setup([paid]);
  t.outbox.addText("payment_received", 1, START);
  await t.drain();
  assert.equal(t.sender.sent.length, 1);
});

Deno.test("one victim phone in 20 orders gets 6 texts that day, and again the next day", async () => {
  const orders = Array.from({ length: 20 }, (_, i) =>
    sampleOrder({
      id: i + 1,
      customer: customer({
        email: `buyer${i}@example.lk`,
        phone: i % 2 ? "+94 77 123 4567" : "0771234567",
      }),
    }));
  const t = setup(orders);
  for (const order of orders) t.outbox.addText("order_placed", order.id, START);
  await t.drain();
  assert.equal(t.sender.sent.length, DEFAULT_MESSAGE_LIMITS.textsPerPhone, "however it is written");
  assert.equal(t.retired.filter((r) => /6 texts to this number today/.test(r)).length, 14);
  t.clock.advance(24 * 3_600_000);
  t.outbox.addText("order_completed", 1, t.clock.now());
  await t.drain();
  assert.equal(t.sender.sent.length, 7, "a new day, a new bound");
});

Deno.test("past the shop's texts of the day, texts wait for the next day and the owner is told once", async () => {
  const orders = Array.from(
    { length: 5 },
    (_, i) => sampleOrder({ id: i + 1, customer: customer({ phone: `077 123 45${10 + i}` }) }),
  );
  const t = setup(orders, { textsPerDay: 3 });
  for (const order of orders) t.outbox.addText("order_placed", order.id, START);
  await t.drain();
  assert.equal(t.sender.sent.length, 3);
  const waiting = t.outbox.rows.filter((r) => r.sentAt === null);
  assert.equal(waiting.length, 2);
  // Midnight in Colombo: 18:30 UTC.
  const nextDay = new Date("2026-03-14T18:30:00.000Z");
  assert.ok(waiting.every((r) => r.nextAttemptAt.getTime() === nextDay.getTime()));
  assert.ok(waiting.every((r) => r.attempts === 0), "waiting is not a failure");
  const told = t.renderer.mails.filter((m) => m.kind === "shop_text_budget");
  assert.equal(told.length, 1);
  assert.equal(t.mailer.sent.filter((m) => m.to === OWNER).length, 1);
  // More texts the same day: they wait too, and the owner is not told again.
  t.outbox.addText("order_completed", 1, t.clock.now());
  t.clock.advance(60_000);
  await t.drain();
  assert.equal(t.renderer.mails.filter((m) => m.kind === "shop_text_budget").length, 1);
  assert.equal(t.sender.sent.length, 3);
  t.clock.advance(nextDay.getTime() - t.clock.now().getTime());
  await t.drain();
  assert.equal(t.sender.sent.length, 6, "the three that waited go out the next day");
});

Deno.test("one victim e-mail in 20 orders, password resets and look-ups gets 15 mails that day; the owner's own mail has no bound", async () => {
  const orders = Array.from(
    { length: 20 },
    (_, i) => sampleOrder({ id: i + 1, customer: customer({ email: "Victim@Example.lk" }) }),
  );
  const t = setup(orders, { ownerOrderMailsPerHour: 1_000 });
  for (const order of orders) {
    t.outbox.add("order_placed", order.id, START);
    t.outbox.add("order_link", order.id, START);
    t.outbox.add("shop_order_placed", order.id, START);
  }
  await t.outbox.enqueue({
    kind: "password_reset",
    to: "victim@example.lk",
    language: "en",
    link: "https://pothgula.lk/reset-password?token=x",
  });
  await t.drain();
  const toVictim = t.mailer.sent.filter((m) => m.to.toLowerCase() === "victim@example.lk");
  assert.equal(toVictim.length, 15, "one bound across every kind, the address in any case");
  assert.equal(t.mailer.sent.filter((m) => m.to === OWNER).length, 20, "each new order told");
});

Deno.test("the owner's new-order mails become one digest a window while they flood", async () => {
  const orders = Array.from({ length: 40 }, (_, i) => sampleOrder({ id: i + 1 }));
  const t = setup(orders, { ownerOrderMailsPerHour: 10, digestMinutes: 15 });
  for (const order of orders) t.outbox.add("shop_order_placed", order.id, START);
  await t.drain();
  const digests = () => t.renderer.mails.filter((m) => m.kind === "shop_orders_digest");
  assert.equal(
    t.renderer.mails.filter((m) => m.kind === "shop_order_placed").length,
    10,
    "ten one by one",
  );
  // The flood began in this window, which had sent no digest yet: the other 30 in one mail.
  assert.equal(digests().length, 1);
  assert.deepEqual(
    digests().flatMap((m) => m.kind === "shop_orders_digest" ? [m.orders.length] : []),
    [30],
  );
  // More new orders in the same window wait for the next one.
  for (let id = 1; id <= 5; id++) t.outbox.add("shop_order_placed", id, t.clock.now());
  t.clock.advance(60_000);
  await t.drain();
  assert.equal(digests().length, 1);
  assert.ok(t.outbox.rows.filter((r) => r.sentAt === null).every((r) => r.attempts === 0));
  t.clock.advance(14 * 60_000);
  await t.drain();
  assert.equal(digests().length, 2);
  assert.deepEqual(
    digests().flatMap((m) => m.kind === "shop_orders_digest" ? [m.orders.length] : []),
    [30, 5],
  );
  assert.equal(t.renderer.mails.filter((m) => m.kind === "shop_order_placed").length, 10);
  assert.ok(t.outbox.rows.every((r) => r.sentAt !== null));
  // An hour after the flood ended, new orders are told one by one again.
  t.clock.advance(2 * 3_600_000);
  t.outbox.add("shop_order_placed", 40, t.clock.now());
  await t.drain();
  assert.equal(t.renderer.mails.filter((m) => m.kind === "shop_order_placed").length, 11);
});

Deno.test("a send that fails gives its uses back: the retry is not counted twice", async () => {
  const t = setup([sampleOrder({ id: 1 })], { textsPerPhone: 1, mailsPerAddress: 1 });
  t.outbox.add("order_placed", 1, START);
  t.outbox.addText("order_placed", 1, START);
  t.mailer.failWith = new Error("mail server down");
  t.sender.failWith = new Error("gateway down");
  await dispatchDueMail(t.deps);
  assert.equal(await t.budgets.used("2026-03-14", "mail:nimali@example.lk"), 0);
  assert.equal(await t.budgets.used("2026-03-14", "sms:771234567"), 0);
  t.mailer.failWith = null;
  t.sender.failWith = null;
  t.clock.advance(120_000);
  await t.drain();
  assert.equal(t.mailer.sent.length, 1);
  assert.equal(t.sender.sent.length, 1);
});
