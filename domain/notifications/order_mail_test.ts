import assert from "node:assert/strict";
import { orderMail, orderPageUrl } from "./order_mail.ts";
import { MAIL_KINDS } from "./ports.ts";
import {
  bookLine,
  SAMPLE_BANK,
  SAMPLE_SHOP,
  sampleOrder,
  stationeryLine,
} from "./testing/samples.ts";

const ORDER = sampleOrder({
  id: 7,
  locale: "si",
  paymentMethod: "Bank Deposit",
  rejectReason: "Out of print",
  courier: "Pronto",
  trackingNumber: "PX-55",
  paymentProofs: [{ id: 1, uploadedAt: "2025-03-14T10:00:00.000Z", contentType: "image/png" }],
});
const CTX = {
  shop: SAMPLE_SHOP,
  bank: SAMPLE_BANK,
  orderKey: "k-7",
  notifyEmail: "orders@pothgula.example",
};

Deno.test("orderMail() writes the customer's mails to the order's address in the order's language, the shop's in English to ORDER_NOTIFY_EMAIL", () => {
  for (const kind of MAIL_KINDS) {
    const mail = orderMail(kind, ORDER, CTX);
    assert.equal(mail.kind, kind);
    if (kind.startsWith("shop_")) {
      assert.deepEqual([mail.to, mail.language], ["orders@pothgula.example", "en"], kind);
    } else {
      assert.deepEqual([mail.to, mail.language], ["nimali@example.lk", "si"], kind);
    }
    assert.equal(mail.order.orderUrl, "https://pothgula.example/si/orders/7?key=k-7", kind);
  }
});

Deno.test("orderMail() carries the order's lines and amounts in cents", () => {
  const { order } = orderMail("order_placed", ORDER, CTX);
  assert.deepEqual(order.lines.map((l) => [l.title, l.type, l.quantity, l.usualUnitCents]), [
    ["Madol Doova", "book", 2, 125000],
    ["Atlas CR Book 120 pages", "stationery", 3, 45050],
  ]);
  const b = order.breakdown;
  assert.deepEqual([b.itemsCents, b.deliveryFeeCents, b.totalCents, b.dueCents], [
    385150,
    50000,
    435150,
    435150,
  ]);
  assert.equal(order.preorder, false);
  assert.deepEqual(order.deliverTo, {
    name: "Nimali Perera",
    address: "45/2 Temple Road",
    city: "Mount Lavinia",
    district: "Colombo",
    province: "Western",
    postalCode: "10370",
    phone: "0771234567",
  });
});

Deno.test("orderMail() gives the bank account to a Bank Deposit checkout only", () => {
  const bank = orderMail("order_placed", ORDER, CTX);
  assert.equal(bank.kind === "order_placed" && bank.bank, SAMPLE_BANK);
  const cod = orderMail("order_placed", sampleOrder(), CTX);
  assert.equal(cod.kind === "order_placed" && cod.bank, null);
});

Deno.test("orderMail() says the courier, tracking number, reason, refund and pre-order", () => {
  const completed = orderMail("order_completed", {
    ...ORDER,
    items: [bookLine({ preorder: true })],
  }, CTX);
  assert.ok(completed.kind === "order_completed");
  assert.deepEqual([completed.courier, completed.trackingNumber, completed.order.preorder], [
    "Pronto",
    "PX-55",
    true,
  ]);
  const rejected = orderMail("order_rejected", ORDER, CTX);
  assert.ok(rejected.kind === "order_rejected");
  assert.deepEqual([rejected.reason, rejected.settlement], ["Out of print", "nothing_owed"]);
  const paidRejected = orderMail("order_rejected", { ...ORDER, paymentStatus: "paid" }, CTX);
  assert.ok(paidRejected.kind === "order_rejected" && paidRejected.settlement === "refund");
  // A slip the shop had not checked may be money paid: the mail never says nothing is owed.
  const slipRejected = orderMail("order_rejected", {
    ...ORDER,
    paymentStatus: "proof_submitted",
  }, CTX);
  assert.ok(slipRejected.kind === "order_rejected");
  assert.equal(slipRejected.settlement, "slip_unchecked");
  const paid = orderMail("payment_received", { ...ORDER, status: "completed" }, CTX);
  assert.ok(paid.kind === "payment_received" && paid.next === "on_its_way");
  // Paid, then cancelled before the mail went: the mail says the money comes back, never
  // that the parcel will follow.
  const paidCancelled = orderMail("payment_received", { ...ORDER, status: "rejected" }, CTX);
  assert.ok(paidCancelled.kind === "payment_received" && paidCancelled.next === "refund");
  const paidWaiting = orderMail("payment_received", { ...ORDER, status: "pending" }, CTX);
  assert.ok(paidWaiting.kind === "payment_received" && paidWaiting.next === "will_mail");
  const proof = orderMail("shop_proof_uploaded", ORDER, CTX);
  assert.ok(proof.kind === "shop_proof_uploaded");
  assert.deepEqual([proof.proofs, proof.deskUrl], [1, "https://pothgula.example/admin/orders/7"]);
  const placed = orderMail("order_placed", { ...ORDER, items: [stationeryLine()] }, CTX);
  assert.equal(placed.order.preorder, false);
});

Deno.test("orderMail() leaves the link out of the mails of an order without a key", () => {
  const mail = orderMail("order_link", ORDER, { shop: SAMPLE_SHOP, bank: SAMPLE_BANK });
  assert.equal(mail.order.orderUrl, null);
});

Deno.test("orderPageUrl() opens the order's page in its language", () => {
  assert.equal(
    orderPageUrl("https://pothgula.lk/", { id: 3, locale: "en" }, "a_b-c"),
    "https://pothgula.lk/orders/3?key=a_b-c",
  );
  assert.equal(
    orderPageUrl("https://pothgula.lk", { id: 3, locale: "ta" }, "k"),
    "https://pothgula.lk/ta/orders/3?key=k",
  );
});

Deno.test("orderMail() names the city, district and province as the order kept them, in the mail's language", () => {
  const galle = sampleOrder({
    locale: "si",
    areaName: "Galle",
    areaNameSi: "ගාල්ල",
    areaNameTa: "காலி",
    districtName: "Galle",
    districtNameSi: "ගාල්ල",
    districtNameTa: "காலி",
    provinceName: "Southern",
    provinceNameSi: "දකුණු",
    provinceNameTa: "தென்",
  });
  const customer = orderMail("order_placed", galle, CTX).order.deliverTo;
  assert.deepEqual([customer.city, customer.district, customer.province], [
    "ගාල්ල",
    "ගාල්ල",
    "දකුණු",
  ]);
  const tamil = orderMail("order_placed", { ...galle, locale: "ta" }, CTX).order.deliverTo;
  assert.deepEqual([tamil.city, tamil.district, tamil.province], ["காலி", "காலி", "தென்"]);
  // The shop's own mail is English, whatever the order's language.
  const shop = orderMail("shop_order_placed", galle, CTX).order.deliverTo;
  assert.deepEqual([shop.city, shop.district, shop.province], ["Galle", "Galle", "Southern"]);
});
