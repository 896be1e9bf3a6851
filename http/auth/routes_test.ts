import assert from "node:assert/strict";
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

async function setup(loginLimits?: AuthLimits) {
  const clock = new FakeClock();
  const accounts = new MemoryAccounts();
  const hasher = cheapHasher();
  const tokens = new TokenService({ secret: testSecret(), clock, sessions: new MemorySessions() });
  await accounts.upsertAdmin(ADMIN_EMAIL, await hasher.hash(ADMIN_PASSWORD));
  const app = authRoutes({ accounts, hasher, tokens, clock, loginLimits });
  return { app, clock, accounts, tokens, hasher };
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
  assert.deepEqual(Object.keys(body).sort(), ["expiresAt", "token"]);
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

Deno.test("POST /api/auth/login does not log a customer in", async () => {
  const { app } = await setup();
  await post(app, "/api/auth/register", {
    username: "reader",
    email: "reader@example.com",
    password: "long enough",
  });
  await errorOf(await login(app, "reader@example.com", "long enough"), 401);
});

Deno.test("POST /api/auth/login answers 429 with Retry-After after 5 failures for one account", async () => {
  const { app, clock } = await setup();
  for (let i = 0; i < 5; i++) {
    const from = { "X-Forwarded-For": `198.51.100.${i}` }; // ignored: no trusted proxy
    assert.equal(
      (await post(app, "/api/auth/login", { email: ADMIN_EMAIL, password: `x${i}` }, from)).status,
      401,
    );
  }
  const blocked = await login(app, ADMIN_EMAIL, ADMIN_PASSWORD);
  const error = await errorOf(blocked, 429);
  assert.equal(error.code, "TOO_MANY_REQUESTS");
  assert.equal(blocked.headers.get("Retry-After"), "900");
  clock.advance(15 * 60_000);
  assert.equal((await login(app, ADMIN_EMAIL, ADMIN_PASSWORD)).status, 200);
});

Deno.test("POST /api/auth/login limits failures from one address across accounts", async () => {
  const { app } = await setup({ perAddress: { limit: 3, windowMs: 60_000 } });
  for (const email of ["a@x.lk", "b@x.lk", "c@x.lk"]) {
    assert.equal((await login(app, email, "wrong-password")).status, 401);
  }
  const blocked = await login(app, ADMIN_EMAIL, ADMIN_PASSWORD);
  await errorOf(blocked, 429);
  assert.equal(blocked.headers.get("Retry-After"), "60");
});

Deno.test("POST /api/auth/login forgets an account's failures after a success", async () => {
  const { app } = await setup();
  for (let i = 0; i < 4; i++) await login(app, ADMIN_EMAIL, "wrong-password");
  assert.equal((await login(app, ADMIN_EMAIL, ADMIN_PASSWORD)).status, 200);
  for (let i = 0; i < 4; i++) {
    assert.equal((await login(app, ADMIN_EMAIL, "wrong-password")).status, 401);
  }
  assert.equal((await login(app, ADMIN_EMAIL, ADMIN_PASSWORD)).status, 200);
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

const reader = { username: "reader_01", email: "Reader@Example.com", password: "long enough" };

Deno.test("POST /api/auth/register creates a customer and answers 201 without the password", async () => {
  const { app, accounts } = await setup();
  const response = await post(app, "/api/auth/register", reader);
  assert.equal(response.status, 201);
  const body = await response.json();
  assert.deepEqual(body, {
    data: { id: body.data.id, username: "reader_01", email: "reader@example.com" },
  });
  assert.equal(typeof body.data.id, "number");
  assert.match(accounts.customers[0].passwordHash, /^scrypt\$/);
  assert.equal(await accounts.countAdmins(), 1);
});

Deno.test("POST /api/auth/register lets two people share a name; a taken e-mail answers 409", async () => {
  const { app } = await setup();
  await post(app, "/api/auth/register", reader);
  const sameName = await post(app, "/api/auth/register", { ...reader, email: "other@example.com" });
  assert.equal(sameName.status, 201);
  await sameName.body?.cancel();
  const sameEmail = await errorOf(
    await post(app, "/api/auth/register", { ...reader, username: "other" }),
    409,
  );
  assert.equal(sameEmail.details[0].field, "email");
});

Deno.test("POST /api/auth/register answers 400 naming every bad field", async () => {
  const { app } = await setup();
  const cases: [Record<string, unknown>, string[]][] = [
    [{ ...reader, username: "ab" }, ["username"]],
    [{ ...reader, username: "x".repeat(41) }, ["username"]],
    [{ ...reader, username: "rea der" }, ["username"]],
    [{ ...reader, username: "<script>" }, ["username"]],
    [{ ...reader, email: "reader" }, ["email"]],
    [{ ...reader, password: "short" }, ["password"]],
    [{ ...reader, password: "p".repeat(201) }, ["password"]],
    [{ ...reader, password: 12345678 }, ["password"]],
    [{}, ["username", "email", "password"]],
  ];
  for (const [body, fields] of cases) {
    const error = await errorOf(await post(app, "/api/auth/register", body), 400);
    assert.equal(error.code, "VALIDATION_FAILED");
    assert.deepEqual(error.details.map((d: { field: string }) => d.field), fields);
    for (const detail of error.details) assert.equal(typeof detail.message, "string");
  }
});

Deno.test("POST /api/auth/register accepts the limits: 3 and 40 characters, 8 and 200", async () => {
  const { app } = await setup();
  const ok = [
    { username: "a.b", email: "a@example.com", password: "12345678" },
    { username: "A-".repeat(20), email: "b@example.com", password: "p".repeat(200) },
  ];
  for (const body of ok) {
    assert.equal((await post(app, "/api/auth/register", body)).status, 201);
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
