import assert from "node:assert/strict";
import fc from "fast-check";
import { BOOK_FIELDS } from "../domain/catalogue/book_record.ts";
import { STATIONERY_FIELDS } from "../domain/catalogue/stationery_record.ts";
import {
  completeRecord,
  createName,
  type Fields,
  fieldsOf,
  isChangeable,
  isWritable,
  type RecordOf,
  wireName,
} from "../domain/records/fields.ts";
import { BookSchema, OrderSchema, StationerySchema } from "./records.ts";
import {
  bookChangesBody,
  newBookFields,
  newStationeryFields,
  stationeryChangesBody,
} from "./requests.ts";
import { changesFrom, newRecordFrom } from "./record_fields.ts";
import { recordFromWireOf, wireRecordOf } from "./record_wire.ts";
import { arbitraryRecord } from "./testing/arbitrary_records.ts";

Deno.test("a book's answer, creation form and change body keep the names the API has always used", () => {
  assert.deepEqual(Object.keys(BookSchema.shape), [
    "id",
    "title",
    "author",
    "translator",
    "price",
    "sale_price",
    "sale_starts",
    "sale_ends",
    "stock",
    "category_id",
    "category_name",
    "isbn13",
    "language",
    "binding",
    "publisher",
    "publishing_date",
    "product_edition",
    "page_count",
    "weight",
    "description",
    "images",
    "preorder",
    "preorder_date",
    "preordered_stock",
    "shelf",
  ]);
  assert.deepEqual(Object.keys(newBookFields.shape), [
    "title",
    "author",
    "translator",
    "price",
    "salePrice",
    "saleStarts",
    "saleEnds",
    "stock",
    "categoryId",
    "isbn13",
    "language",
    "binding",
    "publisher",
    "publishingDate",
    "productEdition",
    "pageCount",
    "weight",
    "description",
    "preorder",
    "preorderDate",
    "preorderedStock",
  ]);
  const changes = bookChangesBody.safeParse({ images: [], categoryName: "x", id: 1 });
  assert.ok(!changes.success);
  assert.deepEqual(
    changes.error.issues.flatMap((issue) => "keys" in issue ? issue.keys : []).sort(),
    ["categoryName", "id", "images"],
  );
});

Deno.test("a stationery item's answer, creation form and change body keep their names", () => {
  assert.deepEqual(Object.keys(StationerySchema.shape), [
    "id",
    "title",
    "price",
    "sale_price",
    "sale_starts",
    "sale_ends",
    "stock",
    "weight",
    "category_id",
    "category_name",
    "image",
    "shelf",
  ]);
  assert.deepEqual(Object.keys(newStationeryFields.shape), [
    "title",
    "price",
    "salePrice",
    "saleStarts",
    "saleEnds",
    "stock",
    "weight",
    "categoryId",
  ]);
  const all = { stock: 1, price: 2, title: "Pen", weight: 0.01, categoryId: 3 };
  assert.deepEqual(stationeryChangesBody.parse(all), {
    stock: 1,
    price: 200,
    title: "Pen",
    weight: 10,
    categoryId: 3,
  });
  assert.ok(!stationeryChangesBody.safeParse({ author: "x" }).success);
});

Deno.test("the derived schemas refuse with the messages the API has always given", () => {
  const problems = (
    schema: {
      safeParse(v: unknown): { error?: { issues: { path: PropertyKey[]; message: string }[] } };
    },
    value: unknown,
  ) =>
    Object.fromEntries(
      (schema.safeParse(value).error?.issues ?? []).map((i) => [i.path.join("."), i.message]),
    );
  assert.deepEqual(problems(bookChangesBody, { title: " ", isbn13: "12", stock: 1, addStock: 2 }), {
    title: "Title is required",
    isbn13: "must be 13 digits",
    addStock: "give either stock (absolute) or addStock (relative), not both",
  });
  assert.deepEqual(
    problems(newBookFields, { title: "x", price: "1.234" }).price,
    "must be an amount of rupees with at most 2 decimals",
  );
  assert.equal(problems(newBookFields, {}).author, "Author is required");
  assert.equal(
    problems(newBookFields, {}).language,
    "must be one of Sinhala, English, Tamil, Hindi",
  );
  assert.equal(problems(bookChangesBody, { preorder: "yes" }).preorder, "must be true or false");
  assert.equal(
    problems(bookChangesBody, { description: "x".repeat(10_001) }).description,
    "must be at most 10000 characters",
  );
});

