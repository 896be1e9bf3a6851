/**
 * The local PayHere against the adapter, over loopback: the form the shop signs is taken,
 * paying posts a notice the adapter verifies, cancelling sends the shopper back, and what
 * PayHere would refuse is refused.
 */
import assert from "node:assert/strict";
import { PayHereGateway } from "./payhere.ts";
import { payhereSimulator } from "./payhere_simulator.ts";
import type { GatewayForm } from "../../domain/payments/gateway.ts";
import { sampleCheckout } from "./testing/samples.ts";

const MERCHANT = "1211149";
const SECRET = "local-simulator-secret";
const APP_ID = "4OVxzKmlpHu4JFnJjKKVlN3LH";
const APP_SECRET = "8n4VBj3ziHo4JFnJjKKVlN3LH8n4VBj3zi";

interface Harness {
  gateway: PayHereGateway;
  /** The shop's origin, the only one the simulator sends shoppers and notices to. */
  shopOrigin: string;
  notices: Record<string, string>[];
  /** What the next refund requests meet. */
  faults: { refund: ("error" | "timeout")[] };
  form(orderId?: number): GatewayForm;
  post(url: string, fields?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
}

/** The simulator and a notice receiver, each on a loopback port. */
async function harness(options: { receiverDown?: boolean } = {}): Promise<Harness> {
  const notices: Record<string, string>[] = [];
  const receiver = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    notices.push(Object.fromEntries(new URLSearchParams(await req.text())));
    return new Response("OK");
  });
  const notifyPort = receiver.addr.port;
  if (options.receiverDown) await receiver.shutdown();
  const shopOrigin = `http://127.0.0.1:${notifyPort}`;
  const faults = { refund: [] as ("error" | "timeout")[] };
  const app = payhereSimulator({
    merchantId: MERCHANT,
    merchantSecret: SECRET,
    basePath: "",
    shop: { origin: shopOrigin, notifyUrl: `${shopOrigin}/notify` },
    app: { id: APP_ID, secret: APP_SECRET },
    faults,
  });
  const simulator = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, app.fetch);
  const base = `http://127.0.0.1:${simulator.addr.port}`;
  const gateway = new PayHereGateway({
    merchantId: MERCHANT,
    merchantSecret: SECRET,
    checkoutUrl: `${base}/pay/checkout`,
    api: { baseUrl: base, appId: APP_ID, appSecret: APP_SECRET, timeoutMs: 1_000 },
  });
  return {
    gateway,
    shopOrigin,
    notices,
    faults,
    form: (orderId = 1042) =>
      gateway.checkoutForm(sampleCheckout({
        orderId,
        items: `Order #${orderId}`,
        returnUrl: `${shopOrigin}/orders/${orderId}?key=k`,
        cancelUrl: `${shopOrigin}/orders/${orderId}?key=k&card=cancelled`,
        notifyUrl: `${shopOrigin}/notify`,
      })),
    post: (url, fields = {}) =>
      fetch(url.startsWith("http") ? url : base + url, {
        method: "POST",
        body: new URLSearchParams(fields),
        redirect: "manual",
      }),
    async close() {
      await simulator.shutdown();
      if (!options.receiverDown) await receiver.shutdown();
    },
  };
}

/** The action of the page's button named `label`. */
function buttonAction(html: string, label: string): string {
  const match = new RegExp(`<form method="post" action="([^"]+)"><button[^>]*>${label}<`).exec(
    html,
  );
  assert.ok(match, `no ${label} button in ${html}`);
  return match[1];
}

Deno.test("paying on the simulator posts a notice the adapter verifies as paid, then sends the shopper back", async () => {
  const h = await harness();
  try {
    const form = h.form();
    const page = await h.post(form.action, form.fields);
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.match(html, /PayHere \(local simulator\)/);
    assert.match(html, /LKR 4351\.50/);
    assert.match(html, /Nimali Perera/);
    const paid = await h.post(buttonAction(html, "Pay"));
    assert.equal(paid.status, 302);
    assert.equal(
      paid.headers.get("Location"),
      `${h.shopOrigin}/orders/1042?key=k&order_id=1042`,
    );
    assert.equal(h.notices.length, 1);
    const read = h.gateway.readNotification(h.notices[0]);
    assert.equal(read.kind, "verified");
    if (read.kind !== "verified") return;
    assert.equal(read.outcome, "paid");
    assert.equal(read.orderId, 1042);
    assert.equal(read.amountCents, 435_150);
    assert.equal(read.currency, "LKR");
    assert.match(read.paymentId, /^\d{12,}$/);
    // A session is paid once.
    const again = await h.post(buttonAction(html, "Pay"));
    assert.equal(again.status, 409);
    await again.body?.cancel();
    assert.equal(h.notices.length, 1);
  } finally {
    await h.close();
  }
});

Deno.test("cancelling sends the shopper to cancel_url with no notice, and declining to return_url with a failed one", async () => {
  const h = await harness();
  try {
    const form = h.form();
    const cancelPage = await (await h.post(form.action, form.fields)).text();
    const cancelled = await h.post(buttonAction(cancelPage, "Cancel"));
    assert.equal(cancelled.status, 302);
    assert.equal(
      cancelled.headers.get("Location"),
      `${h.shopOrigin}/orders/1042?key=k&card=cancelled`,
    );
    const declinePage = await (await h.post(form.action, form.fields)).text();
    const declined = await h.post(buttonAction(declinePage, "Decline card"));
    assert.equal(declined.status, 302);
    const outcomes = h.notices.map((n) => {
      const read = h.gateway.readNotification(n);
      return read.kind === "verified" ? read.outcome : read.kind;
    });
    assert.deepEqual(outcomes, ["failed"]);
  } finally {
    await h.close();
  }
});

