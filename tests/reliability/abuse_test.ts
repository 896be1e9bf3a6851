/**
 * Attacks on the running app over the real repositories: forged and stolen-looking
 * tokens, password guessing, order bots and uploads that lie about what they are.
 */
import assert from "node:assert/strict";
import { SignJWT, UnsecuredJWT } from "jose";
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from "../../http/auth/tokens.ts";
import { testSecret } from "../../http/auth/testing/fakes.ts";
import { SHELL_SCRIPT, SVG, TEXT_THEN_PNG, TINY_PNG } from "../../http/uploads/testing/images.ts";
import { ADMIN_PASSWORD, destination, fromAddress, realApp } from "./support/real_app.ts";
import { orderBody } from "./support/shop_api.ts";

const sanitize = { sanitizeOps: false, sanitizeResources: false };

/** An HS256 token issued at `issuedAt` (seconds) and valid for an hour. */
function sign(claims: Record<string, unknown>, secret: Uint8Array, issuedAt: number) {
  return new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT" }).setSubject("1")
    .setIssuer(TOKEN_ISSUER).setAudience(TOKEN_AUDIENCE).setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + 3600).sign(secret);
}

Deno.test({
  name: "forged, expired, tampered and customer tokens never open an admin route",
  ...sanitize,
  async fn() {
    const r = await realApp();
    try {
      const good = r.adminToken;
      const [header, payload, signature] = good.split(".");
      const claims = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/")));
      const now = Math.floor(r.clock.now().getTime() / 1000);
      const b64 = (value: unknown) =>
        btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
      const attacks: Record<string, string> = {
        "alg none": new UnsecuredJWT({ email: "admin@pothgula.lk", role: "admin" }).setSubject("1")
          .setIssuer(TOKEN_ISSUER).setAudience(TOKEN_AUDIENCE).setIssuedAt(now)
          .setExpirationTime(now + 3600).encode(),
        "HS256 with another key": await sign(
          { email: "admin@pothgula.lk", role: "admin" },
          testSecret(9),
          now,
        ),
        "expired": await sign(
          { email: "admin@pothgula.lk", role: "admin" },
          testSecret(),
          now - 7200,
        ),
        "tampered claims": `${header}.${b64({ ...claims, sub: "2", role: "admin" })}.${signature}`,
        "header swapped to none": `${b64({ alg: "none", typ: "JWT" })}.${payload}.`,
        "garbage": "not.a.token",
      };
      for (const [name, token] of Object.entries(attacks)) {
        const response = await r.app.request("/api/orders", {
          headers: { Authorization: `Bearer ${token}` },
        });
        await response.body?.cancel();
        assert.equal(response.status, 401, name);
      }
      const customer = await r.tokens.issue({ id: 1, email: "c@example.lk", role: "customer" });
      for (const [method, path] of [["GET", "/api/orders"], ["POST", "/api/categories"]]) {
        const response = await r.app.request(path, {
          method,
          headers: {
            Authorization: `Bearer ${customer.token}`,
            "Content-Type": "application/json",
          },
          body: method === "POST" ? JSON.stringify({ name: "Mine" }) : undefined,
        });
        await response.body?.cancel();
        assert.equal(response.status, 403, `customer on ${method} ${path}`);
      }
      const ok = await r.app.request("/api/orders", {
        headers: { Authorization: `Bearer ${good}` },
      });
      assert.equal(ok.status, 200);
    } finally {
      await r.close();
    }
  },
});

async function login(
  r: Awaited<ReturnType<typeof realApp>>,
  email: string,
  password: string,
  ip: string,
) {
  const response = await r.app.request("/api/auth/login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password }),
  }, fromAddress(ip));
  await response.body?.cancel();
  return response;
}

