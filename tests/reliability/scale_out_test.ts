/**
 * Two shop processes on one PostgreSQL server, sharing nothing else: stock is never
 * oversold, each checkout mail goes out once, migrations run once, and an image uploaded
 * through one process is served by the other.
 */
import assert from "node:assert/strict";
import { startTestCluster } from "../../adapters/postgres/testing/cluster.ts";
import { serverTestsEnabled } from "../../adapters/postgres/testing/databases.ts";
import { readMigrations } from "../../adapters/postgres/migrator.ts";
import { startSmtpPeer } from "../../adapters/mail/testing/smtp_peer.ts";
import { TINY_PNG } from "../../http/uploads/testing/images.ts";
import { createFreshDatabase } from "./support/databases.ts";
import { moreRounds, spawnShop, waitUntilReady } from "./support/shop_process.ts";
import {
  createBook,
  createCategory,
  firstDestination,
  login,
  orderBody,
  placeOrder,
  shopEnv,
  tally,
} from "./support/shop_api.ts";
import {
  appliedMigrationsBy,
  MAILS_PER_ORDER,
  orderIdsInMail,
  recordFigures,
} from "./support/evidence.ts";

const BUYERS = 2_000;
const COPIES = 100;

Deno.test({
  name: "two processes on one PostgreSQL sell 100 copies to 2,000 buyers exactly once each",
  ignore: !serverTestsEnabled(),
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const cluster = await startTestCluster({ required: Deno.env.get("CI") === "true" });
    assert.ok(cluster, "a PostgreSQL server is needed");
    const db = await createFreshDatabase(cluster.url);
    const smtp = await startSmtpPeer();
    const dirs = [await Deno.makeTempDir(), await Deno.makeTempDir()];
    const env = (dataDir: string) => ({
      ...shopEnv(db.url, dataDir),
      SMTP_URL: smtp.url,
      IMAGE_STORAGE: "postgres",
      // Every buyer here comes from 127.0.0.1: the per-address limits are not under test.
      ORDER_RATE_LIMIT: "100000/60",
      ORDER_RATE_LIMIT_CONTACT: "100000/60",
      // One address places the whole load: what its unpaid orders hold must not refuse it.
      HOLD_MAX_UNITS: "9999999",
      HOLD_MAX_LKR: "9999999999",
      HOLD_MAX_UNITS_ADDRESS: "9999999",
      HOLD_MAX_LKR_ADDRESS: "9999999999",
      LOGIN_RATE_LIMIT_ADDRESS: "100000/60",
    });
    // Both start at the same moment on an empty database.
    const shops = dirs.map((dir) => spawnShop(env(dir)));
    try {
      await Promise.all(shops.map((shop) => waitUntilReady(shop)));
      const [a, b] = shops;

      // The owner's new-order mails come one a mail here, not as a digest once they flood
      // (the owner's setting, read by the dispatchers each round): the test counts each.
      await db.sql.query(
        `INSERT INTO shop_settings (name, value) VALUES ('ownerOrderMailsPerHour', '1000')`,
      );
      const files = (await readMigrations()).map((m) => m.name);
      const appliedBy = appliedMigrationsBy(shops.map((s) => s.output()));
      assert.deepEqual([...appliedBy.keys()].sort(), files, "every migration applied");
      for (const [name, count] of appliedBy) {
        assert.equal(count, 1, `${name} applied ${count} times`);
      }
      const recorded = await db.sql.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM schema_migrations",
      );
      assert.equal(recorded[0].n, files.length);

      const token = await login(a.url);
      const categoryId = await createCategory(a.url, token, "Novels");
      const book = await createBook(a.url, token, {
        title: "Madol Doova",
        stock: COPIES,
        categoryId,
        isbnStem: 1,
      });
      // The stored picture is the upload read whole and written again without metadata:
      // both processes serve it, and its resized copies, byte for byte the same.
      const copy = book.images[0].replace(/\.png$/, "-w160.webp");
      for (const path of [book.images[0], copy]) {
        const [fromA, fromB] = await Promise.all([a.url, b.url].map((url) => fetch(url + path)));
        assert.equal(fromB.status, 200, `the other process serves ${path}`);
        assert.equal(fromB.headers.get("Content-Type"), fromA.headers.get("Content-Type"));
        assert.deepEqual(
          new Uint8Array(await fromB.arrayBuffer()),
          new Uint8Array(await fromA.arrayBuffer()),
        );
      }
      const image = await fetch(`${b.url}${book.images[0]}`);
      assert.equal(image.headers.get("Content-Type"), "image/png");
      const served = new Uint8Array(await image.arrayBuffer());
      assert.deepEqual(served.slice(0, 8), TINY_PNG.slice(0, 8), "a PNG, as uploaded");

      const destination = await firstDestination(b.url);
      const started = performance.now();
      const answers = await Promise.all(
        Array.from({ length: BUYERS }, (_, i) =>
          placeOrder(
            shops[i % 2].url,
            orderBody(book, destination, `buyer-${i}@example.lk`),
            { timeoutMs: 120_000 },
          )),
      );
      const seconds = (performance.now() - started) / 1000;
      const counts = tally(answers);
      assert.deepEqual(
        counts,
        { 201: COPIES, 409: BUYERS - COPIES },
        // A buyer with no answer at all (status 0) is named with the client's error.
        `${JSON.stringify(counts)}\n${
          answers.filter((x) => x.status === 0).map((x) => x.error).join("\n")
        }\n${unexpectedLines(shops.map((s) => s.output()))}`,
      );
      for (const answer of answers.filter((x) => x.status === 409)) {
        assert.equal(answer.code, "INSUFFICIENT_STOCK");
      }
      const placedIds = answers.filter((x) => x.status === 201).map((x) => x.orderId!);

      const stock = await (await fetch(`${a.url}/api/books/${book.id}`)).json();
      assert.equal(stock.data.stock, 0);
      const rows = await db.sql.query<{ orders: number; copies: number }>(
        `SELECT count(DISTINCT o.id)::int AS orders, coalesce(sum(i.quantity), 0)::int AS copies
           FROM orders o JOIN order_items i ON i.order_id = o.id`,
      );
      assert.deepEqual(rows[0], { orders: COPIES, copies: COPIES });

      const expected = COPIES * MAILS_PER_ORDER;
      await smtp.waitFor((messages) => messages.length >= expected, 90_000).catch((error) => {
        throw new Error(
          `${error.message}: ${smtp.messages.length} of ${expected} mails arrived\n` +
            unexpectedLines(shops.map((s) => s.output())),
        );
      });
      // Two more outbox rounds of each process after the mails: a second sender would have
      // shown itself.
      await Promise.all(shops.map((shop) => moreRounds(shop, "outbox", 2)));
      const mailed = orderIdsInMail(smtp.messages.map((m) => m.subject));
      const noticed = orderIdsInMail(smtp.messages.map((m) => m.subject), "shop");
      assert.equal(smtp.messages.length, expected, "one mail and one shop notice per order");
      assert.deepEqual([...mailed.keys()].sort((x, y) => x - y), placedIds.sort((x, y) => x - y));
      assert.deepEqual([...noticed.keys()].sort((x, y) => x - y), placedIds.sort((x, y) => x - y));
      for (const [id, count] of mailed) assert.equal(count, 1, `order ${id} mailed ${count} times`);

      const statuses = await Promise.all(shops.map((shop) => shop.stop()));
      assert.deepEqual(statuses.map((s) => s.code), [0, 0]);
      await recordFigures("scale_out", {
        processes: 2,
        ordersTried: BUYERS,
        copies: COPIES,
        placed: counts[201],
        refusedInsufficientStock: counts[409],
        oversold: Math.max(0, rows[0].copies - COPIES),
        fiveHundreds: answers.filter((x) => x.status >= 500).length,
        mailsSent: smtp.messages.length,
        seconds: Math.round(seconds * 10) / 10,
      });
    } finally {
      await Promise.all(shops.map((shop) => shop.stop(2_000)));
      await smtp.stop();
      await db.drop();
      await cluster.stop();
      for (const dir of dirs) await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
});

/** What the shops logged as errors: the reason behind an unexpected answer. */
function unexpectedLines(outputs: string[]): string {
  return outputs.flatMap((o) => o.split("\n"))
    .filter((line) => /"level":"error"|Error|error:/.test(line))
    .slice(0, 20)
    .join("\n");
}
