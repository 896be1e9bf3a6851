/**
 * The shop under faults, run as production runs it (main.ts in its own process) on a
 * PostgreSQL server of the test's own: the database stopped and started under a load of
 * orders, the mail server away and back, and SIGTERM in the middle of a load.
 */
import assert from "node:assert/strict";
import { startSmtpPeer } from "../../adapters/mail/testing/smtp_peer.ts";
import type { SqlClient } from "../../adapters/postgres/sql_client.ts";
import { canRunOwnServer, type OwnServer, startOwnServer } from "./support/pg_server.ts";
import { createFreshDatabase, type FreshDatabase } from "./support/databases.ts";
import { type ShopProcess, spawnShop, waitUntilReady } from "./support/shop_process.ts";
import {
  createBook,
  createCategory,
  type CreatedBook,
  type Destination,
  firstDestination,
  login,
  orderBody,
  placeOrder,
  shopEnv,
  tally,
} from "./support/shop_api.ts";
import { type Attempt, startOrderLoad } from "./support/load.ts";
import { eventually } from "../support/eventually.ts";
import { MAILS_PER_ORDER, orderIdsInMail, recordFigures } from "./support/evidence.ts";

const CI = Deno.env.get("CI") === "true";
const CAN_RUN_SERVER = await canRunOwnServer();
const STOCK = 100_000;

interface Stage {
  server: OwnServer;
  db: FreshDatabase;
  shop: ShopProcess;
  book: CreatedBook;
  destination: Destination;
  close(): Promise<void>;
}

/** Resolves once `count` orders of a load have been placed. */
function placedAtLeast(attempts: Attempt[], count: number): Promise<boolean> {
  return eventually(() => attempts.filter((a) => a.status === 201).length >= count, {
    timeoutMs: 30_000,
    what: `${count} orders placed`,
  });
}

/** A fresh database on `server`, the shop on it, and one book with plenty of stock. */
async function stage(server: OwnServer, extraEnv: Record<string, string> = {}): Promise<Stage> {
  const db = await createFreshDatabase(server.url);
  const dataDir = await Deno.makeTempDir();
  const shop = spawnShop({
    ...shopEnv(db.url, dataDir),
    ORDER_RATE_LIMIT: "100000/60",
    ORDER_RATE_LIMIT_CONTACT: "100000/60",
    // One address places the whole load: what its unpaid orders hold must not refuse it.
    HOLD_MAX_UNITS: "9999999",
    HOLD_MAX_LKR: "9999999999",
    HOLD_MAX_UNITS_ADDRESS: "9999999",
    HOLD_MAX_LKR_ADDRESS: "9999999999",
    MAIL_RETRY_SECONDS: "1",
    ...extraEnv,
  });
  await waitUntilReady(shop);
  const token = await login(shop.url);
  const categoryId = await createCategory(shop.url, token, "Novels");
  const book = await createBook(shop.url, token, {
    title: "Gamperaliya",
    stock: STOCK,
    categoryId,
    isbnStem: 2,
  });
  const destination = await firstDestination(shop.url);
  return {
    server,
    db,
    shop,
    book,
    destination,
    async close() {
      await shop.stop(2_000);
      await db.drop();
      await Deno.remove(dataDir, { recursive: true }).catch(() => {});
    },
  };
}

interface Ledger {
  orders: number;
  emails: Set<string>;
  ordersWithoutItems: number;
  copiesOrdered: number;
  stock: number;
}

/** What the database holds after a run: the orders, their items and the book's stock. */
async function ledger(sql: SqlClient, bookId: number): Promise<Ledger> {
  const orders = await sql.query<{ email: string; items: number; copies: number }>(
    `SELECT o.email, count(i.id)::int AS items, coalesce(sum(i.quantity), 0)::int AS copies
       FROM orders o LEFT JOIN order_items i ON i.order_id = o.id GROUP BY o.id, o.email`,
  );
  const book = await sql.query<{ stock: number }>("SELECT stock FROM books WHERE id = $1", [
    bookId,
  ]);
  return {
    orders: orders.length,
    emails: new Set(orders.map((o) => o.email)),
    ordersWithoutItems: orders.filter((o) => o.items === 0).length,
    copiesOrdered: orders.reduce((sum, o) => sum + o.copies, 0),
    stock: book[0].stock,
  };
}

