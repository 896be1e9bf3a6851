import assert from "node:assert/strict";
import { parse } from "csv-parse/sync";
import { extractText, getDocumentProxy } from "unpdf";
import { json, orderBody, type TestApp, testApp } from "../testing/fixture.ts";
import { PdfmakeSlipRenderer } from "../../adapters/pdf/pdfmake_slip_renderer.ts";
import { SAMPLE_SHOP } from "../../domain/notifications/testing/samples.ts";

async function body(response: Response, status: number) {
  assert.equal(response.status, status, await response.clone().text());
  assert.match(response.headers.get("Content-Type") ?? "", /application\/json/);
  return await response.json();
}

/** Places one copy of the test book for `customer`, a minute after the last order. */
async function place(t: TestApp, overrides: Record<string, unknown> = {}): Promise<number> {
  t.clock.advance(60_000);
  const placed = await body(
    await t.app.request(
      "/api/orders",
      json(
        "POST",
        orderBody(t.ids.book, {
          total: 950,
          items: [{ id: t.ids.book, quantity: 1, type: "book" }],
          ...overrides,
        }),
      ),
    ),
    201,
  );
  return placed.orderId;
}

Deno.test("GET /api/orders answers a page with the total, searched by phone, name, e-mail or number", async () => {
  const t = await testApp();
  const kamal = await place(t, { name: "Kamal Silva", phone: "+94 71 555 0101" });
  const nimali = await place(t, { name: "Nimali Perera", email: "nimali@mail.lk" });
  const ruwan = await place(t, { name: "Ruwan", paymentMethod: "Bank Deposit" });
  const ids = async (query: string) => {
    const page = await body(await t.asAdmin(`/api/orders?${query}`), 200);
    return [page.data.map((o: { id: number }) => o.id), page.total];
  };
  assert.deepEqual(await ids(""), [[ruwan, nimali, kamal], 3]);
  assert.deepEqual(await ids("pageSize=2&page=2"), [[kamal], 3]);
  assert.deepEqual(await ids("q=0715550101"), [[kamal], 1]);
  assert.deepEqual(await ids("q=nimali%40mail"), [[nimali], 1]);
  assert.deepEqual(await ids("q=ruwan"), [[ruwan], 1]);
  assert.deepEqual(await ids("paymentMethod=Bank%20Deposit"), [[ruwan], 1]);
  assert.deepEqual(await ids("paymentStatus=paid"), [[], 0]);
  // The fake clock reads 1 March 2026, 15:30 in Sri Lanka.
  assert.deepEqual(await ids("from=2026-03-01&to=2026-03-01"), [[ruwan, nimali, kamal], 3]);
  assert.deepEqual(await ids("from=2026-03-02"), [[], 0]);
  const order = (await body(await t.asAdmin("/api/orders?q=ruwan"), 200)).data[0];
  assert.deepEqual(
    [order.payment_status, order.locale, order.expires_at, order.events.length],
    ["unpaid", "en", "2026-03-03T10:03:00.000Z", 1],
  );
});

Deno.test("GET /api/orders names each bad filter", async () => {
  const t = await testApp();
  for (
    const [query, field] of [
      ["page=0", "page"],
      ["pageSize=101", "pageSize"],
      ["paymentStatus=owing", "paymentStatus"],
      ["paymentMethod=Cheque", "paymentMethod"],
      ["from=2026-02-30", "from"],
      ["from=2026-03-05&to=2026-03-01", "to"],
      [`q=${"x".repeat(201)}`, "q"],
    ]
  ) {
    const refused = await body(await t.asAdmin(`/api/orders?${query}`), 400);
    assert.ok(
      JSON.stringify(refused.error.details).includes(`"${field}"`),
      `${query}: ${JSON.stringify(refused)}`,
    );
  }
});

