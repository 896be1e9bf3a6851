/**
 * The local Koko against the adapter, over loopback: the form the shop signs is taken and
 * shown in three instalments, paying posts a notice the adapter verifies, declining one it
 * reads as failed, cancelling sends the shopper back with none, and what Koko would refuse
 * (another address, a changed amount, another merchant) is refused.
 */
import assert from "node:assert/strict";
import { kokoSimulator } from "./koko_simulator.ts";
import type { GatewayForm } from "../../domain/payments/gateway.ts";
import { sampleCheckout } from "./testing/samples.ts";
import { KOKO_KEYS, KOKO_MERCHANT, kokoGateway, MERCHANT_KEYS } from "./testing/koko_keys.ts";
import type { KokoGateway } from "./koko.ts";

interface Harness {
  gateway: KokoGateway;
  shopOrigin: string;
  notices: Record<string, string>[];
  form(orderId?: number): GatewayForm;
  post(url: string, fields?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
}

function harness(): Harness {
  const notices: Record<string, string>[] = [];
  const receiver = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    notices.push(Object.fromEntries(new URLSearchParams(await req.text())));
    return new Response("OK");
  });
  const shopOrigin = `http://127.0.0.1:${receiver.addr.port}`;
  const app = kokoSimulator({
    ...KOKO_MERCHANT,
    merchantPublicKey: MERCHANT_KEYS.publicKey,
    kokoPrivateKey: KOKO_KEYS.privateKey,
    basePath: "",
    shop: { origin: shopOrigin, notifyUrl: `${shopOrigin}/notify` },
  });
  const simulator = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, app.fetch);
  const base = `http://127.0.0.1:${simulator.addr.port}`;
  const gateway = kokoGateway(`${base}/api/merchants/orderCreate`);
  return {
    gateway,
    shopOrigin,
    notices,
    form: (orderId = 1042) =>
      gateway.checkoutForm(sampleCheckout({
        orderId,
        amountCents: 435_150,
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
      await receiver.shutdown();
    },
  };
}

function buttonAction(html: string, label: string): string {
  const match = new RegExp(`<form method="post" action="([^"]+)"><button[^>]*>${label}<`).exec(
    html,
  );
  assert.ok(match, `no ${label} button in ${html}`);
  return match[1];
}

Deno.test("paying on the local Koko posts a notice the adapter verifies, then sends the shopper back", async () => {
  const h = harness();
  try {
    const form = h.form();
    const page = await h.post(form.action, form.fields);
    assert.equal(page.status, 200);
    const html = await page.text();
    // LKR 4,351.50 in three: 1,450.50 today, then 2 x 1,450.50.
    assert.match(html, /LKR 4,351\.50/);
    assert.match(html, /<dt>Today<\/dt><dd>LKR 1,450\.50<\/dd>/);
    assert.match(html, /2 × LKR 1,450\.50, monthly/);
    const paid = await h.post(buttonAction(html, "Pay first instalment"));
    assert.equal(paid.status, 302);
    assert.equal(paid.headers.get("location"), `${h.shopOrigin}/orders/1042?key=k`);
    assert.equal(h.notices.length, 1);
    const read = await h.gateway.readNotification(h.notices[0]);
    assert.equal(read.kind, "verified");
    assert.equal(read.kind === "verified" && read.orderId, 1042);
    assert.equal(read.kind === "verified" && read.outcome, "paid");
    // Decided once: the same button again changes nothing.
    assert.equal((await h.post(buttonAction(html, "Pay first instalment"))).status, 409);
    assert.equal(h.notices.length, 1);
  } finally {
    await h.close();
  }
});

Deno.test("declining on the local Koko posts a failed notice; cancelling sends the shopper back with none", async () => {
  const h = harness();
  try {
    const declinedPage = await (await h.post(h.form().action, h.form().fields)).text();
    const declined = await h.post(buttonAction(declinedPage, "Decline"));
    assert.equal(declined.status, 302);
    const read = await h.gateway.readNotification(h.notices[0]);
    assert.equal(read.kind === "verified" && read.outcome, "failed");
    const form = h.form(1043);
    const cancelPage = await (await h.post(form.action, form.fields)).text();
    const cancelled = await h.post(buttonAction(cancelPage, "Cancel"));
    assert.equal(
      cancelled.headers.get("location"),
      `${h.shopOrigin}/orders/1043?key=k&card=cancelled`,
    );
    assert.equal(h.notices.length, 1, "no notice for a cancel");
  } finally {
    await h.close();
  }
});

Deno.test("the local Koko refuses another address, a changed amount, another merchant and a missing field", async () => {
  const h = harness();
  try {
    const form = h.form();
    const cases: [string, Record<string, string>, RegExp][] = [
      [
        "notice elsewhere",
        { ...form.fields, _responseUrl: "https://evil.example/n" },
        /_responseUrl/,
      ],
      ["return elsewhere", { ...form.fields, _returnUrl: "https://evil.example/r" }, /_returnUrl/],
      ["amount changed", { ...form.fields, _amount: "1.00" }, /signature/],
      ["data string changed", { ...form.fields, dataString: "x" }, /signature/],
      ["merchant", { ...form.fields, _mId: "someone-else" }, /Unknown merchant/],
      ["no signature", { ...form.fields, signature: "" }, /Missing: signature/],
    ];
    for (const [label, fields, reason] of cases) {
      const answer = await h.post(form.action, fields);
      assert.equal(answer.status, 400, label);
      assert.match(await answer.text(), reason, label);
    }
    assert.equal(h.notices.length, 0);
  } finally {
    await h.close();
  }
});
