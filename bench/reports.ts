/**
 * The owner's sales report at scale: 100,000 orders over three years (1 to 3 lines each,
 * every payment method, most paid with their "paid" event, some rejected, some lapsed)
 * written into a fresh PostgreSQL database beside a generated catalogue of 2,000 books and
 * their stationery, so that migration 0031's triggers keep the summaries at commit as a
 * shop's would. Then the report (domain/reports/sales_report.ts over
 * adapters/postgres/sales_facts.ts: its four statements) is asked for the presets' ranges
 * one after another, and the time of each report is summed up as p50 and p99. Prints a
 * Markdown table for docs/benchmarks.md.
 *
 *   deno run -A bench/reports.ts [--orders 100000] [--runs 200]
 */
import { catalogueSize, generateCatalogue } from "./catalogue_generator.ts";
import { openBenchDatabase } from "./database.ts";
import { storeCatalogueImages } from "./images.ts";
import type { SqlClient } from "../adapters/postgres/mod.ts";
import { PostgresSalesFacts } from "../adapters/postgres/sales_facts.ts";
import { salesReport, type SalesReportQuery } from "../domain/reports/sales_report.ts";
import { colomboDate } from "../domain/orders/order_query.ts";
import { addDays, type ReportGrain } from "../domain/reports/range.ts";

/**
 * Orders spread over the last three years; each gets its "placed" event, and a paid one its
 * "paid" event some hours later (the trigger of 0031 notes it on the order); every 12th
 * unpaid Bank Deposit order lapsed (its "lapsed" event), every 10th order rejected.
 */
const INSERT_ORDERS = `
WITH placed AS (
  INSERT INTO orders (status, order_date, name, address, email, phone, postal_code,
    province_id, district_id, area_id, province_name, district_name, area_name,
    payment_method, total_cents, delivery_fee_cents, payment_status, expires_at, locale)
  SELECT
    CASE WHEN n % 10 = 9 OR n % 12 = 5 THEN 'rejected' WHEN n % 10 < 6 THEN 'completed'
      ELSE 'pending' END,
    now() - make_interval(secs => (n * 947) % (3 * 365 * 86400)),
    'Nimali Perera', n || ' Galle Road, Colombo', 'customer' || n || '@example.lk',
    '0771234567', '00300', 1, 1, 1, 'Western', 'Colombo', 'Akarawita',
    (ARRAY['COD', 'Bank Deposit', 'Card'])[1 + n % 3],
    125000 * (1 + n % 3), 30000,
    CASE WHEN n % 10 < 7 AND n % 10 <> 5 AND n % 12 <> 5 THEN 'paid' ELSE 'unpaid' END,
    NULL, 'en'
  FROM generate_series(1, $1::int) AS n
  RETURNING id, order_date, status, payment_status
), lines AS (
  INSERT INTO order_items (order_id, type, book_id, stationery_id, title, isbn13,
    unit_price_cents, list_unit_cents, weight_grams, quantity, preorder)
  SELECT placed.id, 'book', b.id, NULL, b.title, b.isbn13, 125000, 125000, 350, 1 + placed.id % 2,
    false
  FROM placed, LATERAL (SELECT id, title, isbn13 FROM books
    WHERE id IN (1 + (placed.id * 7) % 1900, 1 + (placed.id * 13) % 1900)) b
), events AS (
  INSERT INTO order_events (order_id, at, kind, actor)
  SELECT id, order_date, 'placed', 'customer' FROM placed
  UNION ALL
  SELECT id, order_date + interval '5 hours', 'paid', 'admin' FROM placed
  WHERE payment_status = 'paid'
)
INSERT INTO order_events (order_id, at, kind, actor)
SELECT id, order_date + interval '48 hours', 'lapsed', 'system' FROM placed
WHERE status = 'rejected' AND id % 12 = 5`;

export async function generateOrders(sql: SqlClient, count: number): Promise<void> {
  await sql.transaction(async (tx) => {
    await tx.exec("SET LOCAL statement_timeout = 0");
    await tx.query(INSERT_ORDERS, [count]);
  });
  const tables = [
    "orders",
    "order_items",
    "order_events",
    "sales_days",
    "sales_item_days",
    "sales_item_periods",
  ];
  for (const table of tables) {
    await sql.exec(`VACUUM ANALYZE ${table}`);
  }
}