Deno.test("GET /api/orders/{id} answers one order, 404 for a missing one, 400 for a bad id", async () => {
  const t = await testApp();
  const id = await place(t);
  const found = await body(await t.asAdmin(`/api/orders/${id}`), 200);
  assert.equal(found.data.id, id);
  assert.deepEqual(found.data.items[0].line_total, 950);
  assert.equal((await body(await t.asAdmin("/api/orders/99"), 404)).error.code, "NOT_FOUND");
  await body(await t.asAdmin("/api/orders/abc"), 400);
  assert.equal((await t.app.request(`/api/orders/${id}`)).status, 401);
  const asCustomer = await t.app.request(`/api/orders/${id}`, {
    headers: { Authorization: `Bearer ${t.customerToken}` },
  });
  assert.equal(asCustomer.status, 403);
});

Deno.test("PUT /api/orders/{id}/payment records cash on a COD order, undoes it, and refuses a rejected order", async () => {
  const t = await testApp();
  const id = await place(t);
  const paid = await body(
    await t.asAdmin(`/api/orders/${id}/payment`, json("PUT", { status: "paid", note: "Cash" })),
    200,
  );
  assert.equal(paid.data.payment_status, "paid");
  assert.deepEqual(paid.data.events.at(-1), {
    at: "2026-03-01T10:01:00.000Z",
    kind: "paid",
    actor: "admin",
    note: "Cash",
  });
  const again = await body(
    await t.asAdmin(`/api/orders/${id}/payment`, json("PUT", { status: "paid" })),
    409,
  );
  assert.equal(again.error.code, "INVALID_STATE");
  await body(await t.asAdmin(`/api/orders/${id}/payment`, json("PUT", { status: "unpaid" })), 200);
  await t.asAdmin("/api/orders/status", json("PUT", { id, status: "rejected" }));
  const rejected = await body(
    await t.asAdmin(`/api/orders/${id}/payment`, json("PUT", { status: "paid" })),
    409,
  );
  assert.match(rejected.error.message, /rejected/);
  await body(await t.asAdmin("/api/orders/99/payment", json("PUT", { status: "paid" })), 404);
  const bad = await body(
    await t.asAdmin(`/api/orders/${id}/payment`, json("PUT", { status: "proof_submitted" })),
    400,
  );
  assert.ok(JSON.stringify(bad.error.details).includes("status"));
});

/** The text of the order's saved slip, as the admin downloads it. */
async function slipText(t: TestApp, id: number): Promise<string> {
  const response = await t.asAdmin(`/api/orders/${id}/slip`);
  assert.equal(response.status, 200);
  const pdf = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()));
  return (await extractText(pdf, { mergePages: true })).text.replace(/\s+/g, " ");
}

Deno.test("PUT /api/orders/{id}/payment on a confirmed COD order renders its slip again: paid, nothing to collect", async () => {
  const renderer = await testApp({ slips: new PdfmakeSlipRenderer(SAMPLE_SHOP) });
  const id = await place(renderer);
  await body(
    await renderer.asAdmin("/api/orders/status", json("PUT", { id, status: "completed" })),
    200,
  );
  const sent = await slipText(renderer, id);
  assert.match(sent, /Collect LKR 1,350\.00/);
  assert.match(sent, /Order total LKR 1,350\.00/);

  await body(
    await renderer.asAdmin(`/api/orders/${id}/payment`, json("PUT", { status: "paid" })),
    200,
  );
  const paid = await slipText(renderer, id);
  assert.match(paid, /Paid, nothing to collect/);
  assert.match(paid, /Order total LKR 1,350\.00 Paid −LKR 1,350\.00 To pay LKR 0\.00/);
  assert.doesNotMatch(paid, /Collect/);

  await body(
    await renderer.asAdmin(`/api/orders/${id}/payment`, json("PUT", { status: "unpaid" })),
    200,
  );
  assert.match(await slipText(renderer, id), /Collect LKR 1,350\.00/);
});

