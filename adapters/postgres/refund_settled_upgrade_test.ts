/**
 * Migration 0102: the shop's "unpaid" events that a cancelled order's full refund wrote take
 * their own kind (refund_settled), which the customer's timeline and receipt leave out; an
 * owner's "not paid" and a gateway's charge-back stay "unpaid".
 */
import assert from "node:assert/strict";
import { migrate, readMigrations } from "./migrator.ts";
import { PostgresCatalogueAdmin } from "./catalogue_admin.ts";
import { PostgresOrderRepository } from "./orders.ts";
import { aBook, aLine, aPlacement, insertCategory } from "./testing/builders.ts";
import { testUpgradeOnBothEngines } from "./testing/databases.ts";
import { customerOrderView } from "../../domain/orders/customer_view.ts";

const ALL = await readMigrations();
const BEFORE = ALL.filter((m) => m.name < "0102_");
const SETTLED = "Refunded in full: the cancelled order owes nothing and is owed nothing";

testUpgradeOnBothEngines(
  `a full refund's "unpaid" event from before migration 0102 is refund_settled after it, and the customer no longer reads it`,
  async (sql) => {
    await migrate(sql, { migrations: BEFORE });
    const novels = await insertCategory(sql, "book_categories", "Novels");
    const book = await new PostgresCatalogueAdmin(sql).createBook(aBook(novels, { stock: 5 }));
    assert.ok(book.kind === "ok");
    const orders = new PostgresOrderRepository(sql);
    const placed = await orders.place(aPlacement([aLine(book.value, "book", 1)]));
    assert.ok(placed.kind === "placed");
    const id = placed.order.id;
    for (
      const [at, actor, note] of [
        ["2026-11-01T10:00:00Z", "admin", null],
        ["2026-11-02T10:00:00Z", "system", "PayHere: charged back (payment 320027)"],
        ["2026-11-03T10:00:00Z", "system", SETTLED],
      ]
    ) {
      await sql.query(
        `INSERT INTO order_events (order_id, at, kind, actor, note)
             VALUES ($1, $2, 'unpaid', $3, $4)`,
        [id, at, actor, note],
      );
    }
    await migrate(sql);
    const order = await orders.findById(id);
    assert.deepEqual(
      order?.events.filter((e) => e.kind !== "placed").map((e) => [e.kind, e.actor]),
      [["unpaid", "admin"], ["unpaid", "system"], ["refund_settled", "system"]],
    );
    assert.deepEqual(
      customerOrderView(order!).events.map((e) => e.kind),
      ["placed", "unpaid", "unpaid"],
    );
  },
);
