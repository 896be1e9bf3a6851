/**
 * Limits that hold back the one who sends and nobody else, replaying the attacks of issue
 * 32 (findings 2, 5 and 6) on the whole app, with the counts in each RateLimitStore: this
 * process's memory, and PostgreSQL on PGlite and on a server (where requests at once
 * overlap in the database).
 *
 * - A refused request (400, 409, 422, 5xx, 503 from a full hashing lane) never counts
 *   against anyone: not the sender's next honest request, not the people behind the same
 *   address, e-mail or phone.
 * - IPv6 clients are counted by their /64 (IPV6_PREFIX_LENGTH) in every per-address limit.
 * - A password change and the mails a stranger can make the shop send have limits of
 *   their own.
 */
import assert from "node:assert/strict";
import type { AppDeps } from "./deps.ts";
import { json, orderBody, RecordingLogger, testApp } from "./testing/fixture.ts";
import { type RateLimitStore, UnavailableError } from "../domain/ports.ts";
import { MemoryRateLimitStore } from "../domain/accounts/memory_rate_limit_store.ts";
import { PostgresRateLimitStore } from "../adapters/postgres/rate_limits.ts";
import { testOnBothEngines } from "../adapters/postgres/testing/databases.ts";
import { cheapHasher } from "./auth/testing/fakes.ts";
import { ScryptPasswordHasher } from "../adapters/security/scrypt_hasher.ts";
import { LOOKUP_LIMIT } from "./routes/order_customer.ts";
import { UNAVAILABLE_LOG } from "./middleware/errors.ts";

/** Registers the test once per store: `[memory]`, `[pglite]`, `[postgres]`. */
function onEveryStore(name: string, fn: (store: RateLimitStore) => Promise<void>): void {
  Deno.test(`${name} [memory]`, () => fn(new MemoryRateLimitStore()));
  testOnBothEngines(name, (sql) => fn(new PostgresRateLimitStore(sql)));
}

/** The app behind one appending proxy, so each request says its client's address. */
async function shop(store: RateLimitStore, overrides: Partial<AppDeps> = {}) {
  const t = await testApp({ rateLimits: store, trustProxy: true, ...overrides });
  await t.catalogue.updateBook(t.ids.book, { stock: 100_000 });
  const from = (address: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("X-Forwarded-For", address);
    return { ...init, headers };
  };
  return {
    ...t,
    /** A request from `address`. */
    send(path: string, address: string, init: RequestInit = {}) {
      return t.app.request(path, from(address, init));
    },
    async status(path: string, address: string, init: RequestInit = {}) {
      const response = await t.app.request(path, from(address, init));
      await response.body?.cancel();
      return response.status;
    },
  };
}

type Shop = Awaited<ReturnType<typeof shop>>;

const PASSWORD = "a long password";

async function register(t: Shop, email: string, address = "192.0.2.200"): Promise<void> {
  const status = await t.status(
    "/api/auth/register",
    address,
    json("POST", { username: "Reader", email, password: PASSWORD }),
  );
  assert.equal(status, 201);
}

async function token(t: Shop, email: string, address: string): Promise<string> {
  const response = await t.send(
    "/api/auth/login",
    address,
    json("POST", { email, password: PASSWORD }),
  );
  assert.equal(response.status, 200);
  return (await response.json()).token;
}

function login(t: Shop, email: string, password: string, address: string) {
  return t.status("/api/auth/login", address, json("POST", { email, password }));
}

function order(t: Shop, address: string, overrides: Record<string, unknown> = {}, key?: string) {
  return t.send(
    "/api/orders",
    address,
    json(
      "POST",
      orderBody(t.ids.book, overrides),
      key === undefined ? {} : { "Idempotency-Key": key },
    ),
  );
}

async function orderStatus(t: Shop, address: string, overrides: Record<string, unknown> = {}) {
  const response = await order(t, address, overrides);
  await response.body?.cancel();
  return response.status;
}

const errors = (logger: RecordingLogger) => logger.lines.filter((l) => l.level === "error");

// Finding 2: a password-change flood.

