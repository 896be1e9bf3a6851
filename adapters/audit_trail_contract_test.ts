/**
 * The contract of the audit trail (domain/audit/audit.ts), run against the memory trail over
 * the memory ports, PGlite and a PostgreSQL server (the triggers of migration 0034 behind the
 * attributed SQL client): a change made acting for someone is one entry naming them, with
 * only the changed fields before and after; one made outside any scope is the system's; an
 * order's entry names its shopper while the stock it takes and gives back is left out of the
 * products'; the log reads newest first by kind, who, record and time, a page at a time.
 */
import assert from "node:assert/strict";
import { testOnBothEngines } from "./postgres/testing/databases.ts";
import { PostgresCatalogueAdmin } from "./postgres/catalogue_admin.ts";
import { PostgresOrderRepository } from "./postgres/orders.ts";
import { PostgresAuditTrail } from "./postgres/audit_trail.ts";
import { attributedClient } from "./postgres/attributed_client.ts";
import { ActorScope } from "./audit/actor_scope.ts";
import { MemoryCatalogue } from "./memory/catalogue.ts";
import { MemoryOrderRepository } from "./memory/orders.ts";
import { MemoryAuditTrail } from "./memory/audit_trail.ts";
import { aBook, aLine, aPlacement, reject } from "./postgres/testing/builders.ts";
import type { CatalogueAdmin, OrderRepository, WriteResult } from "../domain/ports.ts";
import type { AuditActor, AuditQuery, AuditTrail } from "../domain/audit/audit.ts";

interface World {
  trail: AuditTrail;
  admin: CatalogueAdmin;
  orders: OrderRepository;
}

const OWNER: AuditActor = { kind: "admin", id: 7, email: "owner@pothgula.lk", role: "owner" };
const SHOPPER: AuditActor = { kind: "shopper", id: null, email: "nimal@example.lk" };
const ALL: AuditQuery = { page: 1, pageSize: 50 };

function ok<T>(result: WriteResult<T>): T {
  assert.equal(result.kind, "ok", JSON.stringify(result));
  return (result as { kind: "ok"; value: T }).value;
}

function contract(name: string, fn: (world: World) => Promise<void>): void {
  Deno.test(`${name} [memory]`, async () => {
    const catalogue = new MemoryCatalogue();
    const trail = new MemoryAuditTrail({ now: () => new Date() });
    await fn({
      trail,
      admin: trail.audited(catalogue),
      orders: trail.audited(new MemoryOrderRepository(catalogue), {
        sources: [catalogue],
        byOrder: true,
      }),
    });
  });
  testOnBothEngines(name, async (plain) => {
    const scope = new ActorScope();
    const sql = attributedClient(plain, scope);
    await fn({
      trail: new PostgresAuditTrail(sql, scope),
      admin: new PostgresCatalogueAdmin(sql),
      orders: new PostgresOrderRepository(sql),
    });
  });
}

async function aBookOnSale(world: World) {
  const novels = ok(await world.admin.createCategory("Novels"));
  return ok(await world.admin.createBook(aBook(novels.id, { stock: 5 })));
}

contract(
  "a change made for an admin is one entry naming them, with only the changed fields",
  async (world) => {
    const book = await aBookOnSale(world);
    await world.trail.actingAs(OWNER, async () => {
      ok(await world.admin.updateBook(book.id, { priceCents: 130_000, title: book.title }));
    });
    const { entries, total } = await world.trail.entries({
      ...ALL,
      subject: { type: "book", id: book.id },
    });
    assert.equal(total, 2);
    const [change, creation] = entries;
    assert.deepEqual(change.actor, OWNER);
    assert.deepEqual(change.subject, { type: "book", id: book.id });
    assert.equal(change.action, "update");
    assert.deepEqual(change.kinds, ["price"]);
    assert.deepEqual(change.before, { price_cents: 125_050 });
    assert.deepEqual(change.after, { price_cents: 130_000 });
    assert.ok(change.at instanceof Date);
    // The book was created outside any scope: the system's, with the fields it was given.
    assert.deepEqual(creation.actor, { kind: "system" });
    assert.equal(creation.action, "create");
    assert.deepEqual(creation.kinds, ["price", "stock", "product"]);
    assert.equal(creation.after.title, book.title);
    assert.equal(creation.after.stock, 5);
    assert.equal("search_title" in creation.after, false);
    assert.equal("id" in creation.after, false);
    assert.deepEqual(creation.before, {});
  },
);

contract("a write that changes nothing kept leaves no entry", async (world) => {
  const book = await aBookOnSale(world);
  const before = (await world.trail.entries(ALL)).total;
  await world.trail.actingAs(OWNER, async () => {
    ok(await world.admin.updateBook(book.id, { priceCents: book.priceCents }));
  });
  assert.equal((await world.trail.entries(ALL)).total, before);
});

