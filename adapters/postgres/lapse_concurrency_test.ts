/**
 * Lapses racing everything else that can happen to an unpaid order, with overlapping
 * transactions on a real server (PGlite is one connection and cannot race): each order
 * ends in one consistent state and its stock comes back at most once.
 */
import assert from "node:assert/strict";
import { testOnServer } from "./testing/databases.ts";
import { aBook, aLine, anOrder, insertCategory } from "./testing/builders.ts";
import { PostgresCatalogueAdmin } from "./catalogue_admin.ts";
import { PostgresOrderRepository } from "./orders.ts";
import type { SqlClient } from "./sql_client.ts";
import type { Book } from "../../domain/catalogue/model.ts";
import { planPlacement, planTransition } from "../../domain/orders/plans.ts";
import { planPaymentChange } from "../../domain/orders/payment.ts";
import { planProof } from "../../domain/orders/payment_proofs.ts";
import { DEFAULT_HOLD_RULES, slipReviewDeadline } from "../../domain/orders/payment_policy.ts";
import type { Order } from "../../domain/orders/model.ts";

const DUE = "2026-03-05T00:00:00.000Z";
const ORDERS = 30;

async function aBookWith(sql: SqlClient, stock: number): Promise<Book> {
  const novels = await insertCategory(sql, "book_categories", "Novels");
  const created = await new PostgresCatalogueAdmin(sql).createBook(aBook(novels, { stock }));
  assert.ok(created.kind === "ok");
  return created.value;
}

/** `ORDERS` unpaid Bank Deposit orders of one copy each, all due at DUE. */
async function dueOrders(sql: SqlClient): Promise<{ book: Book; orders: Order[] }> {
  const book = await aBookWith(sql, ORDERS + 5);
  const repo = new PostgresOrderRepository(sql);
  const orders: Order[] = [];
  for (let i = 0; i < ORDERS; i++) {
    const outcome = await repo.place(
      planPlacement(anOrder([aLine(book, "book", 1)]), { bankDepositHours: 1 }),
    );
    assert.ok(outcome.kind === "placed");
    orders.push(outcome.order);
  }
  return { book, orders };
}

async function state(sql: SqlClient) {
  const [stock] = await sql.query<{ stock: number }>("SELECT stock FROM books");
  const rows = await sql.query<{ id: number; status: string; payment_status: string }>(
    "SELECT id, status, payment_status FROM orders ORDER BY id",
  );
  const [mails] = await sql.query<{ n: number }>(
    "SELECT count(*) AS n FROM mail_outbox WHERE kind = 'order_lapsed'",
  );
  const [events] = await sql.query<{ n: number }>(
    "SELECT count(*) AS n FROM order_events WHERE kind = 'lapsed'",
  );
  return { stock: stock.stock, rows, lapsedMails: mails.n, lapsedEvents: events.n };
}

testOnServer(
  "four processes lapsing at once lapse each order once and give its stock back once",
  async ({ sql }) => {
    await dueOrders(sql);
    const workers = Array.from({ length: 4 }, () => new PostgresOrderRepository(sql));
    const rounds = await Promise.all(workers.map((w) => w.lapseDue(DUE, ORDERS)));
    const ids = rounds.flat();
    assert.equal(ids.length, ORDERS);
    assert.equal(new Set(ids).size, ORDERS, "no order lapsed twice");
    const after = await state(sql);
    assert.equal(after.stock, ORDERS + 5, "every copy back, once");
    assert.deepEqual([after.lapsedMails, after.lapsedEvents], [ORDERS, ORDERS]);
    assert.ok(after.rows.every((r) => r.status === "rejected"));
  },
);

