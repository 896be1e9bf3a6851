/**
 * The back-in-stock requests (StockAlertStore), in memory, on PGlite and on a PostgreSQL
 * server: a request waits only for a product that cannot be bought now; one address waits
 * once per product; whatever brings the product back (an edit of its stock, an
 * adjustment, a rejected order's stock, a restored product) queues exactly one mail per
 * waiting request, in that change; an unsubscribe ends every request of its address and
 * may be said again; the owner's list counts who waits, most first.
 */
import assert from "node:assert/strict";
import { testOnBothEngines } from "./postgres/testing/databases.ts";
import {
  aBook,
  aLine,
  aPlacement,
  aStationeryItem,
  insertCategory,
  reject,
} from "./postgres/testing/builders.ts";
import { PostgresCatalogueAdmin } from "./postgres/catalogue_admin.ts";
import { PostgresOrderRepository } from "./postgres/orders.ts";
import { PostgresStockAlerts } from "./postgres/stock_alerts.ts";
import { MemoryCatalogue } from "./memory/catalogue.ts";
import { MemoryOrderRepository } from "./memory/orders.ts";
import { MemoryStockAlerts } from "./memory/stock_alerts.ts";
import type { Book, StationeryItem } from "../domain/catalogue/model.ts";
import type { CatalogueAdmin, OrderRepository } from "../domain/ports.ts";
import type { StockAlertStore } from "../domain/stock_alerts/ports.ts";
import { stockRequest } from "../domain/stock_alerts/rules.ts";

interface World {
  alerts: StockAlertStore;
  admin: CatalogueAdmin;
  orders: OrderRepository;
  /** A sold-out book, a sold-out stationery item and a book in stock. */
  soldOut: Book;
  pen: StationeryItem;
  inStock: Book;
  /** The requests whose back-in-stock mail is in the outbox, in order. */
  queued(): Promise<number[]>;
}

const AT = new Date("2026-03-01T10:00:00.000Z");
const LATER = new Date("2026-03-02T10:00:00.000Z");

function contract(name: string, fn: (world: World) => Promise<void>): void {
  Deno.test(`${name} [memory]`, async () => {
    const catalogue = new MemoryCatalogue();
    const novels = await catalogue.createCategory("Novels");
    const pens = await catalogue.createStationeryCategory("Pens");
    assert.ok(novels.kind === "ok" && pens.kind === "ok");
    const soldOut = await catalogue.createBook(aBook(novels.value.id, { stock: 0 }));
    const inStock = await catalogue.createBook(aBook(novels.value.id, { stock: 4 }));
    const pen = await catalogue.createStationery(aStationeryItem(pens.value.id, { stock: 0 }));
    assert.ok(soldOut.kind === "ok" && inStock.kind === "ok" && pen.kind === "ok");
    const alerts = new MemoryStockAlerts(catalogue, { clock: () => LATER });
    await fn({
      alerts,
      admin: catalogue,
      orders: new MemoryOrderRepository(catalogue),
      soldOut: soldOut.value,
      pen: pen.value,
      inStock: inStock.value,
      queued: () => Promise.resolve([...alerts.queued]),
    });
  });
  testOnBothEngines(name, async (sql) => {
    const admin = new PostgresCatalogueAdmin(sql);
    const novels = await insertCategory(sql, "book_categories", "Novels");
    const pens = await insertCategory(sql, "stationery_categories", "Pens");
    const soldOut = await admin.createBook(aBook(novels, { stock: 0 }));
    const inStock = await admin.createBook(aBook(novels, { stock: 4 }));
    const pen = await admin.createStationery(aStationeryItem(pens, { stock: 0 }));
    assert.ok(soldOut.kind === "ok" && inStock.kind === "ok" && pen.kind === "ok");
    await fn({
      alerts: new PostgresStockAlerts(sql),
      admin,
      orders: new PostgresOrderRepository(sql),
      soldOut: soldOut.value,
      pen: pen.value,
      inStock: inStock.value,
      queued: async () =>
        (await sql.query<{ id: number }>(
          `SELECT stock_request_id AS id FROM mail_outbox WHERE kind = 'back_in_stock'
           ORDER BY id`,
        )).map((r) => r.id),
    });
  });
}

