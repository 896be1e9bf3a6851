import assert from "node:assert/strict";
import { BOOK_COLUMNS, BOOK_SQL, STATIONERY_COLUMNS, STATIONERY_SQL } from "./catalogue_rows.ts";
import { Params, RowShapeError } from "./record_table.ts";
import { ORDER_COLUMNS, ORDER_SQL, orderFromRow } from "./order_rows.ts";
import type { Order } from "../../domain/orders/model.ts";

const list = (sql: string) => sql.split(",").map((part) => part.trim());

Deno.test("BOOK_FIELDS gives the books' column list the SQL has always read", () => {
  assert.deepEqual(list(BOOK_COLUMNS), [
    "b.id",
    "b.title",
    "b.author",
    "b.translator",
    "b.price_cents",
    "b.sale_price_cents",
    "b.sale_starts",
    "b.sale_ends",
    "b.stock",
    "b.category_id",
    "c.name AS category_name",
    "b.isbn13",
    "b.language",
    "b.binding",
    "b.publisher",
    "b.publishing_date",
    "b.edition",
    "b.page_count",
    "b.weight_grams",
    "b.description",
    "b.images",
    "b.preorder",
    "b.preorder_date",
    "b.preordered_stock",
  ]);
  assert.deepEqual(list(STATIONERY_COLUMNS), [
    "s.id",
    "s.title",
    "s.price_cents",
    "s.sale_price_cents",
    "s.sale_starts",
    "s.sale_ends",
    "s.stock",
    "s.weight_grams",
    "s.category_id",
    "c.name AS category_name",
    "s.image",
  ]);
});

Deno.test("a new book is inserted with each writable column beside its own parameter", () => {
  const columns = [
    "title",
    "author",
    "translator",
    "price_cents",
    "sale_price_cents",
    "sale_starts",
    "sale_ends",
    "stock",
    "category_id",
    "isbn13",
    "language",
    "binding",
    "publisher",
    "publishing_date",
    "edition",
    "page_count",
    "weight_grams",
    "description",
    "images",
    "preorder",
    "preorder_date",
    "preordered_stock",
  ];
  assert.equal(
    BOOK_SQL.insert,
    `INSERT INTO books (${columns.join(", ")}) VALUES (${
      columns.map((_, i) => `$${i + 1}`).join(", ")
    })`,
  );
  const params = BOOK_SQL.insertParams({
    title: "Madol Doova",
    author: "Martin Wickramasinghe",
    priceCents: 95_000,
    stock: 5,
    categoryId: 1,
    isbn13: "9789550000001",
    language: "Sinhala",
    binding: "Paperback",
    publisher: "Sarasa",
    publishingDate: "1947-01-01",
    edition: "1st",
    weightGrams: 350,
    description: "  ",
    images: ["/uploads/a.png"],
  });
  // The defaults of what it left out, and a blank description as none.
  assert.deepEqual(params, [
    "Madol Doova",
    "Martin Wickramasinghe",
    null,
    95_000,
    null,
    null,
    null,
    5,
    1,
    "9789550000001",
    "Sinhala",
    "Paperback",
    "Sarasa",
    "1947-01-01",
    "1st",
    null,
    350,
    null,
    ["/uploads/a.png"],
    false,
    null,
    0,
  ]);
});

Deno.test("a change keeps every field it leaves out, and says whether a nullable one is changed", () => {
  const change = BOOK_SQL.changes<Record<string, unknown>>(4, ["stock"]);
  const set = change.set.split(",\n").map((line) => line.trim());
  // The UPDATE's 30 parameters: the id, the stock and the stock to add, then these.
  assert.equal(set.length, 20);
  assert.ok(set.includes("price_cents = COALESCE($8::bigint, price_cents)"));
  assert.ok(
    set.includes(
      "description = CASE WHEN $25::boolean THEN $26::text ELSE description END",
    ),
    set.join("\n"),
  );
  assert.ok(
    set.includes(
      "sale_price_cents = CASE WHEN $9::boolean THEN $10::bigint ELSE sale_price_cents END",
    ),
  );
  assert.ok(!set.some((line) => line.startsWith("stock") || line.startsWith("images")));
  const params = change.params({ priceCents: 120_050, description: null, saleEnds: null });
  assert.equal(params.length, 27);
  assert.equal(params[4], 120_050);
  assert.deepEqual(params.slice(21, 23), [true, null]);
  // Ending a sale's window is a change to null, told apart from leaving it as it is.
  assert.deepEqual(params.slice(5, 11), [false, null, false, null, true, null]);
  // A translator or a page count left out is kept: its flag says so.
  assert.deepEqual([params[2], params[18]], [false, false]);
  assert.deepEqual(change.params({}).filter((p) => p !== null && p !== false), []);
});