/** Every answered order is stored, and every stored order was answered 201 or not at all. */
function assertAccounted(attempts: readonly Attempt[], stored: Ledger): void {
  const placed = attempts.filter((a) => a.status === 201).map((a) => a.email);
  const unanswered = new Set(attempts.filter((a) => a.status === 0).map((a) => a.email));
  for (const email of placed) assert.ok(stored.emails.has(email), `201 for ${email} but no order`);
  const placedSet = new Set(placed);
  for (const email of stored.emails) {
    assert.ok(
      placedSet.has(email) || unanswered.has(email),
      `an order for ${email} exists but its request was answered otherwise`,
    );
  }
  assert.equal(stored.ordersWithoutItems, 0, "every order has its items");
  assert.equal(stored.stock, STOCK - stored.copiesOrdered, "every order took its stock");
}

async function status(url: string): Promise<number> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    await response.body?.cancel();
    return response.status;
  } catch {
    return 0;
  }
}

function faultTest(name: string, fn: (server: OwnServer) => Promise<void>): void {
  Deno.test({
    name,
    // In CI a missing server fails (startOwnServer throws); elsewhere the test is skipped.
    ignore: !CI && !CAN_RUN_SERVER,
    sanitizeOps: false,
    sanitizeResources: false,
    async fn() {
      const server = await startOwnServer();
      try {
        await fn(server);
      } finally {
        await server.destroy();
      }
    },
  });
}

faultTest(
  "PostgreSQL stopped and started under load: 503 with Retry-After, then recovery, nothing lost",
  async (server) => {
    const s = await stage(server);
    try {
      const load = startOrderLoad({
        url: s.shop.url,
        book: s.book,
        destination: s.destination,
        workers: 8,
        prefix: "outage",
        timeoutMs: 30_000,
      });
      // The load is under way: orders are being placed.
      await placedAtLeast(load.attempts, 20);
      const downAt = performance.now();
      await server.stop();
      // The shop has seen the outage: it tells so on /readyz and answers orders 503.
      const readyDuringOutage = await eventually(async () => {
        const answer = await status(`${s.shop.url}/readyz`);
        return answer === 503 && answer;
      }, { timeoutMs: 20_000, what: "/readyz answering 503 in the outage" }).catch(() =>
        status(`${s.shop.url}/readyz`)
      );
      const healthDuringOutage = await status(`${s.shop.url}/healthz`);
      await eventually(() => load.attempts.filter((a) => a.status === 503).length >= 8, {
        timeoutMs: 20_000,
        what: "orders answered 503 in the outage",
      });
      await server.start();
      const outageSeconds = (performance.now() - downAt) / 1000;
      // Back: orders sent after the last refused one are placed. A request sent in the
      // outage may be answered late (its 503 after newer orders' 201s): it is judged by
      // when it was sent, as the outage it met.
      await eventually(() => {
        const lastRefusal = Math.max(
          ...load.attempts.filter((a) => a.status === 503).map((a) => a.sentAt),
        );
        return load.attempts.filter((a) => a.status === 201 && a.sentAt > lastRefusal)
          .length >= 20;
      }, { timeoutMs: 30_000, what: "orders placed again after the outage" });
      const attempts = await load.stop();

      assert.equal(
        readyDuringOutage,
        503,
        `/readyz during the outage answered ${readyDuringOutage}:\n${s.shop.output().slice(-2000)}`,
      );
      assert.equal(healthDuringOutage, 200, "/healthz says the process is up");
      const counts = tally(attempts);
      const unexpected = attempts.filter((a) => ![0, 201, 503].includes(a.status));
      assert.deepEqual(unexpected, [], `only 201 and 503 expected: ${JSON.stringify(counts)}`);
      assert.ok((counts[503] ?? 0) > 0, "the outage was met");
      for (const a of attempts.filter((x) => x.status === 503)) {
        assert.ok(Number(a.retryAfter) >= 1, "503 carries Retry-After");
        assert.equal(a.code, "SERVICE_UNAVAILABLE");
      }
      const hung = attempts.filter((a) => a.status === 0 && /timeout/i.test(a.error ?? ""));
      assert.deepEqual(hung, [], "no request hangs");
      const lastRefused = Math.max(
        ...attempts.filter((a) => a.status === 503).map((a) => a.sentAt),
      );
      const placedAfter = attempts.filter((a) => a.status === 201 && a.sentAt > lastRefused);
      assert.ok(
        placedAfter.length > 0,
        `orders are placed again once the database is back; the last answers: ${
          JSON.stringify(
            attempts.slice(-12).map(({ status, sentAt, at }) => ({ status, sentAt, at })),
          )
        }`,
      );
      assert.equal(await status(`${s.shop.url}/readyz`), 200);

      const stored = await ledger(s.db.sql, s.book.id);
      assertAccounted(attempts, stored);
      await recordFigures("postgres_outage", {
        ordersTried: attempts.length,
        placed: counts[201] ?? 0,
        answered503: counts[503] ?? 0,
        noAnswer: counts[0] ?? 0,
        fiveHundreds: attempts.filter((a) => a.status >= 500 && a.status !== 503).length,
        lost: attempts.filter((a) => a.status === 201 && !stored.emails.has(a.email)).length,
        phantom: [...stored.emails].filter((e) =>
          !attempts.some((a) =>
            a.email === e && (a.status === 201 || a.status === 0)
          )
        ).length,
        oversold: Math.max(0, stored.copiesOrdered - STOCK),
        outageSeconds: Math.round(outageSeconds * 10) / 10,
      });
    } finally {
      await s.close();
    }
  },
);

