/**
 * Back-in-stock mails go out exactly once per request when two shops (two connection pools
 * over one PostgreSQL server) bring the same product back at the same moment, by different
 * paths, and while shoppers are still asking.
 */
import assert from "node:assert/strict";
import { testOnServer } from "./testing/databases.ts";
import { aBook, insertCategory } from "./testing/builders.ts";
import { PostgresCatalogueAdmin } from "./catalogue_admin.ts";
import { PostgresJsSqlClient } from "./postgresjs_client.ts";
import { PostgresStockAlerts } from "./stock_alerts.ts";
import { stockRequest } from "../../domain/stock_alerts/rules.ts";

testOnServer(
  "two shops restocking one product at once queue one mail per waiting request",
  async (db) => {
    const first = new PostgresJsSqlClient(db.url!, { max: 6 });
    const second = new PostgresJsSqlClient(db.url!, { max: 6 });
    try {
      const novels = await insertCategory(first, "book_categories", "Novels");
      const shops = [first, second].map((sql) => ({
        admin: new PostgresCatalogueAdmin(sql),
        alerts: new PostgresStockAlerts(sql),
      }));
      for (let round = 0; round < 5; round++) {
        const created = await shops[0].admin.createBook(aBook(novels, { stock: 0 }));
        assert.ok(created.kind === "ok");
        const book = { kind: "book" as const, id: created.value.id };
        const at = new Date();
        await Promise.all(
          Array.from(
            { length: 40 },
            (_, i) =>
              shops[i % 2].alerts.request(stockRequest(book, `reader-${i}@example.lk`, "si"), at),
          ),
        );
        // Both shops bring it back at once, each twice, by an edit and by an adjustment;
        // shoppers go on asking meanwhile.
        const late = Array.from(
          { length: 10 },
          (_, i) =>
            shops[i % 2].alerts.request(stockRequest(book, `late-${i}@example.lk`, "en"), at),
        );
        const restocks = shops.flatMap(({ admin }, n) => [
          admin.updateBook(book.id, { addStock: 2 }),
          admin.adjustStock({
            kind: "book",
            productId: book.id,
            quantity: 1,
            reason: "found",
            note: null,
            actor: { id: 1, email: `admin${n}@pothgula.lk` },
            at,
          }),
        ]);
        const outcomes = await Promise.all([...late, ...restocks]);
        const lateOutcomes = outcomes.slice(0, 10).map((o) => (o as { kind: string }).kind);
        const rows = await first.query<{ id: number; n: number }>(
          `SELECT stock_request_id AS id, count(*)::int AS n FROM mail_outbox
           WHERE kind = 'back_in_stock'
             AND stock_request_id IN (SELECT id FROM stock_requests WHERE book_id = $1)
           GROUP BY 1`,
          [book.id],
        );
        assert.ok(rows.every((r) => r.n === 1), "no request has two mails");
        const [{ waiting, notified }] = await first.query<{ waiting: number; notified: number }>(
          `SELECT count(*) FILTER (WHERE notified_at IS NULL)::int AS waiting,
             count(*) FILTER (WHERE notified_at IS NOT NULL)::int AS notified
           FROM stock_requests WHERE book_id = $1`,
          [book.id],
        );
        assert.equal(waiting, 0, "no request is left waiting for a product on sale");
        assert.equal(notified, rows.length, "every notified request has its one mail");
        const accepted = lateOutcomes.filter((k) => k === "waiting").length;
        assert.equal(notified, 40 + accepted, `round ${round}: ${lateOutcomes.join(",")}`);
        assert.ok(lateOutcomes.every((k) => k === "waiting" || k === "orderable"));
        const [{ stock }] = await first.query<{ stock: number }>(
          "SELECT stock FROM books WHERE id = $1",
          [book.id],
        );
        assert.equal(stock, 6);
      }
    } finally {
      await first.close();
      await second.close();
    }
  },
);
