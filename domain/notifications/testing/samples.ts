/** Data builders for tests of mails, slips and the outbox: a shop, a bank and orders. */
import type { Order, OrderLine } from "../../orders/model.ts";
import type { LineAdjustment } from "../../pricing/adjustment_kinds.ts";
import { lineTotalCents } from "../../orders/line_total.ts";
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
    adjustments: [],
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
    adjustments: [],
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
    provinceNameSi: null,
    provinceNameTa: null,
    districtNameSi: null,
    districtNameTa: null,
    areaNameSi: null,
    areaNameTa: null,
    totalCents: items.reduce((sum, l) => sum + lineTotalCents(l), 0),
    deliveryFeeCents: 50000,
    parcels: "together",
    secondParcelFeeCents: 0,
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
    adjustments: [],
    vouchers: [],
    refundsGiven: [],
    ...overrides,
    items,
  };
}

const BOOK_FAIR = {
  sourceId: 3,
  name: "Book Fair 2026",
  names: { si: "පොත් ප්‍රදර්ශනය 2026", ta: "புத்தகக் கண்காட்சி 2026" },
};

/** The code SCHOOL10's share of a line. */
function school10(amountCents: number): LineAdjustment {
  return { kind: "code", sourceId: 5, name: "SCHOOL10", names: {}, amountCents };
}

/**
 * A pending COD order given promotions: two books on sale (usual LKR 1,250.00, sold at
 * LKR 1,000.00) in the Book Fair (20% off, LKR 400.00), three exercise books, the code
 * SCHOOL10 (LKR 100.00 off, shared over both lines) and free delivery by an offer. Its
 * items come to LKR 3,851.50 at usual prices and LKR 2,851.50 after LKR 1,000.00 of savings.
 */
export function promotedOrder(overrides: Partial<Order> = {}): Order {
  return sampleOrder({
    items: [
      bookLine({
        listUnitCents: 125000,
        unitPriceCents: 100000,
        adjustments: [
          { kind: "sale", sourceId: null, name: null, names: {}, amountCents: 50000 },
          { kind: "campaign", ...BOOK_FAIR, amountCents: 40000 },
          school10(6000),
        ],
      }),
      stationeryLine({ adjustments: [school10(4000)] }),
    ],
    adjustments: [
      {
        kind: "offer",
        sourceId: 2,
        name: "Free delivery over LKR 2,000",
        names: { si: "රු. 2,000ට වැඩි ඇණවුම්වලට නොමිලේ බෙදාහැරීම" },
        amountCents: 0,
        freeDelivery: true,
      },
      { ...school10(10000), freeDelivery: false },
    ],
    totalCents: 285150,
    deliveryFeeCents: 0,
    ...overrides,
  });
}
