import assert from "node:assert/strict";
import {
  actionText,
  actorText,
  auditWords,
  changeLines,
  fieldLabel,
  fieldValue,
} from "./audit_words.ts";
import { CATALOGUES } from "../../i18n/catalogues.ts";
import type { Locale } from "../../../domain/i18n/language.ts";

/** The audit's words of a language, as the admin page carries them. */
function wordsOf(language: Locale) {
  return auditWords(
    Object.fromEntries(
      Object.entries(CATALOGUES[language]).filter((entry): entry is [string, string] =>
        entry[0].startsWith("audit.") && typeof entry[1] === "string"
      ),
    ),
  );
}
const en = wordsOf("en");

Deno.test("fields read as the owner knows them: money in LKR, grams in kg, none as a dash, passwords hidden", () => {
  assert.equal(fieldLabel(en, "price_cents"), "Price");
  assert.equal(fieldLabel(en, "tracking_number"), "Tracking number");
  assert.equal(fieldValue(en, "price_cents", 125_050), "LKR 1,250.50");
  assert.equal(fieldValue(en, "weight_grams", 350), "0.35 kg");
  assert.equal(fieldValue(en, "sale_ends", null), "—");
  assert.equal(fieldValue(en, "archived", true), "yes");
  assert.equal(fieldValue(en, "password_hash", "hidden"), "(hidden)");
  assert.equal(fieldValue(en, "images", ["/a.png", "/b.png"]), "/a.png, /b.png");
});

Deno.test("a change lists each field from and to; a creation only to, a deletion only from", () => {
  assert.deepEqual(
    changeLines(en, {
      action: "update",
      before: { price_cents: 100 },
      after: { price_cents: 120 },
    }),
    [{ field: "price_cents", label: "Price", from: "LKR 1.00", to: "LKR 1.20" }],
  );
  assert.deepEqual(changeLines(en, { action: "create", before: {}, after: { name: "Poetry" } }), [
    { field: "name", label: "Name", to: "Poetry" },
  ]);
  assert.deepEqual(changeLines(en, { action: "delete", before: { stock: 2 }, after: {} }), [
    { field: "stock", label: "Stock", from: "2" },
  ]);
});

Deno.test("who and what read as words, a role when the admin had one", () => {
  const none = { id: null, email: null, role: null, name: null };
  assert.equal(
    actorText(en, { ...none, kind: "admin", id: 1, email: "a@pothgula.lk" }),
    "a@pothgula.lk",
  );
  assert.equal(
    actorText(en, { ...none, kind: "admin", id: 1, email: "a@pothgula.lk", role: "staff" }),
    "a@pothgula.lk (staff)",
  );
  assert.equal(
    actorText(en, { ...none, kind: "shopper", email: "n@example.lk" }),
    "Shopper n@example.lk",
  );
  assert.equal(
    actorText(en, { ...none, kind: "job", name: "lapse" }),
    "The shop (unpaid orders lapse)",
  );
  assert.equal(
    actorText(en, { ...none, kind: "gateway", name: "PayHere" }),
    "Card gateway (PayHere)",
  );
  assert.equal(actorText(en, { ...none, kind: "system" }), "The shop");
  assert.equal(
    actionText(en, { action: "update", subject_type: "book", subject_id: 12 }),
    "Changed Book 12",
  );
});

Deno.test("a code's benefit reads by its kind, a category by its name, an instant in Colombo time, a record by its name", () => {
  assert.equal(fieldValue(en, "benefit_value", 50_000, { benefit_kind: "amount" }), "LKR 500.00");
  assert.equal(fieldValue(en, "benefit_value", 1_500, { benefit_kind: "percent" }), "15%");
  assert.equal(
    fieldValue(en, "category_id", 4, { category_names: { "4": "Novels" } }),
    "Novels",
  );
  assert.equal(fieldValue(en, "category_id", 9, { category_names: {} }), "9");
  assert.equal(
    fieldValue(en, "starts_at", "2026-11-21T20:00:00.000Z"),
    "2026-11-22 01:30 (Colombo)",
  );
  assert.deepEqual(
    changeLines(en, {
      action: "update",
      before: { benefit_value: 50_000 },
      after: { benefit_value: 75_000 },
      benefit_kind: "amount",
    }),
    [{ field: "benefit_value", label: "Benefit", from: "LKR 500.00", to: "LKR 750.00" }],
  );
  assert.equal(
    actionText(en, {
      action: "update",
      subject_type: "book",
      subject_id: 12,
      subject_name: "Viragaya",
    }),
    "Changed Book “Viragaya”",
  );
});

Deno.test("the trail reads in the owner's language: Sinhala and Tamil words, the same LKR and Colombo times", () => {
  const si = wordsOf("si");
  const ta = wordsOf("ta");
  const none = { id: null, email: null, role: null, name: null };
  const change = {
    action: "update" as const,
    before: { benefit_value: 50_000, starts_at: "2026-11-21T20:00:00.000Z" },
    after: { benefit_value: 75_000, starts_at: "2026-11-22T20:00:00.000Z" },
    benefit_kind: "amount" as const,
  };
  assert.deepEqual(changeLines(si, change), [
    { field: "benefit_value", label: "ප්‍රතිලාභය", from: "LKR 500.00", to: "LKR 750.00" },
    {
      field: "starts_at",
      label: "ආරම්භය",
      from: "2026-11-22 01:30 (කොළඹ)",
      to: "2026-11-23 01:30 (කොළඹ)",
    },
  ]);
  assert.equal(changeLines(ta, change)[0].label, "பலன்");
  assert.equal(
    actionText(si, {
      action: "update",
      subject_type: "book",
      subject_id: 12,
      subject_name: "Viragaya",
    }),
    "පොත “Viragaya” වෙනස් කරන ලදී",
  );
  assert.equal(
    actionText(ta, { action: "create", subject_type: "code", subject_id: 3 }),
    "தள்ளுபடிக் குறியீடு 3 உருவாக்கப்பட்டது",
  );
  assert.equal(
    actorText(si, { ...none, kind: "admin", id: 1, email: "a@pothgula.lk", role: "owner" }),
    "a@pothgula.lk (හිමිකරු)",
  );
  assert.equal(actorText(ta, { ...none, kind: "shopper" }), "ஒரு வாடிக்கையாளர்");
  assert.equal(fieldValue(ta, "weight_grams", 350), "0.35 கி.கி.");
  assert.equal(fieldValue(si, "archived", false), "නැත");
  assert.equal(fieldValue(si, "payment_status", "paid"), "ගෙවා ඇත");
  assert.equal(fieldValue(ta, "status", "pending"), "நிலுவையில்");
  assert.equal(fieldValue(en, "status", "rejected"), "rejected");
});

Deno.test("every audit word is written in each language", () => {
  const keys = (language: Locale) =>
    Object.keys(CATALOGUES[language]).filter((key) => key.startsWith("audit.")).sort();
  assert.ok(keys("en").length > 50);
  assert.deepEqual(keys("si"), keys("en"));
  assert.deepEqual(keys("ta"), keys("en"));
});
