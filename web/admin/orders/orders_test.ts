import assert from "node:assert/strict";
import {
  eventLabel,
  filterParams,
  filtersFromSearch,
  filtersToSearch,
  groupOrders,
  LOW_STOCK,
  lowStockProducts,
  markPaidLabel,
  NO_FILTERS,
  orderActions,
  orderFigures,
  orderPath,
  proofFileName,
  slipFileName,
  statusChangedMessage,
} from "./orders.ts";
import type { WireOrder } from "../../../contract/records.ts";
import { breakdown } from "../../../domain/pricing/breakdown.ts";
import { breakdownRecord } from "../../../domain/pricing/breakdown_record.ts";

/** One line of LKR 1,250.50 and a LKR 400.00 delivery fee, as the shop answers it. */
const FIGURES = breakdownRecord(breakdown({
  lines: [{
    type: "book",
    id: 1,
    title: "Gamperaliya",
    quantity: 1,
    usualUnitCents: 125_050,
    adjustments: [],
  }],
  orderAdjustments: [],
  deliveryFeeCents: 40_000,
}));

function order(id: number, status: WireOrder["status"]): WireOrder {
  return {
    id,
    user_id: null,
    status,
    order_date: "2026-11-21T10:00:00Z",
    name: "Nimal",
    address: "1 Galle Road",
    email: "nimal@example.lk",
    phone: "0771234567",
    postal_code: "10400",
    province_name: "Western",
    district_name: "Colombo",
    area_name: "Moratuwa",
    province_name_si: null,
    province_name_ta: null,
    district_name_si: null,
    district_name_ta: null,
    area_name_si: null,
    area_name_ta: null,
    total: 1250.5,
    delivery_fee: 400,
    parcels: "together",
    second_parcel_fee: 0,
    payment_method: "COD",
    items: [],
    adjustments: [],
    payment_status: "unpaid",
    courier: null,
    tracking_number: null,
    reject_reason: null,
    expires_at: null,
    locale: "en",
    events: [],
    payment_proofs: [],
    breakdown: FIGURES,
  };
}

Deno.test("groupOrders() splits orders by status and keeps newest first", () => {
  const groups = groupOrders([
    order(5, "pending"),
    order(4, "completed"),
    order(3, "pending"),
    order(2, "rejected"),
  ]);
  assert.deepEqual(groups.pending.map((o) => o.id), [5, 3]);
  assert.deepEqual(groups.completed.map((o) => o.id), [4]);
  assert.deepEqual(groups.rejected.map((o) => o.id), [2]);
});

Deno.test("orderFigures() reads the order's breakdown back in cents, as the shop worked it out", () => {
  const figures = orderFigures(order(1, "pending"));
  assert.deepEqual([figures.itemsCents, figures.deliveryFeeCents, figures.totalCents], [
    125050,
    40000,
    165050,
  ]);
});

Deno.test("orders name status changes and slips as the admin reads them", () => {
  assert.equal(statusChangedMessage("completed"), "Order completed");
  assert.equal(statusChangedMessage("rejected"), "Order rejected");
  assert.equal(slipFileName(42), "order-42.pdf");
});

Deno.test("filters round-trip through the admin URL, dropping what the API would refuse", () => {
  const filters = filtersFromSearch(
    "?q=%2B94+71+5550101&status=pending&paymentStatus=proof_submitted&paymentMethod=Bank+Deposit" +
      "&from=2026-11-01&to=2026-11-23&page=3",
  );
  assert.deepEqual(filters, {
    q: "+94 71 5550101",
    status: "pending",
    paymentStatus: "proof_submitted",
    paymentMethod: "Bank Deposit",
    from: "2026-11-01",
    to: "2026-11-23",
    page: 3,
  });
  assert.deepEqual(filtersFromSearch(filtersToSearch(filters)), filters);
  assert.deepEqual(
    filtersFromSearch("?status=lost&paymentStatus=x&from=23/11/2026&page=-2&paymentMethod=cash"),
    NO_FILTERS,
  );
  assert.equal(filtersToSearch(NO_FILTERS), "");
  assert.equal(filtersToSearch({ ...NO_FILTERS, q: "  " }), "");
});

