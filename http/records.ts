/**
 * The records the API answers with, built field by field: snake_case names, prices in
 * rupees, weights in kg, `preorder` as 0 or 1. The zod schemas describe the same records
 * for the OpenAPI document.
 */
import { z } from "zod";
import { centsToRupees, gramsToKg } from "../domain/money.ts";
import type { Book, Category, Page, StationeryItem } from "../domain/catalogue/model.ts";
import type { Area, District, Province } from "../domain/catalogue/locations.ts";
import type { Order, OrderEvent, OrderStats } from "../domain/orders/model.ts";
import type { BankDetails } from "../domain/shop.ts";
import type { SearchHelp } from "../domain/catalogue/search_help.ts";
import { LANGUAGES } from "../domain/catalogue/model.ts";
import {
  EVENT_ACTORS,
  EVENT_KINDS,
  ITEM_TYPES,
  ORDER_LOCALES,
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
} from "../domain/orders/model.ts";

/** A list page as the API sends it: the records and where they stand. */
export function pageRecord<T, R>(page: Page<T>, record: (item: T) => R) {
  return {
    data: page.items.map(record),
    page: page.page,
    pageSize: page.pageSize,
    total: page.total,
  };
}

/** A search's help on the wire: `suggestions`, and `elsewhere` when the other store has matches. */
export function searchHelpRecord(help: SearchHelp | undefined) {
  if (!help) return {};
  return {
    suggestions: help.suggestions,
    ...(help.elsewhere
      ? {
        elsewhere: {
          store: help.elsewhere.kind === "book" ? "books" : "stationery",
          total: help.elsewhere.total,
        },
      }
      : {}),
  };
}

export function bookRecord(book: Book) {
  return {
    id: book.id,
    title: book.title,
    author: book.author,
    price: centsToRupees(book.priceCents),
    stock: book.stock,
    category_id: book.categoryId,
    category_name: book.categoryName,
    isbn13: book.isbn13,
    language: book.language,
    binding: book.binding,
    publisher: book.publisher,
    publishing_date: book.publishingDate,
    product_edition: book.edition,
    weight: gramsToKg(book.weightGrams),
    description: book.description?.trim() ? book.description : null,
    images: [...book.images],
    preorder: book.preorder ? 1 : 0,
    preorder_date: book.preorderDate,
    preordered_stock: book.preorderedStock,
  };
}

export function stationeryRecord(item: StationeryItem) {
  return {
    id: item.id,
    title: item.title,
    price: centsToRupees(item.priceCents),
    stock: item.stock,
    weight: gramsToKg(item.weightGrams),
    category_id: item.categoryId,
    category_name: item.categoryName,
    image: item.image,
  };
}

export function categoryRecord(category: Category) {
  return { id: category.id, name: category.name };
}

export function provinceRecord(province: Province) {
  return { id: province.id, name: province.name };
}

export function districtRecord(district: District) {
  return { id: district.id, name: district.name, province_id: district.provinceId };
}

export function areaRecord(area: Area) {
  return { id: area.id, name: area.name, district_id: area.districtId };
}

function orderItemRecord(item: Order["items"][number]) {
  const base = { id: item.id, type: item.type };
  const ref = item.type === "book" ? { book_id: item.itemId } : { stationery_id: item.itemId };
  return {
    ...base,
    ...ref,
    title: item.title,
    isbn13: item.isbn13,
    quantity: item.quantity,
    price: centsToRupees(item.unitPriceCents),
    line_total: centsToRupees(item.unitPriceCents * item.quantity),
  };
}

function eventRecord(event: OrderEvent) {
  return { at: event.at, kind: event.kind, actor: event.actor, note: event.note };
}

export function orderRecord(order: Order) {
  return {
    id: order.id,
    user_id: order.userId,
    status: order.status,
    order_date: order.orderDate,
    name: order.customer.name,
    address: order.customer.address,
    email: order.customer.email,
    phone: order.customer.phone,
    postal_code: order.customer.postalCode,
    province_name: order.provinceName,
    district_name: order.districtName,
    area_name: order.areaName,
    total: centsToRupees(order.totalCents),
    delivery_fee: centsToRupees(order.deliveryFeeCents),
    payment_method: order.paymentMethod,
    items: order.items.map(orderItemRecord),
    payment_status: order.paymentStatus,
    courier: order.courier,
    tracking_number: order.trackingNumber,
    reject_reason: order.rejectReason,
    expires_at: order.expiresAt,
    locale: order.locale,
    events: order.events.map(eventRecord),
    payment_proofs: order.paymentProofs.map((proof) => ({
      id: proof.id,
      uploaded_at: proof.uploadedAt,
      content_type: proof.contentType,
    })),
  };
}

export function orderStatsRecord(stats: OrderStats) {
  return {
    completedItemsTotal: centsToRupees(stats.completedItemsTotalCents),
    pending: stats.pending,
    completed: stats.completed,
    rejected: stats.rejected,
    awaitingPayment: stats.awaitingPayment,
    proofsToCheck: stats.proofsToCheck,
    today: { orders: stats.today.orders, subtotal: centsToRupees(stats.today.subtotalCents) },
  };
}

export function bankDetailsRecord(bank: BankDetails) {
  return {
    bank_name: bank.bankName,
    bank_branch: bank.bankBranch,
    account_name: bank.accountName,
    account_number: bank.accountNumber,
    whatsapp_number: bank.whatsappNumber,
  };
}

