import assert from "node:assert/strict";
import { retryable, SmsError, smsNotice, SmsRefusedError, SmsUnavailableError } from "./sms.ts";
import { isSmsKind, outboxItems, SMS_KINDS } from "./sms_kinds.ts";
import { MAIL_KINDS } from "./mail_kinds.ts";
import { SAMPLE_SHOP, sampleOrder } from "./testing/samples.ts";

Deno.test("outboxItems() puts each customer mail of an SMS kind's text right after it, only with SMS on", () => {
  assert.deepEqual(outboxItems(["order_placed", "shop_order_placed"], { sms: true }), [
    { channel: "mail", kind: "order_placed" },
    { channel: "sms", kind: "order_placed" },
    { channel: "mail", kind: "shop_order_placed" },
  ]);
  assert.deepEqual(outboxItems(["order_placed", "shop_order_placed"], { sms: false }), [
    { channel: "mail", kind: "order_placed" },
    { channel: "mail", kind: "shop_order_placed" },
  ]);
  // Every mail keeps its place; texts are only added.
  for (const kind of MAIL_KINDS) {
    const items = outboxItems([kind], { sms: true });
    assert.deepEqual(items.filter((i) => i.channel === "mail"), [{ channel: "mail", kind }]);
    assert.equal(items.length, isSmsKind(kind) ? 2 : 1, kind);
  }
});

Deno.test("the texts are the customer's news of an order, never the shop's notices nor the link asked for", () => {
  assert.deepEqual([...SMS_KINDS].sort(), [
    "order_completed",
    "order_lapsed",
    "order_placed",
    "order_refunded",
    "order_rejected",
    "payment_received",
    "slip_refused",
  ]);
  assert.ok(SMS_KINDS.every((kind) => (MAIL_KINDS as readonly string[]).includes(kind)));
  assert.ok(!isSmsKind("order_link") && !isSmsKind("shop_order_placed") && !isSmsKind("toString"));
});

Deno.test("smsNotice() texts the order's number as +94 in the order's language, naming what its kind names", () => {
  const order = sampleOrder({
    id: 7,
    locale: "ta",
    courier: "Domex",
    trackingNumber: "DX1",
    customer: { ...sampleOrder().customer, phone: "077 123 4567" },
  });
  const placed = smsNotice("order_placed", order, SAMPLE_SHOP);
  assert.deepEqual(placed, {
    kind: "notice",
    notice: {
      kind: "order_placed",
      to: "+94771234567",
      language: "ta",
      shopName: "Pothgula",
      orderId: 7,
      amountCents: order.totalCents + order.deliveryFeeCents,
      courier: null,
      trackingNumber: null,
    },
  });
  const dispatched = smsNotice("order_completed", order, SAMPLE_SHOP);
  assert.ok(dispatched.kind === "notice");
  assert.deepEqual(
    [dispatched.notice.amountCents, dispatched.notice.courier, dispatched.notice.trackingNumber],
    [null, "Domex", "DX1"],
  );
  assert.deepEqual(dispatched.notice.trackingLinks, []);
  // The parcels out with couriers give their tracking links; one without a template none.
  const parcels = [
    {
      courier: "Koombiyo",
      waybill: "KB1",
      tracking_url: "https://k.example.lk/KB1",
      status: "handed_over" as const,
    },
    { courier: "Domex", waybill: "DX1", tracking_url: null, status: "delivered" as const },
  ];
  const tracked = smsNotice("order_completed", order, SAMPLE_SHOP, parcels);
  assert.ok(tracked.kind === "notice");
  assert.deepEqual(tracked.notice.trackingLinks, ["https://k.example.lk/KB1"]);
});

Deno.test("smsNotice() texts a card order only once it paid, its refund too after a full refund made it unpaid again", () => {
  const card = sampleOrder({ id: 9, paymentMethod: "Card", status: "rejected" });
  assert.deepEqual(smsNotice("order_rejected", card, SAMPLE_SHOP), {
    kind: "not_paid",
    reason: "Order 9 is not paid: its method texts only once it is",
  });
  const refunded = {
    ...card,
    refundsGiven: [{ amountCents: 435_150, at: "2025-03-20T10:00:00.000Z" }],
  };
  const told = smsNotice("order_refunded", refunded, SAMPLE_SHOP);
  assert.equal(told.kind, "notice");
  assert.ok(told.kind === "notice");
  assert.equal(told.notice.to, "+94771234567");
});

Deno.test("smsNotice() finds nobody to text when the order's phone is not a Sri Lankan number", () => {
  const order = sampleOrder({
    id: 9,
    customer: { ...sampleOrder().customer, phone: "+44 20 7946 0000" },
  });
  assert.deepEqual(smsNotice("order_lapsed", order, SAMPLE_SHOP), {
    kind: "no_number",
    reason: "Order 9 has no phone number a text can go to",
  });
});

Deno.test("an SMS error says whether a retry can help; an unknown error is taken as one that may pass", () => {
  assert.equal(retryable(new SmsRefusedError("invalid number")), false);
  assert.equal(retryable(new SmsUnavailableError("503")), true);
  assert.equal(retryable(new SmsError("custom", false)), false);
  assert.equal(retryable(new TypeError("fetch failed")), true);
  assert.ok(new SmsRefusedError("x") instanceof SmsError);
});
