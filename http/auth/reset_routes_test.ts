import assert from "node:assert/strict";
import { json, type TestApp, testApp } from "../testing/fixture.ts";
import { UnavailableError } from "../../domain/ports.ts";
import { cheapHasher } from "./testing/fakes.ts";

const EMAIL = "nimali@example.lk";
const PASSWORD = "long enough";

async function withCustomer() {
  const t = await testApp();
  const registered = await t.app.request(
    "/api/auth/register",
    json("POST", { username: "Nimali Perera", email: EMAIL, password: PASSWORD }),
  );
  assert.equal(registered.status, 201);
  await registered.body?.cancel();
  return t;
}

async function logIn(t: TestApp, password = PASSWORD) {
  const response = await t.app.request("/api/auth/login", json("POST", { email: EMAIL, password }));
  return { status: response.status, token: response.ok ? (await response.json()).token : "" };
}

/**
 * Lets the mails the requests queue after answering reach the outbox: every one that will
 * be queued has been once the background work is idle.
 */
async function settle(t: TestApp) {
  if (!t.deps.background) throw new Error("The test app tracks no background work");
  await t.deps.background.idle();
}

/** The reset mails waiting in the outbox, as stored. */
function queued(t: TestApp) {
  return t.outbox.queuedAccountMail().filter((m) => m.kind === "password_reset")
    .map((m) => m.payload);
}

async function askForLink(t: TestApp, email = EMAIL, language?: string): Promise<string> {
  const before = queued(t).length;
  const response = await t.app.request(
    "/api/auth/password-reset",
    json("POST", language ? { email, language } : { email }),
  );
  assert.equal(response.status, 202);
  await settle(t);
  assert.equal(queued(t).length, before + 1, "one reset mail was queued");
  const mail = queued(t).at(-1);
  assert.ok(mail, "a reset mail was queued");
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(String(mail.link));
  assert.ok(match, JSON.stringify(mail));
  return match[1];
}

function confirm(t: TestApp, token: string, password: string) {
  return t.app.request("/api/auth/password-reset/confirm", json("POST", { token, password }));
}

Deno.test("a reset link sets a new password once and ends every earlier token", async () => {
  const t = await withCustomer();
  const before = await logIn(t);
  const token = await askForLink(t);
  assert.equal(queued(t).at(-1)?.to, EMAIL);
  assert.equal(queued(t).at(-1)?.language, "en");
  assert.match(String(queued(t).at(-1)?.link), /^http:\/\/localhost:8000\/reset-password\?token=/);
  const done = await confirm(t, token, "a new secret");
  assert.equal(done.status, 204);
  const logout = await t.app.request("/api/auth/logout", {
    method: "POST",
    headers: { Authorization: `Bearer ${before.token}` },
  });
  assert.equal(logout.status, 401, "the token from before the reset is dead");
  await logout.body?.cancel();
  assert.equal((await logIn(t)).status, 401);
  assert.equal((await logIn(t, "a new secret")).status, 200);
  const again = await confirm(t, token, "yet another one");
  assert.equal(again.status, 400);
  assert.equal((await again.json()).error.details[0].field, "token");
});

Deno.test("a reset link stops working after one hour", async () => {
  const t = await withCustomer();
  const token = await askForLink(t);
  t.clock.advance(60 * 60_000);
  const late = await confirm(t, token, "a new secret");
  assert.equal(late.status, 400);
  assert.match((await late.json()).error.message, /expired or was already used/);
  assert.equal((await logIn(t)).status, 200);
});

Deno.test("POST /api/auth/password-reset answers 202 whatever the address, and mails only a known one", async () => {
  const t = await withCustomer();
  for (const email of ["nobody@example.lk", "not an address", "", "NIMALI@example.lk "]) {
    const response = await t.app.request("/api/auth/password-reset", json("POST", { email }));
    assert.equal(response.status, 202, JSON.stringify(email));
    assert.equal(await response.text(), "");
  }
  await settle(t);
  assert.deepEqual(queued(t).map((m) => m.to), [EMAIL]);
});