function flag(name: string, fallback: number): number {
  const i = Deno.args.indexOf(`--${name}`);
  return i >= 0 ? Number(Deno.args[i + 1]) : fallback;
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

if (import.meta.main) {
  const orders = flag("orders", 100_000);
  const runs = flag("runs", 200);
  const dataDir = await Deno.makeTempDir({ prefix: "pothgula-bench-reports-" });
  const db = await openBenchDatabase();
  try {
    const images = await storeCatalogueImages(`${dataDir}/uploads`, 4);
    await generateCatalogue(db.sql, { size: catalogueSize(2_000), images });
    const started = performance.now();
    await generateOrders(db.sql, orders);
    const written = Math.round(performance.now() - started);
    const [{ days, items, months, years }] = await db.sql.query<
      { days: number; items: number; months: number; years: number }
    >(
      `SELECT (SELECT count(*) FROM sales_days) AS days,
         (SELECT count(*) FROM sales_item_days) AS items,
         (SELECT count(*) FROM sales_item_periods WHERE grain = 'month') AS months,
         (SELECT count(*) FROM sales_item_periods WHERE grain = 'year') AS years`,
    );
    console.error(`${orders} orders written (summaries kept at commit) in ${written} ms`);
    const facts = new PostgresSalesFacts(db.sql);
    const today = colomboDate(new Date());
    const asks: [string, SalesReportQuery][] = [
      ["last 30 days, per day", query(addDays(today, -29), today, "day")],
      ["this year, per week", query(`${today.slice(0, 4)}-01-01`, today, "week")],
      ["last 12 months, per month", query(addDays(today, -364), today, "month")],
      ["5 years, per month", query(addDays(today, -(5 * 365 - 1)), today, "month")],
    ];
    const lines = [
      `Sales report over ${
        orders.toLocaleString("en")
      } orders (${days} day rows, ${items} product-day, ${months} product-month and ${years} product-year rows kept at commit; written in ${written} ms), PostgreSQL ${db.version}, ${runs} reports each, one at a time:`,
      "",
      "| range | p50 ms | p99 ms | max ms |",
      "| --- | ---: | ---: | ---: |",
    ];
    for (const [name, ask] of asks) {
      for (let i = 0; i < 5; i++) await salesReport(facts, ask);
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        await salesReport(facts, ask);
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const ms = (v: number) => v.toFixed(1);
      lines.push(
        `| ${name} | ${ms(quantile(times, 0.5))} | ${ms(quantile(times, 0.99))} | ${
          ms(times[times.length - 1])
        } |`,
      );
    }
    lines.push("", "Each statement's median over 20 runs (ms):", "");
    lines.push(
      "| range | days | products sold | (products sold from the days alone) | stock | idle products |",
    );
    lines.push("| --- | ---: | ---: | ---: | ---: | ---: |");
    for (const [name, ask] of asks) {
      const spell = { from: addDays(ask.range.to, 1 - ask.idleDays), to: ask.range.to };
      const calls = [
        () => facts.daySales(ask.range),
        () => facts.productSales(ask.range),
        // The same figures summed from the day rows alone, as before migration 0037.
        () =>
          db.sql.query(
            `SELECT item_type, item_id, sum(units), sum(cents) FROM sales_item_days
             WHERE day >= $1::date AND day <= $2::date
             GROUP BY item_type, item_id HAVING sum(units) > 0`,
            [ask.range.from, ask.range.to],
          ),
        () => facts.stock(),
        () => facts.idleProducts(spell, 50),
      ];
      const medians: string[] = [];
      for (const call of calls) {
        const times: number[] = [];
        for (let i = 0; i < 20; i++) {
          const t0 = performance.now();
          await call();
          times.push(performance.now() - t0);
        }
        times.sort((a, b) => a - b);
        medians.push(quantile(times, 0.5).toFixed(1));
      }
      lines.push(`| ${name} | ${medians.join(" | ")} |`);
    }
    console.log(lines.join("\n"));
  } finally {
    await db.close();
    await Deno.remove(dataDir, { recursive: true });
  }
}

function query(from: string, to: string, grain: ReportGrain): SalesReportQuery {
  return { range: { from, to }, grain, idleDays: 90 };
}