Deno.test("an import's recordset names every stored column with its type", () => {
  const books = BOOK_SQL.recordset();
  assert.equal(
    books.definition,
    "r(id integer, title text, author text, translator text, price_cents bigint, " +
      "sale_price_cents bigint, sale_starts date, sale_ends date, stock integer, category_id integer, isbn13 text, language text, binding text, " +
      "publisher text, publishing_date date, edition text, page_count integer, " +
      "weight_grams integer, description text, images text[], " +
      "preorder boolean, preorder_date date, preordered_stock integer)",
  );
  assert.ok(!books.assignments(["isbn13"]).includes("isbn13"));
  assert.equal(
    STATIONERY_SQL.recordset().assignments(),
    "title = r.title, price_cents = r.price_cents, sale_price_cents = r.sale_price_cents, " +
      "sale_starts = r.sale_starts, sale_ends = r.sale_ends, stock = r.stock, " +
      "weight_grams = r.weight_grams, category_id = r.category_id, image = r.image",
  );
});

const ROW = {
  id: 7,
  title: "Madol Doova",
  price_cents: 95_000,
  sale_price_cents: 80_000,
  sale_starts: null,
  sale_ends: "2026-09-25",
  stock: 3,
  weight_grams: 40,
  category_id: 2,
  category_name: "Pens",
  image: "/uploads/pen.png",
};

Deno.test("a row is read into the domain's record, field by field", () => {
  assert.deepEqual(STATIONERY_SQL.fromRow(ROW), {
    id: 7,
    title: "Madol Doova",
    priceCents: 95_000,
    salePriceCents: 80_000,
    saleStarts: null,
    saleEnds: "2026-09-25",
    stock: 3,
    weightGrams: 40,
    categoryId: 2,
    categoryName: "Pens",
    image: "/uploads/pen.png",
  });
});

Deno.test("a row of the wrong shape is refused with the column it got wrong", () => {
  const wrong: [Record<string, unknown>, RegExp][] = [
    [{ ...ROW, price_cents: "950.00" }, /"price_cents": expected a whole number, got "950\.00"/],
    [{ ...ROW, stock: 2.5 }, /"stock": expected a whole number/],
    [{ ...ROW, title: null }, /"title": expected text, got null/],
    [{ ...ROW, image: undefined }, /"image": expected text, got no such column/],
  ];
  for (const [row, message] of wrong) {
    assert.throws(() => STATIONERY_SQL.fromRow(row), RowShapeError);
    assert.throws(() => STATIONERY_SQL.fromRow(row), message);
  }
  const book = {
    ...ROW,
    author: "Martin Wickramasinghe",
    translator: null,
    isbn13: "9789550000001",
    language: "Sinhala",
    binding: "Paperback",
    publisher: "Sarasa",
    publishing_date: "1947-01-01",
    edition: "1st",
    page_count: null,
    description: " \n ",
    images: ["/uploads/a.png"],
    preorder: false,
    preorder_date: null,
    preordered_stock: 0,
  };
  assert.equal(BOOK_SQL.fromRow(book).description, null);
  assert.equal(BOOK_SQL.fromRow(book).preorderDate, null);
  assert.throws(
    () => BOOK_SQL.fromRow({ ...book, language: "French" }),
    /"language": expected one of/,
  );
  assert.throws(
    () => BOOK_SQL.fromRow({ ...book, preorder: "t" }),
    /"preorder": expected a boolean/,
  );
  assert.throws(
    () => BOOK_SQL.fromRow({ ...book, publishing_date: new Date(0) }),
    /A row of books has a bad "publishing_date": expected a date as YYYY-MM-DD, got a timestamp/,
  );
  assert.throws(() => BOOK_SQL.fromRow({ ...book, images: [1] }), /"images": expected a list/);
  assert.throws(() => BOOK_SQL.fromRow({ ...book, page_count: "300" }), /"page_count"/);
  assert.deepEqual(
    [BOOK_SQL.fromRow({ ...book, page_count: 312, translator: "K. Jayatilleke" })]
      .map((b) => [b.pageCount, b.translator]),
    [[312, "K. Jayatilleke"]],
  );
});

