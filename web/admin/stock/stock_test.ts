import assert from "node:assert/strict";
import { initialEdit, savedMessage, stockUpdate } from "./stock.ts";
import { PREORDER_NEEDS_DATE } from "../../../domain/catalogue/preorder.ts";

const BOOK = { preorder: false, preorderDate: null, preorderedStock: 0 };

Deno.test("stockUpdate() adds the new quantity instead of setting the stock", () => {
  const edit = { ...initialEdit(BOOK), newQuantity: "5" };
  assert.deepEqual(stockUpdate(edit, BOOK), { kind: "changes", changes: { addStock: 5 } });
});

Deno.test("stockUpdate() leaves out empty new values and unchanged pre-order settings", () => {
  assert.deepEqual(stockUpdate(initialEdit(BOOK), BOOK), { kind: "nothing" });
  const edit = { ...initialEdit(BOOK), newPrice: "1500.50" };
  assert.deepEqual(stockUpdate(edit, BOOK), { kind: "changes", changes: { price: 1500.5 } });
});

Deno.test("stockUpdate() sends the pre-order settings the admin changed", () => {
  const edit = {
    ...initialEdit(BOOK),
    preorder: true,
    preorderDate: "2027-01-15",
    preorderedStock: "40",
  };
  assert.deepEqual(stockUpdate(edit, BOOK), {
    kind: "changes",
    changes: { preorder: true, preorderDate: "2027-01-15", preorderedStock: 40 },
  });
});

Deno.test("stockUpdate() refuses negative or malformed values on their fields", () => {
  const edit = {
    ...initialEdit(BOOK),
    newQuantity: "-2",
    newPrice: "abc",
    preorderDate: "2027-02-30",
    preorderedStock: "1.5",
  };
  const update = stockUpdate(edit, BOOK);
  assert.equal(update.kind, "invalid");
  if (update.kind !== "invalid") return;
  assert.deepEqual(Object.keys(update.errors).sort(), [
    "newPrice",
    "newQuantity",
    "preorderDate",
    "preorderedStock",
  ]);
  assert.match(update.errors.newPrice, /^New price must be/);
});

Deno.test("stockUpdate() for stationery knows no pre-order fields", () => {
  const current = {};
  const edit = { ...initialEdit(current), newQuantity: "3", newPrice: "20" };
  assert.deepEqual(stockUpdate(edit, current), {
    kind: "changes",
    changes: { addStock: 3, price: 20 },
  });
});

Deno.test("stockUpdate() refuses a pre-order date before today and accepts today", () => {
  const current = { ...BOOK, today: "2026-11-23" };
  const past = stockUpdate({ ...initialEdit(current), preorderDate: "2026-11-22" }, current);
  assert.deepEqual(past, {
    kind: "invalid",
    errors: { preorderDate: 'Preorder date "2026-11-22" is in the past (today is 2026-11-23)' },
  });
  const today = stockUpdate({ ...initialEdit(current), preorderDate: "2026-11-23" }, current);
  assert.deepEqual(today, { kind: "changes", changes: { preorderDate: "2026-11-23" } });
});

Deno.test("savedMessage() says what a row's save changed: a price is not a stock update", () => {
  assert.equal(savedMessage({ price: 1250 }), "Saved: price LKR 1,250.00");
  assert.equal(savedMessage({ addStock: 1 }), "Saved: 1 copy added to stock");
  assert.equal(
    savedMessage({ addStock: 5, preorderDate: "2027-01-15" }),
    "Saved: 5 copies added to stock, expected 2027-01-15",
  );
  assert.equal(
    savedMessage({ preorder: true, preorderedStock: 10 }),
    "Saved: sold as a pre-order, 10 on order from the supplier",
  );
  assert.doesNotMatch(savedMessage({ price: 900 }), /stock/i);
});

Deno.test("stockUpdate() refuses ticking pre-order without an expected date", () => {
  const ticked = { ...initialEdit(BOOK), preorder: true };
  assert.deepEqual(stockUpdate(ticked, BOOK), {
    kind: "invalid",
    errors: { preorderDate: PREORDER_NEEDS_DATE },
  });
  // A pre-order that has its date keeps it when other settings change.
  const dated = { ...BOOK, preorder: true, preorderDate: "2027-01-15" };
  const more = { ...initialEdit(dated), preorderedStock: "40" };
  assert.deepEqual(stockUpdate(more, dated), { kind: "changes", changes: { preorderedStock: 40 } });
});
