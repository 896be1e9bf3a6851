/**
 * The OrderRepository contract for what a running shop adds to an order: payment status,
 * dispatch details, the timeline and the admin's search, on every adapter.
 */
import assert from "node:assert/strict";
import { aLine, anOrder, aPlacement, complete, reject } from "./postgres/testing/builders.ts";
import { planPlacement, planTransition } from "../domain/orders/plans.ts";
import { planPaymentChange } from "../domain/orders/payment.ts";
import { planProof } from "../domain/orders/payment_proofs.ts";
import { DEFAULT_HOLD_RULES, slipReviewDeadline } from "../domain/orders/payment_policy.ts";
import { colomboDays } from "../domain/orders/order_query.ts";
import { changed, contract, placed } from "./postgres/testing/order_world.ts";
import type { Order, PaymentStatus } from "../domain/orders/model.ts";
import type { PaymentChangeOutcome } from "../domain/ports.ts";

const AT = "2026-03-01T11:00:00.000Z";

function paymentPlan(order: Order, to: PaymentStatus, actor: "admin" | "customer" = "admin") {
  const planned = planPaymentChange(order, { to, actor, at: AT, note: "by bank app" });
  assert.equal(planned.kind, "ok", JSON.stringify(planned));
  return (planned as { plan: NonNullable<Extract<typeof planned, { kind: "ok" }>["plan"]> }).plan;
}

function paid(outcome: PaymentChangeOutcome): Order {
  assert.equal(outcome.kind, "changed", JSON.stringify(outcome));
  return (outcome as { order: Order }).order;
}

contract(
  "place() stores an order unpaid, with its lapse time, language and first event",
  async (make) => {
    const { orders, book } = await make();
    const order = placed(
      await orders.place(planPlacement(anOrder([aLine(book, "book", 1)], { locale: "ta" }), {
        bankDepositHours: 1.5,
      })),
    );
    assert.equal(order.paymentStatus, "unpaid");
    assert.equal(order.expiresAt, "2026-03-01T11:00:00.000Z");
    assert.equal(order.locale, "ta");
    assert.deepEqual(
      [order.courier, order.trackingNumber, order.rejectReason, order.paymentProofs],
      [null, null, null, []],
    );
    assert.deepEqual(order.events, [
      { at: "2026-03-01T09:30:00.000Z", kind: "placed", actor: "customer", note: null },
    ]);
    assert.deepEqual(await orders.findById(order.id), order);
  },
);

contract(
  "changeStatus() keeps the courier and tracking number, or the reason, with the event, and ends the lapse",
  async (make) => {
    const { orders, book } = await make();
    const first = placed(await orders.place(aPlacement([aLine(book, "book", 1)])));
    const second = placed(await orders.place(aPlacement([aLine(book, "book", 1)])));
    const confirm = planTransition(first, "completed", {
      at: AT,
      actor: "admin",
      courier: "Pronto",
      trackingNumber: "PX-123",
    });
    const refuse = planTransition(second, "rejected", { at: AT, actor: "admin", reason: "Torn" });
    assert.ok(confirm.kind === "ok" && refuse.kind === "ok");
    const completed = changed(await orders.changeStatus(confirm.plan, new Uint8Array([1])));
    const rejected = changed(await orders.changeStatus(refuse.plan));
    assert.deepEqual(
      [completed.courier, completed.trackingNumber, completed.rejectReason, completed.expiresAt],
      ["Pronto", "PX-123", null, null],
    );
    assert.deepEqual(completed.events.at(-1), {
      at: AT,
      kind: "completed",
      actor: "admin",
      note: "Pronto · PX-123",
    });
    assert.deepEqual([rejected.rejectReason, rejected.courier, rejected.expiresAt], [
      "Torn",
      null,
      null,
    ]);
    assert.deepEqual(rejected.events.map((e) => e.kind), ["placed", "rejected"]);
    assert.deepEqual(await orders.findById(second.id), rejected);
  },
);

