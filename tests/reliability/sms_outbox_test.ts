/**
 * Texts end to end: orders placed through the HTTP app over the real repositories (PGlite)
 * with SMS on, the outbox dispatched through the Notify.lk adapter to the local fake of its
 * endpoint. The customer gets the order-placed text at +94, in the order's language (a
 * Sinhala one as unicode); with the gateway down the text waits, its mail does not, and it
 * goes out once when the gateway is back.
 */
import assert from "node:assert/strict";
import { dispatchDueMail } from "../../domain/orders/dispatch_outbox.ts";
import {
  ManualClock,
  RecordingMailer,
  RecordingRenderer,
} from "../../domain/notifications/testing/outbox_fakes.ts";
import { formatLkr } from "../../domain/money.ts";
import { NotifyLkSmsSender } from "../../adapters/sms/notifylk.ts";
import { MessageFormatSmsRenderer } from "../../adapters/sms/render.ts";
import { type FakeNotifyLk, startFakeNotifyLk } from "../../adapters/sms/testing/fake_notifylk.ts";
import { BANK, destination, fromAddress, type RealApp, realApp } from "./support/real_app.ts";

const sanitize = { sanitizeOps: false, sanitizeResources: false };

async function placeOrder(
  r: RealApp,
  order: { phone: string; locale: "en" | "si" | "ta"; email: string },
): Promise<number> {
  const response = await r.app.request("/api/orders", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      total: 1000,
      name: "Nimali Perera",
      address: "45/2 Temple Road",
      email: order.email,
      phone: order.phone,
      postalCode: "10370",
      ...(await destination(r)),
      paymentMethod: "COD",
      locale: order.locale,
      items: [{ id: r.book.id, quantity: 1, type: "book" }],
    }),
  }, fromAddress("192.0.2.10"));
  assert.equal(response.status, 201, await response.clone().text());
  return (await response.json()).orderId;
}

/** One round of the outbox at `at`, texts through Notify.lk (the fake): what was mailed. */
async function dispatchAt(r: RealApp, fake: FakeNotifyLk, at: Date) {
  const mailer = new RecordingMailer();
  const result = await dispatchDueMail({
    outbox: r.repositories.outbox,
    orders: r.repositories.orders,
    renderer: new RecordingRenderer(),
    mailer,
    clock: new ManualClock(at),
    random: () => 0.5,
    shop: r.deps.shop,
    bank: BANK,
    sms: {
      sender: new NotifyLkSmsSender({
        userId: fake.userId,
        apiKey: fake.apiKey,
        senderId: fake.senderId,
        url: fake.url,
      }),
      renderer: new MessageFormatSmsRenderer(),
    },
  }, { batch: 50, baseDelayMs: 30_000 });
  return { result, mails: mailer.sent };
}

async function amountOf(r: RealApp, id: number): Promise<string> {
  const order = await r.repositories.orders.findById(id);
  assert.ok(order);
  return formatLkr(order.totalCents + order.deliveryFeeCents);
}

Deno.test({
  name:
    "an order placed over HTTP with SMS on texts the customer at +94 in the order's language, a Sinhala text as unicode",
  ...sanitize,
  async fn() {
    const fake = startFakeNotifyLk();
    const r = await realApp({ channels: { sms: true } });
    try {
      const english = await placeOrder(r, {
        phone: "077 123 4567",
        locale: "en",
        email: "nimali@example.lk",
      });
      const sinhala = await placeOrder(r, {
        phone: "+94 71 555 0102",
        locale: "si",
        email: "sunil@example.lk",
      });
      const { result, mails } = await dispatchAt(r, fake, r.clock.now());
      // Each order's checkout mail and the shop's notice, and each order's text.
      assert.deepEqual(result, { sent: 6, failed: 0 });
      assert.equal(mails.length, 4);
      assert.deepEqual(fake.messages, [
        {
          to: "94771234567",
          message: `Pothgula: we received your order #${english}. Total ${await amountOf(
            r,
            english,
          )}. Thank you!`,
          senderId: fake.senderId,
          type: null,
        },
        {
          to: "94715550102",
          message: `Pothgula: ඔබේ ඇණවුම #${sinhala} අපට ලැබුණි. මුළු මුදල ${await amountOf(
            r,
            sinhala,
          )}. ස්තූතියි!`,
          senderId: fake.senderId,
          type: "unicode",
        },
      ]);
      // Nothing is sent twice.
      const again = await dispatchAt(r, fake, new Date(r.clock.now().getTime() + 3_600_000));
      assert.deepEqual(again.result, { sent: 0, failed: 0 });
      assert.equal(fake.messages.length, 2);
    } finally {
      await r.close();
      await fake.close();
    }
  },
});

Deno.test({
  name:
    "with the gateway down the order and its mail go through, the text waits, and it is sent once when the gateway is back",
  ...sanitize,
  async fn() {
    const fake = startFakeNotifyLk();
    const r = await realApp({ channels: { sms: true } });
    try {
      fake.down = true;
      const id = await placeOrder(r, {
        phone: "0771234567",
        locale: "ta",
        email: "kumar@example.lk",
      });
      const start = r.clock.now().getTime();
      const down = await dispatchAt(r, fake, new Date(start));
      assert.deepEqual(down.result, { sent: 2, failed: 1 });
      assert.equal(down.mails.length, 2, "the mails went out");
      assert.equal(fake.messages.length, 0);
      const [row] = await r.db.sql.query<{ attempts: number; last_error: string }>(
        "SELECT attempts, last_error FROM mail_outbox WHERE channel = 'sms' AND order_id = $1",
        [id],
      );
      assert.equal(row.attempts, 1);
      assert.match(row.last_error, /Notify\.lk answered 503/);

      // Not due again before its wait is over (half to all of 30 s).
      assert.deepEqual((await dispatchAt(r, fake, new Date(start + 1_000))).result, {
        sent: 0,
        failed: 0,
      });
      fake.down = false;
      const back = await dispatchAt(r, fake, new Date(start + 60_000));
      assert.deepEqual(back.result, { sent: 1, failed: 0 });
      assert.equal(back.mails.length, 0, "no mail is sent twice");
      assert.equal(fake.messages.length, 1);
      assert.equal(fake.messages[0].to, "94771234567");
      assert.equal(fake.messages[0].type, "unicode");
      assert.match(fake.messages[0].message, new RegExp(`^Pothgula: உங்கள் ஆர்டர் #${id} `));
      assert.deepEqual((await dispatchAt(r, fake, new Date(start + 7_200_000))).result, {
        sent: 0,
        failed: 0,
      });
      assert.equal(fake.messages.length, 1, "sent once");
    } finally {
      await r.close();
      await fake.close();
    }
  },
});