onEveryStore(
  "a password-change flood with a wrong current password hashes 5 times, and every other login answers",
  async (store) => {
    // A small lane (2 at a time, 8 waiting) to fill: production's has 2 and 16.
    const hasher = new ScryptPasswordHasher({
      params: { N: 2 ** 10, r: 8, p: 1 },
      maxConcurrent: 2,
      maxWaiting: 8,
    });
    const t = await shop(store, { hasher });
    await register(t, "attacker@example.lk");
    await register(t, "victim@example.lk");
    const attacker = await token(t, "attacker@example.lk", "198.51.100.66");
    const change = () =>
      t.status(
        "/api/auth/password",
        "198.51.100.66",
        json(
          "POST",
          { currentPassword: "not the password", newPassword: "whatever it is" },
          { Authorization: `Bearer ${attacker}` },
        ),
      );
    const flood = Promise.all(Array.from({ length: 60 }, change));
    const victim = await Promise.all(
      Array.from({ length: 3 }, () => login(t, "victim@example.lk", PASSWORD, "203.0.113.9")),
    );
    const statuses = await flood;
    assert.deepEqual(victim, [200, 200, 200], "the victim logs in during the flood");
    const wrong = statuses.filter((s) => s === 400).length;
    assert.ok(wrong <= 5, `at most 5 current passwords were checked: ${wrong}`);
    assert.ok(statuses.every((s) => s === 400 || s === 429), String(statuses));
    assert.equal(await login(t, "victim@example.lk", PASSWORD, "203.0.113.9"), 200);
    assert.deepEqual(errors(t.logger), [], "refused changes write no error line");
  },
);

onEveryStore(
  "a 503 from a full hashing lane never counts as a failed login or password change",
  async (store) => {
    const real = cheapHasher();
    let full = false;
    const busy = () => Promise.reject(new UnavailableError("Too many password checks at once", 2));
    const hasher = {
      hash: (password: string) => full ? busy() : real.hash(password),
      verify: (password: string, hash: string) => full ? busy() : real.verify(password, hash),
    };
    const t = await shop(store, { hasher });
    await register(t, "victim@example.lk");
    const session = await token(t, "victim@example.lk", "203.0.113.9");
    full = true;
    for (let i = 0; i < 8; i++) {
      assert.equal(await login(t, "victim@example.lk", PASSWORD, "203.0.113.9"), 503);
      const changed = await t.status(
        "/api/auth/password",
        "203.0.113.9",
        json("POST", { currentPassword: PASSWORD, newPassword: "a new password" }, {
          Authorization: `Bearer ${session}`,
        }),
      );
      assert.equal(changed, 503);
    }
    full = false;
    assert.equal(await login(t, "victim@example.lk", PASSWORD, "203.0.113.9"), 200);
    // 16 answers 503 in a moment: one error line, not sixteen.
    assert.deepEqual(errors(t.logger).map((l) => l.message), [UNAVAILABLE_LOG]);
  },
);

onEveryStore(
  "a password change is limited per account (429 without hashing) and the owner's next right one passes",
  async (store) => {
    const t = await shop(store);
    await register(t, "reader@example.lk");
    const session = await token(t, "reader@example.lk", "203.0.113.9");
    const change = (currentPassword: string) =>
      t.status(
        "/api/auth/password",
        "203.0.113.9",
        json("POST", { currentPassword, newPassword: "a new password" }, {
          Authorization: `Bearer ${session}`,
        }),
      );
    for (let i = 0; i < 5; i++) assert.equal(await change(`wrong ${i}`), 400);
    assert.equal(await change(PASSWORD), 429);
    t.clock.advance(15 * 60_000);
    assert.equal(await change(PASSWORD), 200);
  },
);

// Finding 5: IPv6 clients by their /64.

onEveryStore("an IPv6 /64 is one client for the login, order and look-up limits", async (store) => {
  const t = await shop(store, { orderLimit: { limit: 3, windowMs: 600_000 } });
  const in64 = (n: number) => `2001:db8:7:1::${n.toString(16)}`;
  await t.deps.accounts.upsertAdmin("owner@pothgula.lk", await t.deps.hasher.hash(PASSWORD));
  for (let n = 1; n <= 5; n++) assert.equal(await login(t, "owner@pothgula.lk", "x", in64(n)), 401);
  assert.equal(await login(t, "owner@pothgula.lk", PASSWORD, in64(99)), 429);
  assert.equal(await login(t, "owner@pothgula.lk", PASSWORD, "2001:db8:7:2::1"), 200);

  for (let n = 1; n <= 3; n++) {
    assert.equal(
      await orderStatus(t, in64(n), { email: `o${n}@example.lk`, phone: `07711111${n}0` }),
      201,
    );
  }
  assert.equal(await orderStatus(t, in64(4), { email: "o4@example.lk", phone: "0771111140" }), 429);
  assert.equal(
    await orderStatus(t, "2001:db8:7:2::1", { email: "o5@example.lk", phone: "0771111150" }),
    201,
  );

  const lookup = (address: string) =>
    t.status("/api/orders/lookup", address, json("POST", { orderId: 1, email: "x@example.lk" }));
  for (let n = 1; n <= LOOKUP_LIMIT.limit; n++) assert.equal(await lookup(in64(100 + n)), 202);
  assert.equal(await lookup(in64(200)), 429);
});

