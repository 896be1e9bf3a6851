/**
 * Operations: health and readiness, one log line per request with nothing secret in it,
 * the request id in the header and in 500 bodies, 503 with Retry-After when the database
 * is away.
 */
import { timersPass } from "../support/eventually.ts";
import assert from "node:assert/strict";
import { UnavailableError } from "../../domain/ports.ts";
import { databaseReadiness } from "../../http/middleware/ops.ts";
import { ADMIN_PASSWORD, destination, realApp } from "./support/real_app.ts";
import { orderBody } from "./support/shop_api.ts";
import type { Catalogue } from "../../domain/ports.ts";

const sanitize = { sanitizeOps: false, sanitizeResources: false };

Deno.test({
  name: "/healthz answers while the process runs and /readyz once the database is migrated",
  ...sanitize,
  async fn() {
    const r = await realApp();
    try {
      const health = await r.app.request("/healthz");
      assert.equal(health.status, 200);
      assert.deepEqual(await health.json(), { status: "ok" });
      const ready = await r.app.request("/readyz");
      assert.equal(ready.status, 200);
      assert.deepEqual(await ready.json(), {
        status: "ready",
        checks: { database: true, migrations: true },
      });
      assert.equal(ready.headers.get("Cache-Control"), "no-store");
    } finally {
      await r.close();
    }
  },
});

Deno.test("databaseReadiness() is not ready when a migration is missing or the database fails or stalls", async () => {
  const applied = { query: () => Promise.resolve([{ name: "0001_a.sql" }] as never[]) };
  assert.deepEqual(await databaseReadiness(applied, ["0001_a.sql", "0002_b.sql"])(), {
    ready: false,
    checks: { database: true, migrations: false },
  });
  const failing = { query: () => Promise.reject(new UnavailableError("down")) };
  assert.deepEqual(await databaseReadiness(failing, ["0001_a.sql"])(), {
    ready: false,
    checks: { database: false, migrations: false },
  });
  const stalled = { query: () => new Promise<never[]>(() => {}) };
  // It gives up at its own limit: before ten periods of that limit have passed.
  const report = await Promise.race([
    databaseReadiness(stalled, [], 100)(),
    timersPass(100, 10).then(() => "still waiting"),
  ]);
  assert.notEqual(report, "still waiting", "the check waited past its limit");
  assert.equal((report as { ready: boolean }).ready, false);
});

Deno.test({
  name: "/readyz answers 503 with Retry-After when the database is not ready",
  ...sanitize,
  async fn() {
    const r = await realApp({
      overrides: {
        readiness: () => Promise.resolve({ ready: false, checks: { database: false } }),
      },
    });
    try {
      const response = await r.app.request("/readyz");
      assert.equal(response.status, 503);
      assert.equal(response.headers.get("Retry-After"), "5");
      assert.equal((await response.json()).status, "unavailable");
    } finally {
      await r.close();
    }
  },
});

Deno.test({
  name: "each request logs one JSON line with id, method, path, status and duration, and no secret",
  ...sanitize,
  async fn() {
    const r = await realApp();
    try {
      const where = await destination(r);
      r.logger.lines.length = 0;
      const secretCustomer = {
        ...orderBody({ id: r.book.id, price: 1000, images: [] }, where, "kamala.secret@example.lk"),
        name: "Kamala Secretname",
        address: "77 Hidden Lane",
        phone: "071 999 8888",
      };
      const requests: [string, RequestInit][] = [
        ["/api/auth/login", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ email: "admin@pothgula.lk", password: ADMIN_PASSWORD }),
        }],
        ["/api/orders?token=abc", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(secretCustomer),
        }],
        ["/api/orders", { headers: { Authorization: `Bearer ${r.adminToken}` } }],
        ["/api/nothing", {}],
      ];
      const answers = [];
      for (const [path, init] of requests) {
        const response = await r.app.request(path, init);
        answers.push({ id: response.headers.get("X-Request-Id"), body: await response.text() });
      }
      const token = JSON.parse(answers[0].body).token as string;
      const lines = r.logger.lines.filter((l) => l.message === "request");
      assert.equal(lines.length, requests.length, "one line per request");
      assert.deepEqual(
        lines.map((l) => [l.fields?.method, l.fields?.path, l.fields?.status]),
        [
          ["POST", "/api/auth/login", 200],
          ["POST", "/api/orders", 201],
          ["GET", "/api/orders", 200],
          ["GET", "/api/nothing", 404],
        ],
      );
      for (const [i, line] of lines.entries()) {
        assert.equal(
          line.fields?.requestId,
          answers[i].id,
          "the id in the header is the id logged",
        );
        assert.match(String(answers[i].id), /^[0-9a-f-]{36}$/);
        assert.equal(typeof line.fields?.durationMs, "number");
      }
      const everything = JSON.stringify(r.logger.lines);
      for (
        const secret of [
          ADMIN_PASSWORD,
          token,
          r.adminToken,
          "kamala.secret@example.lk",
          "Secretname",
          "Hidden Lane",
          "999 8888",
          "token=abc",
        ]
      ) {
        assert.ok(!everything.includes(secret), `the log holds ${secret.slice(0, 12)}...`);
      }
    } finally {
      await r.close();
    }
  },
});

/** A catalogue whose listing has a bug and whose lookups meet a database that is away. */
const brokenCatalogue = {
  listBooks(): never {
    throw new Error("connection string postgres://shop:hunter2@db/shop leaked");
  },
  findBook(): never {
    throw new UnavailableError("The database is unavailable (ECONNREFUSED)", 7);
  },
} as unknown as Catalogue;

Deno.test({
  name: "a bug answers 500 with the request id and no internals; an unavailable database 503",
  ...sanitize,
  async fn() {
    const r = await realApp({ overrides: { catalogue: brokenCatalogue } });
    try {
      const broken = await r.app.request("/api/books");
      assert.equal(broken.status, 500);
      const id = broken.headers.get("X-Request-Id");
      const text = await broken.text();
      assert.ok(!text.includes("hunter2") && !text.includes("postgres://"), text);
      assert.deepEqual(JSON.parse(text).error, {
        code: "INTERNAL",
        message: "Something went wrong on our side",
        details: { requestId: id },
      });
      assert.ok(r.logger.lines.some((l) => l.level === "error" && l.fields?.requestId === id));

      const away = await r.app.request(`/api/books/${r.book.id}`);
      assert.equal(away.status, 503);
      assert.equal(away.headers.get("Retry-After"), "7");
      assert.equal((await away.json()).error.code, "SERVICE_UNAVAILABLE");
    } finally {
      await r.close();
    }
  },
});