Deno.test("ORDER_FIELDS gives the orders' columns, its lines, timeline and slips as JSON", () => {
  const columns = ORDER_COLUMNS.split(/,(?![^(]*\))/).map((c) => c.trim());
  const plain = columns.filter((c) => c.startsWith("o."));
  assert.deepEqual(plain, [
    "o.id",
    "o.user_id",
    "o.status",
    "o.order_date",
    "o.name",
    "o.address",
    "o.email",
    "o.phone",
    "o.postal_code",
    "o.province_name",
    "o.district_name",
    "o.area_name",
    "o.province_name_si",
    "o.province_name_ta",
    "o.district_name_si",
    "o.district_name_ta",
    "o.area_name_si",
    "o.area_name_ta",
    "o.total_cents",
    "o.delivery_fee_cents",
    "o.parcels",
    "o.second_parcel_fee_cents",
    "o.payment_method",
    "o.payment_status",
    "o.courier",
    "o.tracking_number",
    "o.reject_reason",
    "o.expires_at",
    "o.locale",
    "o.key_salt",
  ]);
  for (const rows of ["items", "events", "payment_proofs"]) {
    assert.match(ORDER_COLUMNS, new RegExp(`'\\[\\]'::json\\) AS ${rows}\\b`));
  }
  // What the order as a whole got: its own rows of order_adjustments, read as a list.
  assert.match(
    ORDER_COLUMNS,
    /FROM order_adjustments a WHERE a\.order_id = o\.id AND a\.order_item_id IS NULL\)[^]*AS adjustments\b/,
  );
});

Deno.test("a placed order's INSERT puts each value beside its column", () => {
  const p = new Params();
  const order: Order = {
    id: 0,
    userId: null,
    status: "pending",
    orderDate: "2026-11-26T10:00:00.000Z",
    customer: {
      name: "Nimal Perera",
      address: "12 Galle Road",
      email: "nimal@example.lk",
      phone: "0771234567",
      postalCode: "10370",
    },
    provinceName: "Western",
    districtName: "Colombo",
    areaName: "Dehiwala",
    provinceNameSi: null,
    provinceNameTa: null,
    districtNameSi: null,
    districtNameTa: null,
    areaNameSi: null,
    areaNameTa: null,
    totalCents: 95_000,
    deliveryFeeCents: 40_000,
    parcels: "together",
    secondParcelFeeCents: 0,
    paymentMethod: "COD",
    items: [],
    adjustments: [],
    vouchers: [],
    refundsGiven: [],
    paymentStatus: "unpaid",
    courier: null,
    trackingNumber: null,
    rejectReason: null,
    expiresAt: null,
    locale: "si",
    events: [],
    paymentProofs: [],
    keySalt: "salt",
  };
  const sql = ORDER_SQL.insertOf(p, order, { province_id: 1, key_hash: "hash" });
  const [columns, values] = sql.replace("INSERT INTO orders (", "").split(") VALUES (");
  const placed = Object.fromEntries(
    columns.split(", ").map((column, i) => {
      const placeholder = values.replace(/\)$/, "").split(", ")[i];
      return [column, p.values[Number(placeholder.slice(1)) - 1]];
    }),
  );
  assert.deepEqual(placed, {
    user_id: null,
    status: "pending",
    order_date: "2026-11-26T10:00:00.000Z",
    name: "Nimal Perera",
    address: "12 Galle Road",
    email: "nimal@example.lk",
    phone: "0771234567",
    postal_code: "10370",
    province_name: "Western",
    district_name: "Colombo",
    area_name: "Dehiwala",
    province_name_si: null,
    province_name_ta: null,
    district_name_si: null,
    district_name_ta: null,
    area_name_si: null,
    area_name_ta: null,
    total_cents: 95_000,
    delivery_fee_cents: 40_000,
    parcels: "together",
    second_parcel_fee_cents: 0,
    payment_method: "COD",
    payment_status: "unpaid",
    courier: null,
    tracking_number: null,
    reject_reason: null,
    expires_at: null,
    locale: "si",
    key_salt: "salt",
    province_id: 1,
    key_hash: "hash",
  });
});

