/**
 * Checkout and order decisions through the HTTP app over the real SQL repositories: on
 * PGlite and a PostgreSQL server for the money, on the server alone for the races
 * (overlapping transactions need real connections).
 */
import assert from "node:assert/strict";
import { createRepositories } from "../adapters/postgres/mod.ts";
import type { SqlClient } from "../adapters/postgres/mod.ts";
import { testOnBothEngines, testOnServer } from "../adapters/postgres/testing/databases.ts";
import {
  MemoryImageStorage,
  MemoryReceiptRenderer,
  MemorySlipRenderer,
} from "../adapters/memory/images.ts";
import { cheapHasher, FakeClock, testSecret } from "./auth/testing/fakes.ts";
import { HmacOrderKeys } from "../adapters/security/order_keys.ts";
import { TokenService } from "./auth/tokens.ts";
import { createApp } from "./app.ts";
import { json, newBook, RecordingLogger } from "./testing/fixture.ts";
import { isbn13CheckDigit } from "../domain/catalogue/isbn.ts";

async function shopOver(sql: SqlClient) {
  const repos = createRepositories(sql);
  const clock = new FakeClock();
  const tokens = new TokenService({ secret: testSecret(), clock, sessions: repos.sessions });
  const app = createApp({
    ...repos,
    images: new MemoryImageStorage(),
    slips: new MemorySlipRenderer(),
    receipts: new MemoryReceiptRenderer(),
    tokens,
    orderKeys: new HmacOrderKeys(testSecret()),
    hasher: cheapHasher(),
    bank: {
      bankName: "Bank of Ceylon",
      bankBranch: "Mount Lavinia",
      accountName: "Pothgula",
      accountNumber: "1",
      whatsappNumber: "+94 77 000 0000",
    },
    shop: {
      name: "Pothgula",
      publicUrl: "http://localhost:8000",
      email: "hello@pothgula.lk",
      phones: ["1", "2"],
      address: "Mount Lavinia",
      whatsappNumber: "+94 77 000 0000",
    },
    clock,
    logger: new RecordingLogger(),
  });
  const category = await repos.catalogueAdmin.createCategory("Novels");
  assert.equal(category.kind, "ok");
  const categoryId = (category as { value: { id: number } }).value.id;
  const [area] = await repos.locations.areas();
  const place = (await repos.locations.findArea(area.id))!;
  const destination = { province: place.province.id, district: place.district.id, area: area.id };
  // The admin's account is there: a session holds only while its account has its role.
  const account = await repos.accounts.upsertAdmin("admin@pothgula.lk", "unused");
  const admin = (await tokens.issueAdminToken(account)).token;
  let stem = 978955000100;
  return {
    app,
    repos,
    async addBook(overrides: Parameters<typeof newBook>[0] = {}) {
      const result = await repos.catalogueAdmin.createBook(
        newBook({ categoryId, isbn13: `${stem}${isbn13CheckDigit(String(stem++))}`, ...overrides }),
      );
      assert.equal(result.kind, "ok");
      return (result as { value: { id: number } }).value.id;
    },
    order(items: { id: number; quantity: number }[], extra: Record<string, unknown> = {}) {
      return {
        total: 0,
        name: "Nimal Perera",
        address: "12 Galle Road",
        email: "nimal@example.lk",
        phone: "0771234567",
        postalCode: "10370",
        ...destination,
        paymentMethod: "COD",
        items: items.map((i) => ({ ...i, type: "book" })),
        ...extra,
      };
    },
    asAdmin(path: string, init: RequestInit) {
      const headers = new Headers(init.headers);
      headers.set("Authorization", `Bearer ${admin}`);
      return app.request(path, { ...init, headers });
    },
    async stock(id: number) {
      return (await repos.catalogue.findBook(id))!.stock;
    },
  };
}

testOnBothEngines(
  "POST /api/orders charges COD and Bank Deposit fees at the weight edges",
  async (sql) => {
    const shop = await shopOver(sql);
    const cases: [number, "COD" | "Bank Deposit", number][] = [
      [250, "Bank Deposit", 150],
      [251, "Bank Deposit", 200],
      [1000, "Bank Deposit", 250],
      [1001, "Bank Deposit", 300],
      [20_000, "Bank Deposit", 900],
      [20_001, "Bank Deposit", 0],
      [1000, "COD", 400],
      [1001, "COD", 500],
      [2001, "COD", 600],
    ];
    for (const [grams, paymentMethod, fee] of cases) {
      const id = await shop.addBook({ weightGrams: grams, priceCents: 123_450 });
      const response = await shop.app.request(
        "/api/orders",
        json("POST", shop.order([{ id, quantity: 1 }], { total: 1234.5, paymentMethod })),
      );
      assert.equal(response.status, 201, `${grams} g ${paymentMethod}`);
      const placed = await response.json();
      assert.deepEqual(
        [placed.total, placed.deliveryFee, placed.subtotal],
        [1234.5, fee, 1234.5 + fee],
        `${grams} g ${paymentMethod}`,
      );
    }
  },
);

