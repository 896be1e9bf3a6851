/** What only the schema can show of stock adjustments: the trail is append-only and checked. */
import assert from "node:assert/strict";
import { testOnBothEngines } from "./testing/databases.ts";
import { PostgresCatalogueAdmin } from "./catalogue_admin.ts";
import { aBook } from "./testing/builders.ts";

testOnBothEngines("a stock adjustment stays as written: no update, no delete", async (sql) => {
  const admin = new PostgresCatalogueAdmin(sql);
  const novels = await admin.createCategory("Novels");
  assert.equal(novels.kind, "ok");
  if (novels.kind !== "ok") return;
  const book = await admin.createBook(aBook(novels.value.id, { stock: 4 }));
  if (book.kind !== "ok") throw new Error(book.kind);
  const adjusted = await admin.adjustStock({
    kind: "book",
    productId: book.value.id,
    quantity: -1,
    reason: "lost",
    note: null,
    actor: { id: 1, email: "owner@pothgula.lk" },
    at: new Date("2026-11-26T09:30:00Z"),
  });
  assert.equal(adjusted.kind, "ok");
  await assert.rejects(sql.query("UPDATE stock_adjustments SET quantity = -2"), /kept as written/);
  await assert.rejects(sql.query("DELETE FROM stock_adjustments"), /kept as written/);
  // Damaged copies leave the stock, and the counts add up, whoever writes the row.
  await assert.rejects(sql.query(
    `INSERT INTO stock_adjustments (product_kind, product_id, quantity, reason, stock_before,
       stock_after, actor_id, actor_email, at) VALUES ('book', $1, 2, 'damaged', 3, 5, 1, 'a', now())`,
    [book.value.id],
  ));
  await assert.rejects(sql.query(
    `INSERT INTO stock_adjustments (product_kind, product_id, quantity, reason, stock_before,
       stock_after, actor_id, actor_email, at) VALUES ('book', $1, -2, 'recount', 3, 2, 1, 'a', now())`,
    [book.value.id],
  ));
  assert.equal((await sql.query("SELECT 1 FROM stock_adjustments")).length, 1);
});
