/**
 * Gift vouchers and their ledgers, in memory, on PGlite and on a PostgreSQL server: issued
 * under their code's hash, spent by the orders that carry them in the order's own
 * transaction, given back once when such an order is cancelled, and summed by what moved in
 * a range. Two checkouts at once on one voucher: one wins, and the balance is never spent
 * twice (on every store; on a server, again over two connections of their own).
 */
import assert from "node:assert/strict";
import { testOnBothEngines, testOnServer } from "./postgres/testing/databases.ts";
import { aBook, aLine, aPlacement, insertCategory, reject } from "./postgres/testing/builders.ts";
import { PostgresCatalogueAdmin } from "./postgres/catalogue_admin.ts";
import { PostgresOrderRepository } from "./postgres/orders.ts";
import { PostgresVoucherStore } from "./postgres/vouchers.ts";
import { PostgresJsSqlClient } from "./postgres/postgresjs_client.ts";
import { MemoryCatalogue } from "./memory/catalogue.ts";
import { MemoryOrderRepository } from "./memory/orders.ts";
import { MemoryVoucherStore } from "./memory/vouchers.ts";
import type { Book } from "../domain/catalogue/model.ts";
import type { OrderRepository, PlaceOrderOutcome } from "../domain/ports.ts";
import type { VoucherStore } from "../domain/vouchers/ports.ts";
import type { PlacementPlan } from "../domain/orders/plans.ts";
import type { VoucherDraft } from "../domain/vouchers/rules.ts";
import type { SalesFacts } from "../domain/reports/ports.ts";
import { MemorySalesFacts } from "./memory/sales_facts.ts";
import { PostgresSalesFacts } from "./postgres/sales_facts.ts";
import { planPaymentChange } from "../domain/orders/payment.ts";

const AT = new Date("2026-03-01T09:00:00.000Z");

interface World {
  orders: OrderRepository;
  vouchers: VoucherStore;
  facts: SalesFacts;
  book: Book;
}

function contract(name: string, fn: (world: World) => Promise<void>): void {
  Deno.test(`${name} [memory]`, async () => {
    const catalogue = new MemoryCatalogue();
    const category = await catalogue.createCategory("Novels");
    assert.ok(category.kind === "ok");
    const created = await catalogue.createBook(aBook(category.value.id, { stock: 50 }));
    assert.ok(created.kind === "ok");
    const vouchers = new MemoryVoucherStore();
    const orders = new MemoryOrderRepository(catalogue, undefined, undefined, vouchers);
    await fn({
      orders,
      vouchers,
      facts: new MemorySalesFacts(orders, catalogue),
      book: created.value,
    });
  });
  testOnBothEngines(name, async (sql) => {
    const novels = await insertCategory(sql, "book_categories", "Novels");
    const created = await new PostgresCatalogueAdmin(sql).createBook(aBook(novels, { stock: 50 }));
    assert.ok(created.kind === "ok");
    await fn({
      orders: new PostgresOrderRepository(sql),
      vouchers: new PostgresVoucherStore(sql),
      facts: new PostgresSalesFacts(sql),
      book: created.value,
    });
  });
}

function draft(
  overrides: Partial<VoucherDraft & { codeHash: string; expiresAt: string; last4: string }> = {},
) {
  return {
    amountCents: 100_000,
    expiresOn: "2026-12-31",
    expiresAt: "2026-12-31T18:30:00.000Z",
    recipient: null,
    message: null,
    codeHash: "a".repeat(64),
    last4: "Q2K7",
    ...overrides,
  };
}

/** An order of one copy of `book` that `voucherId` pays `cents` of. */
function paidWith(book: Book, voucherId: number, cents: number): PlacementPlan {
  return aPlacement([aLine(book, "book", 1)], {
    vouchers: [{ voucherId, last4: "Q2K7", cents }],
  });
}

