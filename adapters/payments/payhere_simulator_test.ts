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

interface Harness {
  gateway: PayHereGateway;
  /** The shop's origin, the only one the simulator sends shoppers and notices to. */
  shopOrigin: string;
  notices: Record<string, string>[];
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
  const app = payhereSimulator({
    merchantId: MERCHANT,
    merchantSecret: SECRET,
    basePath: "",
    shop: { origin: shopOrigin, notifyUrl: `${shopOrigin}/notify` },
  });
  const simulator = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, app.fetch);
  const base = `http://127.0.0.1:${simulator.addr.port}`;
  const gateway = new PayHereGateway({
    merchantId: MERCHANT,
    merchantSecret: SECRET,
    checkoutUrl: `${base}/pay/checkout`,
  });
  return {
    gateway,
    shopOrigin,
    notices,
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
