import assert from "node:assert/strict";
import { ORDER_CSV_COLUMNS, ordersCsv } from "./orders_csv.ts";
import { promotedOrder, sampleOrder } from "../../domain/notifications/testing/samples.ts";

/** The CSV's records as cells by column (no cell here holds a comma, quote or line break). */
function records(text: string): Record<string, string>[] {
  const [head, ...rows] = text.replace(/^\uFEFF/, "").trimEnd().split("\r\n");
  const columns = head.split(",");
  return rows.map((row) => Object.fromEntries(row.split(",").map((v, i) => [columns[i], v])));
}

Deno.test("the orders CSV gives each line its usual price, what each kind took off it with its source, and the order's figures as the breakdown names them", () => {
  const order = promotedOrder();
  order.adjustments[0].name = "Free delivery over LKR 2000";
  const [book, pen] = records(ordersCsv([order]));
  assert.deepEqual(
    [book.unitPrice, book.listPrice, book.lineTotal, book.saving],
    ["1000.00", "1250.00", "1540.00", "960.00"],
    "the line's saving counts its sale price too",
  );
  assert.deepEqual([book.sale, book.saleSaving], ["", "500.00"]);
  assert.deepEqual([book.campaign, book.campaignSaving], ["Book Fair 2026", "400.00"]);
  assert.deepEqual([book.code, book.codeSaving], ["SCHOOL10", "60.00"]);
  assert.deepEqual([pen.campaign, pen.campaignSaving, pen.codeSaving], ["", "0.00", "40.00"]);
  assert.deepEqual(
    [pen.offer, pen.offerSaving],
    ["", "0.00"],
    "free delivery takes nothing off a line",
  );
  assert.deepEqual(
    [book.items, book.savings, book.deliveryFee, book.orderTotal, book.toPay],
    ["3851.50", "1000.00", "0.00", "2851.50", "2851.50"],
  );
  // The lines' prices paid are the order total less delivery, to the cent.
  assert.equal((Number(book.lineTotal) * 100 + Number(pen.lineTotal) * 100) / 100, 2851.5);
});

Deno.test("the orders CSV keeps its older columns in their places and a plain line saves nothing", () => {
  assert.deepEqual(ORDER_CSV_COLUMNS.slice(20, 25), [
    "unitPrice",
    "lineTotal",
    "items",
    "deliveryFee",
    "orderTotal",
  ]);
  const [line] = records(ordersCsv([sampleOrder()]));
  assert.deepEqual(
    [line.listPrice, line.unitPrice, line.saving, line.campaign, line.code],
    ["1250.00", "1250.00", "0.00", "", ""],
  );
});

Deno.test("the orders CSV names the place in the order's language as it was placed, English where none was kept", () => {
  const order = sampleOrder({
    locale: "ta",
    areaName: "Galle",
    areaNameSi: "ගාල්ල",
    areaNameTa: null,
    districtName: "Galle",
    districtNameTa: "காலி",
    provinceName: "Southern",
    provinceNameTa: "தென்",
  });
  const [row] = records(ordersCsv([order]));
  assert.deepEqual([row.area, row.district, row.province], ["Galle", "Galle", "Southern"]);
  assert.deepEqual(
    [row.areaAsPlaced, row.districtAsPlaced, row.provinceAsPlaced],
    ["Galle", "காலி", "தென்"],
  );
});