contract(
  "changePayment() moves the payment once, with its event, and only from the planned statuses",
  async (make) => {
    const { orders, book } = await make();
    const order = placed(await orders.place(aPlacement([aLine(book, "book", 1)])));
    const plan = paymentPlan(order, "paid");
    const done = paid(await orders.changePayment(plan));
    assert.equal(done.paymentStatus, "paid");
    assert.equal(done.expiresAt, null, "the admin has taken the order in hand");
    assert.deepEqual(done.events.at(-1), {
      at: AT,
      kind: "paid",
      actor: "admin",
      note: "by bank app",
    });
    assert.deepEqual(await orders.changePayment(plan), {
      kind: "conflict",
      status: "pending",
      paymentStatus: "paid",
    });
    assert.deepEqual(await orders.changePayment({ ...plan, orderId: order.id + 100 }), {
      kind: "not_found",
    });
    assert.equal((await orders.findById(order.id))!.events.length, 2);
  },
);

contract(
  "changePayment() refuses a change planned for a pending order once it has moved",
  async (make) => {
    const { orders, book } = await make();
    const order = placed(await orders.place(aPlacement([aLine(book, "book", 1)])));
    const proof = paymentPlan(order, "proof_submitted", "customer");
    await complete(orders, order.id, new Uint8Array([1]));
    assert.deepEqual(await orders.changePayment(proof), {
      kind: "conflict",
      status: "completed",
      paymentStatus: "unpaid",
    });
  },
);

contract(
  "changePayment() replaces a completed order's slip with the one rendered for its new payment status",
  async (make) => {
    const { orders, book } = await make();
    const order = placed(await orders.place(aPlacement([aLine(book, "book", 1)])));
    const pending = paymentPlan(order, "paid");
    assert.equal(pending.saveSlip, false);
    paid(await orders.changePayment(pending));
    assert.equal(await orders.findSlip(order.id), undefined, "a pending order has no slip");

    const other = placed(await orders.place(aPlacement([aLine(book, "book", 1)])));
    const completed = changed(await complete(orders, other.id, new Uint8Array([1])));
    const plan = paymentPlan(completed, "paid");
    assert.equal(plan.saveSlip, true);
    paid(await orders.changePayment(plan, new Uint8Array([2, 2])));
    assert.deepEqual(await orders.findSlip(other.id), new Uint8Array([2, 2]));
    assert.deepEqual(await orders.changePayment(plan, new Uint8Array([3])), {
      kind: "conflict",
      status: "completed",
      paymentStatus: "paid",
    });
    assert.deepEqual(await orders.findSlip(other.id), new Uint8Array([2, 2]), "kept when refused");
  },
);

contract("changePayment() by a customer keeps the lapse time", async (make) => {
  const { orders, book } = await make();
  const order = placed(await orders.place(aPlacement([aLine(book, "book", 1)])));
  const proofed = paid(
    await orders.changePayment(paymentPlan(order, "proof_submitted", "customer")),
  );
  assert.equal(proofed.paymentStatus, "proof_submitted");
  assert.equal(proofed.expiresAt, order.expiresAt);
});

contract(
  "addEvent() keeps a declined card payment on the timeline, a kind the column does not list",
  async (make) => {
    const { orders, book } = await make();
    const order = placed(await orders.place(aPlacement([aLine(book, "book", 1)])));
    const failed = {
      at: AT,
      kind: "payment_failed" as const,
      actor: "system" as const,
      note: "PayHere payment 320027150999 did not go through: Payment declined by the card issuer.",
    };
    const told = await orders.addEvent(order.id, failed);
    assert.deepEqual(told?.events.at(-1), failed);
    assert.deepEqual((await orders.findById(order.id))?.events.at(-1), failed);
  },
);