Deno.test("the simulator refuses a form whose hash, amount or merchant PayHere would refuse", async () => {
  const h = await harness();
  try {
    const form = h.form();
    const cases: Record<string, string>[] = [
      { ...form.fields, amount: "1.00" },
      { ...form.fields, hash: "0".repeat(32) },
      { ...form.fields, merchant_id: "999999" },
      { ...form.fields, order_id: "1043" },
    ];
    for (const fields of cases) {
      const answer = await h.post(form.action, fields);
      assert.equal(answer.status, 400);
      assert.match(await answer.text(), /Payment refused/);
    }
    const { hash: _, ...unsigned } = form.fields;
    const answer = await h.post(form.action, unsigned);
    assert.equal(answer.status, 400);
    await answer.body?.cancel();
    assert.equal(h.notices.length, 0);
  } finally {
    await h.close();
  }
});

Deno.test("the simulator refuses a form whose notice, return or cancel address is not the shop's, and posts nothing", async () => {
  const h = await harness();
  try {
    const form = h.form();
    // notify_url is outside PayHere's hash: a shopper can change it and keep the signature.
    const cases: [string, Record<string, string>][] = [
      ["notify_url", { ...form.fields, notify_url: "http://127.0.0.1:9/steal" }],
      ["notify_url", { ...form.fields, notify_url: `${h.shopOrigin}/notify/` }],
      ["return_url", { ...form.fields, return_url: "https://evil.example/orders/1" }],
      ["cancel_url", { ...form.fields, cancel_url: "not an address" }],
    ];
    for (const [field, fields] of cases) {
      const answer = await h.post(form.action, fields);
      assert.equal(answer.status, 400);
      assert.match(await answer.text(), new RegExp(`${field} is not this merchant's address`));
    }
    assert.equal(h.notices.length, 0);
  } finally {
    await h.close();
  }
});

Deno.test("a shop that does not answer the notice does not keep the shopper on the simulator", async () => {
  const h = await harness({ receiverDown: true });
  try {
    const form = h.form();
    const html = await (await h.post(form.action, form.fields)).text();
    const paid = await h.post(buttonAction(html, "Pay"));
    assert.equal(paid.status, 302);
    await paid.body?.cancel();
  } finally {
    await h.close();
  }
});

Deno.test("a payment taken on the simulator is refunded through the Merchant API: in part, then the rest, never more than was paid", async () => {
  const h = await harness();
  try {
    const form = h.form();
    const html = await (await h.post(form.action, form.fields)).text();
    await (await h.post(buttonAction(html, "Pay"))).body?.cancel();
    const read = h.gateway.readNotification(h.notices[0]);
    assert.ok(read.kind === "verified");
    const ask = (amountCents: number, whole: boolean) =>
      h.gateway.refund!({
        paymentRef: read.paymentId,
        amountCents,
        whole,
        description: "Damaged copy",
        idempotencyKey: "k",
      });
    const part = await ask(100_000, false);
    assert.equal(part.kind, "refunded");
    assert.ok(part.kind === "refunded");
    assert.match(part.providerRef, /^\d+$/);
    assert.equal(part.answer, "Successfully submitted the refund request");
    assert.deepEqual(await ask(335_151, false), {
      kind: "failed",
      answer: "PayHere: Invalid refund amount",
    });
    // The rest, as PayHere takes a whole refund: no amount.
    const rest = await ask(335_150, true);
    assert.equal(rest.kind, "refunded");
    assert.ok(rest.kind === "refunded" && rest.providerRef !== part.providerRef);
    assert.deepEqual(await ask(1, false), {
      kind: "failed",
      answer: "PayHere: Invalid refund amount",
    });
    assert.deepEqual(
      await h.gateway.refund!({
        paymentRef: "320099999999",
        amountCents: 100,
        whole: false,
        description: "x",
        idempotencyKey: "k2",
      }),
      { kind: "failed", answer: "PayHere: Payment not found" },
    );
  } finally {
    await h.close();
  }
});

Deno.test("a refund the Merchant API fails or does not answer in time is a failed refund with its words; bad app credentials get no token", async () => {
  const h = await harness();
  try {
    const form = h.form();
    const html = await (await h.post(form.action, form.fields)).text();
    await (await h.post(buttonAction(html, "Pay"))).body?.cancel();
    const read = h.gateway.readNotification(h.notices[0]);
    assert.ok(read.kind === "verified");
    const request = {
      paymentRef: read.paymentId,
      amountCents: 1_000,
      whole: false,
      description: "Late delivery",
      idempotencyKey: "k",
    };
    h.faults.refund.push("error", "timeout");
    assert.deepEqual(await h.gateway.refund!(request), {
      kind: "failed",
      answer: "PayHere: Internal server error",
    });
    const late = await h.gateway.refund!(request);
    assert.equal(late.kind, "failed");
    assert.match(late.kind === "failed" ? late.answer : "", /no answer in time/);
    assert.equal((await h.gateway.refund!(request)).kind, "refunded");
    const stranger = new PayHereGateway({
      merchantId: MERCHANT,
      merchantSecret: SECRET,
      checkoutUrl: form.action,
      api: { baseUrl: new URL(form.action).origin, appId: APP_ID, appSecret: "wrong" },
    });
    assert.deepEqual(await stranger.refund!(request), {
      kind: "failed",
      answer: "PayHere refused the App ID and Secret (401: invalid_client)",
    });
  } finally {
    await h.close();
  }
});
