import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { SignJWT } from "jose";
import { TOKEN_AUDIENCE, TOKEN_ISSUER, TokenService } from "./tokens.ts";
import { FakeClock, MemorySessions, testSecret } from "./testing/fakes.ts";

const admin = { id: 3, email: "admin@pothgula.lk" };

function b64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

function service(clock = new FakeClock(), ttlSeconds?: number) {
  return new TokenService({
    secret: testSecret(),
    clock,
    ttlSeconds,
    sessions: new MemorySessions(),
  });
}

Deno.test("issueAdminToken() gives a token that verifies with the admin's id, email and role", async () => {
  const clock = new FakeClock("2026-03-01T10:00:00.000Z");
  const tokens = service(clock);
  const issued = await tokens.issueAdminToken(admin);
  assert.equal(issued.expiresAt, "2026-03-01T12:00:00.000Z");
  const result = await tokens.verify(issued.token);
  assert.equal(result.kind, "valid");
  if (result.kind !== "valid") return;
  const { sessionId, ...claims } = result.claims;
  assert.deepEqual(claims, {
    id: 3,
    email: "admin@pothgula.lk",
    role: "admin",
    adminRole: "owner",
    expiresAt: issued.expiresAt,
  });
  assert.match(sessionId, /^[A-Za-z0-9_-]{22}$/);
});

Deno.test("a staff member's token names the role staff; a customer's names none", async () => {
  const tokens = service();
  const staff = await tokens.verify(
    (await tokens.issueAdminToken({ ...admin, role: "staff" })).token,
  );
  assert.equal(staff.kind === "valid" && staff.claims.adminRole, "staff");
  const customer = await tokens.verify(
    (await tokens.issue({ id: 8, email: "reader@example.com", role: "customer" })).token,
  );
  assert.ok(customer.kind === "valid" && !("adminRole" in customer.claims));
  await assert.rejects(tokens.issue({ id: 3, email: admin.email, role: "admin" }), /admin role/);
  await assert.rejects(
    tokens.issue({ id: 8, email: "r@example.com", role: "customer", adminRole: "owner" }),
    /admin role/,
  );
});

Deno.test("verify() refuses a signed admin token without a known admin role (made before roles)", async () => {
  const clock = new FakeClock();
  const sessions = new MemorySessions();
  const tokens = new TokenService({ secret: testSecret(), clock, sessions });
  for (
    const [adminRole, kind] of [[undefined, "invalid"], ["root", "invalid"], ["owner", "valid"]]
  ) {
    await sessions.open({
      id: "s".repeat(22),
      role: "admin",
      accountId: 3,
      expiresAt: new Date(clock.now().getTime() + 3_600_000),
      adminRole: "owner",
    }, clock.now());
    const token = await new SignJWT({
      email: admin.email,
      role: "admin",
      adminRole,
      sid: "s".repeat(22),
    })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject("3").setIssuer(TOKEN_ISSUER).setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(clock.now()).setExpirationTime("1h")
      .sign(testSecret());
    // The same token naming a role is honoured: only the role decides.
    assert.equal((await tokens.verify(token)).kind, kind, String(adminRole));
  }
});

Deno.test("end() makes a token invalid at once and leaves the account's other tokens", async () => {
  const tokens = service();
  const first = await tokens.issueAdminToken(admin);
  const second = await tokens.issueAdminToken(admin);
  const verified = await tokens.verify(first.token);
  assert.equal(verified.kind, "valid");
  if (verified.kind !== "valid") return;
  await tokens.end(verified.claims);
  assert.deepEqual(await tokens.verify(first.token), { kind: "invalid" });
  assert.equal((await tokens.verify(second.token)).kind, "valid");
});

Deno.test("endAll() makes every token of one account invalid, not another's", async () => {
  const tokens = service();
  const a = await tokens.issueAdminToken(admin);
  const b = await tokens.issueAdminToken(admin);
  const customer = await tokens.issue({ id: 3, email: "reader@example.lk", role: "customer" });
  assert.equal(await tokens.endAll("admin", 3), 2);
  assert.deepEqual(await tokens.verify(a.token), { kind: "invalid" });
  assert.deepEqual(await tokens.verify(b.token), { kind: "invalid" });
  assert.equal((await tokens.verify(customer.token)).kind, "valid");
});

Deno.test("verify() refuses a well-signed token whose session the shop never opened", async () => {
  const clock = new FakeClock();
  const signed = await service(clock).issueAdminToken(admin);
  assert.deepEqual(await service(clock).verify(signed.token), { kind: "invalid" });
});

