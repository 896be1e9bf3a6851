import assert from "node:assert/strict";
import { breakdown } from "./breakdown.ts";
import { breakdownRows, english, FIGURES, rowLabel, type Translate } from "./figures.ts";
import { ADJUSTMENT_KINDS } from "./adjustment_kinds.ts";

const LINES = [{
  type: "book" as const,
  id: 1,
  title: "Gamperaliya",
  quantity: 2,
  usualUnitCents: 100_000,
  adjustments: [
    { kind: "sale" as const, sourceId: null, name: null, names: {}, amountCents: 20_000 },
    {
      kind: "campaign" as const,
      sourceId: 3,
      name: "Book Fair",
      names: { si: "පොත් පොළ" },
      amountCents: 36_000,
    },
  ],
}];

const CODE_FREE = {
  kind: "code" as const,
  sourceId: 9,
  name: "SHIPFREE",
  names: {},
  amountCents: 0,
  freeDelivery: true,
};

Deno.test("breakdownRows() lists Items, each saving, delivery and the order total; what paid for it only when something did", () => {
  const unpaid = breakdown({ lines: LINES, orderAdjustments: [], deliveryFeeCents: 40_000 });
  assert.deepEqual(breakdownRows(unpaid).map((r) => [r.figure, r.cents, r.sign]), [
    ["items", 200_000, "plus"],
    ["saving", 20_000, "minus"],
    ["saving", 36_000, "minus"],
    ["deliveryFee", 40_000, "plus"],
    ["total", 184_000, "result"],
  ]);
  const tendered = breakdown({
    lines: LINES,
    orderAdjustments: [],
    deliveryFeeCents: 40_000,
    vouchers: [{ code: "…Q2K7", cents: 50_000 }],
  });
  assert.deepEqual(breakdownRows(tendered).slice(-2).map((r) => [r.figure, r.cents]), [
    ["voucher", 50_000],
    ["due", 134_000],
  ]);
});

Deno.test("rowLabel() names each row once: a saving by its source in the reader's language, free delivery by what gave it", () => {
  const b = breakdown({ lines: LINES, orderAdjustments: [CODE_FREE], deliveryFeeCents: 0 });
  const rows = breakdownRows(b);
  assert.deepEqual(rows.map((row) => rowLabel(row, "en", english)), [
    "Items",
    "Sale price",
    "Book Fair",
    "Free delivery: Code SHIPFREE",
    "Order total",
  ]);
  const asked: [string, Record<string, string>][] = [];
  const t: Translate = (word, values) => {
    asked.push([word, values]);
    return word;
  };
  rows.forEach((row) => rowLabel(row, "si", t));
  assert.deepEqual(asked, [
    ["money.items", {}],
    ["money.sale", { name: "" }],
    ["money.campaign", { name: "පොත් පොළ" }],
    ["money.code", { name: "SHIPFREE" }],
    ["money.freeDelivery", { name: "money.code" }],
    ["money.total", {}],
  ]);
});

Deno.test("every figure and kind has a word under money. and an English label", () => {
  for (const figure of Object.values(FIGURES)) {
    assert.match(figure.word, /^money\.\w+$/);
    assert.ok(figure.english.length > 0);
  }
  for (const kind of Object.values(ADJUSTMENT_KINDS)) {
    assert.match(kind.word, /^money\.\w+$/);
    assert.equal(english(kind.word, { name: "X" }), kind.adminWord.replace("{name}", "X"));
  }
});
