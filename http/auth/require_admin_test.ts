import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { Hono } from "hono";
import { type AdminEnv, bearerToken, requireAdmin } from "./require_admin.ts";
import { TOKEN_AUDIENCE, TOKEN_ISSUER, TokenService } from "./tokens.ts";
import { FakeClock, MemorySessions, testSecret } from "./testing/fakes.ts";

function setup() {
  const clock = new FakeClock();
  const tokens = new TokenService({
    secret: testSecret(),
    clock,
    ttlSeconds: 3600,
    sessions: new MemorySessions(),
  });
  const app = new Hono<AdminEnv>();
  app.use("/api/admin/*", requireAdmin(tokens));
  app.get("/api/admin/me", (c) => c.json({ id: c.get("admin").id, email: c.get("admin").email }));
  return { app, tokens, clock };
}

function get(app: Hono<AdminEnv>, authorization?: string) {
  const headers: Record<string, string> = authorization ? { Authorization: authorization } : {};
  return app.request("/api/admin/me", { headers });
}

async function assertError(response: Response, status: number, code: string) {
  assert.equal(response.status, status);
  assert.match(response.headers.get("Content-Type") ?? "", /application\/json/);
  const body = await response.json();
  assert.equal(body.error.code, code);
  return body;
}

Deno.test("requireAdmin() lets an admin token through with its claims on the context", async () => {
  const { app, tokens } = setup();
  const { token } = await tokens.issueAdminToken({ id: 5, email: "admin@pothgula.lk" });
  const response = await get(app, `Bearer ${token}`);
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { id: 5, email: "admin@pothgula.lk" });
});

Deno.test("requireAdmin() answers 401 with a Bearer challenge when no token is sent", async () => {
  const { app } = setup();
  const response = await get(app);
  const body = await assertError(response, 401, "UNAUTHORIZED");
  assert.equal(body.error.message, "Authentication required");
  assert.equal(response.headers.get("WWW-Authenticate"), "Bearer");
});

Deno.test("requireAdmin() answers 401 to malformed Authorization headers", async () => {
  const { app, tokens } = setup();
  const { token } = await tokens.issueAdminToken({ id: 5, email: "admin@pothgula.lk" });
  for (
    const header of [token, `Basic ${token}`, "Bearer", "Bearer not-a-jwt", `Bearer ${token} x`]
  ) {
    await assertError(await get(app, header), 401, "UNAUTHORIZED");
  }
});

Deno.test("requireAdmin() answers 401 to an expired token", async () => {
  const { app, tokens, clock } = setup();
  const { token } = await tokens.issueAdminToken({ id: 5, email: "admin@pothgula.lk" });
  clock.advance(3601_000);
  const response = await get(app, `Bearer ${token}`);
  await assertError(response, 401, "UNAUTHORIZED");
  assert.match(response.headers.get("WWW-Authenticate") ?? "", /invalid_token/);
});

Deno.test("requireAdmin() answers 401 to alg none, a foreign key and a tampered payload", async () => {
  const { app, tokens, clock } = setup();
  const { token } = await tokens.issueAdminToken({ id: 5, email: "admin@pothgula.lk" });
  const [header, payload, signature] = token.split(".");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
  const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
  const none = `${encode({ alg: "none", typ: "JWT" })}.${payload}.`;
  const tampered = `${header}.${encode({ ...claims, email: "mallory@example.com" })}.${signature}`;
  const foreign = await new TokenService({
    secret: testSecret(1),
    clock,
    sessions: new MemorySessions(),
  })
    .issueAdminToken({ id: 5, email: "admin@pothgula.lk" });
  for (const bad of [none, tampered, foreign.token]) {
    await assertError(await get(app, `Bearer ${bad}`), 401, "UNAUTHORIZED");
  }
});

Deno.test("requireAdmin() answers 403 to a valid token of a customer", async () => {
  const { app, tokens } = setup();
  const { token } = await tokens.issue({ id: 9, email: "reader@example.com", role: "customer" });
  const body = await assertError(await get(app, `Bearer ${token}`), 403, "FORBIDDEN");
  assert.equal(body.error.message, "Administrator rights required");
});

Deno.test("requireAdmin() checks the audience: a token for another audience is 401", async () => {
  const { app } = setup();
  const { SignJWT } = await import("jose");
  const token = await new SignJWT({ email: "admin@pothgula.lk", role: "admin" })
    .setProtectedHeader({ alg: "HS256" }).setSubject("5").setIssuer(TOKEN_ISSUER)
    .setAudience(`${TOKEN_AUDIENCE}-preview`).setIssuedAt(new FakeClock().now())
    .setExpirationTime(new Date(Date.parse("2026-03-01T11:00:00Z"))).sign(testSecret());
  await assertError(await get(app, `Bearer ${token}`), 401, "UNAUTHORIZED");
});

Deno.test("bearerToken() reads the token and ignores the scheme's case", () => {
  assert.equal(bearerToken("Bearer a.b.c"), "a.b.c");
  assert.equal(bearerToken("bearer a.b.c"), "a.b.c");
  assert.equal(bearerToken(undefined), undefined);
  assert.equal(bearerToken("Bearer a.b"), undefined);
});
