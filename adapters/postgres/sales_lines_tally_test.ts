/**
 * What each product sold each day (`sales_item_days`, kept at commit by migration 0031's
 * trigger as migration 0103 writes it): on both engines, through an order placed, rejected,
 * counted again, moved to another day in Sri Lanka and moved within its day, the summary
 * equals the lines of the orders that count, summed by hand. Alongside them, other orders'
 * lines stay where they are.
 */
import assert from "node:assert/strict";
import { testOnBothEngines } from "./testing/databases.ts";
import { aBook, aLine, aPlacement, insertCategory } from "./testing/builders.ts";
import { PostgresCatalogueAdmin } from "./catalogue_admin.ts";
import { PostgresOrderRepository } from "./orders.ts";
import type { SqlClient } from "./sql_client.ts";

interface DayLine {
  item: string;
  day: string;
  units: number;
  cents: number;
}

/** The summary's rows that hold something. */
async function summary(sql: SqlClient): Promise<DayLine[]> {
  return await sql.query<DayLine>(
    `SELECT item_type || ':' || item_id AS item, to_char(day, 'YYYY-MM-DD') AS day,
       units::int AS units, cents::int AS cents
     FROM sales_item_days WHERE units <> 0 OR cents <> 0 ORDER BY 1, 2`,
  );
}

/** The same, summed from the lines of the orders that count (not rejected). */
async function byHand(sql: SqlClient): Promise<DayLine[]> {
  return await sql.query<DayLine>(
    `SELECT i.type || ':' || coalesce(i.book_id, i.stationery_id) AS item,
       to_char((o.order_date AT TIME ZONE 'Asia/Colombo')::date, 'YYYY-MM-DD') AS day,
       sum(i.quantity)::int AS units,
       sum(i.unit_price_cents * i.quantity - i.saving_cents)::int AS cents
     FROM orders o JOIN order_items i ON i.order_id = o.id
     WHERE o.status <> 'rejected'
     GROUP BY 1, 2 ORDER BY 1, 2`,
  );
}

testOnBothEngines(
  "a product's sales by day follow its orders placed, rejected, counted again and moved between Colombo's days",
  async (sql) => {
    const admin = new PostgresCatalogueAdmin(sql);
    const novels = await insertCategory(sql, "book_categories", "Novels");
    const made = [];
    for (const title of ["Madol Doova", "Gitanjali"]) {
      const created = await admin.createBook(aBook(novels, { title, stock: 50 }));
      assert.ok(created.kind === "ok");
      made.push(created.value);
    }
    const [madol, gitanjali] = made;
    const repo = new PostgresOrderRepository(sql);
    const place = async (at: string, lines: Parameters<typeof aPlacement>[0]) => {
      const outcome = await repo.place(aPlacement(lines, { orderDate: at }));
      assert.ok(outcome.kind === "placed");
      return outcome.order.id;
    };
    /** The summary's rows as [item, day, copies], in any order. */
    const days = async () =>
      (await summary(sql)).map((l) => [l.item, l.day, l.units]).sort((a, b) =>
        JSON.stringify(a).localeCompare(JSON.stringify(b))
      );
    const sorted = (rows: (string | number)[][]) =>
      rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    const check = async (what: string) =>
      assert.deepEqual(await summary(sql), await byHand(sql), what);

    // 23:59 in Colombo on 5 March, and an order of the next day beside it.
    const moved = await place("2026-03-05T18:29:00.000Z", [
      aLine(madol, "book", 2),
      aLine(gitanjali, "book", 1),
    ]);
    await place("2026-03-05T18:30:00.000Z", [aLine(madol, "book", 3)]);
    await check("placed");
    assert.deepEqual(
      await days(),
      sorted([
        [`book:${madol.id}`, "2026-03-05", 2],
        [`book:${madol.id}`, "2026-03-06", 3],
        [`book:${gitanjali.id}`, "2026-03-05", 1],
      ]),
    );

    const update = (set: string) => sql.query(`UPDATE orders SET ${set} WHERE id = $1`, [moved]);
    await update("status = 'rejected'");
    await check("rejected");
    await update("status = 'pending'");
    await check("counted again");
    // A minute later: 00:00 on the 6th in Colombo.
    await update("order_date = '2026-03-05T18:30:00.000Z'");
    await check("moved to the next day");
    // Within that day: nothing moves.
    await update("order_date = '2026-03-06T10:00:00.000Z'");
    await check("moved within its day");
    assert.deepEqual(
      await days(),
      sorted([
        [`book:${madol.id}`, "2026-03-06", 5],
        [`book:${gitanjali.id}`, "2026-03-06", 1],
      ]),
    );
    // Rejected and moved back at once.
    await update("status = 'rejected', order_date = '2026-03-05T12:00:00.000Z'");
    await check("rejected and moved");
    assert.deepEqual(
      await days(),
      sorted([
        [`book:${madol.id}`, "2026-03-06", 3],
      ]),
    );
  },
);
