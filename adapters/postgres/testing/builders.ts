/** Data builders for the repository suites. */
import type { NewBook, NewStationeryItem } from "../../../domain/catalogue/model.ts";
import type { NewOrder, OrderRepository, StatusChangeOutcome } from "../../../domain/ports.ts";
import type { OrderLine, OrderStatus } from "../../../domain/orders/model.ts";
import {
  type PlacementPlan,
  planPlacement,
  planTransition,
  type TransitionPlan,
} from "../../../domain/orders/plans.ts";
import type { SqlClient } from "../sql_client.ts";
import { isbn13CheckDigit } from "../../../domain/catalogue/isbn.ts";

let isbnCounter = 0;

/** A distinct ISBN-13 each call, ending in its check digit as the shop requires. */
export function nextIsbn(): string {
  isbnCounter += 1;
  const stem = `978${String(isbnCounter).padStart(9, "0")}`;
  return `${stem}${isbn13CheckDigit(stem)}`;
}

export function aBook(categoryId: number, overrides: Partial<NewBook> = {}): NewBook {
  return {
    title: "Madol Doova",
    author: "Martin Wickramasinghe",
    priceCents: 125_050,
    stock: 5,
    categoryId,
    isbn13: nextIsbn(),
    language: "Sinhala",
    binding: "Paperback",
    publisher: "Sarasa",
    publishingDate: "2019-05-01",
    edition: "3rd",
    weightGrams: 350,
    description: "A boyhood on the southern coast",
    images: ["/uploads/madol-doova.png"],
    preorder: false,
    preorderDate: null,
    preorderedStock: 0,
    ...overrides,
  };
}

export function aStationeryItem(
  categoryId: number,
  overrides: Partial<NewStationeryItem> = {},
): NewStationeryItem {
  return {
    title: "Atlas exercise book",
    priceCents: 18_000,
    stock: 20,
    weightGrams: 120,
    categoryId,
    image: "/uploads/atlas.png",
    ...overrides,
  };
}

/** Inserts a category straight away and returns its id. */
export async function insertCategory(
  sql: SqlClient,
  table: "book_categories" | "stationery_categories",
  name: string,
): Promise<number> {
  const [row] = await sql.query<{ id: number }>(
    `INSERT INTO ${table} (name) VALUES ($1) RETURNING id`,
    [name],
  );
  return row.id;
}

/** A line for an item as it is priced now. */
export function aLine(
  item: { id: number; title: string; priceCents: number; weightGrams: number },
  type: "book" | "stationery",
  quantity: number,
): OrderLine {
  return {
    type,
    itemId: item.id,
    title: item.title,
    isbn13: "isbn13" in item ? (item as { isbn13: string }).isbn13 : null,
    quantity,
    listUnitCents: item.priceCents,
    unitPriceCents: item.priceCents,
    adjustments: [],
    weightGrams: item.weightGrams,
    preorder: false,
    preorderDate: null,
  };
}

/** An order to Colombo 1 (area 1, district Colombo, province Western). */
/** The domain's plan for storing `anOrder(lines, overrides)`. */
export function aPlacement(lines: OrderLine[], overrides: Partial<NewOrder> = {}): PlacementPlan {
  return planPlacement(anOrder(lines, overrides));
}

/**
 * Confirms a pending order as the admin's use case plans it (the transition table), with
 * `slip` as its slip: a changed order, or why not.
 */
export function complete(
  orders: OrderRepository,
  id: number,
  slip: Uint8Array,
): Promise<StatusChangeOutcome> {
  return orders.changeStatus(fromPending(id, "completed"), slip);
}

/** Rejects a pending order as the admin's use case plans it (the transition table). */
export function reject(orders: OrderRepository, id: number): Promise<StatusChangeOutcome> {
  return orders.changeStatus(fromPending(id, "rejected"));
}

function fromPending(id: number, to: OrderStatus): TransitionPlan {
  const planned = planTransition({ id, status: "pending" }, to, {
    at: "2026-03-01T12:00:00.000Z",
    actor: "admin",
  });
  if (planned.kind !== "ok") throw new Error(`pending cannot become ${to}`);
  return planned.plan;
}

export function anOrder(lines: OrderLine[], overrides: Partial<NewOrder> = {}): NewOrder {
  return {
    customer: {
      name: "Nimali Perera",
      address: "12 Galle Road",
      email: "nimali@example.lk",
      phone: "0771234567",
      postalCode: "10732",
    },
    destination: { provinceId: 1, districtId: 1, areaId: 1 },
    provinceName: "Western",
    districtName: "Colombo",
    areaName: "Akarawita",
    provinceNameSi: "බස්නාහිර",
    provinceNameTa: "மேல்",
    districtNameSi: "කොළඹ",
    districtNameTa: "கொழும்பு",
    areaNameSi: "අකරවිට",
    areaNameTa: null,
    paymentMethod: "Bank Deposit",
    lines,
    adjustments: [],
    vouchers: [],
    totalCents: lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0),
    deliveryFeeCents: 25_000,
    orderDate: "2026-03-01T09:30:00.000Z",
    userId: null,
    locale: "en",
    key: null,
    ...overrides,
  };
}

/**
 * An INSERT of `columns` and their `values` (as `ORDER_SQL.insertOf` writes one) kept to the
 * columns `table` has at the schema the database is at: an upgrade test writes an order as an
 * older shop did, before later migrations added columns the record now names. The parameters
 * are numbered again for the columns kept.
 */
export async function insertAtSchema(
  sql: SqlClient,
  insert: string,
  values: readonly unknown[],
): Promise<{ text: string; values: unknown[] }> {
  const parsed = /^INSERT INTO (\w+) \((.*)\) VALUES \((.*)\)$/s.exec(insert);
  if (!parsed) throw new Error(`not an INSERT of columns and values: ${insert.slice(0, 80)}`);
  const [, table, columnList, valueList] = parsed;
  const present = new Set(
    (await sql.query<{ column_name: string }>(
      "SELECT column_name FROM information_schema.columns WHERE table_name = $1",
      [table],
    )).map((row) => row.column_name),
  );
  const columns = columnList.split(", ");
  const placeholders = valueList.split(", ");
  const kept: string[] = [];
  const keptValues: unknown[] = [];
  columns.forEach((column, i) => {
    if (!present.has(column)) return;
    const at = /^\$(\d+)$/.exec(placeholders[i]);
    if (!at) throw new Error(`a value that is not one parameter: ${placeholders[i]}`);
    kept.push(column);
    keptValues.push(values[Number(at[1]) - 1]);
  });
  const numbered = keptValues.map((_, i) => `$${i + 1}`);
  return {
    text: `INSERT INTO ${table} (${kept.join(", ")}) VALUES (${numbered.join(", ")})`,
    values: keptValues,
  };
}
