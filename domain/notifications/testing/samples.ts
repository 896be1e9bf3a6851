/** Data builders for tests of mails, slips and the outbox: a shop, a bank and orders. */
import type { Order, OrderLine } from "../../orders/model.ts";
import type { BankDetails, ShopInfo } from "../../shop.ts";

export const SAMPLE_SHOP: ShopInfo = {
  name: "Pothgula",
  publicUrl: "https://pothgula.example",
  email: "hello@pothgula.example",
  phones: ["+94 77 123 4567", "+94 11 234 5678"],
  address: "12 Galle Road, Mount Lavinia",
  whatsappNumber: "+94 77 765 4321",
};

export const SAMPLE_BANK: BankDetails = {
  bankName: "Bank of Ceylon",
  bankBranch: "Dehiwala",
  accountName: "Pothgula Books (Pvt) Ltd",
  accountNumber: "0071234567",
  whatsappNumber: "+94 77 765 4321",
};

/** A book line; change any field with `overrides`. */
export function bookLine(overrides: Partial<OrderLine & { id: number }> = {}) {
  return {
    id: 1,
    type: "book" as const,
    itemId: 10,
    title: "Madol Doova",
    isbn13: "9789552100018",
    quantity: 2,
    listUnitCents: 125000,
    unitPriceCents: 125000,
    savingCents: 0,
    campaign: null,
    offerSavingCents: 0,
    codeSavingCents: 0,
    weightGrams: 350,
    preorder: false,
    ...overrides,
  };
}

/** A stationery line; change any field with `overrides`. */
export function stationeryLine(overrides: Partial<OrderLine & { id: number }> = {}) {
  return {
    id: 2,
    type: "stationery" as const,
    itemId: 20,
    title: "Atlas CR Book 120 pages",
    isbn13: null,
    quantity: 3,
    listUnitCents: 45050,
    unitPriceCents: 45050,
    savingCents: 0,
    campaign: null,
    offerSavingCents: 0,
    codeSavingCents: 0,
    weightGrams: 200,
    preorder: false,
    ...overrides,
  };
}

/** A pending COD order of one book and one stationery item; totals match its lines. */
export function sampleOrder(overrides: Partial<Order> = {}): Order {
  const items = overrides.items ?? [bookLine(), stationeryLine()];
  return {
    id: 1042,
    userId: null,
    status: "pending",
    orderDate: "2025-03-14T09:30:00.000Z",
    customer: {
      name: "Nimali Perera",
      address: "45/2 Temple Road",
      email: "nimali@example.lk",
      phone: "0771234567",
      postalCode: "10370",
    },
    provinceName: "Western",
    districtName: "Colombo",
    areaName: "Mount Lavinia",
    totalCents: items.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0),
    deliveryFeeCents: 50000,
    paymentMethod: "COD",
    paymentStatus: "unpaid",
    courier: null,
    trackingNumber: null,
    rejectReason: null,
    expiresAt: null,
    locale: "en",
    events: [{ at: "2025-03-14T09:30:00.000Z", kind: "placed", actor: "customer", note: null }],
    paymentProofs: [],
    keySalt: null,
    promotions: [],
    ...overrides,
    items,
  };
}
