import assert from "node:assert/strict";
import { actionText, actorText, changeLines, fieldLabel, fieldValue } from "./audit_words.ts";

Deno.test("fields read as the owner knows them: money in LKR, grams in kg, none as a dash, passwords hidden", () => {
  assert.equal(fieldLabel("price_cents"), "Price");
  assert.equal(fieldLabel("tracking_number"), "Tracking number");
  assert.equal(fieldValue("price_cents", 125_050), "LKR 1,250.50");
  assert.equal(fieldValue("weight_grams", 350), "0.35 kg");
  assert.equal(fieldValue("sale_ends", null), "—");
  assert.equal(fieldValue("archived", true), "yes");
  assert.equal(fieldValue("password_hash", "hidden"), "(hidden)");
  assert.equal(fieldValue("images", ["/a.png", "/b.png"]), "/a.png, /b.png");
});

Deno.test("a change lists each field from and to; a creation only to, a deletion only from", () => {
  assert.deepEqual(
    changeLines({ action: "update", before: { price_cents: 100 }, after: { price_cents: 120 } }),
    [{ field: "price_cents", label: "Price", from: "LKR 1.00", to: "LKR 1.20" }],
  );
  assert.deepEqual(changeLines({ action: "create", before: {}, after: { name: "Poetry" } }), [
    { field: "name", label: "Name", to: "Poetry" },
  ]);
  assert.deepEqual(changeLines({ action: "delete", before: { stock: 2 }, after: {} }), [
    { field: "stock", label: "Stock", from: "2" },
  ]);
});

Deno.test("who and what read as words, a role when the admin had one", () => {
  const none = { id: null, email: null, role: null, name: null };
  assert.equal(
    actorText({ ...none, kind: "admin", id: 1, email: "a@pothgula.lk" }),
    "a@pothgula.lk",
  );
  assert.equal(
    actorText({ ...none, kind: "admin", id: 1, email: "a@pothgula.lk", role: "staff" }),
    "a@pothgula.lk (staff)",
  );
  assert.equal(
    actorText({ ...none, kind: "shopper", email: "n@example.lk" }),
    "Shopper n@example.lk",
  );
  assert.equal(
    actorText({ ...none, kind: "job", name: "lapse" }),
    "The shop (unpaid orders lapse)",
  );
  assert.equal(actorText({ ...none, kind: "gateway", name: "PayHere" }), "Card gateway (PayHere)");
  assert.equal(actorText({ ...none, kind: "system" }), "The shop");
  assert.equal(
    actionText({ action: "update", subject_type: "book", subject_id: 12 }),
    "Changed Book 12",
  );
});

Deno.test("a code's benefit reads by its kind, a category by its name, an instant in Colombo time, a record by its name", () => {
  assert.equal(fieldValue("benefit_value", 50_000, { benefit_kind: "amount" }), "LKR 500.00");
  assert.equal(fieldValue("benefit_value", 1_500, { benefit_kind: "percent" }), "15%");
  assert.equal(
    fieldValue("category_id", 4, { category_names: { "4": "Novels" } }),
    "Novels",
  );
  assert.equal(fieldValue("category_id", 9, { category_names: {} }), "9");
  assert.equal(fieldValue("starts_at", "2026-11-21T20:00:00.000Z"), "2026-11-22 01:30 (Colombo)");
  assert.deepEqual(
    changeLines({
      action: "update",
      before: { benefit_value: 50_000 },
      after: { benefit_value: 75_000 },
      benefit_kind: "amount",
    }),
    [{ field: "benefit_value", label: "Benefit", from: "LKR 500.00", to: "LKR 750.00" }],
  );
  assert.equal(
    actionText({
      action: "update",
      subject_type: "book",
      subject_id: 12,
      subject_name: "Viragaya",
    }),
    "Changed Book “Viragaya”",
  );
});
