/**
 * No integer the API accepts or computes reaches a column's limit: added stock past the
 * ceiling is 409 before the database sees it, and stock coming back from a rejected
 * order is capped, so that a rejection always succeeds, on both engines.
 */
import assert from "node:assert/strict";
import { ENGINES, serverTestsEnabled } from "../../adapters/postgres/testing/databases.ts";
import { MAX_STOCK } from "../../domain/catalogue/stock.ts";
import { destination, type RealApp, realApp } from "./support/real_app.ts";
import { orderBody } from "./support/shop_api.ts";

const INT4_MAX = 2_147_483_647;

function admin(r: RealApp, method: string, path: string, body: unknown) {
  return r.app.request(path, {
    method,
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${r.adminToken}` },
    body: JSON.stringify(body),
  });
}

async function stockOf(r: RealApp): Promise<number> {
  const rows = await r.db.sql.query<{ stock: number }>("SELECT stock FROM books WHERE id = $1", [
    r.book.id,
  ]);
  return Number(rows[0].stock);
}

async function pendingOrder(r: RealApp, quantity: number): Promise<number> {
  const body = orderBody(
    { id: r.book.id, price: 1000, images: [] },
    await destination(r),
    "a@b.lk",
  );
  const placed = await r.app.request("/api/orders", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      ...body,
      total: 1000 * quantity,
      items: [{ id: r.book.id, quantity, type: "book" }],
    }),
  });
  assert.equal(placed.status, 201, await placed.clone().text());
  return (await placed.json()).orderId;
}

for (const engine of ENGINES) {
  const options = {
    ignore: engine === "postgres" && !serverTestsEnabled(),
    sanitizeOps: false,
    sanitizeResources: false,
  };

  Deno.test({
    name: `repeated addStock of 1000000 answers 409 at the ceiling, never 500 [${engine}]`,
    ...options,
    async fn() {
      const r = await realApp({ engine });
      try {
        assert.equal(
          (await admin(r, "PUT", `/api/books/${r.book.id}`, { stock: 999_990 })).status,
          200,
        );
        for (let i = 0; i < 5; i++) {
          const added = await admin(r, "PUT", `/api/books/${r.book.id}`, { addStock: 1_000_000 });
          assert.equal(added.status, 409);
          assert.equal((await added.json()).error.message, `Stock cannot go above ${MAX_STOCK}`);
        }
        const set = await admin(r, "PUT", `/api/books/${r.book.id}`, { stock: MAX_STOCK + 1 });
        assert.equal(set.status, 400, "an absolute count above the ceiling is a bad field");
        const tooMuch = await admin(r, "PUT", `/api/books/${r.book.id}`, { addStock: 11 });
        assert.equal(tooMuch.status, 409);
        const upTo = await admin(r, "PUT", `/api/books/${r.book.id}`, { addStock: 10 });
        assert.equal(upTo.status, 200);
        assert.equal((await upTo.json()).data.stock, MAX_STOCK);
        const hugePrice = await admin(r, "PUT", `/api/books/price/${r.book.id}`, {
          price: 1e300,
        });
        assert.equal(hugePrice.status, 400);
        assert.equal(await stockOf(r), MAX_STOCK);
        assert.deepEqual(r.logger.lines.filter((l) => l.level === "error"), []);
      } finally {
        await r.close();
      }
    },
  });

  Deno.test({
    name: `rejecting an order whose returned stock would pass the ceiling succeeds [${engine}]`,
    ...options,
    async fn() {
      const r = await realApp({ engine });
      try {
        const capped = await pendingOrder(r, 5);
        assert.equal(
          (await admin(r, "PUT", `/api/books/${r.book.id}`, { stock: MAX_STOCK })).status,
          200,
        );
        const rejected = await admin(r, "PUT", "/api/orders/status", {
          id: capped,
          status: "rejected",
        });
        assert.equal(rejected.status, 200, await rejected.clone().text());
        assert.equal(await stockOf(r), MAX_STOCK, "capped at the ceiling");

        // A count already at the column's limit (written before the ceiling existed).
        const legacy = await pendingOrder(r, 3);
        await r.db.sql.query("UPDATE books SET stock = $1 WHERE id = $2", [INT4_MAX, r.book.id]);
        const again = await admin(r, "PUT", "/api/orders/status", {
          id: legacy,
          status: "rejected",
        });
        assert.equal(again.status, 200, await again.clone().text());
        assert.equal(await stockOf(r), INT4_MAX, "never lowered, never overflowed");
        const down = await admin(r, "PUT", `/api/books/${r.book.id}`, { addStock: -7 });
        assert.equal(down.status, 200, "a count above the ceiling may come down");
        assert.equal(await stockOf(r), INT4_MAX - 7);
        assert.deepEqual(r.logger.lines.filter((l) => l.level === "error"), []);
      } finally {
        await r.close();
      }
    },
  });
}
