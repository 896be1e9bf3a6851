/**
 * Issue 32, finding 7, replayed: deposit slips filled the disk and the owner's inbox. Four
 * orders took 20 slips of random bytes behind a JPEG header in 24 s, each mailed to the
 * shop. Now one client stores at most SLIP_RATE_LIMIT slips an hour (refused ones count for
 * nobody), an order at most five, and the shop hears of them in one digest mail a window
 * (SLIP_DIGEST_MINUTES) naming every order, over the real repositories on PGlite.
 */
import assert from "node:assert/strict";
import { PostgresOutbox } from "../../adapters/postgres/outbox.ts";
import { dispatchDueMail } from "../../domain/orders/dispatch_outbox.ts";
import {
  ManualClock,
  RecordingMailer,
  RecordingRenderer,
} from "../../domain/notifications/testing/outbox_fakes.ts";
import { destination, fromAddress, type RealApp, realApp } from "./support/real_app.ts";
import { BANK } from "./support/real_app.ts";
import { recordFigures } from "./support/evidence.ts";

const sanitize = { sanitizeOps: false, sanitizeResources: false };
const ATTACKER = "203.0.113.9";
const SLIP_BYTES = 256 * 1024;

/** Random bytes behind a JPEG header: what the attack sent as slips. */
function fakeSlip(): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(SLIP_BYTES);
  crypto.getRandomValues(bytes.subarray(0, 65_536));
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return bytes;
}

async function placeOrders(r: RealApp, count: number): Promise<{ id: number; key: string }[]> {
  const where = await destination(r);
  const placed: { id: number; key: string }[] = [];
  for (let i = 0; i < count; i++) {
    const response = await r.app.request("/api/orders", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        total: 1000,
        name: "A Buyer",
        address: "1 Main Street",
        email: `slips${i}@example.lk`,
        phone: `07712345${String(i).padStart(2, "0")}`,
        postalCode: "10370",
        ...where,
        paymentMethod: "Bank Deposit",
        items: [{ id: r.book.id, quantity: 1, type: "book" }],
      }),
    }, fromAddress(ATTACKER));
    assert.equal(response.status, 201, await response.clone().text());
    const body = await response.json();
    placed.push({ id: body.orderId, key: new URL(body.orderUrl).searchParams.get("key")! });
  }
  return placed;
}

async function sendSlip(r: RealApp, order: { id: number; key: string }, bytes: Uint8Array) {
  const form = new FormData();
  form.append("proof", new File([bytes as Uint8Array<ArrayBuffer>], "slip.jpg"));
  const response = await r.app.request(
    `/api/orders/${order.id}/payment-proof?key=${order.key}`,
    { method: "POST", body: form },
    fromAddress(ATTACKER),
  );
  await response.body?.cancel();
  return response.status;
}

/** Sends what the outbox holds for the shop at `at`; the mails to the shop. */
async function shopMailsAt(r: RealApp, at: Date) {
  const mailer = new RecordingMailer();
  const renderer = new RecordingRenderer();
  await dispatchDueMail({
    outbox: new PostgresOutbox(r.db.sql),
    orders: r.repositories.orders,
    renderer,
    mailer,
    clock: new ManualClock(at),
    random: () => 0.5,
    shop: r.deps.shop,
    bank: BANK,
    notifyEmail: "desk@pothgula.lk",
  }, { batch: 100 });
  return renderer.mails.filter((m) => m.to === "desk@pothgula.lk");
}

Deno.test({
  name:
    "20 slips for 4 orders from one client: 10 an hour stored, and the shop hears of them in one digest mail naming the orders",
  ...sanitize,
  async fn() {
    const r = await realApp({ stock: 20 });
    try {
      const orders = await placeOrders(r, 4);
      // The checkout mails (and the shop's notices of new orders) are not this test's.
      await shopMailsAt(r, r.clock.now());
      r.clock.advance(60_000); // 10:01: the window ends at 10:15.
      const statuses: number[] = [];
      for (let n = 0; n < 20; n++) statuses.push(await sendSlip(r, orders[n % 4], fakeSlip()));
      const [{ n: stored }] = await r.db.sql.query<{ n: number }>(
        "SELECT count(*)::integer AS n FROM payment_proofs",
      );
      const [{ bytes }] = await r.db.sql.query<{ bytes: number }>(
        "SELECT COALESCE(sum(octet_length(bytes)), 0)::integer AS bytes FROM payment_proofs",
      );
      // The window the slips came in has not ended: nothing yet.
      const before = await shopMailsAt(r, r.clock.now());
      const digest = await shopMailsAt(r, new Date(r.clock.now().getTime() + 14 * 60_000));
      const named = digest.flatMap((m) =>
        m.kind === "shop_proofs_digest" ? m.orders.map((o) => o.order.id) : []
      );
      await recordFigures("slips", {
        slips: statuses.length,
        stored,
        storedBytes: bytes,
        refused: statuses.filter((s) => s === 429).length,
        shopMailsAtOnce: before.length,
        shopMailsAfterWindow: digest.length,
        ordersNamed: named.length,
      });
      assert.deepEqual(statuses.slice(0, 10), Array(10).fill(201));
      assert.deepEqual(statuses.slice(10), Array(10).fill(429));
      assert.equal(stored, 10);
      assert.equal(before.length, 0);
      assert.equal(digest.length, 1);
      assert.deepEqual(named.sort((a, b) => a - b), orders.map((o) => o.id).sort((a, b) => a - b));
      // Nothing more to send for those slips.
      assert.equal(
        (await shopMailsAt(r, new Date(r.clock.now().getTime() + 60 * 60_000))).length,
        0,
      );
    } finally {
      await r.close();
    }
  },
});

Deno.test({
  name: "a refused slip counts for nobody, and one client's slips never hold back another's",
  ...sanitize,
  async fn() {
    const r = await realApp({
      stock: 20,
      overrides: { slipRules: { perClient: { limit: 2, windowMs: 3_600_000 } } },
    });
    try {
      const [order] = await placeOrders(r, 1);
      // Not an image or a PDF: refused 415, and it does not use up the client's slips.
      for (let i = 0; i < 5; i++) {
        assert.equal(await sendSlip(r, order, new Uint8Array([1, 2, 3, 4])), 415);
      }
      assert.equal(await sendSlip(r, order, fakeSlip()), 201);
      assert.equal(await sendSlip(r, order, fakeSlip()), 201);
      assert.equal(await sendSlip(r, order, fakeSlip()), 429);
      // Another client is not held back by this one.
      const form = new FormData();
      form.append("proof", new File([fakeSlip()], "slip.jpg"));
      const other = await r.app.request(
        `/api/orders/${order.id}/payment-proof?key=${order.key}`,
        { method: "POST", body: form },
        fromAddress("198.51.100.44"),
      );
      assert.equal(other.status, 201);
    } finally {
      await r.close();
    }
  },
});