Deno.test("PUT /api/orders/status keeps the courier and tracking number, or the reason, on the timeline", async () => {
  const t = await testApp();
  const sent = await place(t);
  const refused = await place(t);
  const done = await body(
    await t.asAdmin(
      "/api/orders/status",
      json("PUT", { id: sent, status: "completed", courier: "Pronto", trackingNumber: "PX-77" }),
    ),
    200,
  );
  assert.deepEqual([done.data.courier, done.data.tracking_number], ["Pronto", "PX-77"]);
  assert.equal(t.slips.rendered[0].trackingNumber, "PX-77");
  const no = await body(
    await t.asAdmin(
      "/api/orders/status",
      json("PUT", { id: refused, status: "rejected", reason: "Out of print" }),
    ),
    200,
  );
  assert.equal(no.data.reject_reason, "Out of print");
  assert.deepEqual(no.data.events.map((e: { kind: string }) => e.kind), ["placed", "rejected"]);
  const long = await body(
    await t.asAdmin(
      "/api/orders/status",
      json("PUT", { id: sent, status: "completed", courier: "x".repeat(101) }),
    ),
    400,
  );
  assert.ok(JSON.stringify(long.error.details).includes("courier"));
});

Deno.test("POST /api/orders/{id}/notes adds the admin's note: 201, 404 for a missing order, 400 for an empty note", async () => {
  const t = await testApp();
  const id = await place(t);
  const noted = await body(
    await t.asAdmin(`/api/orders/${id}/notes`, json("POST", { note: "Called: pays Monday" })),
    201,
  );
  assert.deepEqual(noted.data.events.at(-1).note, "Called: pays Monday");
  await body(await t.asAdmin("/api/orders/99/notes", json("POST", { note: "x" })), 404);
  const empty = await body(
    await t.asAdmin(`/api/orders/${id}/notes`, json("POST", { note: " " })),
    400,
  );
  assert.ok(JSON.stringify(empty.error.details).includes("note"));
});

Deno.test("POST /api/orders refuses more than 20 copies of one item with 422 and keeps the order's language", async () => {
  const t = await testApp();
  await t.catalogue.updateBook(t.ids.book, { stock: 100 });
  const over = await body(
    await t.app.request(
      "/api/orders",
      json(
        "POST",
        orderBody(t.ids.book, {
          total: 950 * 21,
          items: [{ id: t.ids.book, quantity: 21, type: "book" }],
        }),
      ),
    ),
    422,
  );
  assert.equal(over.error.code, "TOO_MANY_COPIES");
  // The details name the line's item and the number, for the shopper's words.
  const { title } = (await t.catalogue.findBook(t.ids.book))!;
  assert.deepEqual(over.error.details, [
    { type: "book", id: t.ids.book, title, quantity: 21, max: 20 },
  ]);
  const id = await place(t, { locale: "si" });
  assert.equal((await body(await t.asAdmin(`/api/orders/${id}`), 200)).data.locale, "si");
  const bad = await body(
    await t.app.request("/api/orders", json("POST", orderBody(t.ids.book, { locale: "fr" }))),
    400,
  );
  assert.ok(JSON.stringify(bad.error.details).includes("locale"));
});

Deno.test("GET /api/orders/export answers the filtered orders as CSV, one row per line", async () => {
  const t = await testApp();
  await place(t, { name: "=Kamal", phone: "+94 71 555 0101" });
  const two = await place(t, {
    name: "Nimali",
    total: 950 + 50,
    items: [{ id: t.ids.book, quantity: 1, type: "book" }, {
      id: t.ids.pen,
      quantity: 1,
      type: "stationery",
    }],
  });
  const response = await t.asAdmin("/api/orders/export?q=nimali");
  assert.equal(response.status, 200);
  assert.match(response.headers.get("Content-Type") ?? "", /^text\/csv/);
  const rows: string[][] = parse(await response.text(), { bom: true });
  assert.equal(rows[0][0], "orderId");
  assert.deepEqual(rows.slice(1).map((r) => [r[0], r[1], r[5], r[15], r[21]]), [
    [String(two), "2026-03-01 15:32", "Nimali", "book", "950.00"],
    [String(two), "2026-03-01 15:32", "Nimali", "stationery", "50.00"],
  ]);
  const all: string[][] = parse(await (await t.asAdmin("/api/orders/export")).text(), {
    bom: true,
  });
  assert.equal(all.length, 4);
  assert.equal(all[3][5], "'=Kamal", "a formula is written as text");
  await body(await t.asAdmin("/api/orders/export?status=lost"), 400);
  assert.equal((await t.app.request("/api/orders/export")).status, 401);
});
