/**
 * The records the API answers with, built field by field from the domain's: snake_case
 * names, prices in rupees, weights in kg, `preorder` as 0 or 1. Each builder answers the
 * type of its schema in contract/records.ts, so a field the schema does not describe fails
 * the type check; a book and a stationery item are written from their declarations.
 */
import { centsToRupees } from "../../domain/money.ts";
import type { Book, Category, Page, StationeryItem } from "../../domain/catalogue/model.ts";
import type { Area, District, PlaceNames, Province } from "../../domain/catalogue/locations.ts";
import type {
  Order,
  OrderEvent,
  OrderStats,
  PaymentProof,
  RefundGiven,
} from "../../domain/orders/model.ts";
import { ORDER_FIELDS } from "../../domain/orders/order_record.ts";
import type { BankDetails } from "../../domain/shop.ts";
import type { GatewayForm } from "../../domain/payments/gateway.ts";
import type { SearchHelp } from "../../domain/catalogue/search_help.ts";
import type {
  WireArea,
  WireBankDetails,
  WireBook,
  WireCategory,
  WireDistrict,
  WireOrder,
  WireOrderStats,
  WirePage,
  WireProvince,
  WireSearchHelp,
  WireStationery,
} from "../../contract/records.ts";
import { wireRecordOf } from "../../contract/record_wire.ts";
import { BOOK_FIELDS } from "../../domain/catalogue/book_record.ts";
import { STATIONERY_FIELDS } from "../../domain/catalogue/stationery_record.ts";
import { preorderLineFields, promotedLineFields } from "../../domain/orders/customer_view.ts";
import { orderBreakdown } from "../../domain/pricing/order_breakdown.ts";
import type { VoucherTender } from "../../domain/vouchers/rules.ts";
import { breakdownRecord, orderAdjustmentRecord } from "../../domain/pricing/breakdown_record.ts";

/**
 * A list page as the API sends it: the records and where they stand; `totalCapped` only
 * when the total is a search's bound, not its count (a page that is never capped, such as
 * an order list, never carries it).
 */
export function pageRecord<T, R>(page: Page<T>, record: (item: T) => R): WirePage<R> {
  return {
    data: page.items.map(record),
    page: page.page,
    pageSize: page.pageSize,
    total: page.total,
    ...(page.totalCapped ? { totalCapped: true as const } : {}),
  };
}

/** A search's help on the wire: `suggestions`, and `elsewhere` when the other store has matches. */
export function searchHelpRecord(help: SearchHelp | undefined): WireSearchHelp {
  if (!help) return {};
  return {
    suggestions: help.suggestions,
    ...(help.elsewhere
      ? {
        elsewhere: {
          store: help.elsewhere.kind === "book" ? "books" : "stationery",
          total: help.elsewhere.total,
          ...(help.elsewhere.totalCapped ? { totalCapped: true as const } : {}),
        },
      }
      : {}),
  };
}

/** A book as the API answers it: BOOK_FIELDS under their wire names (contract/record_wire.ts). */
export const bookRecord: (book: Book) => WireBook = wireRecordOf(BOOK_FIELDS);

/** A stationery item as the API answers it. */
export const stationeryRecord: (item: StationeryItem) => WireStationery = wireRecordOf(
  STATIONERY_FIELDS,
);

export function categoryRecord(category: Category): WireCategory {
  return {
    id: category.id,
    name: category.name,
    name_si: category.names?.si ?? null,
    name_ta: category.names?.ta ?? null,
  };
}

/** A place's names in the other languages, as the records carry them. */
export function placeNameFields(
  names: PlaceNames,
): { name_si: string | null; name_ta: string | null } {
  return { name_si: names.si ?? null, name_ta: names.ta ?? null };
}

export function provinceRecord(province: Province): WireProvince {
  return { id: province.id, name: province.name, ...placeNameFields(province.names) };
}

export function districtRecord(district: District): WireDistrict {
  return {
    id: district.id,
    name: district.name,
    province_id: district.provinceId,
    ...placeNameFields(district.names),
  };
}

export function areaRecord(area: Area): WireArea {
  return {
    id: area.id,
    name: area.name,
    district_id: area.districtId,
    postcode: area.postcode,
    ...placeNameFields(area.names),
  };
}

function orderItemRecord(item: Order["items"][number]): WireOrder["items"][number] {
  const base = { id: item.id, type: item.type };
  const ref = item.type === "book" ? { book_id: item.itemId } : { stationery_id: item.itemId };
  return {
    ...base,
    ...ref,
    title: item.title,
    isbn13: item.isbn13,
    quantity: item.quantity,
    ...promotedLineFields(item),
    ...preorderLineFields(item),
  };
}

function eventRecord(event: OrderEvent): WireOrder["events"][number] {
  return { at: event.at, kind: event.kind, actor: event.actor, note: event.note };
}

const orderFields = wireRecordOf(ORDER_FIELDS, {
  items: orderItemRecord,
  adjustments: orderAdjustmentRecord,
  // Never answered (wire: false): the breakdown names an order's vouchers.
  vouchers: (tender: VoucherTender) => tender,
  // Never answered either (wire: false): the breakdown counts an order's refunds.
  refundsGiven: (given: RefundGiven) => given,
  events: eventRecord,
  paymentProofs: (proof: PaymentProof) => ({
    id: proof.id,
    uploaded_at: proof.uploadedAt,
    content_type: proof.contentType,
  }),
});

/**
 * An order as the API answers it: ORDER_FIELDS under their wire names, with its rows, and
 * its breakdown as the domain works it out.
 */
export function orderRecord(order: Order): WireOrder {
  return { ...orderFields(order), breakdown: breakdownRecord(orderBreakdown(order)) };
}

export function orderStatsRecord(stats: OrderStats): WireOrderStats {
  return {
    completedItemsTotal: centsToRupees(stats.completedItemsTotalCents),
    pending: stats.pending,
    completed: stats.completed,
    rejected: stats.rejected,
    awaitingPayment: stats.awaitingPayment,
    proofsToCheck: stats.proofsToCheck,
    today: {
      orders: stats.today.orders,
      subtotal: centsToRupees(stats.today.subtotalCents),
      paidOrders: stats.today.paidOrders,
      takings: centsToRupees(stats.today.takingsCents),
    },
  };
}

export function bankDetailsRecord(bank: BankDetails): WireBankDetails {
  return {
    bank_name: bank.bankName,
    bank_branch: bank.bankBranch,
    account_name: bank.accountName,
    account_number: bank.accountNumber,
    whatsapp_number: bank.whatsappNumber,
  };
}

/** The answer to a placed (or replayed) order. */
export function placedOrderRecord(order: Order, orderUrl?: string, cardPayment?: GatewayForm) {
  const breakdown = orderBreakdown(order);
  return {
    ...(orderUrl === undefined ? {} : { orderUrl }),
    ...(cardPayment === undefined ? {} : { cardPayment }),
    orderId: order.id,
    total: centsToRupees(order.totalCents),
    deliveryFee: centsToRupees(order.deliveryFeeCents),
    subtotal: centsToRupees(order.totalCents + order.deliveryFeeCents),
    saved: centsToRupees(breakdown.savingsCents),
    breakdown: breakdownRecord(breakdown),
    // A replay answers the order as it is now, which may no longer be pending.
    status: order.status,
  };
}