Deno.test("filterParams() leaves the page out of the export and keeps the filters", () => {
  const filters = { ...NO_FILTERS, q: " Kamal ", paymentStatus: "paid" as const, page: 2 };
  assert.equal(filterParams(filters, { page: false }).toString(), "q=Kamal&paymentStatus=paid");
  assert.equal(filterParams(filters).toString(), "q=Kamal&paymentStatus=paid&page=2");
  assert.equal(orderPath(12), "/admin/orders/12");
});

Deno.test("orderActions() offers what each state allows", () => {
  const pending = orderActions({
    status: "pending",
    payment_status: "unpaid",
    payment_method: "Bank Deposit",
  });
  assert.deepEqual(pending, {
    confirm: true,
    reject: true,
    markPaid: true,
    markUnpaid: false,
    refuseSlip: false,
    slip: false,
  });
  // A slip to check is not a payment: the order is not paid, so it is never "marked unpaid";
  // a slip that is not valid is refused as such.
  assert.deepEqual(
    orderActions({
      status: "pending",
      payment_status: "proof_submitted",
      payment_method: "Bank Deposit",
    }),
    {
      confirm: true,
      reject: true,
      markPaid: true,
      markUnpaid: false,
      refuseSlip: true,
      slip: false,
    },
  );
  assert.deepEqual(
    orderActions({ status: "completed", payment_status: "paid", payment_method: "COD" }),
    {
      confirm: false,
      reject: false,
      markPaid: false,
      markUnpaid: true,
      refuseSlip: false,
      slip: true,
    },
  );
  assert.equal(
    orderActions({ status: "completed", payment_status: "unpaid", payment_method: "Bank Deposit" })
      .markUnpaid,
    false,
  );
  const rejected = orderActions({
    status: "rejected",
    payment_status: "unpaid",
    payment_method: "Bank Deposit",
  });
  assert.equal(rejected.markPaid || rejected.markUnpaid || rejected.confirm, false);
  // A shop older than payment tracking offers no payment change.
  assert.equal(
    orderActions({ status: "pending", payment_status: undefined, payment_method: "COD" }).markPaid,
    false,
  );
  // A card order's payment is the gateway's: the owner has no payment button on it.
  for (const payment_status of ["unpaid", "paid"] as const) {
    const card = orderActions({ status: "pending", payment_status, payment_method: "Card" });
    assert.equal(card.markPaid || card.markUnpaid || card.refuseSlip, false, payment_status);
    assert.equal(card.confirm && card.reject, true);
  }
});

Deno.test("proofFileName() names a deposit slip by its number on the page, not the upload's id", () => {
  assert.equal(
    proofFileName({ orderId: 1, position: 1, contentType: "application/pdf" }),
    "order-1-deposit-slip-1.pdf",
  );
  assert.equal(
    proofFileName({ orderId: 7, position: 2, contentType: "image/jpeg" }),
    "order-7-deposit-slip-2.jpg",
  );
});

Deno.test("markPaidLabel() says a deposit slip is verified by the same click", () => {
  assert.equal(markPaidLabel({ payment_status: "proof_submitted" }), "Mark paid: deposit verified");
  assert.equal(markPaidLabel({ payment_status: "unpaid" }), "Mark paid");
});

Deno.test("timeline entries read as the owner expects", () => {
  assert.equal(eventLabel({ kind: "paid", actor: "admin" }), "Marked paid by Admin");
  assert.equal(
    eventLabel({ kind: "lapsed", actor: "system" }),
    "Lapsed: payment not received by Shop",
  );
  assert.equal(eventLabel({ kind: "refunded", actor: "admin" }), "Refunded by Admin");
  // A kind the admin area does not know yet reads as it is written.
  assert.equal(eventLabel({ kind: "reissued", actor: "bot" }), "reissued by bot");
});

Deno.test("lowStockProducts() lists what runs low across both kinds, fewest first", () => {
  const found = lowStockProducts(
    [{ id: 1, title: "Madol Doova", stock: 3 }, { id: 2, title: "Gamperaliya", stock: 40 }],
    [{ id: 7, title: "CR book", stock: 0 }, { id: 8, title: "Pencil", stock: LOW_STOCK }],
  );
  assert.deepEqual(found.map((p) => `${p.kind}/${p.id}:${p.stock}`), [
    "stationery/7:0",
    "books/1:3",
    "stationery/8:5",
  ]);
  assert.equal(lowStockProducts([], [{ id: 1, title: "A", stock: 1 }], 0).length, 0);
});
