/**
 * Orders as CSV for the shop's spreadsheet: one row per order line, the order's own
 * fields repeated on each, amounts in rupees with two decimals, times in Sri Lanka.
 * Written as the catalogue's CSV is (byte-order mark, CRLF, formula cells quoted).
 *
 * The money columns are the order's breakdown (domain/pricing/breakdown.ts), named as
 * every surface names them: a line's usual price (`listPrice`), its price after its sale
 * price (`unitPrice`), what it saved in all (`saving`) and its price paid (`lineTotal`); the
 * order's Items at usual prices, Savings, delivery fee, payment fee, order total, vouchers,
 * payments received, refunds and what is still to pay. Then, for each kind of adjustment
 * in the registry (domain/pricing/adjustment_kinds.ts), what gave it on the line (a
 * campaign's or offer's name, a code) and what it took off the line: a new kind adds its
 * two columns by itself. Between them, the order's city, district and province in the
 * language it was placed in, as it was placed (English where none was kept).
 */
import { centsToRupees } from "../../domain/money.ts";
import type { Order } from "../../domain/orders/model.ts";
import { csv } from "./catalogue_csv.ts";
import { orderBreakdown } from "../../domain/pricing/order_breakdown.ts";
import { ADJUSTMENT_KIND_ORDER } from "../../domain/pricing/adjustment_kinds.ts";
import { orderPlace } from "../../domain/orders/place_names.ts";

/** Each kind's two columns: its source's name on the line, and what it took off the line. */
const KIND_COLUMNS = ADJUSTMENT_KIND_ORDER.flatMap((kind) => [kind, `${kind}Saving`] as const);

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
  "orderTotal",
  "listPrice",
  "saving",
  "savings",
  "paymentFee",
  "vouchers",
  "paid",
  "refunded",
  "toPay",
  "areaAsPlaced",
  "districtAsPlaced",
  "provinceAsPlaced",
  ...KIND_COLUMNS,
] as const;

/** An instant as Sri Lanka reads it: `2026-03-01 15:30`. */
export function colomboTime(iso: string): string {
  return new Date(Date.parse(iso) + 330 * 60_000).toISOString().slice(0, 16).replace("T", " ");
}

const money = (cents: number) => centsToRupees(cents).toFixed(2);

/** The CSV text of these orders, in the order given. */
export function ordersCsv(orders: readonly Order[]): string {
  const rows = orders.flatMap((order) => {
    const b = orderBreakdown(order);
    const place = orderPlace(order, order.locale);
    return order.items.map((item, i) => {
      const line = b.lines[i];
      const kinds = ADJUSTMENT_KIND_ORDER.flatMap((kind) => {
        const taken = line.savings.filter((a) => a.kind === kind);
        return [
          taken.map((a) => a.name ?? "").filter((name) => name !== "").join(" / ") || null,
          money(taken.reduce((sum, a) => sum + a.amountCents, 0)),
        ];
      });
      return [
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
        money(line.paidCents),
        money(b.itemsCents),
        money(b.deliveryFeeCents ?? 0),
        money(b.totalCents),
        money(line.usualUnitCents),
        money(line.savingCents),
        money(b.savingsCents),
        money(b.methodFeeCents),
        money(b.vouchersCents),
        money(b.receivedCents),
        money(b.refundedCents),
        money(b.dueCents),
        place.area,
        place.district,
        place.province,
        ...kinds,
      ];
    });
  });
  return csv(ORDER_CSV_COLUMNS, rows);
}
