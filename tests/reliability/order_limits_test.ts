/**
 * Order limits that fit carrier-grade NAT: many customers behind one address may order
 * (up to a high ceiling), while one e-mail address or one phone number is held to a few
 * orders, counted in PostgreSQL so that every instance shares the count.
 */
import assert from "node:assert/strict";
import { ENGINES, serverTestsEnabled } from "../../adapters/postgres/testing/databases.ts";
import { PostgresRateLimitStore } from "../../adapters/postgres/rate_limits.ts";
import { PostgresJsSqlClient } from "../../adapters/postgres/postgresjs_client.ts";
import { createApp } from "../../http/app.ts";
import { DEFAULT_ORDER_CONTACT_LIMIT, DEFAULT_ORDER_LIMIT } from "../../http/routes/orders.ts";
import { destination, fromAddress, type RealApp, realApp } from "./support/real_app.ts";
import { orderBody } from "./support/shop_api.ts";

const sanitize = { sanitizeOps: false, sanitizeResources: false };

type App = RealApp["app"];

async function orderer(r: RealApp) {
  const where = await destination(r);
  const book = { id: r.book.id, price: 1000, images: [] };
  return async (
    app: App,
    who: { email: string; phone: string },
    ip: string,
  ): Promise<{ status: number; message?: string; retryAfter: string | null }> => {
    const response = await app.request("/api/orders", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...orderBody(book, where, who.email), phone: who.phone }),
    }, fromAddress(ip));
    const body = await response.json();
    return {
      status: response.status,
      message: body.error?.message,
      retryAfter: response.headers.get("Retry-After"),
    };
  };
}

function customer(i: number) {
  return { email: `customer-${i}@example.lk`, phone: `071 ${String(2_000_000 + i)}` };
}

for (const engine of ENGINES) {
  const options = { ignore: engine === "postgres" && !serverTestsEnabled(), ...sanitize };

  Deno.test({
    name:
      `120 customers behind one carrier address may order; the address ceiling refuses the 121st [${engine}]`,
    ...options,
    async fn() {
      const r = await realApp({ engine, stock: 1_000 });
      try {
        const place = await orderer(r);
        const statuses: number[] = [];
        for (let i = 0; i < DEFAULT_ORDER_LIMIT.limit; i++) {
          statuses.push((await place(r.app, customer(i), "100.64.0.1")).status);
        }
        // Before: 30 per address; the 31st customer of a busy carrier address was refused.
        assert.deepEqual(statuses, Array(DEFAULT_ORDER_LIMIT.limit).fill(201));
        const over = await place(r.app, customer(999), "100.64.0.1");
        assert.equal(over.status, 429);
        assert.equal(over.message, "Too many orders from this address, try again later");
        assert.ok(Number(over.retryAfter) > 0);
        assert.equal((await place(r.app, customer(998), "100.64.0.2")).status, 201);
      } finally {
        await r.close();
      }
    },
  });

  Deno.test({
    name:
      `one e-mail or one phone may place 10 orders in 10 minutes, from any address, on any instance [${engine}]`,
    ...options,
    async fn() {
      const r = await realApp({ engine, stock: 1_000 });
      // A second instance of the shop on the same database: its own memory, its own pool.
      const otherSql = r.db.url ? new PostgresJsSqlClient(r.db.url, { max: 2 }) : r.db.sql;
      const other = createApp({ ...r.deps, rateLimits: new PostgresRateLimitStore(otherSql) });
      try {
        const place = await orderer(r);
        const same = { email: "Nimal@Example.lk", phone: "077 123 4567" };
        const statuses: number[] = [];
        for (let i = 0; i < DEFAULT_ORDER_CONTACT_LIMIT.limit; i++) {
          // Alternating instances and addresses: the count is one.
          const app = i % 2 === 0 ? r.app : other;
          statuses.push((await place(app, same, `198.51.100.${i + 1}`)).status);
        }
        assert.deepEqual(statuses, Array(DEFAULT_ORDER_CONTACT_LIMIT.limit).fill(201));
        const byEmail = await place(other, { ...same, phone: "070 000 0000" }, "203.0.113.9");
        assert.equal(byEmail.status, 429);
        assert.equal(
          byEmail.message,
          "Too many orders for this e-mail address or phone number, try again later",
        );
        // The same phone written another way, under another e-mail.
        const byPhone = await place(
          r.app,
          { email: "x@y.lk", phone: "+94 77 1234567" },
          "203.0.113.10",
        );
        assert.equal(byPhone.status, 429);
        assert.equal((await place(r.app, customer(1), "203.0.113.11")).status, 201);
        r.clock.advance(DEFAULT_ORDER_CONTACT_LIMIT.windowMs + 1);
        assert.equal((await place(other, same, "203.0.113.12")).status, 201, "the window passes");
      } finally {
        if (otherSql !== r.db.sql) await otherSql.close();
        await r.close();
      }
    },
  });
}