onEveryStore("an IPv6 /64 is one client for registrations and reset links too", async (store) => {
  const t = await shop(store, {
    loginLimits: { registerPerAddress: { limit: 3, windowMs: 3_600_000 } },
  });
  const in64 = (n: number) => `2001:db8:9:1:${n.toString(16)}::1`;
  const registered = [];
  for (let n = 1; n <= 4; n++) {
    registered.push(
      await t.status(
        "/api/auth/register",
        in64(n),
        json("POST", { username: "R", email: `r${n}@example.lk`, password: PASSWORD }),
      ),
    );
  }
  assert.deepEqual(registered, [201, 201, 201, 429]);

  for (let n = 0; n < 21; n++) {
    const email = `reset${n}@example.lk`;
    await t.deps.accounts.createCustomer({ username: "R", email, passwordHash: "x" });
    assert.equal(
      await t.status("/api/auth/password-reset", in64(50 + n), json("POST", { email })),
      202,
    );
  }
  await settled(t);
  const links = t.outbox.queuedAccountMail().filter((m) => m.kind === "password_reset");
  assert.equal(links.length, 20, "20 links an hour from one client, its /64");
});

onEveryStore("IPV6_PREFIX_LENGTH chooses the network a client is counted by", async (store) => {
  const t = await shop(store, { ipv6PrefixLength: 48 });
  await t.deps.accounts.upsertAdmin("owner@pothgula.lk", await t.deps.hasher.hash(PASSWORD));
  for (let n = 1; n <= 5; n++) {
    assert.equal(await login(t, "owner@pothgula.lk", "x", `2001:db8:5:${n}::1`), 401);
  }
  assert.equal(await login(t, "owner@pothgula.lk", PASSWORD, "2001:db8:5:ff::1"), 429);
  assert.equal(await login(t, "owner@pothgula.lk", PASSWORD, "2001:db8:6::1"), 200);
});

// Finding 6: refused requests count against nobody.

onEveryStore(
  "orders refused for a wrong total (409) from a shared address never refuse the next honest order",
  async (store) => {
    const t = await shop(store, { orderLimit: { limit: 5, windowMs: 600_000 } });
    for (let n = 0; n < 30; n++) {
      const refused = await orderStatus(t, "100.64.0.1", {
        total: 1,
        email: `bot${n}@example.lk`,
        phone: `0770000${String(n).padStart(3, "0")}`,
      });
      assert.equal(refused, 409);
    }
    for (let n = 0; n < 5; n++) {
      const placed = await orderStatus(t, "100.64.0.1", {
        email: `c${n}@example.lk`,
        phone: `0712222${String(n).padStart(3, "0")}`,
      });
      assert.equal(placed, 201, `honest order ${n}`);
    }
    // Placed orders still count: the sixth from the address is one too many.
    assert.equal(await orderStatus(t, "100.64.0.1", { email: "c6@example.lk" }), 429);
  },
);

onEveryStore(
  "refused orders with a victim's phone and e-mail, from 10 addresses, never refuse the victim's order",
  async (store) => {
    const t = await shop(store);
    const victim = { email: "nimal@example.lk", phone: "077 123 4567" };
    for (let n = 1; n <= 12; n++) {
      assert.equal(await orderStatus(t, `198.51.100.${n}`, { ...victim, total: 1 }), 409);
      assert.equal(await orderStatus(t, `198.51.100.${n}`, { ...victim, area: 99_999 }), 422);
    }
    assert.equal(await orderStatus(t, "203.0.113.9", victim), 201);
  },
);