testOnServer(
  "a lapse racing a proof upload: the order is either lapsed without the proof or kept with it",
  async ({ sql }) => {
    const { orders } = await dueOrders(sql);
    const repo = new PostgresOrderRepository(sql);
    const proof = new TextEncoder().encode("%PDF-1.4 slip");
    const [, uploads] = await Promise.all([
      Promise.all([
        repo.lapseDue(DUE, ORDERS),
        new PostgresOrderRepository(sql).lapseDue(DUE, ORDERS),
      ]),
      Promise.all(
        orders.map((o) =>
          repo.addProof(
            planProof(o.id, {
              contentType: "application/pdf",
              bytes: proof,
              at: DUE,
              reviewUntil: slipReviewDeadline("Bank Deposit", DUE, DEFAULT_HOLD_RULES),
            }),
          )
        ),
      ),
    ]);
    const after = await state(sql);
    const [proofs] = await sql.query<{ n: number }>("SELECT count(*) AS n FROM payment_proofs");
    const kept = after.rows.filter((r) => r.status === "pending");
    const lapsed = after.rows.filter((r) => r.status === "rejected");
    assert.equal(kept.length + lapsed.length, ORDERS);
    assert.ok(kept.every((r) => r.payment_status === "proof_submitted"));
    assert.ok(lapsed.every((r) => r.payment_status === "unpaid"));
    assert.equal(proofs.n, kept.length, "a lapsed order holds no proof");
    assert.equal(uploads.filter((u) => u.kind === "added").length, kept.length);
    assert.ok(
      uploads.every((u) =>
        u.kind === "added" || (u.kind === "refused" && u.reason === "not_pending")
      ),
    );
    assert.equal(after.stock, 5 + lapsed.length, "stock back for the lapsed ones only, once");
    assert.equal(after.lapsedMails, lapsed.length);
    console.log(`lapse vs upload: ${lapsed.length} lapsed, ${kept.length} kept with a proof`);
  },
);

testOnServer(
  "a lapse racing the admin's confirmation: one outcome each, stock back at most once",
  async ({ sql }) => {
    const { orders } = await dueOrders(sql);
    const repo = new PostgresOrderRepository(sql);
    const confirm = (o: Order) => {
      const planned = planTransition(o, "completed", { at: DUE, actor: "admin" });
      assert.ok(planned.kind === "ok");
      return repo.changeStatus(planned.plan, new Uint8Array([37, 80, 68, 70]));
    };
    const [lapsedIds, confirmations] = await Promise.all([
      repo.lapseDue(DUE, ORDERS),
      Promise.all(orders.map(confirm)),
    ]);
    const after = await state(sql);
    const completed = after.rows.filter((r) => r.status === "completed").length;
    const rejected = after.rows.filter((r) => r.status === "rejected").length;
    assert.equal(completed + rejected, ORDERS);
    assert.equal(rejected, lapsedIds.length);
    assert.equal(confirmations.filter((c) => c.kind === "changed").length, completed);
    assert.ok(
      confirmations.every((c) =>
        c.kind === "changed" || (c.kind === "not_pending" && c.status === "rejected")
      ),
    );
    const [slips] = await sql.query<{ n: number }>("SELECT count(*) AS n FROM order_slips");
    assert.equal(slips.n, completed, "a slip for each confirmed order only");
    assert.equal(after.stock, 5 + rejected);
    console.log(`lapse vs confirm: ${rejected} lapsed, ${completed} confirmed`);
  },
);

testOnServer(
  "two admins at once, one verifying the payment and one rejecting: a consistent order either way",
  async ({ sql }) => {
    const { orders } = await dueOrders(sql);
    const repo = new PostgresOrderRepository(sql);
    const results = await Promise.all(orders.map(async (o) => {
      const verify = planPaymentChange(o, { to: "paid", actor: "admin", at: DUE, note: null });
      const refuse = planTransition(o, "rejected", { at: DUE, actor: "admin", reason: "No slip" });
      assert.ok(verify.kind === "ok" && refuse.kind === "ok");
      const [paid, rejected] = await Promise.all([
        repo.changePayment(verify.plan),
        repo.changeStatus(refuse.plan),
      ]);
      return { paid: paid.kind, rejected: rejected.kind };
    }));
    const after = await state(sql);
    for (const [i, row] of after.rows.entries()) {
      assert.equal(row.status, "rejected", "the rejection always lands");
      assert.equal(results[i].rejected, "changed");
      // Paid first, then rejected: both land. Rejected first: the payment is refused.
      assert.equal(row.payment_status, results[i].paid === "changed" ? "paid" : "unpaid");
      assert.ok(["changed", "conflict"].includes(results[i].paid));
    }
    assert.equal(after.stock, ORDERS + 5, "each order's stock back once");
  },
);
