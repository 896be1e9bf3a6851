import assert from "node:assert/strict";
import type { OrderRepository, SlipRenderer } from "../ports.ts";
import type { Order, OrderStatus } from "./model.ts";
import { changeOrderStatus } from "./change_status.ts";
import type { TransitionPlan } from "./plans.ts";

const AT = "2026-03-02T04:30:00.000Z";

function order(status: OrderStatus): Order {
  return {
    id: 7,
    userId: null,
    status,
    orderDate: "2026-03-01T10:00:00.000Z",
    customer: {
      name: "N",
      address: "A",
      email: "n@example.lk",
      phone: "0771234567",
      postalCode: "10370",
    },
    provinceName: "Western",
    districtName: "Colombo",
    areaName: "Dehiwala",
    provinceNameSi: null,
    provinceNameTa: null,
    districtNameSi: null,
    districtNameTa: null,
    areaNameSi: null,
    areaNameTa: null,
    totalCents: 100_000,
    deliveryFeeCents: 40_000,
    parcels: "together",
    secondParcelFeeCents: 0,
    paymentMethod: "COD",
    items: [],
    adjustments: [],
    vouchers: [],
    refundsGiven: [],
    paymentStatus: "unpaid",
    courier: null,
    trackingNumber: null,
    rejectReason: null,
    expiresAt: null,
    locale: "en",
    events: [],
    paymentProofs: [],
    keySalt: null,
  };
}

function setup(status: OrderStatus | undefined) {
  const plans: TransitionPlan[] = [];
  const rendered: Order[] = [];
  let savedSlip: Uint8Array | undefined;
  const orders: Pick<OrderRepository, "findById" | "changeStatus"> = {
    findById: (id: number) => Promise.resolve(status && id === 7 ? order(status) : undefined),
    changeStatus: (plan: TransitionPlan, pdf?: Uint8Array) => {
      plans.push(plan);
      savedSlip = pdf;
      return Promise.resolve({ kind: "changed", order: order(plan.to) });
    },
  };
  const slips: SlipRenderer = {
    render: (o) => {
      rendered.push(o);
      return Promise.resolve(new Uint8Array([37, 80, 68, 70]));
    },
  };
  const clock = { now: () => new Date(AT) };
  return { deps: { orders, slips, clock }, plans, rendered, slip: () => savedSlip };
}

Deno.test("changeOrderStatus() completes a pending order with a slip rendered as completed", async () => {
  const s = setup("pending");
  const result = await changeOrderStatus(s.deps, {
    id: 7,
    status: "completed",
    courier: "Pronto",
    trackingNumber: "PX-1",
  });
  assert.equal(result.kind, "changed");
  assert.deepEqual(s.plans, [{
    orderId: 7,
    from: "pending",
    to: "completed",
    returnStock: false,
    saveSlip: true,
    mails: ["order_completed"],
    courier: "Pronto",
    trackingNumber: "PX-1",
    rejectReason: null,
    event: { at: AT, kind: "completed", actor: "admin", note: "Pronto · PX-1" },
  }]);
  assert.equal(s.rendered[0].status, "completed");
  assert.equal(s.rendered[0].trackingNumber, "PX-1");
  assert.deepEqual(s.slip(), new Uint8Array([37, 80, 68, 70]));
});

Deno.test("changeOrderStatus() leaves a final order alone and renders nothing", async () => {
  const s = setup("rejected");
  const result = await changeOrderStatus(s.deps, { id: 7, status: "completed" });
  assert.deepEqual(result, { kind: "not_pending", status: "rejected" });
  assert.equal(s.rendered.length, 0);
  assert.equal(s.plans.length, 0);
});

Deno.test("changeOrderStatus() says not_found for an unknown order", async () => {
  const s = setup(undefined);
  assert.deepEqual(await changeOrderStatus(s.deps, { id: 99, status: "completed" }), {
    kind: "not_found",
  });
});

Deno.test("changeOrderStatus() plans a rejection that returns the stock, with no slip", async () => {
  const s = setup("pending");
  const result = await changeOrderStatus(s.deps, {
    id: 7,
    status: "rejected",
    reason: "Out of print",
    courier: "ignored",
  });
  assert.equal(result.kind, "changed");
  assert.deepEqual(s.plans, [{
    orderId: 7,
    from: "pending",
    to: "rejected",
    returnStock: true,
    saveSlip: false,
    mails: ["order_rejected"],
    courier: null,
    trackingNumber: null,
    rejectReason: "Out of print",
    event: { at: AT, kind: "rejected", actor: "admin", note: "Out of print" },
  }]);
  assert.equal(s.slip(), undefined);
  assert.equal(s.rendered.length, 0);
});
