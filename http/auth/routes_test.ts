import { BackgroundWork } from "../background.ts";
import assert from "node:assert/strict";
import { MemoryOutbox } from "../../domain/notifications/testing/outbox_fakes.ts";
import { SAMPLE_SHOP } from "../../domain/notifications/testing/samples.ts";
import { Hono } from "hono";
import { type AuthLimits, authRoutes } from "./routes.ts";
import { TokenService } from "./tokens.ts";
import { type AdminEnv, requireAdmin } from "./require_admin.ts";
import {
  cheapHasher,
  FakeClock,
  MemoryAccounts,
  MemorySessions,
  testSecret,
} from "./testing/fakes.ts";

const ADMIN_EMAIL = "admin@pothgula.lk";
const ADMIN_PASSWORD = "kandy-lake-1864";

async function setup(loginLimits?: AuthLimits, behindProxy = false) {
  const clock = new FakeClock();
  const accounts = new MemoryAccounts();
  const hasher = cheapHasher();
  const tokens = new TokenService({ secret: testSecret(), clock, sessions: new MemorySessions() });
  await accounts.upsertAdmin(ADMIN_EMAIL, await hasher.hash(ADMIN_PASSWORD));
  const outbox = new MemoryOutbox(() => clock.now());
  const waits: number[] = [];
  const background = new BackgroundWork();
  const app = authRoutes({
    background,
    accounts,
    hasher,
    tokens,
    clock,
    loginLimits,
    trustProxy: behindProxy,
    accountMail: outbox,
    shop: SAMPLE_SHOP,
    slowDown: (ms) => {
      waits.push(ms);
      return Promise.resolve();
    },
  });
  return { app, clock, accounts, tokens, hasher, outbox, waits, background };
}

