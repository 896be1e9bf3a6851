/**
 * An order placed before order keys existed (migrations up to 0009), on both engines: once
 * migration 0017 has given it a salt and the shop has filled its key hash at start, a
 * look-up on /track mails its customer a link that opens the order's page.
 */
import assert from "node:assert/strict";
import { ENGINES, serverTestsEnabled, withDatabase } from "./testing/databases.ts";
import { migrate, readMigrations } from "./migrator.ts";
import { createRepositories } from "./mod.ts";
import { fillMissingKeyHashes } from "./order_key_hashes.ts";
import type { SqlClient } from "./sql_client.ts";
import { HmacOrderKeys } from "../security/order_keys.ts";
import { MemoryImageStorage, MemoryReceiptRenderer, MemorySlipRenderer } from "../memory/images.ts";
import { RecordingMailer } from "../../domain/notifications/testing/outbox_fakes.ts";
import { MessageFormatMailRenderer } from "../mail/render/mod.ts";
import { dispatchDueMail } from "../../domain/orders/dispatch_outbox.ts";
import { cheapHasher, FakeClock, testSecret } from "../../http/auth/testing/fakes.ts";
import { TokenService } from "../../http/auth/tokens.ts";
import { createApp } from "../../http/app.ts";
import type { ShopInfo } from "../../domain/shop.ts";
import { RecordingLogger } from "../../http/testing/fixture.ts";

const SHOP: ShopInfo = {
  name: "Pothgula",
  publicUrl: "http://localhost:8000",
  email: "hello@pothgula.lk",
  phones: ["1", "2"],
  address: "Mount Lavinia",
  whatsappNumber: "+94 77 000 0000",
};
const BANK = {
  bankName: "Bank of Ceylon",
  bankBranch: "Mount Lavinia",
  accountName: "Pothgula",
  accountNumber: "1",
  whatsappNumber: "+94 77 000 0000",
};

/** Two orders as the first edition wrote them: no payment status, no key. */
async function placeOldOrders(sql: SqlClient): Promise<number[]> {
  await sql.exec(`
    INSERT INTO book_categories (name) VALUES ('Novels');
    INSERT INTO books (title, author, price_cents, stock, category_id, isbn13, language, binding,
      publisher, publishing_date, edition, weight_grams)
    VALUES ('Madol Doova', 'Martin Wickramasinghe', 65000, 5, 1, '9789550000001', 'Sinhala',
      'Paperback', 'Sarasavi', '1947-01-01', 'First', 300);`);
  const ids: number[] = [];
  for (const email of ["kamala@example.lk", "sunil@example.lk"]) {
    const [order] = await sql.query<{ id: string }>(
      `INSERT INTO orders (order_date, name, address, email, phone, postal_code, province_id,
         district_id, area_id, province_name, district_name, area_name, payment_method,
         total_cents, delivery_fee_cents)
       SELECT '2025-12-01T08:00:00Z', 'Kamala Perera', '3 Temple Road', $1, '0771234567',
         '10370', p.id, d.id, a.id, p.name, d.name, a.name, 'COD', 65000, 40000
       FROM areas a JOIN districts d ON d.id = a.district_id JOIN provinces p ON p.id = d.province_id
       ORDER BY a.id LIMIT 1
       RETURNING id`,
      [email],
    );
    await sql.query(
      `INSERT INTO order_items (order_id, type, book_id, title, isbn13, unit_price_cents,
         weight_grams, quantity)
       VALUES ($1, 'book', 1, 'Madol Doova', '9789550000001', 65000, 300, 1)`,
      [order.id],
    );
    ids.push(Number(order.id));
  }
  return ids;
}

function shopOver(sql: SqlClient, keys: HmacOrderKeys) {
  const repos = createRepositories(sql);
  const clock = new FakeClock();
  const app = createApp({
    ...repos,
    images: new MemoryImageStorage(),
    slips: new MemorySlipRenderer(),
    receipts: new MemoryReceiptRenderer(),
    tokens: new TokenService({ secret: testSecret(), clock, sessions: repos.sessions }),
    orderKeys: keys,
    hasher: cheapHasher(),
    bank: BANK,
    shop: SHOP,
    clock,
    logger: new RecordingLogger(),
  });
  return { app, repos, clock };
}

for (const engine of ENGINES) {
  Deno.test({
    name: `an order placed before order keys gets a working link from /track [${engine}]`,
    ignore: engine === "postgres" && !serverTestsEnabled(),
    sanitizeOps: false,
    sanitizeResources: false,
    fn: () =>
      withDatabase(engine, async ({ sql }) => {
        const all = await readMigrations();
        await migrate(sql, { migrations: all.filter((m) => m.name < "0010") });
        const [kamala, sunil] = await placeOldOrders(sql);
        await migrate(sql, { migrations: all });

        const salts = await sql.query<{ key_salt: string; key_hash: string | null }>(
          "SELECT key_salt, key_hash FROM orders ORDER BY id",
        );
        assert.equal(salts.length, 2);
        for (const row of salts) {
          assert.match(row.key_salt, /^[A-Za-z0-9_-]{43}$/, "a base64url salt of 32 bytes");
          assert.equal(row.key_hash, null, "the database alone cannot make the key");
        }
        assert.notEqual(salts[0].key_salt, salts[1].key_salt);

        const keys = new HmacOrderKeys(testSecret());
        assert.equal(await fillMissingKeyHashes(sql, keys), 2);
        assert.equal(await fillMissingKeyHashes(sql, keys), 0, "a second start has nothing to do");

        const { app, repos, clock } = shopOver(sql, keys);
        const lookup = await app.request("/api/orders/lookup", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ orderId: kamala, email: "Kamala@Example.lk" }),
        });
        assert.equal(lookup.status, 202);
        const mailer = new RecordingMailer();
        await dispatchDueMail({
          outbox: repos.outbox,
          orders: repos.orders,
          mailer,
          clock,
          random: () => 0,
          shop: SHOP,
          bank: BANK,
          orderKeys: keys,
          renderer: new MessageFormatMailRenderer(SHOP),
        });
        const mail = mailer.sent.find((m) => m.subject.includes(`your order #${kamala}`));
        assert.ok(mail, `the link was mailed: ${mailer.sent.map((m) => m.subject)}`);
        assert.deepEqual(mail.to, "kamala@example.lk");
        const link = new RegExp(`${SHOP.publicUrl}(/orders/${kamala}\\?key=[\\w-]+)`)
          .exec(mail.text)?.[1];
        assert.ok(link, mail.text);

        const view = await app.request(
          link.replace("/orders/", "/api/orders/").replace(
            "?key=",
            "/view?key=",
          ),
        );
        assert.equal(view.status, 200);
        const body = await view.json() as {
          data: { id: number; status: string; payment_status: string; items: unknown[] };
        };
        assert.equal(body.data.id, kamala);
        assert.equal(body.data.status, "pending");
        assert.equal(body.data.payment_status, "unpaid");
        assert.equal(body.data.items.length, 1);

        // Another order's key opens nothing here.
        const other = await keys.keyFor(salts[1].key_salt);
        const wrong = await app.request(`/api/orders/${kamala}/view?key=${other}`);
        assert.equal(wrong.status, 404);
        assert.equal((await app.request(`/api/orders/${sunil}/view?key=${other}`)).status, 200);
      }, { migrated: false }),
  });
}