contract(
  "a voucher is found by its code's hash with its balance, spent by an order, and given back once when it is cancelled",
  async ({ orders, vouchers, book }) => {
    const issued = await vouchers.issue(
      draft({ recipient: { name: "Kamala", email: "k@example.lk", language: "ta" } }),
      AT,
    );
    assert.deepEqual(issued.recipient, { name: "Kamala", email: "k@example.lk", language: "ta" });
    const found = await vouchers.findByCodeHash("a".repeat(64));
    assert.deepEqual(
      [found?.id, found?.balanceCents, found?.expiresOn, found?.last4],
      [issued.id, 100_000, "2026-12-31", "Q2K7"],
    );
    assert.equal(await vouchers.findByCodeHash("b".repeat(64)), undefined);
    const placed = await orders.place(paidWith(book, issued.id, 60_000));
    assert.ok(placed.kind === "placed", JSON.stringify(placed));
    assert.deepEqual(placed.order.vouchers, [{
      voucherId: issued.id,
      last4: "Q2K7",
      cents: 60_000,
    }]);
    assert.deepEqual((await orders.findById(placed.order.id))?.vouchers, placed.order.vouchers);
    assert.equal((await vouchers.findByCodeHash("a".repeat(64)))?.balanceCents, 40_000);
    // More than is left: refused with the balance, nothing taken.
    const over = await orders.place(paidWith(book, issued.id, 50_000));
    assert.deepEqual(over, { kind: "voucher_changed", voucherId: issued.id, balanceCents: 40_000 });
    assert.equal((await vouchers.findByCodeHash("a".repeat(64)))?.balanceCents, 40_000);
    // Cancelled twice over: given back once.
    assert.equal((await reject(orders, placed.order.id)).kind, "changed");
    assert.equal((await reject(orders, placed.order.id)).kind, "not_pending");
    const kept = await vouchers.find(issued.id);
    assert.equal(kept?.balanceCents, 100_000);
    assert.deepEqual(kept?.ledger.map((r) => [r.move, r.cents, r.orderId]), [
      ["issued", 100_000, null],
      ["spent", 60_000, placed.order.id],
      ["returned", 60_000, placed.order.id],
    ]);
  },
);

contract(
  "an expired voucher pays nothing, and the list and the range's totals say what was issued, spent and given back",
  async ({ orders, vouchers, book }) => {
    const old = await vouchers.issue(
      draft({ codeHash: "c".repeat(64), expiresAt: "2026-03-01T00:00:00.000Z" }),
      new Date("2026-02-01T00:00:00.000Z"),
    );
    const expired = await orders.place(paidWith(book, old.id, 10_000));
    assert.equal(expired.kind, "voucher_changed");
    const fresh = await vouchers.issue(
      draft({ codeHash: "d".repeat(64), amountCents: 50_000 }),
      AT,
    );
    const placed = await orders.place(paidWith(book, fresh.id, 20_000));
    assert.ok(placed.kind === "placed");
    assert.deepEqual((await vouchers.list()).map((v) => [v.id, v.balanceCents]), [
      [fresh.id, 30_000],
      [old.id, 100_000],
    ]);
    const march = { from: "2026-03-01T00:00:00.000Z", to: "2026-04-01T00:00:00.000Z" };
    assert.deepEqual(await vouchers.totals(march), {
      issued: 1,
      issuedCents: 50_000,
      spentCents: 20_000,
      returnedCents: 0,
    });
  },
);

contract(
  "takings count what an order's payment brought in, never what its voucher paid: that money came in when the voucher was sold",
  async ({ orders, vouchers, facts, book }) => {
    const voucher = await vouchers.issue(draft({ codeHash: "e".repeat(64) }), AT);
    const placed = await orders.place(paidWith(book, voucher.id, 30_000));
    assert.ok(placed.kind === "placed");
    const planned = planPaymentChange(placed.order, {
      to: "paid",
      actor: "admin",
      at: "2026-03-01T10:00:00.000Z",
      note: null,
    });
    assert.ok(planned.kind === "ok");
    assert.equal((await orders.changePayment(planned.plan)).kind, "changed");
    const [day] = await facts.daySales({ from: "2026-03-01", to: "2026-03-01" });
    const { totalCents, deliveryFeeCents } = placed.order;
    assert.deepEqual([day.paidOrders, day.takingsCents], [
      1,
      totalCents + deliveryFeeCents - 30_000,
    ]);
  },
);