faultTest(
  "the mail server away and back: every checkout mail is delivered once",
  async (server) => {
    const smtp = await startSmtpPeer();
    const s = await stage(server, { SMTP_URL: smtp.url });
    try {
      await smtp.stop();
      const answers = [];
      for (let i = 0; i < 10; i++) {
        answers.push(
          await placeOrder(s.shop.url, orderBody(s.book, s.destination, `mail-${i}@example.lk`)),
        );
      }
      assert.deepEqual(tally(answers), { 201: 10 });
      const count = async (where: string) =>
        (await s.db.sql.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM mail_outbox WHERE ${where}`,
        ))[0].n;
      await eventually(async () => await count("attempts > 0 AND sent_at IS NULL") > 0, {
        what: "the outbox trying and failing while the mail server is away",
      });
      await smtp.start();
      await smtp.waitFor((messages) => messages.length >= 10 * MAILS_PER_ORDER, 60_000);
      // Every mail is marked sent: the outbox sends nothing more, so a second copy would be
      // here now.
      await eventually(async () => await count("sent_at IS NULL") === 0, {
        timeoutMs: 30_000,
        what: "every mail marked sent",
      });
      const mailed = orderIdsInMail(smtp.messages.map((m) => m.subject));
      const noticed = orderIdsInMail(smtp.messages.map((m) => m.subject), "shop");
      const ids = answers.map((a) => a.orderId!).sort((x, y) => x - y);
      assert.deepEqual([...mailed.keys()].sort((x, y) => x - y), ids);
      assert.deepEqual([...noticed.keys()].sort((x, y) => x - y), ids);
      for (const [id, count] of mailed) assert.equal(count, 1, `order ${id} mailed ${count} times`);
      for (const [id, count] of noticed) {
        assert.equal(count, 1, `order ${id} noticed ${count} times`);
      }
      await recordFigures("smtp_outage", {
        orders: ids.length,
        mailsDelivered: smtp.messages.length,
        duplicates: smtp.messages.length - mailed.size - noticed.size,
        lost: ids.length - mailed.size,
      });
    } finally {
      await s.close();
      await smtp.stop();
    }
  },
);

faultTest(
  "SIGTERM under load: requests under way finish, new ones are answered 503, nothing half-written",
  async (server) => {
    const s = await stage(server);
    try {
      const load = startOrderLoad({
        url: s.shop.url,
        book: s.book,
        destination: s.destination,
        workers: 16,
        prefix: "term",
        keepGoing: (a) => a.status !== 0 && a.status !== 503,
      });
      // The load is under way: orders are being placed.
      await placedAtLeast(load.attempts, 20);
      const termAt = performance.now();
      s.shop.signal("SIGTERM");
      const exit = await s.shop.exited;
      const stopSeconds = (performance.now() - termAt) / 1000;
      const attempts = await load.stop();

      assert.equal(exit.code, 0, s.shop.output().slice(-2000));
      assert.match(s.shop.output(), /Mail outbox stopped/);
      assert.match(s.shop.output(), /Closed/);
      const counts = tally(attempts);
      const unexpected = attempts.filter((a) => ![0, 201, 503].includes(a.status));
      assert.deepEqual(unexpected, [], JSON.stringify(counts));
      assert.ok((counts[0] ?? 0) + (counts[503] ?? 0) > 0, "requests after the stop are refused");
      assert.equal(await status(`${s.shop.url}/healthz`), 0, "nothing listens any more");

      const stored = await ledger(s.db.sql, s.book.id);
      assertAccounted(attempts, stored);
      await recordFigures("sigterm", {
        ordersTried: attempts.length,
        placed: counts[201] ?? 0,
        refusedAfterStop: (counts[0] ?? 0) + (counts[503] ?? 0),
        answered503WhileClosing: counts[503] ?? 0,
        noAnswer: counts[0] ?? 0,
        storedOrders: stored.orders,
        ordersWithoutItems: stored.ordersWithoutItems,
        fiveHundreds: attempts.filter((a) => a.status >= 500 && a.status !== 503).length,
        secondsToExit: Math.round(stopSeconds * 10) / 10,
      });
    } finally {
      await s.close();
    }
  },
);
