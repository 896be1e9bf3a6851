/**
 * The admin's order list at scale: 100,000 orders (200,000 lines, a timeline event each)
 * written into a fresh PostgreSQL database next to a small catalogue, the shop started as
 * production starts it, and each filtered page of `GET /api/orders` asked for by 8
 * connections at once for 10 s (after a 1 s warm-up), with the admin's token, between two
 * runs of the bare yardstick route in the same process. Prints the figures as a Markdown
 * table for docs/benchmarks.md.
 *
 *   deno run -A bench/orders_list.ts [--orders 100000] [--duration 10] [--connections 8]
 */
import { catalogueSize, generateCatalogue } from "./catalogue_generator.ts";
import { openBenchDatabase } from "./database.ts";
import { storeCatalogueImages } from "./images.ts";
import { freePort, startShop } from "./shop_process.ts";
import type { SqlClient } from "../adapters/postgres/mod.ts";
import { BASELINE_PATH } from "./baseline_route.ts";

const NAMES = ["Nimali", "Kamal", "Dilani", "Ruwan", "Sunil", "Kumari", "Anura", "Chamari"];
const SURNAMES = ["Perera", "Silva", "Fernando", "Jayasuriya", "Bandara", "Wickrama"];

/** Orders spread over the last year: statuses, payments and methods as a shop sees them. */
const INSERT_ORDERS = `
WITH placed AS (
  INSERT INTO orders (status, order_date, name, address, email, phone, postal_code,
    province_id, district_id, area_id, province_name, district_name, area_name,
    payment_method, total_cents, delivery_fee_cents, payment_status, expires_at, locale)
  SELECT
    CASE WHEN n % 10 < 7 THEN 'completed' WHEN n % 10 < 9 THEN 'pending' ELSE 'rejected' END,
    now() - make_interval(secs => (n * 313) % (365 * 86400)),
    ($1::text[])[1 + n % 8] || ' ' || ($2::text[])[1 + (n / 8) % 6],
    n || ' Galle Road, Colombo', 'customer' || n || '@example.lk',
    '07' || lpad(((n * 7919) % 100000000)::text, 8, '0'), '00300', 1, 1, 1,
    'Western', 'Colombo', 'Akarawita',
    CASE WHEN n % 3 = 0 THEN 'COD' ELSE 'Bank Deposit' END,
    250000, 30000,
    CASE WHEN n % 10 < 7 THEN 'paid' WHEN n % 10 = 8 THEN 'proof_submitted' ELSE 'unpaid' END,
    NULL, 'en'
  FROM generate_series(1, $3::int) AS n
  RETURNING id
), lines AS (
  INSERT INTO order_items (order_id, type, book_id, title, isbn13, unit_price_cents,
    list_unit_cents, weight_grams, quantity, preorder)
  SELECT placed.id, 'book', b.id, b.title, b.isbn13, 125000, 125000, 350, 1, false
  FROM placed, LATERAL (SELECT id, title, isbn13 FROM books
    WHERE id IN (1 + placed.id % 50, 51 + placed.id % 50)) b
)
INSERT INTO order_events (order_id, at, kind, actor)
SELECT placed.id, now(), 'placed', 'customer' FROM placed`;

export async function generateOrders(sql: SqlClient, count: number): Promise<void> {
  await sql.transaction(async (tx) => {
    await tx.exec("SET LOCAL synchronous_commit = on");
    // Writing the orders is the bench's set-up, not a request: no request's time limit.
    await tx.exec("SET LOCAL statement_timeout = 0");
    await tx.query(INSERT_ORDERS, [NAMES, SURNAMES, count]);
  });
  for (const table of ["orders", "order_items", "order_events"]) {
    await sql.exec(`VACUUM ANALYZE ${table}`);
  }
}