contract(
  "a Bank Deposit order that lapses unpaid gives its voucher back, once",
  async ({ orders, vouchers, book }) => {
    const voucher = await vouchers.issue(draft({ codeHash: "9".repeat(64) }), AT);
    const placed = await orders.place(paidWith(book, voucher.id, 30_000));
    assert.ok(placed.kind === "placed" && placed.order.paymentMethod === "Bank Deposit");
    assert.ok(placed.order.expiresAt !== null, "it waits for its deposit");
    assert.equal((await vouchers.find(voucher.id))?.balanceCents, 70_000);
    const later = "2026-03-10T00:00:00.000Z";
    assert.deepEqual(await orders.lapseDue(later, 10), [placed.order.id]);
    assert.deepEqual(await orders.lapseDue(later, 10), []);
    const kept = await vouchers.find(voucher.id);
    assert.equal(kept?.balanceCents, 100_000);
    assert.deepEqual(kept?.ledger.map((r) => [r.move, r.cents]), [
      ["issued", 100_000],
      ["spent", 30_000],
      ["returned", 30_000],
    ]);
  },
);

contract(
  "two checkouts at once on one voucher: one wins, the other is refused with what is left, and nothing is spent twice",
  async ({ orders, vouchers, book }) => {
    const voucher = await vouchers.issue(draft({ codeHash: "f".repeat(64) }), AT);
    // Each would spend LKR 800 of the LKR 1,000: both cannot.
    const outcomes = await Promise.all([
      orders.place(paidWith(book, voucher.id, 80_000)),
      orders.place(paidWith(book, voucher.id, 80_000)),
    ]);
    assert.deepEqual(outcomes.map((o) => o.kind).sort(), ["placed", "voucher_changed"]);
    assert.deepEqual(outcomes.find((o) => o.kind === "voucher_changed"), {
      kind: "voucher_changed",
      voucherId: voucher.id,
      balanceCents: 20_000,
    });
    const kept = await vouchers.find(voucher.id);
    assert.equal(kept?.balanceCents, 20_000);
    assert.deepEqual(kept?.ledger.map((r) => r.move), ["issued", "spent"]);
  },
);

testOnServer(
  "two checkouts at once on one voucher: one wins, the other is refused, and its balance is never spent twice",
  async (db) => {
    const first = new PostgresJsSqlClient(db.url!, { max: 4 });
    const second = new PostgresJsSqlClient(db.url!, { max: 4 });
    try {
      const novels = await insertCategory(first, "book_categories", "Novels");
      const created = await new PostgresCatalogueAdmin(first).createBook(
        aBook(novels, { stock: 100 }),
      );
      assert.ok(created.kind === "ok");
      const vouchers = new PostgresVoucherStore(first);
      for (let round = 0; round < 5; round++) {
        const voucher = await vouchers.issue(
          draft({ codeHash: String(round).repeat(64), amountCents: 100_000 }),
          AT,
        );
        // Each checkout would spend LKR 800 of the LKR 1,000: both cannot.
        const outcomes: PlaceOrderOutcome[] = await Promise.all([
          new PostgresOrderRepository(first).place(paidWith(created.value, voucher.id, 80_000)),
          new PostgresOrderRepository(second).place(paidWith(created.value, voucher.id, 80_000)),
        ]);
        assert.deepEqual(outcomes.map((o) => o.kind).sort(), ["placed", "voucher_changed"]);
        const refused = outcomes.find((o) => o.kind === "voucher_changed");
        assert.deepEqual(refused, {
          kind: "voucher_changed",
          voucherId: voucher.id,
          balanceCents: 20_000,
        });
        assert.equal((await vouchers.find(voucher.id))?.balanceCents, 20_000);
      }
      const [{ stock }] = await first.query<{ stock: number }>("SELECT stock FROM books");
      assert.equal(stock, 95, "a refused checkout takes no stock");
      // The ledger is appended to, never rewritten.
      await assert.rejects(
        first.query("UPDATE voucher_ledger SET amount_cents = 1"),
        /appended, never changed/,
      );
    } finally {
      await first.close();
      await second.close();
    }
  },
);