function post(app: Hono, path: string, body: unknown, headers: Record<string, string> = {}) {
  return app.request(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const login = (app: Hono, email: string, password: string) =>
  post(app, "/api/auth/login", { email, password });

async function errorOf(response: Response, status: number) {
  assert.equal(response.status, status);
  assert.match(response.headers.get("Content-Type") ?? "", /application\/json/);
  return (await response.json()).error;
}

Deno.test("POST /api/auth/login gives the admin a token the admin guard accepts", async () => {
  const { app, tokens } = await setup();
  const response = await login(app, ADMIN_EMAIL, ADMIN_PASSWORD);
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("Cache-Control"), "no-store");
  const body = await response.json();
  assert.deepEqual(Object.keys(body).sort(), ["adminRole", "expiresAt", "role", "token"]);
  assert.equal(body.role, "admin");
  assert.equal(body.adminRole, "owner");
  assert.equal(body.expiresAt, "2026-03-01T12:00:00.000Z");

  const guarded = new Hono<AdminEnv>();
  guarded.use("*", requireAdmin(tokens));
  guarded.get("/api/orders", (c) => c.json({ email: c.get("admin").email }));
  const orders = await guarded.request("/api/orders", {
    headers: { Authorization: `Bearer ${body.token}` },
  });
  assert.deepEqual(await orders.json(), { email: ADMIN_EMAIL });
});

Deno.test("POST /api/auth/login matches the e-mail regardless of case and spaces", async () => {
  const { app } = await setup();
  const response = await login(app, "  Admin@Pothgula.LK ", ADMIN_PASSWORD);
  assert.equal(response.status, 200);
});

Deno.test("POST /api/auth/login answers the same 401 for a wrong password and an unknown e-mail", async () => {
  const { app } = await setup();
  const wrongPassword = await errorOf(await login(app, ADMIN_EMAIL, "guess-guess"), 401);
  const unknownEmail = await errorOf(await login(app, "nobody@pothgula.lk", ADMIN_PASSWORD), 401);
  assert.deepEqual(wrongPassword, { code: "UNAUTHORIZED", message: "Invalid credentials" });
  assert.deepEqual(unknownEmail, wrongPassword);
});

Deno.test("POST /api/auth/login verifies a dummy hash for an unknown e-mail", async () => {
  const { accounts, tokens, clock } = await setup();
  const verified: string[] = [];
  const base = cheapHasher();
  const hasher = {
    hash: (password: string) => base.hash(password),
    verify: (password: string, hash: string) => {
      verified.push(hash);
      return base.verify(password, hash);
    },
  };
  const counting = authRoutes({ accounts, hasher, tokens, clock });
  await login(counting, "nobody@pothgula.lk", "whatever-password");
  await login(counting, "someone@pothgula.lk", "whatever-password");
  assert.equal(verified.length, 2);
  assert.match(verified[0], /^scrypt\$/);
  assert.equal(verified[1], verified[0]);
});

Deno.test("POST /api/auth/login logs a customer in with role customer, 403 on admin routes", async () => {
  const { app, tokens } = await setup();
  await post(app, "/api/auth/register", {
    username: "Sunil Fernando",
    email: "sunil@example.com",
    password: "long enough",
  });
  const response = await login(app, "Sunil@Example.com", "long enough");
  assert.equal(response.status, 200);
  const body = await response.json();
  assert.equal(body.role, "customer");
  const verified = await tokens.verify(body.token);
  assert.equal(verified.kind === "valid" && verified.claims.role, "customer");
  const guarded = new Hono<AdminEnv>();
  guarded.use("*", requireAdmin(tokens));
  guarded.get("/api/orders", (c) => c.json({}));
  const orders = await guarded.request("/api/orders", {
    headers: { Authorization: `Bearer ${body.token}` },
  });
  assert.equal(orders.status, 403);
  await orders.body?.cancel();
  await errorOf(await login(app, "sunil@example.com", "wrong password"), 401);
});

Deno.test("POST /api/auth/login answers 429 to one address after 5 failures for one account", async () => {
  const { app, clock } = await setup();
  for (let i = 0; i < 5; i++) {
    assert.equal((await login(app, ADMIN_EMAIL, `x${i}`)).status, 401);
  }
  const blocked = await login(app, ADMIN_EMAIL, ADMIN_PASSWORD);
  const error = await errorOf(blocked, 429);
  assert.equal(error.code, "TOO_MANY_REQUESTS");
  assert.equal(blocked.headers.get("Retry-After"), "900");
  clock.advance(15 * 60_000);
  assert.equal((await login(app, ADMIN_EMAIL, ADMIN_PASSWORD)).status, 200);
});

Deno.test("five wrong passwords per 15 minutes from any number of addresses never keep the admin out", async () => {
  const { app, waits } = await setup(undefined, true);
  for (let host = 1; host <= 20; host++) {
    for (let i = 0; i < 5; i++) {
      const from = { "X-Forwarded-For": `203.0.113.${host}` };
      const guess = await post(
        app,
        "/api/auth/login",
        { email: ADMIN_EMAIL, password: `x${i}` },
        from,
      );
      assert.equal(guess.status, 401, `guess ${i} from host ${host}`);
    }
  }
  assert.equal(waits.length, 90, "after 10 failures every attempt on the account is slowed");
  assert.ok(waits.every((ms) => ms === 2_000));
  const owner = await post(
    app,
    "/api/auth/login",
    { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
    { "X-Forwarded-For": "198.51.100.7" },
  );
  assert.equal(owner.status, 200);
});

Deno.test("POST /api/auth/login slows an address after its failures across accounts, never refuses it", async () => {
  const { app, waits } = await setup({ perAddress: { limit: 3, windowMs: 60_000 } });
  for (const email of ["a@x.lk", "b@x.lk", "c@x.lk"]) {
    assert.equal((await login(app, email, "wrong-password")).status, 401);
  }
  assert.deepEqual(waits, []);
  // Someone else behind the same address still gets in, after a short wait.
  assert.equal((await login(app, ADMIN_EMAIL, ADMIN_PASSWORD)).status, 200);
  assert.deepEqual(waits, [2_000]);
});

Deno.test("POST /api/auth/login does not count a success: only failures fill the limits", async () => {
  const { app } = await setup();
  for (let i = 0; i < 4; i++) await login(app, ADMIN_EMAIL, "wrong-password");
  for (let i = 0; i < 10; i++) {
    assert.equal((await login(app, ADMIN_EMAIL, ADMIN_PASSWORD)).status, 200, `success ${i}`);
  }
  assert.equal((await login(app, ADMIN_EMAIL, "wrong-password")).status, 401);
  assert.equal((await login(app, ADMIN_EMAIL, ADMIN_PASSWORD)).status, 429);
});

Deno.test("POST /api/auth/login counts parallel guesses before checking them", async () => {
  const { app } = await setup();
  const answers = await Promise.all(
    Array.from({ length: 8 }, (_, i) => login(app, ADMIN_EMAIL, `guess-${i}`)),
  );
  const statuses = answers.map((r) => r.status).sort();
  assert.deepEqual(statuses, [401, 401, 401, 401, 401, 429, 429, 429]);
});

Deno.test("POST /api/auth/login answers 400 naming the bad fields", async () => {
  const { app } = await setup();
  const error = await errorOf(await post(app, "/api/auth/login", { email: "not-an-email" }), 400);
  assert.equal(error.code, "VALIDATION_FAILED");
  assert.deepEqual(error.details, [
    { field: "email", message: "Email must be a valid e-mail address" },
    { field: "password", message: "Password is required" },
  ]);
});

Deno.test("POST /api/auth/login answers 400 to malformed JSON and 415 to a form", async () => {
  const { app } = await setup();
  assert.equal(
    (await errorOf(await post(app, "/api/auth/login", "{nope"), 400)).code,
    "BAD_REQUEST",
  );
  const form = await app.request("/api/auth/login", {
    method: "POST",
    body: new URLSearchParams({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  assert.equal((await errorOf(form, 415)).code, "UNSUPPORTED_MEDIA_TYPE");
  const array = await errorOf(await post(app, "/api/auth/login", "[]"), 400);
  assert.equal(array.code, "VALIDATION_FAILED");
});

const reader = { username: "Sunil Fernando", email: "Sunil@Example.com", password: "long enough" };

Deno.test("POST /api/auth/register creates a customer and answers 201 without the password", async () => {
  const { app, accounts } = await setup();
  const response = await post(app, "/api/auth/register", reader);
  assert.equal(response.status, 201);
  assert.deepEqual(await response.json(), {
    data: { username: "Sunil Fernando", email: "sunil@example.com" },
  });
  assert.equal(accounts.customers[0].username, "Sunil Fernando");
  assert.match(accounts.customers[0].passwordHash, /^scrypt\$/);
  assert.equal(await accounts.countAdmins(), 1);
});

Deno.test("POST /api/auth/register answers a taken e-mail as a new one and mails its owner", async () => {
  const { app, accounts, outbox, background } = await setup();
  const first = await post(app, "/api/auth/register", reader);
  const firstBody = await first.json();
  const again = await post(app, "/api/auth/register", { ...reader, password: "another one" });
  assert.equal(again.status, first.status);
  assert.deepEqual(await again.json(), firstBody);
  assert.equal(accounts.customers.length, 1);
  // The mail is queued after the answer, in the background.
  await background.idle();
  assert.deepEqual(outbox.queuedAccountMail(), [{
    kind: "registration_taken",
    payload: {
      v: 1,
      to: "sunil@example.com",
      language: "en",
      loginUrl: "https://pothgula.example/login",
      resetUrl: "https://pothgula.example/reset-password",
    },
  }]);
  assert.equal((await login(app, "sunil@example.com", "another one")).status, 401);
  assert.equal((await login(app, "sunil@example.com", "long enough")).status, 200);
});

Deno.test("POST /api/auth/register writes the taken-address mail in the language of the page", async () => {
  const { app, outbox, background } = await setup();
  await (await post(app, "/api/auth/register", reader)).body?.cancel();
  const again = await post(app, "/api/auth/register", { ...reader, language: "si" });
  assert.equal(again.status, 201);
  await background.idle();
  const [mail] = outbox.queuedAccountMail();
  assert.equal(mail.payload.language, "si");
  assert.equal(mail.payload.loginUrl, "https://pothgula.example/si/login");
  const bad = await post(app, "/api/auth/register", { ...reader, language: "de" });
  assert.equal(bad.status, 400);
});

Deno.test("POST /api/auth/register takes names as people write them", async () => {
  const { app, accounts } = await setup();
  const names = [
    ["  Sunil   Fernando ", "Sunil Fernando"],
    ["සුනිල් ප්‍රනාන්දු", "සුනිල් ප්‍රනාන්දු"],
    ["K. Sivakumar-Pillai", "K. Sivakumar-Pillai"],
    ["x".repeat(60), "x".repeat(60)],
  ];
  for (const [i, [typed]] of names.entries()) {
    const response = await post(app, "/api/auth/register", {
      username: typed,
      email: `n${i}@example.com`,
      password: "long enough",
    });
    assert.equal(response.status, 201, typed);
    await response.body?.cancel();
  }
  assert.deepEqual(accounts.customers.map((c) => c.username), names.map(([, kept]) => kept));
});

Deno.test("POST /api/auth/register answers 400 naming every bad field", async () => {
  const { app } = await setup();
  const cases: [Record<string, unknown>, string[], string][] = [
    [{ ...reader, username: "   " }, ["username"], "Name is required"],
    [{ ...reader, username: "x".repeat(61) }, ["username"], "Name must be at most 60 characters"],
    [{ ...reader, username: 42 }, ["username"], "Name must be text"],
    [{ ...reader, email: "reader" }, ["email"], "Email must be a valid e-mail address"],
    [{ ...reader, password: "short" }, ["password"], "Password must be at least 8 characters"],
    [
      { ...reader, password: "p".repeat(201) },
      ["password"],
      "Password must be at most 200 characters",
    ],
    [{ ...reader, password: 12345678 }, ["password"], "Password must be text"],
    [{}, ["username", "email", "password"], "Name is required"],
  ];
  for (const [body, fields, message] of cases) {
    const error = await errorOf(await post(app, "/api/auth/register", body), 400);
    assert.equal(error.code, "VALIDATION_FAILED");
    assert.deepEqual(error.details.map((d: { field: string }) => d.field), fields);
    assert.equal(error.details[0].message, message);
  }
});

Deno.test("POST /api/auth/register limits registrations from one address", async () => {
  const { app } = await setup({ registerPerAddress: { limit: 2, windowMs: 60_000 } });
  for (const n of [1, 2]) {
    const body = { username: `reader${n}`, email: `r${n}@example.com`, password: "long enough" };
    assert.equal((await post(app, "/api/auth/register", body)).status, 201);
  }
  const body = { username: "reader3", email: "r3@example.com", password: "long enough" };
  const blocked = await post(app, "/api/auth/register", body);
  await errorOf(blocked, 429);
  assert.equal(blocked.headers.get("Retry-After"), "60");
});