Deno.test({
  name:
    "password guessing cannot lock the admin out: one address is stopped per account, slowed across accounts; many addresses only slow the account",
  ...sanitize,
  async fn() {
    // The slowdown's wait is kept short here: what is tested is who gets in, not the wait.
    const r = await realApp({ overrides: { loginLimits: { slowDownMs: 5 } } });
    try {
      // The attack: five wrong passwords per 15 minutes from each of many addresses.
      const attack = [];
      for (let host = 1; host <= 6; host++) {
        for (let i = 0; i < 5; i++) {
          attack.push((await login(r, "admin@pothgula.lk", `guess-${i}`, `10.0.0.${host}`)).status);
        }
      }
      assert.deepEqual(new Set(attack), new Set([401]));
      const owner = await login(r, "admin@pothgula.lk", ADMIN_PASSWORD, "10.0.1.1");
      assert.equal(owner.status, 200, "the admin still gets in from their own address");
      const again = await login(r, "admin@pothgula.lk", "guess-6", "10.0.0.1");
      assert.equal(again.status, 429, "the guessing address is stopped for this account");
      assert.ok(Number(again.headers.get("Retry-After")) > 0);

      // Guesses at invented accounts from one address (a carrier's NAT) slow it down past
      // 20; they never lock out the people behind it.
      const fromOne = [];
      for (let i = 0; i < 25; i++) {
        fromOne.push((await login(r, `nobody${i}@example.lk`, "guess", "10.9.9.9")).status);
      }
      assert.deepEqual(new Set(fromOne), new Set([401]));
      const neighbour = await login(r, "admin@pothgula.lk", ADMIN_PASSWORD, "10.9.9.9");
      assert.equal(neighbour.status, 200, "someone else behind that address gets in");
      r.clock.advance(16 * 60_000);
      assert.equal((await login(r, "admin@pothgula.lk", ADMIN_PASSWORD, "10.0.0.1")).status, 200);
    } finally {
      await r.close();
    }
  },
});

Deno.test({
  name:
    "one address may place ORDER_RATE_LIMIT orders (30 here) in 10 minutes; the next is 429 with Retry-After",
  ...sanitize,
  async fn() {
    const r = await realApp({
      stock: 1_000,
      overrides: { orderLimit: { limit: 30, windowMs: 10 * 60_000 } },
    });
    try {
      const where = await destination(r);
      const book = { id: r.book.id, price: 1000, images: [] };
      const place = (i: number, ip: string) =>
        r.app.request("/api/orders", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            ...orderBody(book, where, `bot-${i}@example.lk`),
            phone: `077 ${String(1_000_000 + i)}`,
          }),
        }, fromAddress(ip));
      const statuses = [];
      for (let i = 0; i < 31; i++) statuses.push((await place(i, "192.0.2.7")).status);
      assert.equal(statuses.filter((s) => s === 201).length, 30);
      const refused = await place(99, "192.0.2.7");
      assert.equal(refused.status, 429);
      assert.ok(Number(refused.headers.get("Retry-After")) > 0);
      assert.equal((await refused.json()).error.code, "TOO_MANY_REQUESTS");
      assert.equal((await place(100, "192.0.2.8")).status, 201, "another address is not affected");
      r.clock.advance(10 * 60_000 + 1);
      assert.equal((await place(101, "192.0.2.7")).status, 201, "the window passes");
      const stock = await r.repositories.catalogue.findBook(r.book.id);
      assert.equal(stock?.stock, 1_000 - 32);
    } finally {
      await r.close();
    }
  },
});

Deno.test({
  name: "uploads that lie about being images are refused and nothing is stored",
  ...sanitize,
  async fn() {
    const r = await realApp();
    try {
      const fifty = new Uint8Array(50 * 1024 * 1024);
      fifty.set(TINY_PNG);
      const lies: [string, Uint8Array, string][] = [
        ["a shell script named .png", SHELL_SCRIPT, "cover.png"],
        ["an SVG with a script", SVG, "cover.svg"],
        ["HTML then a PNG (polyglot)", TEXT_THEN_PNG, "cover.png"],
        ["50 MB", fifty, "cover.png"],
        ["zero bytes", new Uint8Array(0), "cover.png"],
      ];
      for (const [name, bytes, filename] of lies) {
        const form = new FormData();
        const fields: Record<string, string> = {
          title: "Lie",
          author: "A",
          price: "10",
          stock: "1",
          categoryId: String(r.categoryId),
          isbn13: "9780000000019",
          language: "English",
          binding: "Paperback",
          publisher: "P",
          publishingDate: "2020-01-01",
          productEdition: "1st",
          weight: "0.1",
          preorder: "0",
        };
        for (const [k, v] of Object.entries(fields)) form.append(k, v);
        form.append("images", new Blob([new Uint8Array(bytes)], { type: "image/png" }), filename);
        const response = await r.app.request("/api/books", {
          method: "POST",
          headers: { Authorization: `Bearer ${r.adminToken}` },
          body: form,
        });
        await response.body?.cancel();
        assert.ok([400, 413, 415, 422].includes(response.status), `${name}: ${response.status}`);
      }
      const images = await r.db.sql.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM stored_images",
      );
      assert.equal(images[0].n, 0);
      const books = await r.db.sql.query<{ n: number }>("SELECT count(*)::int AS n FROM books");
      assert.equal(books[0].n, 1);
    } finally {
      await r.close();
    }
  },
});