testOnBothEngines("a tampered total never changes the stock or the price charged", async (sql) => {
  const shop = await shopOver(sql);
  const id = await shop.addBook({ priceCents: 95_000, stock: 5 });
  const cheap = await shop.app.request(
    "/api/orders",
    json("POST", shop.order([{ id, quantity: 2 }], { total: 1 })),
  );
  assert.equal(cheap.status, 409);
  assert.equal((await cheap.json()).error.details[0].price, 950);
  assert.equal(await shop.stock(id), 5);

  const repriced = await shop.asAdmin(`/api/books/price/${id}`, json("PUT", { price: 1000 }));
  assert.equal(repriced.status, 200);
  await repriced.body?.cancel();
  const stale = await shop.app.request(
    "/api/orders",
    json("POST", shop.order([{ id, quantity: 2 }], { total: 1900 })),
  );
  assert.equal(stale.status, 409);
  await stale.body?.cancel();
  assert.equal(await shop.stock(id), 5);

  const fresh = await shop.app.request(
    "/api/orders",
    json("POST", shop.order([{ id, quantity: 2 }], { total: 2000 })),
  );
  assert.equal(fresh.status, 201);
  const placed = await fresh.json();
  const [order] = await shop.repos.orders.list();
  assert.equal(order.id, placed.orderId);
  assert.deepEqual(order.items.map((i) => i.unitPriceCents), [100_000]);
  assert.equal(await shop.stock(id), 3);
});

testOnServer("40 concurrent orders for 5 copies give exactly 5 orders", async (db) => {
  const shop = await shopOver(db.sql);
  const id = await shop.addBook({ priceCents: 95_000, stock: 5 });
  const answers = await Promise.all(
    Array.from(
      { length: 40 },
      () =>
        shop.app.request(
          "/api/orders",
          json("POST", shop.order([{ id, quantity: 1 }], { total: 950 })),
        ),
    ),
  );
  const statuses = answers.map((r) => r.status);
  await Promise.all(answers.map((r) => r.body?.cancel()));
  assert.equal(statuses.filter((s) => s === 201).length, 5);
  assert.equal(statuses.filter((s) => s === 409).length, 35);
  assert.equal(await shop.stock(id), 0);
  assert.equal((await shop.repos.orders.list()).length, 5);
});

testOnServer(
  "concurrent replays of one Idempotency-Key place one order and answer it to all",
  async (db) => {
    const shop = await shopOver(db.sql);
    const id = await shop.addBook({ priceCents: 95_000, stock: 5 });
    const body = shop.order([{ id, quantity: 2 }], { total: 1900 });
    const answers = await Promise.all(
      Array.from(
        { length: 10 },
        () => shop.app.request("/api/orders", json("POST", body, { "Idempotency-Key": "cart-42" })),
      ),
    );
    const bodies = await Promise.all(answers.map((r) => r.json()));
    assert.deepEqual(answers.map((r) => r.status), Array(10).fill(201));
    assert.equal(new Set(bodies.map((b) => b.orderId)).size, 1);
    assert.equal(await shop.stock(id), 3);
    const other = await shop.app.request(
      "/api/orders",
      json("POST", { ...body, name: "Another" }, { "Idempotency-Key": "cart-42" }),
    );
    assert.equal(other.status, 422);
    await other.body?.cancel();
  },
);

testOnServer("concurrent rejections return the stock once", async (db) => {
  const shop = await shopOver(db.sql);
  const id = await shop.addBook({ priceCents: 95_000, stock: 5 });
  const placed = await shop.app.request(
    "/api/orders",
    json("POST", shop.order([{ id, quantity: 3 }], { total: 2850 })),
  );
  const { orderId } = await placed.json();
  assert.equal(await shop.stock(id), 2);
  const answers = await Promise.all(
    Array.from(
      { length: 8 },
      () => shop.asAdmin("/api/orders/status", json("PUT", { id: orderId, status: "rejected" })),
    ),
  );
  const statuses = answers.map((r) => r.status).sort();
  await Promise.all(answers.map((r) => r.body?.cancel()));
  assert.deepEqual(statuses, [200, ...Array(7).fill(409)]);
  assert.equal(await shop.stock(id), 5);
});

testOnBothEngines(
  "a customer's orders are theirs in the database: user_id set, listed newest first in their account",
  async (sql) => {
    const shop = await shopOver(sql);
    const id = await shop.addBook({ priceCents: 100_000 });
    const account = {
      username: "Sunil Fernando",
      email: "sunil@example.lk",
      password: "long enough",
    };
    const registered = await shop.app.request("/api/auth/register", json("POST", account));
    assert.equal(registered.status, 201);
    await registered.body?.cancel();
    const login = await shop.app.request(
      "/api/auth/login",
      json("POST", { email: account.email, password: account.password }),
    );
    const headers = { Authorization: `Bearer ${(await login.json()).token}` };
    const ids = [];
    for (let i = 0; i < 2; i++) {
      const placed = await shop.app.request(
        "/api/orders",
        json("POST", shop.order([{ id, quantity: 1 }], { total: 1000 }), headers),
      );
      assert.equal(placed.status, 201);
      ids.push((await placed.json()).orderId);
    }
    const guest = await shop.app.request(
      "/api/orders",
      json("POST", shop.order([{ id, quantity: 1 }], { total: 1000 })),
    );
    assert.equal(guest.status, 201);
    await guest.body?.cancel();
    const mine = await (await shop.app.request("/api/account/orders", { headers })).json();
    assert.deepEqual(mine.data.map((o: { id: number }) => o.id), [ids[1], ids[0]]);
    assert.equal(mine.data[0].items[0].book_id, id);
    const me = await (await shop.app.request("/api/account", { headers })).json();
    assert.equal((await shop.repos.orders.findById(ids[0]))?.userId, me.data.id);
  },
);
