/**
 * The contract of stock adjustments (CatalogueAdmin's adjustStock and stockAdjustments),
 * run against the catalogue in memory, PGlite, a PostgreSQL server, and PGlite behind the
 * read cache (`[cached]`): an adjustment moves the stock by its quantity and is recorded with
 * the stock before and after; it never takes the stock below zero (the copies orders hold
 * are not in it), never touches an archived product, and records nothing it refused.
 */
import assert from "node:assert/strict";
import { testOnBothEngines, testOnEngine, withDatabase } from "./postgres/testing/databases.ts";
import { cacheReads, CatalogueCache } from "./cache/mod.ts";
import { PostgresCatalogue } from "./postgres/catalogue.ts";
import { PostgresCatalogueAdmin } from "./postgres/catalogue_admin.ts";
import { PostgresOrderRepository } from "./postgres/orders.ts";
import { PostgresLocations } from "./postgres/locations.ts";
import { MemoryCatalogue } from "./memory/catalogue.ts";
import { aBook, aLine, aPlacement, aStationeryItem } from "./postgres/testing/builders.ts";
import type { Catalogue, CatalogueAdmin, WriteResult } from "../domain/ports.ts";
import type { Book } from "../domain/catalogue/model.ts";
import type { NewStockAdjustment } from "../domain/catalogue/stock_adjustment.ts";

interface World {
  catalogue: Catalogue;
  admin: CatalogueAdmin;
  novels: number;
  pens: number;
  /** Places an order of `quantity` copies of the book (taking them from stock). */
  order(book: Book, quantity: number): Promise<void>;
}

function ok<T>(result: WriteResult<T>): T {
  assert.equal(result.kind, "ok", JSON.stringify(result));
  return (result as { kind: "ok"; value: T }).value;
}

async function categories(admin: CatalogueAdmin) {
  return {
    novels: ok(await admin.createCategory("Novels")).id,
    pens: ok(await admin.createStationeryCategory("Pens")).id,
  };
}

function contract(name: string, fn: (world: World) => Promise<void>): void {
  Deno.test(`${name} [memory]`, async () => {
    const memory = new MemoryCatalogue();
    await fn({
      catalogue: memory,
      admin: memory,
      ...await categories(memory),
      async order(book, quantity) {
        memory.ordered.add(`book:${book.id}`);
        assert.equal((await memory.updateBook(book.id, { addStock: -quantity })).kind, "ok");
      },
    });
  });
  testOnBothEngines(name, async (sql) => {
    const admin = new PostgresCatalogueAdmin(sql);
    const orders = new PostgresOrderRepository(sql);
    await fn({
      catalogue: new PostgresCatalogue(sql),
      admin,
      ...await categories(admin),
      async order(book, quantity) {
        const placed = await orders.place(aPlacement([aLine(book, "book", quantity)]));
        assert.equal(placed.kind, "placed");
      },
    });
  });
  testOnEngine({
    name: `${name} [cached]`,
    sanitizeOps: false,
    sanitizeResources: false,
    fn: () =>
      withDatabase("pglite", async ({ sql }) => {
        const cache = new CatalogueCache();
        const ports = cacheReads({
          catalogue: new PostgresCatalogue(sql, { totals: cache.totals }),
          catalogueAdmin: new PostgresCatalogueAdmin(sql),
          orders: new PostgresOrderRepository(sql),
          locations: new PostgresLocations(sql),
        }, cache);
        await fn({
          catalogue: ports.catalogue,
          admin: ports.catalogueAdmin,
          ...await categories(ports.catalogueAdmin),
          async order(book, quantity) {
            const placed = await ports.orders.place(aPlacement([aLine(book, "book", quantity)]));
            assert.equal(placed.kind, "placed");
          },
        });
      }),
  });
}

const OWNER = { id: 1, email: "owner@pothgula.lk" };
const AT = new Date("2026-11-26T09:30:00.000Z");

function adjustment(
  productId: number,
  overrides: Partial<NewStockAdjustment> = {},
): NewStockAdjustment {
  return {
    kind: "book",
    productId,
    quantity: -3,
    reason: "damaged",
    note: "water damage in the store room",
    actor: OWNER,
    at: AT,
    ...overrides,
  };
}

