/**
 * Orders placed before migration 0029 read back after it as they were: each line sold at
 * its usual price with no campaign, a saving kept by 0028 counted as its code's share
 * where the order used a code, and that order's code filled in from its use.
 */
import assert from "node:assert/strict";
import { migrate, readMigrations } from "./migrator.ts";
import { createRepositories } from "./mod.ts";
import { testUpgradeOnBothEngines } from "./testing/databases.ts";
import { aBook, aLine, anOrder, insertAtSchema, insertCategory } from "./testing/builders.ts";
import { planPlacement } from "../../domain/orders/plans.ts";
import { ORDER_SQL } from "./order_rows.ts";
import { Params } from "./record_table.ts";
import type { SqlClient } from "./sql_client.ts";

const ALL = await readMigrations();
const BEFORE = ALL.filter((m) => m.name < "0029_");

/** An order as the shop stored it before 0029: its row, and its lines without the new columns. */
async function oldOrder(
  sql: SqlClient,
  book: { id: number; title: string; priceCents: number; weightGrams: number },
  savingCents: number,
): Promise<number> {
  const plan = planPlacement(anOrder([aLine(book, "book", 2)], { deliveryFeeCents: 40_000 }));
  const p = new Params();
  const record = {
    id: 0,
    userId: null,
    status: plan.status,
    orderDate: plan.order.orderDate,
    customer: plan.order.customer,
    provinceName: "Western",
    districtName: "Colombo",
    areaName: "Akarawita",
    provinceNameSi: null,
    provinceNameTa: null,
    districtNameSi: null,
    districtNameTa: null,
    areaNameSi: null,
    areaNameTa: null,
    totalCents: book.priceCents * 2 - savingCents,
    deliveryFeeCents: 40_000,
    parcels: "together" as const,
    secondParcelFeeCents: 0,
    paymentMethod: plan.order.paymentMethod,
    items: [],
    adjustments: [],
    vouchers: [],
    refundsGiven: [],
    paymentStatus: plan.paymentStatus,
    courier: null,
    trackingNumber: null,
    rejectReason: null,
    expiresAt: null,
    locale: "en" as const,
    events: [],
    paymentProofs: [],
    keySalt: null,
  };
  const insert = ORDER_SQL.insertOf(p, record, { province_id: 1, district_id: 1, area_id: 1 });
  // Written as the shop did then: only the columns the orders table had at that schema.
  const then = await insertAtSchema(sql, insert, p.values);
  const [{ id }] = await sql.query<{ id: number }>(`${then.text} RETURNING id`, then.values);
  await sql.query(
    `INSERT INTO order_items (order_id, type, book_id, title, isbn13, unit_price_cents,
       saving_cents, weight_grams, quantity, preorder)
     VALUES ($1, 'book', $2, $3, NULL, $4, $5, $6, 2, false)`,
    [id, book.id, book.title, book.priceCents, savingCents, book.weightGrams],
  );
  return Number(id);
}

testUpgradeOnBothEngines(
  `orders placed before migration 0029 read back as they were after it`,
  async (sql) => {
    await migrate(sql, { migrations: BEFORE });
    const novels = await insertCategory(sql, "book_categories", "Novels");
    // Written as the shop wrote a book then: today's catalogue code knows later columns.
    const written = aBook(novels, { stock: 5, priceCents: 100_000 });
    const [{ id: bookId }] = await sql.query<{ id: number }>(
      `INSERT INTO books (title, author, price_cents, stock, category_id, isbn13, language,
             binding, publisher, publishing_date, edition, weight_grams, description)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
      [
        written.title,
        written.author,
        written.priceCents,
        written.stock,
        novels,
        written.isbn13,
        written.language,
        written.binding,
        written.publisher,
        written.publishingDate,
        written.edition,
        written.weightGrams,
        written.description,
      ],
    );
    const book = { ...written, id: Number(bookId) };
    const plain = await oldOrder(sql, book, 0);
    const withCode = await oldOrder(sql, book, 20_000);
    const [{ id: codeId }] = await sql.query<{ id: number }>(
      `INSERT INTO discount_codes (code, benefit_kind, benefit_value, uses)
           VALUES ('School10', 'percent', 1000, 1) RETURNING id`,
    );
    await sql.query(
      "INSERT INTO discount_code_uses (order_id, code_id, customer_keys) VALUES ($1, $2, '{}')",
      [withCode, codeId],
    );

    const applied = (await migrate(sql)).applied.map((m) => m.slice(0, 4));
    assert.equal(applied[0], "0029");
    const { orders } = createRepositories(sql);
    const before = (await orders.findById(plain))!;
    assert.deepEqual(
      before.items.map((l) => [l.listUnitCents, l.unitPriceCents, l.adjustments]),
      [[100_000, 100_000, []]],
    );
    assert.deepEqual(before.adjustments, []);
    // Kept by 0029 as the code's share, moved by 0050 into the line's and order's rows.
    const coded = (await orders.findById(withCode))!;
    assert.deepEqual(coded.items.map((l) => l.adjustments), [[{
      kind: "code",
      sourceId: Number(codeId),
      name: "School10",
      names: {},
      amountCents: 20_000,
    }]]);
    assert.deepEqual(coded.adjustments, [{
      kind: "code",
      sourceId: Number(codeId),
      name: "School10",
      names: {},
      amountCents: 20_000,
      freeDelivery: false,
    }]);
  },
);