contract("addEvent() adds a note to the timeline of an existing order only", async (make) => {
  const { orders, book } = await make();
  const order = placed(await orders.place(aPlacement([aLine(book, "book", 1)])));
  const note = {
    at: AT,
    kind: "note" as const,
    actor: "admin" as const,
    note: "Called: pays Monday",
  };
  const noted = await orders.addEvent(order.id, note);
  assert.deepEqual(noted?.events.at(-1), note);
  assert.deepEqual(await orders.findById(order.id), noted);
  assert.equal(await orders.addEvent(order.id + 100, note), undefined);
});

contract(
  "search() finds orders by number, name, e-mail or phone and filters, a page at a time",
  async (make) => {
    const { orders, book, pen } = await make({ book: 50, pen: 50 });
    const at = (day: number, hour = 8) =>
      `2026-03-${String(day).padStart(2, "0")}T${String(hour).padStart(2, "0")}:00:00.000Z`;
    const place = async (day: number, customer: Partial<Order["customer"]>, cod = false) =>
      placed(
        await orders.place(planPlacement(anOrder([aLine(book, "book", 1)], {
          orderDate: at(day),
          customer: { ...anOrder([]).customer, ...customer },
          paymentMethod: cod ? "COD" : "Bank Deposit",
        }))),
      );
    const kamal = await place(1, {
      name: "Kamal Silva",
      email: "kamal@mail.lk",
      phone: "+94 71 555 0101",
    });
    const nimali = await place(2, { name: "Nimali 100%_Perera", phone: "077-123-4567" }, true);
    const ruwan = await place(3, { name: "Ruwan", email: "ruwan@shop.lk", phone: "0719998888" });
    // 20:00 UTC on the 3rd is the 4th in Sri Lanka.
    const late = placed(
      await orders.place(aPlacement([aLine(pen, "stationery", 1)], { orderDate: at(3, 20) })),
    );
    const ids = async (query: Parameters<typeof orders.search>[0]) => {
      const page = await orders.search(query);
      return { ids: page.orders.map((o) => o.id), total: page.total };
    };
    const all = { page: 1, pageSize: 20 };
    assert.deepEqual(await ids(all), {
      ids: [late.id, ruwan.id, nimali.id, kamal.id],
      total: 4,
    });
    assert.deepEqual(await ids({ page: 2, pageSize: 3 }), { ids: [kamal.id], total: 4 });
    assert.deepEqual(await ids({ ...all, q: "KAMAL" }), { ids: [kamal.id], total: 1 });
    assert.deepEqual(await ids({ ...all, q: "shop.lk" }), { ids: [ruwan.id], total: 1 });
    assert.deepEqual(await ids({ ...all, q: "0715550101" }), { ids: [kamal.id], total: 1 });
    // The late order has the builder's phone, 0771234567: the same number written otherwise.
    assert.deepEqual(await ids({ ...all, q: "+94 77 123 4567" }), {
      ids: [late.id, nimali.id],
      total: 2,
    });
    assert.deepEqual(await ids({ ...all, q: "100%_" }), { ids: [nimali.id], total: 1 });
    assert.deepEqual((await ids({ ...all, q: `#${ruwan.id}` })).ids.includes(ruwan.id), true);
    assert.deepEqual(await ids({ ...all, q: "nobody" }), { ids: [], total: 0 });
    assert.deepEqual(await ids({ ...all, paymentMethod: "COD" }), { ids: [nimali.id], total: 1 });
    assert.deepEqual(await ids({ ...all, ...colomboDays("2026-03-02", "2026-03-03") }), {
      ids: [ruwan.id, nimali.id],
      total: 2,
    });
    assert.deepEqual(await ids({ ...all, ...colomboDays("2026-03-04", undefined) }), {
      ids: [late.id],
      total: 1,
    });
    await orders.changePayment(paymentPlan(ruwan, "proof_submitted", "customer"));
    await complete(orders, kamal.id, new Uint8Array([1]));
    assert.deepEqual(await ids({ ...all, paymentStatus: "proof_submitted" }), {
      ids: [ruwan.id],
      total: 1,
    });
    assert.deepEqual(await ids({ ...all, status: "pending", paymentStatus: "unpaid" }), {
      ids: [late.id, nimali.id],
      total: 2,
    });
    const stats = await orders.stats(colomboDays("2026-03-03", "2026-03-03") as never);
    assert.deepEqual([stats.awaitingPayment, stats.proofsToCheck, stats.today.orders], [3, 1, 1]);
  },
);