interface Figures {
  label: string;
  path: string;
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p99: number;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

/** `connections` loops asking for `path` one after another for `seconds`. */
async function load(
  base: string,
  path: string,
  options: { token: string; connections: number; seconds: number },
): Promise<{ latencies: number[]; errors: number }> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + options.seconds * 1000;
  await Promise.all(Array.from({ length: options.connections }, async () => {
    while (performance.now() < end) {
      const started = performance.now();
      const response = await fetch(`${base}${path}`, {
        headers: { Authorization: `Bearer ${options.token}`, Accept: "application/json" },
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      if (response.status !== 200) errors++;
    }
  }));
  return { latencies, errors };
}

function flag(name: string, fallback: number): number {
  const i = Deno.args.indexOf(`--${name}`);
  return i >= 0 ? Number(Deno.args[i + 1]) : fallback;
}

if (import.meta.main) {
  const orders = flag("orders", 100_000);
  const seconds = flag("duration", 10);
  const connections = flag("connections", 8);
  const dataDir = await Deno.makeTempDir({ prefix: "pothgula-bench-orders-" });
  const db = await openBenchDatabase();
  try {
    const images = await storeCatalogueImages(`${dataDir}/uploads`, 4);
    await generateCatalogue(db.sql, { size: catalogueSize(2_000), images });
    let started = performance.now();
    await generateOrders(db.sql, orders);
    console.error(`${orders} orders written in ${Math.round(performance.now() - started)} ms`);
    const password = crypto.randomUUID();
    const shop = await startShop({
      databaseUrl: db.url,
      dataDir,
      port: freePort(),
      adminEmail: "bench@pothgula.lk",
      adminPassword: password,
      logFile: `${dataDir}/server.log`,
    });
    try {
      const login = await fetch(`${shop.url}/api/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: "bench@pothgula.lk", password }),
      });
      const { token } = await login.json();
      const [{ phone }] = await db.sql.query<{ phone: string }>(
        "SELECT phone FROM orders ORDER BY id OFFSET 4242 LIMIT 1",
      );
      const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
      const monthAgo = new Date(Date.now() - 30 * 86_400_000 + 330 * 60_000).toISOString()
        .slice(0, 10);
      // The bare route of the same process first and last: what the machine gives any
      // request during this run, for reading the other figures against.
      const scenarios: [string, string][] = [
        ["bare route (yardstick), before", BASELINE_PATH],
        ["the newest 20", "/api/orders"],
        [
          "pending and unpaid (awaiting payment)",
          "/api/orders?status=pending&paymentStatus=unpaid",
        ],
        [
          "proofs to check, Bank Deposit",
          "/api/orders?paymentStatus=proof_submitted&paymentMethod=Bank%20Deposit",
        ],
        ["the last 30 days, page 10", `/api/orders?from=${monthAgo}&to=${today}&page=10`],
        [
          "a phone number written another way",
          `/api/orders?q=${encodeURIComponent(`+94 ${phone.slice(1)}`)}`,
        ],
        ["part of a name", "/api/orders?q=jayasuriya&status=pending"],
        ["an order number", "/api/orders?q=%2342424"],
        ["bare route (yardstick), after", BASELINE_PATH],
      ];
      const results: Figures[] = [];
      for (const [label, path] of scenarios) {
        await load(shop.url, path, { token, connections, seconds: 1 });
        started = performance.now();
        const run = await load(shop.url, path, { token, connections, seconds });
        const elapsed = (performance.now() - started) / 1000;
        const sorted = run.latencies.sort((a, b) => a - b);
        results.push({
          label,
          path,
          requests: sorted.length,
          errors: run.errors,
          rps: Math.round(sorted.length / elapsed),
          p50: Math.round(percentile(sorted, 0.5) * 10) / 10,
          p99: Math.round(percentile(sorted, 0.99) * 10) / 10,
        });
        console.error(`${label}: p99 ${results.at(-1)!.p99} ms`);
      }
      console.log(
        `${orders.toLocaleString("en")} orders, ${connections} connections, ${seconds} s each\n`,
      );
      console.log("| page | req/s | p50 ms | p99 ms | errors |\n| --- | --- | --- | --- | --- |");
      for (const r of results) {
        console.log(`| ${r.label} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} |`);
      }
    } finally {
      await shop.stop();
    }
  } finally {
    await db.close();
    await Deno.remove(dataDir, { recursive: true });
  }
}
