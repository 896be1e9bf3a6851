/**
 * Orders as CSV for the shop's spreadsheet: one row per order line, the order's own
 * fields repeated on each, amounts in rupees with two decimals, times in Sri Lanka.
 * Written as the catalogue's CSV is (byte-order mark, CRLF, formula cells quoted).
 *
 * What promotions gave a line comes last, so the older columns keep their places: its
 * usual price (`listPrice`, before any sale; `unitPrice` is the price paid), all it saved
 * (`saving`: the sale and every promotion), its campaign and what that took off, and its
 * shares of the order's offer and code, named on each of the order's lines. `lineTotal` is
 * what the line cost after all of it. The last three name the order's city, district and
 * province in the language it was placed in, as it was placed (English where none was kept).
 */
import { centsToRupees } from "../../domain/money.ts";
import type { Order } from "../../domain/orders/model.ts";
import { csv } from "./catalogue_csv.ts";
import { lineTotalCents } from "../../domain/orders/line_total.ts";
import { lineSavedCents } from "../../domain/orders/savings.ts";
import { orderPlace } from "../../domain/orders/place_names.ts";

export const ORDER_CSV_COLUMNS = [
  "orderId",
  "orderDate",
  "status",
  "paymentStatus",
  "paymentMethod",
  "name",
  "email",
  "phone",
  "address",
  "postalCode",
  "area",
  "district",
  "province",
  "courier",
  "trackingNumber",
  "itemType",
  "itemId",
  "title",
  "isbn13",
  "quantity",
  "unitPrice",
  "lineTotal",
  "items",
  "deliveryFee",
  "totalToPay",
  "listPrice",
  "saving",
  "campaign",
  "campaignSaving",
  "offer",
  "offerSaving",
  "code",
  "codeSaving",
  "areaAsPlaced",
  "districtAsPlaced",
  "provinceAsPlaced",
] as const;

/** An instant as Sri Lanka reads it: `2026-03-01 15:30`. */
export function colomboTime(iso: string): string {
  return new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(0, 16).replace("T", " ");
}

const money = (cents: number) => centsToRupees(cents).toFixed(2);

/** The CSV text of these orders, in the order given. */
export function ordersCsv(orders: readonly Order[]): string {
  const rows = orders.flatMap((order) => {
    const offer = order.promotions.find((p) => p.kind === "offer");
    const code = order.promotions.find((p) => p.kind === "code");
    const place = orderPlace(order, order.locale);
    return order.items.map((item) => [
      order.id,
      colomboTime(order.orderDate),
      order.status,
      order.paymentStatus,
      order.paymentMethod,
      order.customer.name,
      order.customer.email,
      order.customer.phone,
      order.customer.address,
      order.customer.postalCode,
      order.areaName,
      order.districtName,
      order.provinceName,
      order.courier,
      order.trackingNumber,
      item.type,
      item.itemId,
      item.title,
      item.isbn13,
      item.quantity,
      money(item.unitPriceCents),
      money(lineTotalCents(item)),
      money(order.totalCents),
      money(order.deliveryFeeCents),
      money(order.totalCents + order.deliveryFeeCents),
      money(item.listUnitCents),
      money(lineSavedCents(item)),
      item.campaign?.name ?? null,
      money(item.campaign?.savingCents ?? 0),
      offer?.name ?? null,
      money(item.offerSavingCents),
      code?.name ?? null,
      money(item.codeSavingCents),
      place.area,
      place.district,
      place.province,
    ]);
  });
  return csv(ORDER_CSV_COLUMNS, rows);
}