Deno.test("the reset mail is written in the language of the page that asked, to that page", async () => {
  const t = await withCustomer();
  const token = await askForLink(t, EMAIL, "ta");
  assert.equal(queued(t).at(-1)?.language, "ta");
  assert.equal(
    queued(t).at(-1)?.link,
    `http://localhost:8000/ta/reset-password?token=${token}`,
  );
  const bad = await t.app.request(
    "/api/auth/password-reset",
    json("POST", { email: EMAIL, language: "fr" }),
  );
  assert.equal(bad.status, 400);
  assert.equal((await bad.json()).error.details[0].field, "language");
});

Deno.test("an admin resets a password by mail too, through the admin area's own reset page", async () => {
  const t = await testApp();
  await t.deps.accounts.upsertAdmin("owner@pothgula.lk", await t.deps.hasher.hash("old secret"));
  // Asked from a Sinhala page of the shop, the admin's link is still the admin area's, in English.
  const token = await askForLink(t, "owner@pothgula.lk", "si");
  assert.equal(
    queued(t).at(-1)?.link,
    `http://localhost:8000/admin/reset-password?token=${token}`,
  );
  assert.equal(queued(t).at(-1)?.language, "en");
  assert.equal((await confirm(t, token, "new secret!")).status, 204);
  const login = await t.app.request(
    "/api/auth/login",
    json("POST", { email: "owner@pothgula.lk", password: "new secret!" }),
  );
  assert.equal((await login.json()).role, "admin");
});

Deno.test("a stranger cannot flood a mailbox: 3 links an hour for one address", async () => {
  const t = await withCustomer();
  for (let i = 0; i < 5; i++) {
    const response = await t.app.request(
      "/api/auth/password-reset",
      json("POST", { email: EMAIL }),
    );
    assert.equal(response.status, 202);
  }
  await settle(t);
  assert.equal(queued(t).length, 3);
});

Deno.test("the reset routes answer 400 naming the bad field, 415 for a form", async () => {
  const t = await testApp();
  const cases: [string, unknown, string, string][] = [
    ["/api/auth/password-reset", {}, "email", "Email is required"],
    ["/api/auth/password-reset", { email: 5 }, "email", "Email must be text"],
    ["/api/auth/password-reset/confirm", { password: "long enough" }, "token", "Token is required"],
    [
      "/api/auth/password-reset/confirm",
      { token: "short", password: "long enough" },
      "token",
      "This link is not valid: ask for a new one",
    ],
    [
      "/api/auth/password-reset/confirm",
      { token: "a".repeat(43), password: "short" },
      "password",
      "Password must be at least 8 characters",
    ],
  ];
  for (const [path, body, field, message] of cases) {
    const response = await t.app.request(path, json("POST", body));
    assert.equal(response.status, 400, `${path} ${JSON.stringify(body)}`);
    assert.deepEqual((await response.json()).error.details, [{ field, message }]);
  }
  const form = await t.app.request("/api/auth/password-reset", {
    method: "POST",
    body: new URLSearchParams({ email: EMAIL }),
  });
  assert.equal(form.status, 415);
  await form.body?.cancel();
});

Deno.test("a 503 from a full hashing lane during confirm leaves the link unspent", async () => {
  const real = cheapHasher();
  let full = false;
  const hasher = {
    hash: (password: string) =>
      full
        ? Promise.reject(new UnavailableError("Too many password checks at once", 2))
        : real.hash(password),
    verify: (password: string, hash: string) => real.verify(password, hash),
  };
  const t = await testApp({ hasher });
  const registered = await t.app.request(
    "/api/auth/register",
    json("POST", { username: "Nimali Perera", email: EMAIL, password: PASSWORD }),
  );
  await registered.body?.cancel();
  const token = await askForLink(t);
  full = true;
  const busy = await confirm(t, token, "a new secret");
  assert.equal(busy.status, 503);
  assert.ok(busy.headers.get("Retry-After"));
  await busy.body?.cancel();
  assert.equal((await logIn(t)).status, 200, "nothing was changed");
  full = false;
  const done = await confirm(t, token, "a new secret");
  assert.equal(done.status, 204, "the same link works once the lane has room");
  assert.equal((await logIn(t, "a new secret")).status, 200);
  const again = await confirm(t, token, "yet another one");
  assert.equal(again.status, 400, "and only once");
  await again.body?.cancel();
});