contract(
  "a request waits for a sold-out product, once per address however it is typed",
  async ({ alerts, soldOut, pen }) => {
    const book = { kind: "book" as const, id: soldOut.id };
    assert.deepEqual(
      await alerts.request(stockRequest(book, "Nimal@Example.lk ", "si"), AT),
      { kind: "waiting" },
    );
    assert.deepEqual(
      await alerts.request(stockRequest(book, "nimal@example.lk", "en"), LATER),
      { kind: "waiting" },
      "asking again answers the same",
    );
    await alerts.request(stockRequest(book, "kamala@example.lk", "ta"), LATER);
    await alerts.request(
      stockRequest({ kind: "stationery", id: pen.id }, "x@example.lk", "en"),
      AT,
    );
    const waiting = await alerts.waiting();
    assert.deepEqual(
      waiting.map((w) => [w.product, w.waiting, w.title, w.stock]),
      [
        [book, 2, soldOut.title, 0],
        [{ kind: "stationery", id: pen.id }, 1, pen.title, 0],
      ],
    );
    assert.equal(waiting[0].oldest.toISOString(), AT.toISOString());
    const first = await alerts.find((await firstId(alerts, book))!);
    assert.ok(first);
    assert.equal(first.email, "nimal@example.lk");
    assert.equal(first.language, "si", "the first request is kept as it was");
  },
);

/** The id of some request of `product` (ids differ between engines). */
async function firstId(
  alerts: StockAlertStore,
  product: { kind: "book" | "stationery"; id: number },
): Promise<number | undefined> {
  for (let id = 1; id < 1000; id++) {
    const found = await alerts.find(id);
    if (found && found.product.kind === product.kind && found.product.id === product.id) {
      return id;
    }
  }
  return undefined;
}

contract(
  "a product that can be bought, an archived one and an unknown one are refused",
  async ({ alerts, admin, orders, inStock }) => {
    assert.deepEqual(
      await alerts.request(stockRequest({ kind: "book", id: inStock.id }, "a@b.lk", "en"), AT),
      { kind: "orderable" },
    );
    assert.deepEqual(
      await alerts.request(stockRequest({ kind: "book", id: 999_999 }, "a@b.lk", "en"), AT),
      { kind: "not_found" },
    );
    // A product an order named is archived when deleted.
    const placed = await orders.place(aPlacement([aLine(inStock, "book", 4)]));
    assert.ok(placed.kind === "placed");
    assert.equal((await admin.deleteBook(inStock.id)).kind, "archived");
    assert.deepEqual(
      await alerts.request(stockRequest({ kind: "book", id: inStock.id }, "a@b.lk", "en"), AT),
      { kind: "not_on_sale" },
    );
    assert.deepEqual(await alerts.waiting(), []);
  },
);

contract(
  "stock coming back queues one mail per waiting request, once, whatever brings it back",
  async ({ alerts, admin, soldOut, pen, queued }) => {
    const book = { kind: "book" as const, id: soldOut.id };
    await alerts.request(stockRequest(book, "a@example.lk", "en"), AT);
    await alerts.request(stockRequest(book, "b@example.lk", "si"), AT);
    await alerts.request(
      stockRequest({ kind: "stationery", id: pen.id }, "c@example.lk", "ta"),
      AT,
    );
    assert.deepEqual(await queued(), [], "nothing goes while it is sold out");
    // An edit that leaves it sold out brings nothing back.
    assert.equal((await admin.updateBook(soldOut.id, { priceCents: 99_00 })).kind, "ok");
    assert.deepEqual(await queued(), []);
    assert.equal((await admin.updateBook(soldOut.id, { addStock: 3 })).kind, "ok");
    const afterBook = await queued();
    assert.equal(afterBook.length, 2, "one mail for each request of the book");
    for (const id of afterBook) {
      const request = await alerts.find(id);
      assert.ok(request?.notifiedAt, "a queued request is marked notified");
      assert.deepEqual(request.product, book);
    }
    // More stock while it is in stock, sold out and back again: nothing more for them.
    await admin.updateBook(soldOut.id, { addStock: 2 });
    await admin.updateBook(soldOut.id, { stock: 0 });
    await admin.updateBook(soldOut.id, { stock: 1 });
    assert.deepEqual(await queued(), afterBook);
    assert.deepEqual((await alerts.waiting()).map((w) => w.product.kind), ["stationery"]);
    // A stock adjustment brings the pen back.
    const found = await admin.adjustStock({
      kind: "stationery",
      productId: pen.id,
      quantity: 5,
      reason: "found",
      note: null,
      actor: { id: 1, email: "admin@pothgula.lk" },
      at: LATER,
    });
    assert.equal(found.kind, "ok");
    assert.equal((await queued()).length, 3);
    assert.deepEqual(await alerts.waiting(), []);
  },
);

