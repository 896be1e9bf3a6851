/**
 * Confirming a customer's e-mail address over HTTP: registration mails a link in the
 * page's language; using it joins the guest orders placed earlier under the address (any
 * case, spaces trimmed) to the account, and queues one welcome; a forged, used or expired
 * link is refused with the reason and joins nothing; a new link may be asked for 3 times
 * an hour, never once the address is confirmed.
 */
import assert from "node:assert/strict";
import { json, orderBody, type TestApp, testApp } from "../testing/fixture.ts";

const EMAIL = "sunil.fernando@example.lk";
const PASSWORD = "kandy lake 1864";

async function settle(t: TestApp) {
  await t.deps.background!.idle();
}

function mails(t: TestApp, kind: string) {
  return t.outbox.queuedAccountMail().filter((m) => m.kind === kind).map((m) => m.payload);
}

/** A guest order (no token) under `email`; its id. */
async function guestOrder(t: TestApp, email: string): Promise<number> {
  const response = await t.app.request(
    "/api/orders",
    json(
      "POST",
      orderBody(t.ids.book, {
        email,
        items: [{ id: t.ids.book, quantity: 1, type: "book" }],
        total: 950,
      }),
    ),
  );
  assert.equal(response.status, 201, await response.clone().text());
  return (await response.json()).orderId;
}

async function register(t: TestApp, language?: string) {
  const response = await t.app.request(
    "/api/auth/register",
    json("POST", {
      username: "Sunil Fernando",
      email: EMAIL,
      password: PASSWORD,
      ...(language ? { language } : {}),
    }),
  );
  assert.equal(response.status, 201);
  await response.body?.cancel();
  await settle(t);
  const login = await t.app.request(
    "/api/auth/login",
    json("POST", { email: EMAIL, password: PASSWORD }),
  );
  return { Authorization: `Bearer ${(await login.json()).token}` };
}

function tokenOf(mail: Record<string, unknown> | undefined): string {
  const match = /\/verify-email\?token=([A-Za-z0-9_-]+)$/.exec(String(mail?.link));
  assert.ok(match, JSON.stringify(mail));
  return match[1];
}

function confirm(t: TestApp, token: string) {
  return t.app.request("/api/auth/verify", json("POST", { token }));
}

async function listedOrders(t: TestApp, headers: Record<string, string>): Promise<number[]> {
  const response = await t.app.request("/api/account/orders", { headers });
  return ((await response.json()).data as { id: number }[]).map((o) => o.id).sort((a, b) => a - b);
}

Deno.test("a guest's earlier orders join their new account only once its address is confirmed", async () => {
  const t = await testApp();
  const first = await guestOrder(t, "Sunil.Fernando@Example.LK");
  const second = await guestOrder(t, EMAIL);
  const someoneElse = await guestOrder(t, "nimali@example.lk");
  const headers = await register(t, "ta");

  // Registered, not confirmed: nothing joined, whoever typed the address.
  assert.deepEqual(await listedOrders(t, headers), []);
  const profile = (await (await t.app.request("/api/account", { headers })).json()).data;
  assert.equal(profile.emailVerified, false);

  const [link] = mails(t, "email_verification");
  assert.equal(link.to, EMAIL);
  assert.equal(link.language, "ta");
  assert.match(String(link.link), /^http:\/\/localhost:8000\/ta\/verify-email\?token=/);
  assert.equal(link.hours, 24);

  const confirmed = await confirm(t, tokenOf(link));
  assert.equal(confirmed.status, 200);
  assert.equal(confirmed.headers.get("Cache-Control"), "no-store");
  assert.deepEqual((await confirmed.json()).data, { joinedOrders: 2, firstTime: true });
  assert.deepEqual(await listedOrders(t, headers), [first, second]);
  assert.equal((await t.orders.findById(someoneElse))?.userId, null);
  const after = (await (await t.app.request("/api/account", { headers })).json()).data;
  assert.equal(after.emailVerified, true);

  // One welcome, in the language of the link, naming how many orders joined.
  assert.deepEqual(mails(t, "welcome"), [{
    v: 1,
    to: EMAIL,
    language: "ta",
    name: "Sunil Fernando",
    joinedOrders: 2,
    accountUrl: "http://localhost:8000/ta/account",
  }]);

  // The link works once; a confirmed address asks for no new one.
  const again = await confirm(t, tokenOf(link));
  assert.equal(again.status, 400);
  const resend = await t.app.request("/api/account/verify", json("POST", {}, headers));
  assert.equal(resend.status, 409);
  assert.equal((await resend.json()).error.message, "This e-mail address is already confirmed");
  assert.equal(mails(t, "welcome").length, 1);
});