const KEY = { salt: "salt-1", hash: "hash-of-key-1" };

contract("findByKey() finds an order only with its key's hash", async (make) => {
  const { orders, book } = await make();
  const order = placed(await orders.place(aPlacement([aLine(book, "book", 1)], { key: KEY })));
  assert.equal(order.keySalt, "salt-1");
  assert.deepEqual(await orders.findByKey(order.id, KEY.hash), order);
  assert.equal(await orders.findByKey(order.id, "another hash"), undefined);
  assert.equal(await orders.findByKey(order.id + 1, KEY.hash), undefined);
  const keyless = placed(await orders.place(aPlacement([aLine(book, "book", 1)])));
  assert.equal(keyless.keySalt, null);
  assert.equal(await orders.findByKey(keyless.id, ""), undefined);
});

function aProof(orderId: number, n = 1) {
  const at = `2026-03-01T1${n % 10}:00:00.000Z`;
  return planProof(orderId, {
    contentType: "application/pdf",
    bytes: new TextEncoder().encode(`%PDF-1.4 slip ${n}`),
    at,
    reviewUntil: slipReviewDeadline("Bank Deposit", at, DEFAULT_HOLD_RULES),
  });
}

contract(
  "addProof() stores up to five proofs, makes the order proof_submitted and refuses a sixth",
  async (make) => {
    const { orders, book } = await make();
    const order = placed(await orders.place(aPlacement([aLine(book, "book", 1)])));
    let last: Order | undefined;
    for (let n = 1; n <= 5; n++) {
      const outcome = await orders.addProof(aProof(order.id, n));
      assert.equal(outcome.kind, "added", JSON.stringify(outcome));
      last = (outcome as { order: Order }).order;
    }
    assert.equal(last!.paymentStatus, "proof_submitted");
    assert.equal(last!.paymentProofs.length, 5);
    assert.deepEqual(last!.paymentProofs[0].contentType, "application/pdf");
    assert.equal(last!.paymentProofs[0].uploadedAt, "2026-03-01T11:00:00.000Z");
    assert.deepEqual(last!.events.map((e) => e.kind), [
      "placed",
      ...Array(5).fill("proof_submitted"),
    ]);
    assert.deepEqual(await orders.addProof(aProof(order.id, 6)), {
      kind: "refused",
      reason: "too_many",
    });
    const first = await orders.findProof(order.id, last!.paymentProofs[0].id);
    assert.deepEqual(first, {
      contentType: "application/pdf",
      bytes: new TextEncoder().encode("%PDF-1.4 slip 1"),
    });
    assert.equal(await orders.findProof(order.id + 1, last!.paymentProofs[0].id), undefined);
    assert.deepEqual(await orders.addProof(aProof(order.id + 100)), { kind: "not_found" });
  },
);

contract("addProof() refuses a COD order, a paid one and a decided one", async (make) => {
  const { orders, book } = await make();
  const cod = placed(
    await orders.place(aPlacement([aLine(book, "book", 1)], { paymentMethod: "COD" })),
  );
  assert.deepEqual(await orders.addProof(aProof(cod.id)), {
    kind: "refused",
    reason: "not_bank_deposit",
  });
  const bank = placed(await orders.place(aPlacement([aLine(book, "book", 1)])));
  await orders.changePayment(paymentPlan(bank, "paid"));
  assert.deepEqual(await orders.addProof(aProof(bank.id)), { kind: "refused", reason: "paid" });
  const done = placed(await orders.place(aPlacement([aLine(book, "book", 1)])));
  await complete(orders, done.id, new Uint8Array([1]));
  assert.deepEqual(await orders.addProof(aProof(done.id)), {
    kind: "refused",
    reason: "not_pending",
  });
  assert.equal((await orders.findById(done.id))!.paymentProofs.length, 0);
});