Deno.test({
  name: "20 orders at once for one e-mail on two instances place exactly 10 [postgres]",
  ignore: !serverTestsEnabled(),
  ...sanitize,
  async fn() {
    const r = await realApp({ engine: "postgres", stock: 1_000 });
    const otherSql = new PostgresJsSqlClient(r.db.url!, { max: 8 });
    const other = createApp({ ...r.deps, rateLimits: new PostgresRateLimitStore(otherSql) });
    try {
      const place = await orderer(r);
      const same = { email: "rush@example.lk", phone: "077 765 4321" };
      const answers = await Promise.all(
        Array.from(
          { length: 20 },
          (_, i) => place(i % 2 === 0 ? r.app : other, same, `198.51.100.${i + 1}`),
        ),
      );
      const placed = answers.filter((a) => a.status === 201).length;
      assert.equal(placed, DEFAULT_ORDER_CONTACT_LIMIT.limit);
      assert.equal(answers.filter((a) => a.status === 429).length, 20 - placed);
    } finally {
      await otherSql.close();
      await r.close();
    }
  },
});

Deno.test({
  name:
    "40 refused orders at once for one e-mail on two instances leave no count: its owner's next 10 are placed [postgres]",
  ignore: !serverTestsEnabled(),
  ...sanitize,
  async fn() {
    const r = await realApp({ engine: "postgres", stock: 1_000 });
    const otherSql = new PostgresJsSqlClient(r.db.url!, { max: 8 });
    const other = createApp({ ...r.deps, rateLimits: new PostgresRateLimitStore(otherSql) });
    try {
      const where = await destination(r);
      const book = { id: r.book.id, price: 1000, images: [] };
      const victim = { email: "victim@example.lk", phone: "077 765 4321" };
      // A stale total (409) with the victim's e-mail and phone, from 40 addresses at once.
      const refused = await Promise.all(Array.from({ length: 40 }, async (_, i) => {
        const response = await (i % 2 === 0 ? r.app : other).request("/api/orders", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({
            ...orderBody(book, where, victim.email),
            phone: victim.phone,
            total: 1,
          }),
        }, fromAddress(`198.51.100.${i + 1}`));
        await response.body?.cancel();
        return response.status;
      }));
      assert.ok(refused.every((s) => s === 409 || s === 429), String(refused));
      const place = await orderer(r);
      const mine = [];
      for (let i = 0; i < DEFAULT_ORDER_CONTACT_LIMIT.limit; i++) {
        mine.push((await place(i % 2 === 0 ? r.app : other, victim, "203.0.113.7")).status);
      }
      assert.deepEqual(mine, Array(DEFAULT_ORDER_CONTACT_LIMIT.limit).fill(201));
      const [{ n }] = await r.db.sql.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM rate_limit_events WHERE key LIKE 'order:email:%'",
      );
      assert.equal(n, DEFAULT_ORDER_CONTACT_LIMIT.limit, "only the placed orders are counted");
    } finally {
      await otherSql.close();
      await r.close();
    }
  },
});