Deno.test("a forged, malformed or expired link is refused with the reason and joins nothing", async () => {
  const t = await testApp();
  const order = await guestOrder(t, EMAIL);
  const headers = await register(t);
  assert.deepEqual(await listedOrders(t, headers), []);
  const [link] = mails(t, "email_verification");

  const forged = await confirm(t, "A".repeat(43));
  assert.equal(forged.status, 400);
  const body = await forged.json();
  assert.equal(body.error.code, "VALIDATION_FAILED");
  assert.match(body.error.message, /expired, was already used or is not valid: ask for a new one/);
  assert.deepEqual(body.error.details, [{ field: "token", message: body.error.message }]);

  const malformed = await confirm(t, "not a token");
  assert.equal(malformed.status, 400);
  assert.deepEqual((await malformed.json()).error.details, [
    { field: "token", message: "This link is not valid: ask for a new one" },
  ]);

  t.clock.advance(24 * 60 * 60_000);
  const expired = await confirm(t, tokenOf(link));
  assert.equal(expired.status, 400);
  await expired.body?.cancel();
  assert.equal((await t.orders.findById(order))?.userId, null);
  assert.deepEqual(mails(t, "welcome"), []);
});

Deno.test("a new confirmation link is mailed in the page's language, 3 times an hour at most", async () => {
  const t = await testApp();
  const headers = await register(t);
  for (let i = 0; i < 3; i++) {
    const response = await t.app.request(
      "/api/account/verify",
      json("POST", { language: "si" }, headers),
    );
    assert.equal(response.status, 202);
  }
  const links = mails(t, "email_verification");
  assert.equal(links.length, 4, "the registration's and three asked for");
  assert.match(String(links[3].link), /\/si\/verify-email\?token=/);
  const fourth = await t.app.request(
    "/api/account/verify",
    json("POST", { language: "si" }, headers),
  );
  assert.equal(fourth.status, 429);
  assert.ok(Number(fourth.headers.get("Retry-After")) > 0);
  assert.match((await fourth.json()).error.message, /mailed several times in the last hour/);
  assert.equal(mails(t, "email_verification").length, 4);

  // Any live link confirms; the others end with it.
  const confirmed = await confirm(t, tokenOf(links[2]));
  assert.equal(confirmed.status, 200);
  await confirmed.body?.cancel();
  const other = await confirm(t, tokenOf(links[3]));
  assert.equal(other.status, 400);
  await other.body?.cancel();
});

Deno.test("asking for a link needs a customer's token", async () => {
  const t = await testApp();
  const anonymous = await t.app.request("/api/account/verify", json("POST", {}));
  assert.equal(anonymous.status, 401);
  await anonymous.body?.cancel();
  const admin = await t.asAdmin("/api/account/verify", json("POST", {}));
  assert.equal(admin.status, 403);
  await admin.body?.cancel();
});

Deno.test("a taken address gets no confirmation link: its owner is told instead", async () => {
  const t = await testApp();
  await register(t);
  const again = await t.app.request(
    "/api/auth/register",
    json("POST", { username: "Someone Else", email: EMAIL, password: "another password" }),
  );
  assert.equal(again.status, 201);
  await again.body?.cancel();
  await settle(t);
  assert.equal(mails(t, "email_verification").length, 1);
  assert.equal(mails(t, "registration_taken").length, 1);
});

Deno.test("a link that could not be queued does not count against the customer's three an hour", async () => {
  let down = false;
  const t0 = await testApp();
  const t = await testApp({
    accountMail: {
      enqueue: (mail) => down ? Promise.reject(new Error("outbox down")) : t0.outbox.enqueue(mail),
    },
  });
  const headers = await register(t);
  down = true;
  for (let i = 0; i < 4; i++) {
    const failed = await t.app.request("/api/account/verify", json("POST", {}, headers));
    assert.equal(failed.status, 500);
    await failed.body?.cancel();
  }
  down = false;
  for (let i = 0; i < 3; i++) {
    const sent = await t.app.request("/api/account/verify", json("POST", {}, headers));
    assert.equal(sent.status, 202);
  }
  assert.equal(
    t0.outbox.queuedAccountMail().filter((m) => m.kind === "email_verification").length,
    4,
  );
});
