import assert from "node:assert/strict";
import { dispatchDueMail } from "../orders/dispatch_outbox.ts";
import { MAIL_KINDS } from "./ports.ts";
import {
  ManualClock,
  MemoryOrderLookup,
  MemoryOutbox,
  RecordingMailer,
} from "./testing/outbox_fakes.ts";
import { SAMPLE_BANK, SAMPLE_SHOP, sampleOrder } from "./testing/samples.ts";

const ORDER = sampleOrder({
  id: 7,
  paymentMethod: "Bank Deposit",
  keySalt: "salt-7",
  rejectReason: "Out of print",
  courier: "Pronto",
  trackingNumber: "PX-55",
  paymentProofs: [{ id: 1, uploadedAt: "2025-03-14T10:00:00.000Z", contentType: "image/png" }],
});

/** Every kind of mail about ORDER, rendered and sent as the dispatcher does. */
async function sendEveryKind() {
  const outbox = new MemoryOutbox();
  const mailer = new RecordingMailer();
  for (const kind of MAIL_KINDS) outbox.add(kind, 7, new Date("2025-03-14T10:00:00.000Z"));
  const result = await dispatchDueMail({
    outbox,
    orders: new MemoryOrderLookup([ORDER]),
    mailer,
    clock: new ManualClock(new Date("2025-03-14T10:01:00.000Z")),
    random: () => 0.5,
    shop: SAMPLE_SHOP,
    bank: SAMPLE_BANK,
    orderKeys: { keyFor: (salt) => Promise.resolve(`key-of-${salt}`) },
    notifyEmail: "orders@pothgula.example",
  }, { batch: 20 });
  return { result, mails: mailer.sent };
}

Deno.test("every order mail goes out: the customer's to the customer with the order's link, the shop's to ORDER_NOTIFY_EMAIL", async () => {
  const { result, mails } = await sendEveryKind();
  assert.deepEqual(result, { sent: MAIL_KINDS.length, failed: 0 });
  const link = "https://pothgula.example/orders/7?key=key-of-salt-7";
  for (const [i, kind] of MAIL_KINDS.entries()) {
    const mail = mails[i];
    if (kind.startsWith("shop_")) {
      assert.equal(mail.to, "orders@pothgula.example", kind);
      assert.ok(mail.text.includes("https://pothgula.example/admin/orders?q=7"), kind);
      assert.ok(mail.text.includes("0771234567"), `${kind} names the customer's phone`);
    } else {
      assert.equal(mail.to, "nimali@example.lk", kind);
      assert.ok(mail.text.includes(link), `${kind} links to the order's page`);
      assert.ok(mail.html.includes(`href="${link}"`), kind);
    }
  }
});

Deno.test("the rejection mail gives the reason, the completion mail the courier and tracking number", async () => {
  const { mails } = await sendEveryKind();
  const byKind = new Map(MAIL_KINDS.map((kind, i) => [kind, mails[i]]));
  assert.match(byKind.get("order_rejected")!.text, /Reason: Out of print/);
  assert.match(byKind.get("order_rejected")!.subject, /order #7 cancelled/);
  assert.match(byKind.get("order_completed")!.text, /Courier: Pronto/);
  assert.match(byKind.get("order_completed")!.text, /Tracking number: PX-55/);
  assert.match(byKind.get("order_lapsed")!.text, /did not receive the deposit/);
  assert.match(byKind.get("payment_received")!.subject, /payment received for order #7/);
  assert.match(byKind.get("shop_proof_uploaded")!.subject, /deposit slip for order #7/);
  assert.match(byKind.get("shop_order_placed")!.subject, /new order #7 from Nimali Perera/);
});

Deno.test("a completion mail of a pre-order promises 3 - 4 weeks", async () => {
  const outbox = new MemoryOutbox();
  const mailer = new RecordingMailer();
  outbox.add("order_completed", 7, new Date("2025-03-14T10:00:00.000Z"));
  const order = sampleOrder({ id: 7, items: [{ ...ORDER.items[0], preorder: true }] });
  await dispatchDueMail({
    outbox,
    orders: new MemoryOrderLookup([order]),
    mailer,
    clock: new ManualClock(new Date("2025-03-14T10:01:00.000Z")),
    random: () => 0.5,
    shop: SAMPLE_SHOP,
    bank: SAMPLE_BANK,
  });
  assert.match(mailer.sent[0].text, /3 - 4 weeks/);
  assert.ok(!mailer.sent[0].text.includes("/orders/"), "no key, no link");
});