contract(
  "adjustStock() takes damaged copies out, brings a delivery in and records who, when, why and the counts",
  async (w) => {
    const book = ok(await w.admin.createBook(aBook(w.novels, { stock: 10 })));
    const result = await w.admin.adjustStock(adjustment(book.id));
    assert.equal(result.kind, "ok");
    const recorded = (result as Extract<typeof result, { kind: "ok" }>).adjustment;
    assert.deepEqual({ ...recorded, id: 0 }, {
      ...adjustment(book.id),
      id: 0,
      stockBefore: 10,
      stockAfter: 7,
    });
    assert.equal((await w.catalogue.findBook(book.id))?.stock, 7);
    const found = await w.admin.adjustStock(
      adjustment(book.id, { quantity: 1, reason: "found", note: null }),
    );
    assert.equal(found.kind, "ok");
    assert.equal((await w.catalogue.findBook(book.id))?.stock, 8);
    const delivery = await w.admin.adjustStock(
      adjustment(book.id, { quantity: 12, reason: "received", note: "Sarasavi invoice 4471" }),
    );
    assert.equal(delivery.kind, "ok");
    assert.equal((await w.catalogue.findBook(book.id))?.stock, 20);
    const trail = await w.admin.stockAdjustments({ kind: "book", id: book.id }, 10);
    assert.deepEqual(trail.map((a) => [a.reason, a.quantity, a.stockBefore, a.stockAfter]), [
      ["received", 12, 8, 20],
      ["found", 1, 7, 8],
      ["damaged", -3, 10, 7],
    ]);
    assert.equal(trail[2].id, recorded.id);
    assert.equal(trail[1].note, null);
    assert.equal(trail[0].note, "Sarasavi invoice 4471");
    assert.deepEqual(trail[2].actor, OWNER);
    assert.equal(trail[2].at.toISOString(), AT.toISOString());
    assert.equal((await w.admin.stockAdjustments({ kind: "book", id: book.id }, 1)).length, 1);
  },
);

contract(
  "adjustStock() never takes the copies unpaid orders hold: at most the stock left",
  async (w) => {
    const book = ok(await w.admin.createBook(aBook(w.novels, { stock: 5 })));
    await w.order(book, 3);
    // 5 copies on the shelf, 3 of them held by a pending order: 2 are free to write off.
    assert.deepEqual(await w.admin.adjustStock(adjustment(book.id, { quantity: -3 })), {
      kind: "below_free_stock",
      free: 2,
    });
    assert.equal((await w.catalogue.findBook(book.id))?.stock, 2);
    assert.deepEqual(await w.admin.stockAdjustments({ kind: "book", id: book.id }, 10), []);
    assert.equal((await w.admin.adjustStock(adjustment(book.id, { quantity: -2 }))).kind, "ok");
    assert.equal((await w.catalogue.findBook(book.id))?.stock, 0);
  },
);

contract(
  "adjustStock() answers not_found for a missing or archived product, and keeps kinds apart",
  async (w) => {
    const book = ok(await w.admin.createBook(aBook(w.novels, { stock: 4 })));
    const pen = ok(await w.admin.createStationery(aStationeryItem(w.pens, { stock: 6 })));
    assert.deepEqual(await w.admin.adjustStock(adjustment(book.id + pen.id + 1000)), {
      kind: "not_found",
    });
    const taken = await w.admin.adjustStock(
      adjustment(pen.id, { kind: "stationery", quantity: -1, reason: "lost" }),
    );
    assert.equal(taken.kind, "ok");
    assert.equal((await w.catalogue.findStationery(pen.id))?.stock, 5);
    assert.deepEqual(await w.admin.stockAdjustments({ kind: "book", id: pen.id }, 10), []);
    await w.order(book, 1);
    assert.equal((await w.admin.deleteBook(book.id)).kind, "archived");
    assert.deepEqual(await w.admin.adjustStock(adjustment(book.id, { quantity: -1 })), {
      kind: "not_found",
    });
  },
);