contract(
  "an order's entry names its shopper; the stock it takes and gives back is not a product's entry",
  async (world) => {
    const book = await aBookOnSale(world);
    const placed = await world.trail.actingAs(
      SHOPPER,
      () => world.orders.place(aPlacement([aLine(book, "book", 2)])),
    );
    assert.equal(placed.kind, "placed");
    const id = (placed as { order: { id: number } }).order.id;
    const rejected = await world.trail.actingAs(OWNER, () => reject(world.orders, id));
    assert.equal(rejected.kind, "changed");
    const order = await world.trail.entries({ ...ALL, subject: { type: "order", id } });
    assert.deepEqual(
      order.entries.map((e) => [e.actor.kind, e.action, e.kinds, e.before, e.after]),
      [
        ["admin", "update", ["order_status"], { status: "pending" }, { status: "rejected" }],
        [
          "shopper",
          "create",
          ["order_status", "payment_status"],
          {},
          { status: "pending", payment_status: "unpaid" },
        ],
      ],
    );
    assert.deepEqual(order.entries[1].actor, SHOPPER);
    const books = await world.trail.entries({ ...ALL, subject: { type: "book", id: book.id } });
    assert.deepEqual(books.entries.map((e) => e.action), ["create"]);
    // A stock count the admin sets is the admin's, whatever orders did before.
    await world.trail.actingAs(OWNER, async () => {
      ok(await world.admin.updateBook(book.id, { stock: 9 }));
    });
    const [counted] = (await world.trail.entries({ ...ALL, kind: "stock" })).entries;
    assert.deepEqual([counted.actor, counted.before, counted.after], [OWNER, { stock: 5 }, {
      stock: 9,
    }]);
  },
);

contract(
  "the log is read newest first by kind, who, record and time, a page at a time",
  async (world) => {
    const book = await aBookOnSale(world);
    const from = new Date(Date.now() - 60_000);
    for (const priceCents of [100_000, 110_000, 120_000]) {
      await world.trail.actingAs(OWNER, async () => {
        ok(await world.admin.updateBook(book.id, { priceCents }));
      });
    }
    await world.trail.actingAs(
      { ...OWNER, id: 8, email: "staff@pothgula.lk", role: "staff" },
      async () => {
        ok(await world.admin.renameCategory("book", book.categoryId, "Fiction"));
      },
    );
    const all = await world.trail.entries(ALL);
    assert.equal(all.total, 6); // the category, the book, three prices, the renaming
    const ids = all.entries.map((e) => e.id);
    assert.deepEqual(ids, [...ids].sort((a, b) => b - a));
    const prices = await world.trail.entries({ ...ALL, kind: "price" });
    assert.deepEqual(prices.entries.map((e) => e.after.price_cents), [
      120_000,
      110_000,
      100_000,
      125_050,
    ]);
    assert.equal((await world.trail.entries({ ...ALL, who: "OWNER@pothgula.lk" })).total, 3);
    const staff = await world.trail.entries({ ...ALL, who: "staff@pothgula.lk" });
    assert.deepEqual(staff.entries.map((e) => [e.subject.type, e.kinds, e.after]), [
      ["book_category", ["category"], { name: "Fiction" }],
    ]);
    assert.equal((await world.trail.entries({ ...ALL, who: "system" })).total, 2);
    assert.equal((await world.trail.entries({ ...ALL, subject: { type: "book" } })).total, 4);
    const page = await world.trail.entries({ ...ALL, kind: "price", page: 2, pageSize: 3 });
    assert.deepEqual([page.entries.length, page.total], [1, 4]);
    const beyond = await world.trail.entries({ ...ALL, page: 9, pageSize: 3 });
    assert.deepEqual([beyond.entries.length, beyond.total], [0, 6]);
    assert.equal((await world.trail.entries({ ...ALL, from })).total, 6);
    assert.equal((await world.trail.entries({ ...ALL, to: from })).total, 0);
    assert.equal(
      (await world.trail.entries({ ...ALL, from: new Date(Date.now() + 60_000) })).total,
      0,
    );
  },
);

contract(
  "a stranger ordering under the owner's e-mail is a shopper, never found as the owner",
  async (world) => {
    const book = await aBookOnSale(world);
    const posing: AuditActor = { kind: "shopper", id: null, email: "Owner@Pothgula.lk" };
    const placed = await world.trail.actingAs(
      posing,
      () => world.orders.place(aPlacement([aLine(book, "book", 1)])),
    );
    assert.equal(placed.kind, "placed");
    await world.trail.actingAs(OWNER, async () => {
      ok(await world.admin.updateBook(book.id, { priceCents: 120_000, title: book.title }));
    });
    const byOwner = await world.trail.entries({ ...ALL, who: "owner@pothgula.lk" });
    assert.deepEqual(byOwner.entries.map((e) => e.actor.kind), ["admin"]);
    const byShoppers = await world.trail.entries({ ...ALL, who: "shopper" });
    assert.deepEqual(byShoppers.entries.map((e) => e.actor), [posing]);
  },
);