onEveryStore("an order that fails with a 5xx does not count", async (store) => {
  const t = await shop(store, { orderContactLimit: { limit: 2, windowMs: 600_000 } });
  const place = t.orders.place.bind(t.orders);
  let down = true;
  t.orders.place = (...args) =>
    down ? Promise.reject(new UnavailableError("The database is unavailable", 5)) : place(...args);
  for (let n = 0; n < 5; n++) assert.equal(await orderStatus(t, "203.0.113.9"), 503);
  down = false;
  assert.equal(await orderStatus(t, "203.0.113.9"), 201);
  assert.equal(await orderStatus(t, "203.0.113.9"), 201);
  assert.equal(await orderStatus(t, "203.0.113.9"), 429);
});

onEveryStore(
  "an idempotent replay of an order is answered again and does not count as a new order",
  async (store) => {
    const t = await shop(store, { orderContactLimit: { limit: 2, windowMs: 600_000 } });
    const first = await order(t, "203.0.113.9", {}, "checkout-1");
    assert.equal(first.status, 201);
    const { orderId } = await first.json();
    for (let n = 0; n < 5; n++) {
      const again = await order(t, "203.0.113.9", {}, "checkout-1");
      assert.equal(again.status, 201);
      assert.equal(again.headers.get("Idempotent-Replayed"), "true");
      assert.equal((await again.json()).orderId, orderId);
    }
    assert.equal((await order(t, "203.0.113.9", {}, "checkout-2")).status, 201);
    const third = await order(t, "203.0.113.9", {}, "checkout-3");
    assert.equal(third.status, 429, "two orders placed: the contact limit is full");
    await third.body?.cancel();
  },
);

onEveryStore(
  "look-ups with a victim's e-mail never refuse the victim's own /track",
  async (store) => {
    const t = await shop(store);
    const placed = await order(t, "203.0.113.9", { paymentMethod: "Bank Deposit" });
    const { orderId } = await placed.json();
    for (let n = 1; n <= 12; n++) {
      const status = await t.status(
        "/api/orders/lookup",
        `198.51.100.${n}`,
        json("POST", { orderId: orderId + n, email: "nimal@example.lk" }),
      );
      assert.equal(status, 202);
    }
    assert.equal(
      await t.status(
        "/api/orders/lookup",
        "203.0.113.9",
        json("POST", { orderId, email: "nimal@example.lk" }),
      ),
      202,
    );
    assert.deepEqual(t.orders.outbox.filter((m) => m.kind === "order_link"), [
      { kind: "order_link", orderId },
    ]);
  },
);

onEveryStore(
  "failed logins for invented accounts never lock out everyone behind the address",
  async (store) => {
    const waits: number[] = [];
    const t = await shop(store, { loginLimits: { slowDownMs: 100 } });
    await register(t, "honest@example.lk");
    for (let n = 0; n < 40; n++) {
      assert.equal(await login(t, `invented${n}@example.lk`, "guess", "100.64.0.1"), 401);
    }
    const started = performance.now();
    assert.equal(await login(t, "honest@example.lk", PASSWORD, "100.64.0.1"), 200);
    waits.push(performance.now() - started);
    assert.ok(waits[0] >= 95, `the address is slowed (${Math.round(waits[0])} ms), not refused`);
    // Guessing one account from the address is still refused after 5.
    for (let n = 0; n < 5; n++) {
      assert.equal(await login(t, "honest@example.lk", `guess ${n}`, "100.64.0.2"), 401);
    }
    assert.equal(await login(t, "honest@example.lk", PASSWORD, "100.64.0.2"), 429);
  },
);

onEveryStore(
  '"you already have an account" mails: at most 3 an hour to one owner, 10 from one client',
  async (store) => {
    const t = await shop(store);
    await register(t, "owner@example.lk", "192.0.2.1");
    for (let n = 1; n <= 12; n++) await register(t, "owner@example.lk", `198.51.100.${n}`);
    await settled(t);
    assert.equal(takenMails(t).length, 3, "one owner gets 3 an hour");

    for (let n = 1; n <= 14; n++) {
      await register(t, `taken${n}@example.lk`, "192.0.2.2");
    }
    for (let n = 1; n <= 14; n++) await register(t, `taken${n}@example.lk`, "192.0.2.3");
    await settled(t);
    assert.equal(takenMails(t).length, 13, "one client makes 10 sent an hour");
  },
);

function takenMails(t: Shop) {
  return t.outbox.queuedAccountMail().filter((m) => m.kind === "registration_taken");
}

/** Waits until every mail the requests queue after answering has been queued. */
async function settled(t: Shop): Promise<void> {
  if (!t.deps.background) throw new Error("The test app tracks no background work");
  await t.deps.background.idle();
}