Deno.test("issueAdminToken() signs HS256 with issuer pothgula and audience pothgula-admin", async () => {
  const { token } = await service().issueAdminToken(admin);
  const [header, payload] = token.split(".").slice(0, 2).map((part) =>
    JSON.parse(Buffer.from(part, "base64url").toString())
  );
  assert.equal(header.alg, "HS256");
  assert.equal(payload.iss, TOKEN_ISSUER);
  assert.equal(payload.aud, TOKEN_AUDIENCE);
  assert.equal(payload.sub, "3");
});

Deno.test("verify() refuses a token once it has expired", async () => {
  const clock = new FakeClock();
  const tokens = service(clock, 60);
  const { token } = await tokens.issueAdminToken(admin);
  clock.advance(59_000);
  assert.equal((await tokens.verify(token)).kind, "valid");
  clock.advance(2_000);
  assert.deepEqual(await tokens.verify(token), { kind: "invalid" });
});

Deno.test("verify() refuses an unsigned token (alg none)", async () => {
  const clock = new FakeClock();
  const now = Math.floor(clock.now().getTime() / 1000);
  const payload = {
    sub: "3",
    email: admin.email,
    role: "admin",
    iss: TOKEN_ISSUER,
    aud: TOKEN_AUDIENCE,
    iat: now,
    exp: now + 600,
  };
  const unsigned = `${b64url({ alg: "none", typ: "JWT" })}.${b64url(payload)}.`;
  assert.deepEqual(await service(clock).verify(unsigned), { kind: "invalid" });
});

Deno.test("verify() refuses a token signed with another key", async () => {
  const clock = new FakeClock();
  const forger = new TokenService({ secret: testSecret(9), clock, sessions: new MemorySessions() });
  const { token } = await forger.issueAdminToken(admin);
  assert.deepEqual(await service(clock).verify(token), { kind: "invalid" });
});

Deno.test("verify() refuses HS512 even with the right key: the algorithm is pinned", async () => {
  const clock = new FakeClock();
  const token = await new SignJWT({ email: admin.email, role: "admin" })
    .setProtectedHeader({ alg: "HS512" })
    .setSubject("3").setIssuer(TOKEN_ISSUER).setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(clock.now()).setExpirationTime("1h")
    .sign(new Uint8Array(64).fill(7));
  const tokens = new TokenService({
    secret: new Uint8Array(64).fill(7),
    clock,
    sessions: new MemorySessions(),
  });
  assert.deepEqual(await tokens.verify(token), { kind: "invalid" });
});

Deno.test("verify() refuses a token whose payload was changed after signing", async () => {
  const tokens = service();
  const { token } = await tokens.issueAdminToken(admin);
  const [header, payload, signature] = token.split(".");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
  const forged = `${header}.${b64url({ ...claims, sub: "1" })}.${signature}`;
  assert.deepEqual(await tokens.verify(forged), { kind: "invalid" });
});

Deno.test("verify() refuses tokens for another issuer or audience", async () => {
  const clock = new FakeClock();
  for (const [iss, aud] of [["someone-else", TOKEN_AUDIENCE], [TOKEN_ISSUER, "other-app"]]) {
    const token = await new SignJWT({ email: admin.email, role: "admin" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("3").setIssuer(iss).setAudience(aud)
      .setIssuedAt(clock.now()).setExpirationTime("1h")
      .sign(testSecret());
    assert.deepEqual(await service(clock).verify(token), { kind: "invalid" }, `${iss} ${aud}`);
  }
});

Deno.test("verify() refuses a signed token with an unknown role or a non-numeric subject", async () => {
  const clock = new FakeClock();
  const sign = (sub: string, role: string) =>
    new SignJWT({ email: admin.email, role })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(sub).setIssuer(TOKEN_ISSUER).setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(clock.now()).setExpirationTime("1h")
      .sign(testSecret());
  assert.deepEqual(await service(clock).verify(await sign("3", "root")), { kind: "invalid" });
  assert.deepEqual(await service(clock).verify(await sign("admin", "admin")), { kind: "invalid" });
});

Deno.test("verify() answers invalid for garbage instead of throwing", async () => {
  for (const garbage of ["", "abc", "a.b.c", "....", "eyJhbGciOiJIUzI1NiJ9.e30."]) {
    assert.deepEqual(await service().verify(garbage), { kind: "invalid" }, garbage);
  }
});

Deno.test("issue() gives customer tokens role customer", async () => {
  const tokens = service();
  const { token } = await tokens.issue({ id: 8, email: "reader@example.com", role: "customer" });
  const result = await tokens.verify(token);
  assert.equal(result.kind === "valid" && result.claims.role, "customer");
});

Deno.test("TokenService refuses a secret shorter than 32 bytes", () => {
  assert.throws(
    () =>
      new TokenService({
        secret: new Uint8Array(16),
        clock: new FakeClock(),
        sessions: new MemorySessions(),
      }),
    /at least 32 bytes/,
  );
});
