/**
 * A card gateway's notice racing the lapse loop, on a real server (PGlite is one
 * connection and cannot race): every order ends in one of the two outcomes, never lost
 * and never both. Either the payment came first (paid, kept, its stock sold, one payment
 * mail) or the lapse did (cancelled, its stock back once, one lapse mail) and the payment
 * is kept on the cancelled order as paid after lapse, for the owner to refund.
 */
import assert from "node:assert/strict";
import { testOnServer } from "./testing/databases.ts";
import { aBook, aLine, anOrder, insertCategory } from "./testing/builders.ts";
import { PostgresCatalogueAdmin } from "./catalogue_admin.ts";
import { PostgresOrderRepository } from "./orders.ts";
import { PostgresPaymentLedger } from "./payment_ledger.ts";
import { planPlacement } from "../../domain/orders/plans.ts";
import { DEFAULT_HOLD_RULES } from "../../domain/orders/payment_policy.ts";
import {
  chargeCents,
  type NoticeResult,
  receiveNotice,
} from "../../domain/payments/card_payment.ts";
import type { GatewayNotice, PaymentGateway } from "../../domain/payments/gateway.ts";
import type { Order } from "../../domain/orders/model.ts";

const DUE = "2026-03-05T00:00:00.000Z";
const ORDERS = 30;

/**
 * Reads a notice's order and amount as given: the race is the subject here; the signature
 * is the PayHere adapter's, tested against its simulator.
 */
const TRUSTING: PaymentGateway = {
  name: "PayHere",
  key: "payhere",
  checkoutOrigin: "http://127.0.0.1",
  checkoutForm: () => ({ action: "http://127.0.0.1/never", fields: {} }),
  readNotification: (fields): GatewayNotice => ({
    kind: "verified",
    orderId: Number(fields.order_id),
    paymentId: `32002715${fields.order_id}`,
    amountCents: Number(fields.amount_cents),
    currency: "LKR",
    outcome: "paid",
    method: "VISA",
    statusMessage: null,
  }),
};

testOnServer(
  "a card payment's notice racing the lapse leaves each order paid and kept, or cancelled with the payment kept for a refund",
  async ({ sql }) => {
    const novels = await insertCategory(sql, "book_categories", "Novels");
    const created = await new PostgresCatalogueAdmin(sql).createBook(
      aBook(novels, { stock: ORDERS }),
    );
    assert.ok(created.kind === "ok");
    const book = created.value;
    const repo = new PostgresOrderRepository(sql);
    const orders: Order[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const outcome = await repo.place(
        planPlacement(anOrder([aLine(book, "book", 1)], { paymentMethod: "Card" }), {
          ...DEFAULT_HOLD_RULES,
          cardPaymentHours: 0.5,
        }),
      );
      assert.ok(outcome.kind === "placed");
      orders.push(outcome.order);
    }
    const deps = {
      gateway: TRUSTING,
      orders: new PostgresOrderRepository(sql),
      ledger: new PostgresPaymentLedger(sql),
      slips: { render: () => Promise.resolve(new Uint8Array([37, 80, 68, 70])) },
      clock: { now: () => new Date(DUE) },
    };
    const [lapsed, results] = await Promise.all([
      new PostgresOrderRepository(sql).lapseDue(DUE, ORDERS),
      Promise.all(orders.map((order) =>
        receiveNotice(deps, {
          order_id: String(order.id),
          amount_cents: String(chargeCents(order)),
        })
      )),
    ]);
    assert.ok(results.every((r) => r.kind === "applied"), JSON.stringify(results));

    const rows = await sql.query<{ id: number; status: string; payment_status: string }>(
      "SELECT id, status, payment_status FROM orders ORDER BY id",
    );
    const mails = await sql.query<{ order_id: number; kind: string }>(
      "SELECT order_id, kind FROM mail_outbox WHERE kind IN ('order_lapsed', 'payment_received')",
    );
    const [{ stock }] = await sql.query<{ stock: number }>("SELECT stock FROM books");
    let kept = 0;
    for (const row of rows) {
      // Never lost: whichever came first, the payment is on the order.
      assert.equal(row.payment_status, "paid", `order ${row.id}`);
      const its = mails.filter((m) => Number(m.order_id) === Number(row.id)).map((m) => m.kind);
      if (row.status === "pending") {
        kept++;
        assert.deepEqual(its, ["payment_received"], `order ${row.id}`);
        assert.ok(!lapsed.includes(Number(row.id)));
      } else {
        assert.equal(row.status, "rejected");
        assert.deepEqual(its, ["order_lapsed"], `order ${row.id}: no payment mail after a lapse`);
        assert.ok(lapsed.includes(Number(row.id)));
        const late: NoticeResult | undefined = results.find((r) =>
          r.kind === "applied" && r.orderId === Number(row.id)
        );
        assert.ok(late?.kind === "applied" && late.late, `order ${row.id} is paid after lapse`);
      }
    }
    // The stock of the lapsed orders came back once; the paid ones keep theirs.
    assert.equal(stock, ORDERS - kept);
    assert.equal(lapsed.length, ORDERS - kept);
  },
);
