import assert from "node:assert/strict";
import { json, type TestApp, testApp } from "../testing/fixture.ts";
import { MemoryAccounts } from "../auth/testing/fakes.ts";
import { INVITATION_LINK_MS, LAST_OWNER } from "./staff.ts";

const OWNER = "owner@pothgula.lk";
const OWNER_PASSWORD = "owner's long password";

/** The app with one real owner, signed in: `call` asks as them. */
async function shop() {
  const accounts = new MemoryAccounts();
  const t = await testApp({ accounts });
  await accounts.upsertAdmin(OWNER, await t.deps.hasher.hash(OWNER_PASSWORD));
  const owner = await logIn(t, OWNER, OWNER_PASSWORD);
  assert.equal(owner.status, 200);
  const call = (path: string, init: RequestInit = {}, token = owner.token) => {
    const headers = new Headers(init.headers);
    headers.set("Authorization", `Bearer ${token}`);
    return t.app.request(path, { ...init, headers });
  };
  return { t, accounts, owner, call };
}

async function logIn(t: TestApp, email: string, password: string) {
  const response = await t.app.request("/api/auth/login", json("POST", { email, password }));
  const body = await response.json();
  return { status: response.status, token: body.token as string, adminRole: body.adminRole };
}

/** The invitations waiting in the outbox, as stored. */
function invitations(t: TestApp) {
  return t.outbox.queuedAccountMail().filter((m) => m.kind === "staff_invitation")
    .map((m) => m.payload as { to: string; link: string; role: string; days: number });
}

function tokenOf(link: string): string {
  const match = /\/admin\/invitation\?token=([A-Za-z0-9_-]+)$/.exec(link);
  assert.ok(match, link);
  return match[1];
}

async function invite(
  s: Awaited<ReturnType<typeof shop>>,
  email = "packer@pothgula.lk",
  role?: string,
) {
  const response = await s.call("/api/staff", json("POST", role ? { email, role } : { email }));
  assert.equal(response.status, 201);
  return (await response.json()).data;
}

Deno.test("POST /api/staff invites staff: an invited member, and a mail with a 7-day link that sets a password", async () => {
  const s = await shop();
  const member = await invite(s, " Packer@Pothgula.lk ");
  assert.deepEqual(member, {
    id: member.id,
    email: "packer@pothgula.lk",
    role: "staff",
    state: "invited",
    added_at: member.added_at,
    you: false,
  });
  const [mail] = invitations(s.t);
  assert.equal(mail.to, "packer@pothgula.lk");
  assert.equal(mail.role, "staff");
  assert.equal(mail.days, 7);
  assert.match(mail.link, /^http:\/\/localhost:8000\/admin\/invitation\?token=/);
  // No password opens the account until the link has set one.
  assert.equal((await logIn(s.t, "packer@pothgula.lk", "")).status, 400);
  assert.equal((await logIn(s.t, "packer@pothgula.lk", "anything at all")).status, 401);
  // Six days later the link still works; it sets the password, once.
  s.t.clock.advance(INVITATION_LINK_MS - 60_000);
  const token = tokenOf(mail.link);
  const set = await s.t.app.request(
    "/api/auth/password-reset/confirm",
    json("POST", { token, password: "packer password" }),
  );
  assert.equal(set.status, 204);
  const again = await s.t.app.request(
    "/api/auth/password-reset/confirm",
    json("POST", { token, password: "other password" }),
  );
  assert.equal(again.status, 400);
  const packer = await logIn(s.t, "packer@pothgula.lk", "packer password");
  assert.equal(packer.status, 200);
  assert.equal(packer.adminRole, "staff");
  // The owner's token of a week ago has expired: they sign in again.
  const owner = await logIn(s.t, OWNER, OWNER_PASSWORD);
  const listed = (await (await s.call("/api/staff", {}, owner.token)).json()).data;
  assert.deepEqual(
    listed.map((m: { email: string; role: string; state: string; you: boolean }) => [
      m.email,
      m.role,
      m.state,
      m.you,
    ]),
    [[OWNER, "owner", "active", true], ["packer@pothgula.lk", "staff", "active", false]],
  );
});

Deno.test("an invitation's link ends after 7 days", async () => {
  const s = await shop();
  await invite(s);
  s.t.clock.advance(INVITATION_LINK_MS + 1);
  const response = await s.t.app.request(
    "/api/auth/password-reset/confirm",
    json("POST", { token: tokenOf(invitations(s.t)[0].link), password: "packer password" }),
  );
  assert.equal(response.status, 400);
});