contract(
  "a rejected order's stock brings it back, but not to an archived product until restored",
  async ({ alerts, admin, orders, inStock, queued }) => {
    const book = { kind: "book" as const, id: inStock.id };
    const first = await orders.place(aPlacement([aLine(inStock, "book", 3)]));
    const second = await orders.place(aPlacement([aLine(inStock, "book", 1)]));
    assert.ok(first.kind === "placed" && second.kind === "placed");
    await alerts.request(stockRequest(book, "a@example.lk", "en"), AT);
    assert.equal((await reject(orders, first.order.id)).kind, "changed");
    assert.equal((await queued()).length, 1, "the stock given back brings it back");
    // Sold out again, a new request, then archived: stock given back to it brings nothing.
    await admin.updateBook(inStock.id, { stock: 0 });
    await alerts.request(stockRequest(book, "b@example.lk", "en"), AT);
    assert.equal((await admin.deleteBook(inStock.id)).kind, "archived");
    assert.equal((await reject(orders, second.order.id)).kind, "changed");
    assert.equal((await queued()).length, 1, "an archived product cannot be bought");
    assert.deepEqual((await alerts.waiting()).map((w) => [w.waiting, w.archived]), [[1, true]]);
    assert.equal((await admin.restoreBook(inStock.id)).kind, "ok");
    assert.equal((await queued()).length, 2, "restored with stock, it is back");
  },
);

contract(
  "an unsubscribe ends every request of its address, once, and may be said again",
  async ({ alerts, admin, soldOut, pen, queued }) => {
    const book = { kind: "book" as const, id: soldOut.id };
    await alerts.request(stockRequest(book, "a@example.lk", "en"), AT);
    await alerts.request(
      stockRequest({ kind: "stationery", id: pen.id }, "a@example.lk", "en"),
      AT,
    );
    await alerts.request(stockRequest(book, "other@example.lk", "en"), AT);
    const id = (await firstId(alerts, book))!;
    const mine = await alerts.find(id);
    assert.equal(mine?.email, "a@example.lk");
    assert.deepEqual(await alerts.unsubscribe(id, LATER), { kind: "done", ended: 2 });
    assert.deepEqual(await alerts.unsubscribe(id, LATER), { kind: "done", ended: 0 });
    assert.deepEqual(await alerts.unsubscribe(987_654, LATER), { kind: "not_found" });
    assert.ok((await alerts.find(id))?.unsubscribedAt);
    await admin.updateBook(soldOut.id, { stock: 2 });
    await admin.updateStationery(pen.id, { stock: 2 });
    const mailed = await Promise.all((await queued()).map((q) => alerts.find(q)));
    assert.deepEqual(mailed.map((r) => r?.email), ["other@example.lk"]);
    // Asking again after unsubscribing is a new request.
    await admin.updateBook(soldOut.id, { stock: 0 });
    assert.deepEqual(await alerts.request(stockRequest(book, "a@example.lk", "en"), AT), {
      kind: "waiting",
    });
    assert.equal((await alerts.waiting())[0]?.waiting, 1);
  },
);