/** A record's answer sent back as a change body: each changeable field under its creation name. */
function changeBodyOf(fields: Fields, wire: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    fieldsOf(fields).filter(([, f]) => isChangeable(f))
      .map(([name, f]) => [createName(name, f), wire[wireName(name, f)]]),
  );
}

/** A record's answer typed into its creation form: text, empty fields left out. */
function formOf(fields: Fields, wire: Record<string, unknown>): Record<string, string> {
  const form: Record<string, string> = {};
  for (const [name, f] of fieldsOf(fields)) {
    const value = wire[wireName(name, f)];
    if (!isWritable(f) || f.kind === "images" || value === null) continue;
    form[createName(name, f)] = String(value);
  }
  return form;
}

function pick<F extends Fields>(fields: F, record: RecordOf<F>, keep: (f: F[keyof F]) => boolean) {
  return Object.fromEntries(
    fieldsOf(fields).filter(([, f]) => keep(f as F[keyof F]))
      .map(([name]) => [name, (record as Record<string, unknown>)[name]]),
  );
}

for (
  const [kind, fields, changesBody, creation] of [
    ["book", BOOK_FIELDS, bookChangesBody, newBookFields],
    ["stationery item", STATIONERY_FIELDS, stationeryChangesBody, newStationeryFields],
  ] as const
) {
  Deno.test(`a random ${kind} goes to the wire, back as a change or a new one, and is the same`, () => {
    const toWire = wireRecordOf(fields as Fields);
    const fromWire = recordFromWireOf(fields as Fields);
    fc.assert(
      fc.property(arbitraryRecord(fields as Fields), (record) => {
        const wire = toWire(record) as Record<string, unknown>;
        // The browser reads the answer back into the same record.
        assert.deepEqual(fromWire(wire as never), record);
        // A change body of every field changes every field to the record's value.
        const body = changesBody.parse(changeBodyOf(fields, wire));
        assert.deepEqual(
          changesFrom(fields as Fields, body as Record<string, unknown>),
          pick(fields as Fields, record, (f) => isChangeable(f)),
        );
        // The creation form gives the same new record, its defaults filled in.
        const typed = creation.parse(formOf(fields, wire));
        const created = completeRecord(fields as Fields, {
          ...newRecordFrom(fields as Fields, typed as Record<string, unknown>),
          ...pick(fields as Fields, record, (f) => f.kind === "images"),
        } as never);
        assert.deepEqual(created, pick(fields as Fields, record, (f) => isWritable(f)));
      }),
      { numRuns: 300 },
    );
  });
}

Deno.test("an order's answer keeps its names, and its key's salt stays out of it", () => {
  assert.deepEqual(Object.keys(OrderSchema.shape), [
    "id",
    "user_id",
    "status",
    "order_date",
    "name",
    "address",
    "email",
    "phone",
    "postal_code",
    "province_name",
    "district_name",
    "area_name",
    "province_name_si",
    "province_name_ta",
    "district_name_si",
    "district_name_ta",
    "area_name_si",
    "area_name_ta",
    "total",
    "delivery_fee",
    "parcels",
    "second_parcel_fee",
    "payment_method",
    "items",
    "adjustments",
    "payment_status",
    "courier",
    "tracking_number",
    "reject_reason",
    "expires_at",
    "locale",
    "events",
    "payment_proofs",
    "breakdown",
  ]);
});
