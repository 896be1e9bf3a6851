/**
 * The exact totals of the admin's order list from `order_counts` (migration 0017): after
 * placements, confirmations, rejections, payments and lapses, on both engines, and with
 * those changes racing on a real server, every filter's total equals counting the orders,
 * also when the racing changes wrote their counts to several slots (migration 0036).
 */
import assert from "node:assert/strict";
import { testOnBothEngines, testOnServer } from "./testing/databases.ts";
import { aBook, aLine, anOrder, insertCategory } from "./testing/builders.ts";
import { PostgresCatalogueAdmin } from "./catalogue_admin.ts";
import { PostgresOrderRepository } from "./orders.ts";
import type { SqlClient } from "./sql_client.ts";
import type { Book } from "../../domain/catalogue/model.ts";
import type { Order } from "../../domain/orders/model.ts";
import { planPlacement, planTransition } from "../../domain/orders/plans.ts";
import { planPaymentChange } from "../../domain/orders/payment.ts";
import {
  ORDER_STATUSES,
  type OrderStatus,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type PaymentMethod,
  type PaymentStatus,
} from "../../domain/orders/model.ts";

const AT = "2026-03-05T00:00:00.000Z";

async function aBookWith(sql: SqlClient, stock: number): Promise<Book> {
  const novels = await insertCategory(sql, "book_categories", "Novels");
  const created = await new PostgresCatalogueAdmin(sql).createBook(aBook(novels, { stock }));
  assert.ok(created.kind === "ok");
  return created.value;
}

/** Every combination of the three filters, each also left out. */
function everyFilter() {
  const queries: {
    status?: OrderStatus;
    paymentStatus?: PaymentStatus;
    paymentMethod?: PaymentMethod;
  }[] = [];
  for (const status of [undefined, ...ORDER_STATUSES]) {
    for (const paymentStatus of [undefined, ...PAYMENT_STATUSES]) {
      for (const paymentMethod of [undefined, ...PAYMENT_METHODS]) {
        queries.push({ status, paymentStatus, paymentMethod });
      }
    }
  }
  return queries;
}

/** The list's total for every filter equals the orders counted one by one. */
async function assertTotalsExact(sql: SqlClient): Promise<void> {
  const repo = new PostgresOrderRepository(sql);
  for (const filter of everyFilter()) {
    const page = await repo.search({ page: 1, pageSize: 1, ...filter });
    const [{ n }] = await sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM orders
       WHERE ($1::text IS NULL OR status = $1) AND ($2::text IS NULL OR payment_status = $2)
         AND ($3::text IS NULL OR payment_method = $3)`,
      [filter.status ?? null, filter.paymentStatus ?? null, filter.paymentMethod ?? null],
    );
    assert.equal(page.total, n, JSON.stringify(filter));
  }
}

async function place(repo: PostgresOrderRepository, book: Book, method: PaymentMethod) {
  const outcome = await repo.place(
    planPlacement(anOrder([aLine(book, "book", 1)], { paymentMethod: method }), {
      bankDepositHours: 1,
    }),
  );
  assert.ok(outcome.kind === "placed");
  return outcome.order;
}

testOnBothEngines(
  "the order list's totals stay exact through every kind of change",
  async (sql) => {
    const book = await aBookWith(sql, 100);
    const repo = new PostgresOrderRepository(sql);
    await assertTotalsExact(sql);
    const orders: Order[] = [];
    for (let i = 0; i < 12; i++) {
      orders.push(await place(repo, book, i % 3 === 0 ? "COD" : "Bank Deposit"));
    }
    await assertTotalsExact(sql);

    const pay = async (i: number) => {
      const o = orders[i];
      const planned = planPaymentChange(o, { to: "paid", actor: "admin", at: AT, note: null });
      assert.ok(planned.kind === "ok");
      assert.equal((await repo.changePayment(planned.plan)).kind, "changed");
    };
    const move = async (i: number, to: OrderStatus) => {
      const planned = planTransition(orders[i], to, { at: AT, actor: "admin" });
      assert.ok(planned.kind === "ok");
      const slip = to === "completed" ? new Uint8Array([37, 80, 68, 70]) : undefined;
      assert.equal((await repo.changeStatus(planned.plan, slip)).kind, "changed");
    };
    await pay(0);
    await pay(1);
    await move(0, "completed");
    await move(2, "rejected");
    await move(3, "completed");
    await assertTotalsExact(sql);
    // Every unpaid Bank Deposit order still pending lapses an hour after it was placed.
    const lapsed = await repo.lapseDue("2999-01-01T00:00:00.000Z", 50);
    assert.ok(lapsed.length > 0);
    await assertTotalsExact(sql);
    const [{ sum }] = await sql.query<{ sum: number }>(
      "SELECT sum(orders)::int AS sum FROM order_counts",
    );
    assert.equal(sum, 12);
  },
);

testOnServer(
  "placements, payments, confirmations and lapses racing leave every total exact",
  async ({ sql }) => {
    const book = await aBookWith(sql, 1_000);
    const repo = new PostgresOrderRepository(sql);
    const first = await Promise.all(
      Array.from(
        { length: 40 },
        (_, i) => place(new PostgresOrderRepository(sql), book, i % 2 ? "COD" : "Bank Deposit"),
      ),
    );
    await Promise.all([
      // More orders arriving,
      ...Array.from({ length: 40 }, (_, i) => place(repo, book, i % 2 ? "Bank Deposit" : "COD")),
      // the owner recording payments and confirming,
      ...first.filter((_, i) => i % 3 === 0).map(async (o) => {
        const planned = planPaymentChange(o, { to: "paid", actor: "admin", at: AT, note: null });
        if (planned.kind === "ok") await repo.changePayment(planned.plan);
      }),
      ...first.filter((_, i) => i % 4 === 1).map(async (o) => {
        const planned = planTransition(o, "completed", { at: AT, actor: "admin" });
        if (planned.kind === "ok") {
          await repo.changeStatus(planned.plan, new Uint8Array([37, 80, 68, 70]));
        }
      }),
      // and two processes lapsing whatever is due.
      repo.lapseDue("2999-01-01T00:00:00.000Z", 100),
      new PostgresOrderRepository(sql).lapseDue("2999-01-01T00:00:00.000Z", 100),
    ]);
    await assertTotalsExact(sql);
    // The checkouts ran on several connections, so their counts went to several slots
    // (migration 0036), which the totals above and the report's days below sum whole.
    const [{ slots }] = await sql.query<{ slots: number }>(
      "SELECT count(DISTINCT slot)::int AS slots FROM order_counts",
    );
    assert.ok(slots > 1, `${slots} slot(s)`);
    const [{ placed, days }] = await sql.query<{ placed: number; days: number }>(
      "SELECT sum(placed)::int AS placed, count(DISTINCT slot)::int AS days FROM sales_days",
    );
    assert.equal(placed, 80);
    assert.ok(days > 1, `${days} slot(s)`);
  },
);