Deno.test("an order's row is read with its customer inside, and a bad line is refused by column", () => {
  const row = {
    id: 9,
    user_id: null,
    status: "pending",
    order_date: new Date("2026-11-26T10:00:00Z"),
    name: "Nimal Perera",
    address: "12 Galle Road",
    email: "nimal@example.lk",
    phone: "0771234567",
    postal_code: "10370",
    province_name: "Western",
    district_name: "Colombo",
    area_name: "Dehiwala",
    province_name_si: null,
    province_name_ta: null,
    district_name_si: null,
    district_name_ta: null,
    area_name_si: null,
    area_name_ta: null,
    total_cents: 95_000,
    delivery_fee_cents: 40_000,
    parcels: "together",
    second_parcel_fee_cents: 0,
    payment_method: "Bank Deposit",
    payment_status: "unpaid",
    courier: null,
    tracking_number: null,
    reject_reason: null,
    expires_at: new Date("2026-11-28T10:00:00Z"),
    locale: "en",
    key_salt: null,
    items: [{
      id: 1,
      type: "book",
      itemId: 3,
      title: "Madol Doova",
      isbn13: "9789550000001",
      quantity: 2,
      listUnitCents: 50_000,
      unitPriceCents: 47_500,
      adjustments: [
        {
          kind: "sale",
          sourceId: null,
          name: null,
          names: {},
          amountCents: 5_000,
          freeDelivery: false,
        },
        {
          kind: "campaign",
          sourceId: 4,
          name: "Book Fair 2026",
          names: { si: "පොත් ප්‍රදර්ශනය 2026" },
          amountCents: 9_500,
          freeDelivery: false,
        },
      ],
      weightGrams: 350,
      preorder: false,
      preorderDate: null,
    }],
    adjustments: [{
      kind: "code",
      sourceId: 2,
      name: "SCHOOL10",
      names: {},
      amountCents: 0,
      freeDelivery: true,
    }],
    vouchers: [{ voucherId: 5, last4: "Q2K7", cents: 20_000 }],
    refunds_given: [{ amountCents: 6_500, at: "2026-11-28T10:00:00+05:30" }],
    events: [{ at: "2026-11-26T15:30:00+05:30", kind: "placed", actor: "customer", note: null }],
    payment_proofs: [],
  };
  const order = orderFromRow(row);
  assert.deepEqual(order.vouchers, [{ voucherId: 5, last4: "Q2K7", cents: 20_000 }]);
  assert.throws(
    () => orderFromRow({ ...row, vouchers: [{ ...row.vouchers[0], cents: "200" }] }),
    /A row of voucher_ledger has a bad "cents"/,
  );
  assert.deepEqual(order.refundsGiven, [{ amountCents: 6_500, at: "2026-11-28T04:30:00.000Z" }]);
  assert.throws(
    () => orderFromRow({ ...row, refunds_given: [{ amountCents: "6500", at: "x" }] }),
    /A row of refunds has a bad "amountCents"/,
  );
  assert.equal(order.items[0].listUnitCents, 50_000);
  assert.deepEqual(order.items[0].adjustments, [
    { kind: "sale", sourceId: null, name: null, names: {}, amountCents: 5_000 },
    {
      kind: "campaign",
      sourceId: 4,
      name: "Book Fair 2026",
      names: { si: "පොත් ප්‍රදර්ශනය 2026" },
      amountCents: 9_500,
    },
  ]);
  assert.deepEqual(order.adjustments, [{
    kind: "code",
    sourceId: 2,
    name: "SCHOOL10",
    names: {},
    amountCents: 0,
    freeDelivery: true,
  }]);
  assert.throws(
    () =>
      orderFromRow({
        ...row,
        adjustments: [{ ...row.adjustments[0], kind: "Code; DROP" }],
      }),
    /A row of order_adjustments has a bad "kind"/,
  );
  assert.equal(order.customer.postalCode, "10370");
  assert.equal(order.orderDate, "2026-11-26T10:00:00.000Z");
  assert.equal(order.events[0].at, "2026-11-26T10:00:00.000Z");
  assert.equal(order.items[0].unitPriceCents, 47_500);
  assert.throws(
    () => orderFromRow({ ...row, items: [{ ...row.items[0], quantity: "2" }] }),
    /A row of order_items has a bad "quantity": expected number, got "2"/,
  );
  assert.throws(
    () => orderFromRow({ ...row, order_date: "2026-11-26" }),
    /A row of orders has a bad "order_date": expected a timestamp/,
  );
  assert.throws(
    () => orderFromRow({ ...row, status: "lost" }),
    /"status": expected one of pending, completed, rejected/,
  );
});