contract(
  "lapseDue() lapses an unpaid order once its hold is up: rejected, stock back, the customer mailed, once",
  async (make) => {
    const world = await make({ book: 10, pen: 10 });
    const { orders, book } = world;
    const hours = { bankDepositHours: 1 };
    const place = async (overrides: Parameters<typeof anOrder>[1] = {}) =>
      placed(
        await orders.place(planPlacement(anOrder([aLine(book, "book", 1)], overrides), hours)),
      );
    const due = await place();
    const cod = await place({ paymentMethod: "COD" });
    const proofed = await place();
    await orders.addProof(aProof(proofed.id));
    const paidOne = await place();
    await orders.changePayment(paymentPlan(paidOne, "paid"));
    const later = await place({ orderDate: "2026-03-01T10:00:00.000Z" });
    assert.equal(await world.stockOf(book), 5);
    // 09:30 + 1 h: the first four are due at 10:30, the last at 11:00.
    assert.deepEqual(await orders.lapseDue("2026-03-01T10:29:59.999Z", 10), []);
    assert.deepEqual(await orders.lapseDue("2026-03-01T10:30:00.000Z", 10), [due.id]);
    assert.deepEqual(await orders.lapseDue("2026-03-01T10:30:00.000Z", 10), []);
    const lapsed = (await orders.findById(due.id))!;
    assert.deepEqual([lapsed.status, lapsed.rejectReason, lapsed.expiresAt], [
      "rejected",
      "Payment not received",
      null,
    ]);
    assert.deepEqual(lapsed.events.at(-1), {
      at: "2026-03-01T10:30:00.000Z",
      kind: "lapsed",
      actor: "system",
      note: "Payment not received",
    });
    assert.equal(await world.stockOf(book), 6);
    assert.deepEqual((await world.outbox()).filter((m) => m.kind === "order_lapsed"), [
      { kind: "order_lapsed", orderId: due.id },
    ]);
    for (const kept of [cod, proofed, paidOne]) {
      assert.equal((await orders.findById(kept.id))!.status, "pending");
    }
    // Every hold ends: the slip gave the owner 72 hours from it (11:00 + 72 h) to check it,
    // and a COD order waits 7 days for the shop to confirm it; a paid order never lapses.
    assert.deepEqual(await orders.lapseDue("2026-03-04T10:59:59.999Z", 10), [later.id]);
    assert.deepEqual(await orders.lapseDue("2026-03-04T11:00:00.000Z", 10), [proofed.id]);
    assert.equal(await world.stockOf(book), 8);
    const unchecked = (await orders.findById(proofed.id))!;
    assert.deepEqual([unchecked.status, unchecked.rejectReason], [
      "rejected",
      "Deposit slip not checked in time",
    ]);
    assert.deepEqual(await orders.lapseDue("2026-03-08T09:29:59.999Z", 10), []);
    assert.deepEqual(await orders.lapseDue("2026-03-08T09:30:00.000Z", 10), [cod.id]);
    assert.equal(
      (await orders.findById(cod.id))!.rejectReason,
      "Not confirmed by the shop in time",
    );
    assert.deepEqual(
      (await world.outbox()).filter((m) => m.kind === "order_rejected").map((m) => m.orderId),
      [proofed.id, cod.id],
    );
    assert.equal((await orders.findById(paidOne.id))!.status, "pending");
    assert.deepEqual(await orders.lapseDue("2030-01-01T00:00:00.000Z", 10), []);
    assert.equal(await world.stockOf(book), 9);
  },
);