Deno.test("POST /api/staff refuses a bad address or role (400) and an admin's or a customer's address (409)", async () => {
  const s = await shop();
  for (
    const body of [
      { email: "not an address" },
      { email: "" },
      {},
      { email: "a@pothgula.lk", role: "admin" },
      { email: "a@pothgula.lk", extra: 1 },
    ]
  ) {
    const response = await s.call("/api/staff", json("POST", body));
    assert.equal(response.status, 400, JSON.stringify(body));
    assert.equal((await response.json()).error.code, "VALIDATION_FAILED");
  }
  await invite(s);
  for (const email of ["PACKER@pothgula.lk", OWNER]) {
    const response = await s.call("/api/staff", json("POST", { email }));
    assert.equal(response.status, 409);
    assert.match((await response.json()).error.message, /already one of the shop's admins/);
  }
  await s.accounts.createCustomer({
    username: "Nimali",
    email: "nimali@example.lk",
    passwordHash: "x",
  });
  const customer = await s.call("/api/staff", json("POST", { email: "nimali@example.lk" }));
  assert.equal(customer.status, 409);
  assert.match((await customer.json()).error.message, /has a customer account/);
  assert.equal(invitations(s.t).length, 1);
});

Deno.test("PUT /api/staff/{id}/role changes a role and ends the admin's sessions; never the last owner's", async () => {
  const s = await shop();
  const member = await invite(s);
  await s.accounts.setAdminPassword(
    "packer@pothgula.lk",
    await s.t.deps.hasher.hash("packer password"),
  );
  const packer = await logIn(s.t, "packer@pothgula.lk", "packer password");
  const promoted = await s.call(`/api/staff/${member.id}/role`, json("PUT", { role: "owner" }));
  assert.equal(promoted.status, 200);
  assert.equal((await promoted.json()).data.role, "owner");
  // The staff token is gone: the new owner signs in again and gets an owner's.
  assert.equal((await s.call("/api/orders", {}, packer.token)).status, 401);
  assert.equal((await logIn(s.t, "packer@pothgula.lk", "packer password")).adminRole, "owner");
  // Two owners: the first may step down (and is signed out), the second then may not.
  const ownerId = (await s.accounts.findAdminByEmail(OWNER))!.id;
  const down = await s.call(`/api/staff/${ownerId}/role`, json("PUT", { role: "staff" }));
  assert.equal(down.status, 200);
  assert.equal((await s.call("/api/staff")).status, 401);
  const second = await logIn(s.t, "packer@pothgula.lk", "packer password");
  const last = await s.call(
    `/api/staff/${member.id}/role`,
    json("PUT", { role: "staff" }),
    second.token,
  );
  assert.equal(last.status, 409);
  assert.equal((await last.json()).error.message, LAST_OWNER);
  // Unchanged: no session ends.
  const same = await s.call(
    `/api/staff/${member.id}/role`,
    json("PUT", { role: "owner" }),
    second.token,
  );
  assert.equal(same.status, 200);
  assert.equal((await s.call("/api/staff", {}, second.token)).status, 200);
  for (
    const [path, body, status] of [
      ["/api/staff/999/role", { role: "staff" }, 404],
      [`/api/staff/${member.id}/role`, { role: "root" }, 400],
      [`/api/staff/${member.id}/role`, {}, 400],
      ["/api/staff/abc/role", { role: "staff" }, 400],
    ] as const
  ) {
    assert.equal((await s.call(path, json("PUT", body), second.token)).status, status, path);
  }
});

Deno.test("POST /api/staff/{id}/reset takes the password away, ends the sessions and mails a new link", async () => {
  const s = await shop();
  const member = await invite(s);
  await s.accounts.setAdminPassword(
    "packer@pothgula.lk",
    await s.t.deps.hasher.hash("packer password"),
  );
  const packer = await logIn(s.t, "packer@pothgula.lk", "packer password");
  const first = tokenOf(invitations(s.t)[0].link);
  const reset = await s.call(`/api/staff/${member.id}/reset`, { method: "POST" });
  assert.equal(reset.status, 200);
  assert.equal((await reset.json()).data.state, "invited");
  assert.equal((await s.call("/api/orders", {}, packer.token)).status, 401);
  assert.equal((await logIn(s.t, "packer@pothgula.lk", "packer password")).status, 401);
  const links = invitations(s.t);
  assert.equal(links.length, 2);
  // The earlier link is ended too; the new one sets a password.
  const old = await s.t.app.request(
    "/api/auth/password-reset/confirm",
    json("POST", { token: first, password: "another password" }),
  );
  assert.equal(old.status, 400);
  const set = await s.t.app.request(
    "/api/auth/password-reset/confirm",
    json("POST", { token: tokenOf(links[1].link), password: "new packer password" }),
  );
  assert.equal(set.status, 204);
  assert.equal((await logIn(s.t, "packer@pothgula.lk", "new packer password")).status, 200);
  const ownerId = (await s.accounts.findAdminByEmail(OWNER))!.id;
  const own = await s.call(`/api/staff/${ownerId}/reset`, { method: "POST" });
  assert.equal(own.status, 409);
  assert.match((await own.json()).error.message, /your own access/);
  assert.equal((await s.call("/api/staff/999/reset", { method: "POST" })).status, 404);
});

Deno.test("DELETE /api/staff/{id} removes an admin and ends their sessions; never the last owner", async () => {
  const s = await shop();
  const member = await invite(s);
  await s.accounts.setAdminPassword(
    "packer@pothgula.lk",
    await s.t.deps.hasher.hash("packer password"),
  );
  const packer = await logIn(s.t, "packer@pothgula.lk", "packer password");
  assert.equal((await s.call("/api/orders", {}, packer.token)).status, 200);
  assert.equal((await s.call(`/api/staff/${member.id}`, { method: "DELETE" })).status, 204);
  assert.equal((await s.call("/api/orders", {}, packer.token)).status, 401);
  assert.equal((await logIn(s.t, "packer@pothgula.lk", "packer password")).status, 401);
  assert.equal((await s.call(`/api/staff/${member.id}`, { method: "DELETE" })).status, 404);
  const ownerId = (await s.accounts.findAdminByEmail(OWNER))!.id;
  const self = await s.call(`/api/staff/${ownerId}`, { method: "DELETE" });
  assert.equal(self.status, 409);
  assert.equal((await self.json()).error.message, LAST_OWNER);
  assert.equal((await s.call("/api/staff/0", { method: "DELETE" })).status, 400);
});