/** The answer to a placed (or replayed) order. */
export function placedOrderRecord(order: Order, orderUrl?: string) {
  return {
    ...(orderUrl === undefined ? {} : { orderUrl }),
    orderId: order.id,
    total: centsToRupees(order.totalCents),
    deliveryFee: centsToRupees(order.deliveryFeeCents),
    subtotal: centsToRupees(order.totalCents + order.deliveryFeeCents),
    // A replay answers the order as it is now, which may no longer be pending.
    status: order.status,
  };
}

// Schemas of the same records, for the OpenAPI document.

const id = z.number().int();
const money = z.number().describe("LKR, at most 2 decimals");
const date = z.string().describe("YYYY-MM-DD");

export const BookSchema = z.object({
  id,
  title: z.string(),
  author: z.string(),
  price: money,
  stock: z.number().int(),
  category_id: id,
  category_name: z.string(),
  isbn13: z.string(),
  language: z.enum(LANGUAGES),
  binding: z.string(),
  publisher: z.string(),
  publishing_date: date,
  product_edition: z.string(),
  weight: z.number().describe("kg"),
  description: z.string().nullable(),
  images: z.array(z.string()),
  preorder: z.union([z.literal(0), z.literal(1)]),
  preorder_date: date.nullable(),
  preordered_stock: z.number().int(),
});

export const StationerySchema = z.object({
  id,
  title: z.string(),
  price: money,
  stock: z.number().int(),
  weight: z.number().describe("kg"),
  category_id: id,
  category_name: z.string(),
  image: z.string(),
});

export const CategorySchema = z.object({ id, name: z.string() });
export const ProvinceSchema = z.object({ id, name: z.string() });
export const DistrictSchema = z.object({ id, name: z.string(), province_id: id });
export const AreaSchema = z.object({ id, name: z.string(), district_id: id });

export const OrderEventSchema = z.object({
  at: z.string().describe("ISO 8601"),
  kind: z.enum(EVENT_KINDS),
  actor: z.enum(EVENT_ACTORS),
  note: z.string().nullable(),
});

export const OrderSchema = z.object({
  id,
  user_id: id.nullable(),
  status: z.enum(ORDER_STATUSES),
  order_date: z.string().describe("ISO 8601"),
  name: z.string(),
  address: z.string(),
  email: z.string(),
  phone: z.string(),
  postal_code: z.string(),
  province_name: z.string(),
  district_name: z.string(),
  area_name: z.string(),
  total: money,
  delivery_fee: money,
  payment_method: z.enum(PAYMENT_METHODS),
  items: z.array(z.object({
    id,
    type: z.enum(ITEM_TYPES),
    book_id: id.optional(),
    stationery_id: id.optional(),
    title: z.string(),
    isbn13: z.string().nullable(),
    quantity: z.number().int(),
    price: money,
    line_total: money.describe("price x quantity"),
  })),
  payment_status: z.enum(PAYMENT_STATUSES),
  courier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  reject_reason: z.string().nullable(),
  expires_at: z.string().nullable().describe(
    "ISO 8601: when an unpaid Bank Deposit order lapses; null when it will not",
  ),
  locale: z.enum(ORDER_LOCALES),
  events: z.array(OrderEventSchema).describe("the timeline, oldest first"),
  payment_proofs: z.array(z.object({
    id,
    uploaded_at: z.string().describe("ISO 8601"),
    content_type: z.string(),
  })),
});

export const CustomerOrderSchema = OrderSchema.pick({
  id: true,
  status: true,
  payment_status: true,
  order_date: true,
  payment_method: true,
  name: true,
  address: true,
  postal_code: true,
  province_name: true,
  district_name: true,
  area_name: true,
  items: true,
  total: true,
  delivery_fee: true,
  courier: true,
  tracking_number: true,
  expires_at: true,
  events: true,
}).extend({ subtotal: money.describe("what to pay: items and delivery") })
  .describe("what a customer sees of an order: never the admin's notes");

export const OrderStatsSchema = z.object({
  completedItemsTotal: money,
  pending: z.number().int(),
  completed: z.number().int(),
  rejected: z.number().int(),
  awaitingPayment: z.number().int().describe("pending orders not paid"),
  proofsToCheck: z.number().int().describe("pending orders with a deposit proof to check"),
  today: z.object({
    orders: z.number().int(),
    subtotal: money.describe("what they come to with delivery"),
  }).describe("orders placed today in Sri Lanka, rejected ones left out"),
});

export const BankDetailsSchema = z.object({
  bank_name: z.string(),
  bank_branch: z.string(),
  account_name: z.string(),
  account_number: z.string(),
  whatsapp_number: z.string(),
});

export const PlacedOrderSchema = z.object({
  orderId: id,
  total: money,
  deliveryFee: money,
  subtotal: money,
  status: z.enum(ORDER_STATUSES).describe("pending when placed; a replay answers the status now"),
  orderUrl: z.string().describe(
    "the order's page for the customer: PUBLIC_URL/orders/{id}?key=KEY",
  ),
});

export const ErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
});

/** The answer of a book import (or its dry run). */
export const ImportSummarySchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  written: z.boolean().describe("false for a dry run and for a file with errors"),
  errors: z.array(z.object({
    row: z.number().int().describe("data rows count from 1; the header is row 0"),
    field: z.string(),
    message: z.string(),
  })),
});
