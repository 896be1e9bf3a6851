/**
 * The worlds the OrderRepository contract suites run in: one adapter's repository over a
 * catalogue holding a book and a pen, in memory, on PGlite and on a PostgreSQL server.
 */
import assert from "node:assert/strict";
import { testOnBothEngines } from "./databases.ts";
import type { SqlClient } from "../sql_client.ts";
import { aBook, aStationeryItem, insertCategory } from "./builders.ts";
import { PostgresCatalogueAdmin } from "../catalogue_admin.ts";
import { PostgresOrderRepository } from "../orders.ts";
import { MemoryCatalogue } from "../../memory/catalogue.ts";
import { MemoryOrderRepository } from "../../memory/orders.ts";
import { MemoryPromotionStore } from "../../memory/promotions.ts";
import { PostgresPromotionStore } from "../promotions.ts";
import type { PromotionStore } from "../../../domain/promotions/ports.ts";
import type { Book, StationeryItem } from "../../../domain/catalogue/model.ts";
import type { Order } from "../../../domain/orders/model.ts";
import type {
  CatalogueAdmin,
  MailKind,
  OrderRepository,
  OutboxChannels,
  PlaceOrderOutcome,
  SmsKind,
  StatusChangeOutcome,
} from "../../../domain/ports.ts";

/** One adapter's repository over a catalogue holding a book and a pen. */
export interface World {
  orders: OrderRepository;
  admin: CatalogueAdmin;
  /** The shop's promotions, whose codes the orders use. */
  promotions: PromotionStore;
  /** The database under the SQL adapters (undefined in memory). */
  sql?: SqlClient;
  book: Book;
  pen: StationeryItem;
  /** The item's stock as stored now. */
  stockOf(item: Book | StationeryItem): Promise<number>;
  /** The mails enqueued, oldest first. */
  outbox(): Promise<{ kind: MailKind; orderId: number }[]>;
  /** The texts enqueued beside them (SMS on), oldest first. */
  texts(): Promise<{ kind: SmsKind; orderId: number }[]>;
}

export type Stock = { book: number; pen: number };
/** A world whose repository is told `channels` (mail only unless said). */
export type MakeWorld = (stock?: Stock, channels?: OutboxChannels) => Promise<World>;

const DEFAULT_STOCK: Stock = { book: 5, pen: 10 };

async function memoryWorld(
  stock: Stock = DEFAULT_STOCK,
  channels?: OutboxChannels,
): Promise<World> {
  const catalogue = new MemoryCatalogue();
  const novels = await catalogue.createCategory("Novels");
  const pens = await catalogue.createStationeryCategory("Pens");
  assert.ok(novels.kind === "ok" && pens.kind === "ok");
  const book = await catalogue.createBook(aBook(novels.value.id, { stock: stock.book }));
  const pen = await catalogue.createStationery(
    aStationeryItem(pens.value.id, { stock: stock.pen }),
  );
  assert.ok(book.kind === "ok" && pen.kind === "ok");
  const promotions = new MemoryPromotionStore();
  const orders = new MemoryOrderRepository(catalogue, channels, promotions);
  return {
    orders,
    admin: catalogue,
    promotions,
    book: book.value,
    pen: pen.value,
    stockOf: (item) =>
      Promise.resolve(
        ("isbn13" in item ? catalogue.books.get(item.id) : catalogue.stationery.get(item.id))!
          .stock,
      ),
    outbox: () => Promise.resolve(orders.outbox.map(({ kind, orderId }) => ({ kind, orderId }))),
    texts: () => Promise.resolve(orders.texts.map(({ kind, orderId }) => ({ kind, orderId }))),
  };
}

function sqlWorld(sql: SqlClient): MakeWorld {
  return async (stock = DEFAULT_STOCK, channels) => {
    const admin = new PostgresCatalogueAdmin(sql);
    const novels = await insertCategory(sql, "book_categories", "Novels");
    const pens = await insertCategory(sql, "stationery_categories", "Pens");
    const book = await admin.createBook(aBook(novels, { stock: stock.book }));
    const pen = await admin.createStationery(aStationeryItem(pens, { stock: stock.pen }));
    assert.ok(book.kind === "ok" && pen.kind === "ok");
    return {
      orders: new PostgresOrderRepository(sql, channels),
      admin,
      promotions: new PostgresPromotionStore(sql),
      sql,
      book: book.value,
      pen: pen.value,
      stockOf: async (item) => {
        const table = "isbn13" in item ? "books" : "stationery_items";
        const [row] = await sql.query<{ stock: number }>(
          `SELECT stock FROM ${table} WHERE id = $1`,
          [item.id],
        );
        return row.stock;
      },
      outbox: async () =>
        (await sql.query<{ kind: MailKind; order_id: number }>(
          "SELECT kind, order_id FROM mail_outbox WHERE channel = 'mail' ORDER BY id",
        )).map((row) => ({ kind: row.kind, orderId: Number(row.order_id) })),
      texts: async () =>
        (await sql.query<{ kind: SmsKind; order_id: number }>(
          "SELECT kind, order_id FROM mail_outbox WHERE channel = 'sms' ORDER BY id",
        )).map((row) => ({ kind: row.kind, orderId: Number(row.order_id) })),
    };
  };
}

/** Registers the test once per adapter: `name [memory]`, `[pglite]` and `[postgres]`. */
export function contract(name: string, fn: (make: MakeWorld) => Promise<void>): void {
  Deno.test(`${name} [memory]`, () => fn(memoryWorld));
  testOnBothEngines(name, (sql) => fn(sqlWorld(sql)));
}

export function placed(outcome: PlaceOrderOutcome): Order {
  assert.equal(outcome.kind, "placed", JSON.stringify(outcome));
  return (outcome as { order: Order }).order;
}

export function changed(outcome: StatusChangeOutcome): Order {
  assert.equal(outcome.kind, "changed", JSON.stringify(outcome));
  return (outcome as { order: Order }).order;
}