contract("lapseDue() takes at most `limit` orders, the longest overdue first", async (make) => {
  const { orders, book } = await make({ book: 10, pen: 10 });
  const ids: number[] = [];
  for (const hour of ["09", "08", "07"]) {
    const order = anOrder([aLine(book, "book", 1)], { orderDate: `2026-03-01T${hour}:00:00.000Z` });
    ids.push(placed(await orders.place(planPlacement(order, { bankDepositHours: 1 }))).id);
  }
  assert.deepEqual(await orders.lapseDue("2026-03-02T00:00:00.000Z", 2), [ids[2], ids[1]]);
  assert.deepEqual(await orders.lapseDue("2026-03-02T00:00:00.000Z", 2), [ids[0]]);
});

contract(
  "stats() counts as today's takings the money received today: by the last payment, still paid, not rejected",
  async (make) => {
    const { orders, book } = await make();
    const at = (iso: string) => ({ orderDate: iso });
    const pay = async (order: Order, to: PaymentStatus, when: string) => {
      const planned = planPaymentChange(order, { to, actor: "admin", at: when, note: null });
      assert.equal(planned.kind, "ok", JSON.stringify(planned));
      if (planned.kind === "ok") return paid(await orders.changePayment(planned.plan));
      throw new Error("not planned");
    };
    // 3 March 2026 in Sri Lanka: 2 March 18:30 to 3 March 18:30 UTC.
    const today = colomboDays("2026-03-03", "2026-03-03") as { from: string; to: string };
    const placedEarlier = placed(
      await orders.place(aPlacement([aLine(book, "book", 2)], at("2026-02-27T04:00:00.000Z"))),
    );
    const placedToday = placed(
      await orders.place(aPlacement([aLine(book, "book", 1)], at("2026-03-03T04:00:00.000Z"))),
    );
    const paidYesterday = placed(
      await orders.place(aPlacement([aLine(book, "book", 1)], at("2026-03-01T04:00:00.000Z"))),
    );
    const refunded = placed(
      await orders.place(aPlacement([aLine(book, "book", 1)], at("2026-03-03T05:00:00.000Z"))),
    );
    const before = await orders.stats(today);
    assert.deepEqual(before.today, {
      orders: 2,
      subtotalCents: [placedToday, refunded].reduce(
        (s, o) => s + o.totalCents + o.deliveryFeeCents,
        0,
      ),
      paidOrders: 0,
      takingsCents: 0,
    });
    // Paid at 00:10 on the 3rd in Colombo, placed days before: today's money.
    await pay(placedEarlier, "paid", "2026-03-02T18:40:00.000Z");
    // Paid at 23:50 on the 2nd in Colombo: yesterday's; undone and paid again today: today's.
    const again = await pay(paidYesterday, "paid", "2026-03-02T18:20:00.000Z");
    assert.equal((await orders.stats(today)).today.paidOrders, 1);
    await pay(
      await pay(again, "unpaid", "2026-03-03T02:00:00.000Z"),
      "paid",
      "2026-03-03T03:00:00.000Z",
    );
    // Paid today, then rejected: its money goes back.
    await pay(refunded, "paid", "2026-03-03T06:00:00.000Z");
    await reject(orders, refunded.id);
    const after = await orders.stats(today);
    assert.deepEqual(after.today, {
      // The rejected order leaves the orders placed today too.
      orders: 1,
      subtotalCents: placedToday.totalCents + placedToday.deliveryFeeCents,
      paidOrders: 2,
      takingsCents: [placedEarlier, paidYesterday].reduce(
        (s, o) => s + o.totalCents + o.deliveryFeeCents,
        0,
      ),
    });
    // The day after, yesterday's payments are not today's takings.
    const tomorrow = colomboDays("2026-03-04", "2026-03-04") as { from: string; to: string };
    assert.deepEqual([(await orders.stats(tomorrow)).today.paidOrders], [0]);
  },
);
