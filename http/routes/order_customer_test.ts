import assert from "node:assert/strict";
import { json, orderBody, type TestApp, testApp } from "../testing/fixture.ts";

async function body(response: Response, status: number) {
  assert.equal(response.status, status, await response.clone().text());
  assert.match(response.headers.get("Content-Type") ?? "", /application\/json/);
  return await response.json();
}

const PDF = new TextEncoder().encode("%PDF-1.4\n% deposit slip\n%%EOF\n");

/** Places a Bank Deposit order for one copy of the test book: its id and page link. */
async function placeBankDeposit(t: TestApp, headers: Record<string, string> = {}) {
  const placed = await body(
    await t.app.request(
      "/api/orders",
      json(
        "POST",
        orderBody(t.ids.book, {
          total: 950,
          paymentMethod: "Bank Deposit",
          items: [{ id: t.ids.book, quantity: 1, type: "book" }],
        }),
        headers,
      ),
    ),
    201,
  );
  const url = new URL(placed.orderUrl);
  return { id: placed.orderId as number, key: url.searchParams.get("key")!, url };
}

function proofForm(bytes: Uint8Array, name = "slip.pdf", type = "application/pdf"): FormData {
  const form = new FormData();
  form.append("proof", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return form;
}

function upload(t: TestApp, id: number, key: string, form: FormData) {
  return t.app.request(`/api/orders/${id}/payment-proof?key=${encodeURIComponent(key)}`, {
    method: "POST",
    body: form,
  });
}

Deno.test("POST /api/orders answers the order's page with a key of 256 bits, the same on a replay", async () => {
  const t = await testApp();
  const first = await placeBankDeposit(t, { "Idempotency-Key": "k-1" });
  assert.equal(
    `${first.url.origin}${first.url.pathname}`,
    `http://localhost:8000/orders/${first.id}`,
  );
  assert.match(first.key, /^[A-Za-z0-9_-]{43}$/);
  const again = await placeBankDeposit(t, { "Idempotency-Key": "k-1" });
  assert.equal(again.url.href, first.url.href);
  const other = await placeBankDeposit(t);
  assert.notEqual(other.key, first.key);
});

Deno.test("GET /api/orders/{id}/view shows the customer's order with its key, and a wrong or missing key answers as a missing order", async () => {
  const t = await testApp();
  const { id, key } = await placeBankDeposit(t);
  await t.asAdmin(`/api/orders/${id}/notes`, json("POST", { note: "Looks like a reseller" }));
  const seen = await body(await t.app.request(`/api/orders/${id}/view?key=${key}`), 200);
  assert.equal(seen.data.id, id);
  assert.equal(seen.data.payment_status, "unpaid");
  assert.equal(seen.data.email, undefined);
  assert.equal(seen.data.phone, undefined);
  assert.deepEqual(seen.data.events.map((e: { kind: string }) => e.kind), ["placed"]);
  assert.equal(seen.data.expires_at, "2026-03-03T10:00:00.000Z");
  const wrong = await body(await t.app.request(`/api/orders/${id}/view?key=${key}x`), 404);
  const missing = await body(await t.app.request(`/api/orders/${id}/view`), 404);
  const empty = await body(await t.app.request(`/api/orders/${id}/view?key=`), 404);
  const none = await body(await t.app.request(`/api/orders/${id + 50}/view?key=${key}`), 404);
  assert.deepEqual(wrong, missing);
  assert.deepEqual(wrong, empty);
  assert.deepEqual(none.error.message, `Order ${id + 50} not found`);
  assert.deepEqual(wrong.error.message, `Order ${id} not found`);
  await body(await t.app.request(`/api/orders/${id}/view?key=${"k".repeat(201)}`), 400);
});

Deno.test("POST /api/orders/{id}/payment-proof takes a PDF: 201, proof_submitted, and the admin reads it back", async () => {
  const t = await testApp();
  const { id, key } = await placeBankDeposit(t);
  const sent = await body(await upload(t, id, key, proofForm(PDF)), 201);
  assert.equal(sent.data.payment_status, "proof_submitted");
  assert.equal(sent.data.expires_at, null);
  const order = (await body(await t.asAdmin(`/api/orders/${id}`), 200)).data;
  assert.equal(order.payment_proofs.length, 1);
  assert.equal(order.payment_proofs[0].content_type, "application/pdf");
  const file = await t.asAdmin(`/api/orders/${id}/payment-proofs/${order.payment_proofs[0].id}`);
  assert.equal(file.status, 200);
  assert.equal(file.headers.get("Content-Type"), "application/pdf");
  assert.deepEqual(new Uint8Array(await file.arrayBuffer()), PDF);
  assert.equal((await t.asAdmin(`/api/orders/${id}/payment-proofs/999`)).status, 404);
  assert.equal(
    (await t.app.request(`/api/orders/${id}/payment-proofs/${order.payment_proofs[0].id}`)).status,
    401,
  );
  const verified = await body(
    await t.asAdmin(`/api/orders/${id}/payment`, json("PUT", { status: "paid" })),
    200,
  );
  assert.equal(verified.data.payment_status, "paid");
  const late = await body(await upload(t, id, key, proofForm(PDF)), 409);
  assert.equal(late.error.code, "INVALID_STATE");
});

Deno.test("POST /api/orders/{id}/payment-proof refuses a lying type (415), 5 MB and more (413), a sixth (409), a COD order (409) and a wrong key (404)", async () => {
  const t = await testApp();
  const { id, key } = await placeBankDeposit(t);
  const lie = await body(
    await upload(
      t,
      id,
      key,
      proofForm(new TextEncoder().encode("<svg/>"), "slip.png", "image/png"),
    ),
    415,
  );
  assert.equal(lie.error.details[0].field, "proof");
  const big = new Uint8Array(5 * 1024 * 1024 + 1);
  big.set(PDF);
  await body(await upload(t, id, key, proofForm(big)), 413);
  await body(await upload(t, id, key, new FormData()), 400);
  for (let n = 1; n <= 5; n++) await body(await upload(t, id, key, proofForm(PDF)), 201);
  const sixth = await body(await upload(t, id, key, proofForm(PDF)), 409);
  assert.match(sixth.error.message, /at most 5/);
  await body(await upload(t, id, `${key}x`, proofForm(PDF)), 404);
  const cod = await body(
    await t.app.request(
      "/api/orders",
      json(
        "POST",
        orderBody(t.ids.book, {
          total: 950,
          items: [{ id: t.ids.book, quantity: 1, type: "book" }],
        }),
      ),
    ),
    201,
  );
  const codKey = new URL(cod.orderUrl).searchParams.get("key")!;
  const refused = await body(await upload(t, cod.orderId, codKey, proofForm(PDF)), 409);
  assert.match(refused.error.message, /Bank Deposit/);
});

Deno.test("POST /api/orders/lookup answers 202 whatever the input and mails the link only when number and address match", async () => {
  const t = await testApp();
  const { id } = await placeBankDeposit(t);
  const ask = (orderId: number, email: string) =>
    t.app.request("/api/orders/lookup", json("POST", { orderId, email }));
  const before = t.orders.outbox.length;
  for (
    const [orderId, email] of [
      [id, "someone@else.lk"],
      [id + 40, "nimal@example.lk"],
    ] as const
  ) {
    assert.deepEqual(await body(await ask(orderId, email), 202), { data: { accepted: true } });
  }
  assert.equal(t.orders.outbox.length, before, "nothing mailed for a wrong pair");
  await body(await ask(id, " Nimal@Example.lk "), 202);
  assert.deepEqual(t.orders.outbox.at(-1), { kind: "order_link", orderId: id });
  const bad = await body(
    await t.app.request("/api/orders/lookup", json("POST", { orderId: id, email: "no" })),
    400,
  );
  assert.ok(JSON.stringify(bad.error.details).includes("email"));
});

Deno.test("POST /api/orders/lookup mails at most five links to an address an hour, refusing nobody", async () => {
  const t = await testApp();
  const { id } = await placeBankDeposit(t);
  const ask = () =>
    t.app.request("/api/orders/lookup", json("POST", { orderId: id, email: "nimal@example.lk" }));
  const links = () => t.orders.outbox.filter((m) => m.kind === "order_link").length;
  for (let n = 1; n <= 7; n++) await body(await ask(), 202);
  assert.equal(links(), 5, "the sixth and seventh are answered alike, and send nothing");
  t.clock.advance(60 * 60_000);
  await body(await ask(), 202);
  assert.equal(links(), 6);
});

Deno.test("a deposit slip that is a PDF carrying HTML and script is served to the admin as a download in a sandbox, its type read from its bytes", async () => {
  const t = await testApp();
  const { id, key } = await placeBankDeposit(t);
  const polyglot = new TextEncoder().encode(
    "%PDF-1.4\n<html><body><script>fetch('/api/staff',{method:'POST'})</script></body></html>\n%%EOF",
  );
  await body(await upload(t, id, key, proofForm(polyglot, "slip.html", "text/html")), 201);
  const order = (await body(await t.asAdmin(`/api/orders/${id}`), 200)).data;
  const file = await t.asAdmin(`/api/orders/${id}/payment-proofs/${order.payment_proofs[0].id}`);
  assert.equal(file.status, 200);
  assert.equal(file.headers.get("Content-Type"), "application/pdf");
  assert.match(
    file.headers.get("Content-Disposition") ?? "",
    /^attachment; filename="[^"]+\.pdf"$/,
  );
  assert.match(file.headers.get("Content-Security-Policy") ?? "", /sandbox/);
  assert.equal(file.headers.get("X-Content-Type-Options"), "nosniff");
  await file.body?.cancel();
});

Deno.test("GET /api/orders/{id}/receipt answers the order's receipt PDF with its key, and a wrong or missing key answers as a missing order", async () => {
  const t = await testApp();
  const { id, key } = await placeBankDeposit(t);
  const receipt = await t.app.request(`/api/orders/${id}/receipt?key=${encodeURIComponent(key)}`);
  assert.equal(receipt.status, 200);
  assert.equal(receipt.headers.get("Content-Type"), "application/pdf");
  assert.equal(
    receipt.headers.get("Content-Disposition"),
    `attachment; filename="pothgula-receipt-${id}.pdf"`,
  );
  assert.match(receipt.headers.get("Cache-Control") ?? "", /no-store/);
  assert.match(new TextDecoder().decode(await receipt.arrayBuffer()), new RegExp(`receipt ${id} `));
  assert.deepEqual(t.receipts.rendered.map((order) => order.id), [id]);
  for (const wrong of ["", "?key=", `?key=${key.slice(1)}x`]) {
    const refused = await body(await t.app.request(`/api/orders/${id}/receipt${wrong}`), 404);
    assert.equal(refused.error.code, "NOT_FOUND");
  }
  await body(await t.app.request(`/api/orders/999/receipt?key=${key}`), 404);
  assert.equal(t.receipts.rendered.length, 1, "a refused key draws no receipt");
});

Deno.test("a slip the owner refuses takes a reason the customer reads on the order's page, its deadline starts again, and the customer is mailed and texted", async () => {
  const t = await testApp();
  const { id, key } = await placeBankDeposit(t);
  await body(await upload(t, id, key, proofForm(PDF)), 201);
  t.clock.advance(30 * 60_000);
  const noReason = await t.asAdmin(`/api/orders/${id}/payment`, json("PUT", { status: "unpaid" }));
  const refusedWithout = await body(noReason, 400);
  assert.match(refusedWithout.error.message, /needs a reason/);
  const reason = "The amount on the slip is LKR 900, not LKR 950";
  await body(
    await t.asAdmin(`/api/orders/${id}/payment`, json("PUT", { status: "unpaid", note: reason })),
    200,
  );
  const seen = await body(await t.app.request(`/api/orders/${id}/view?key=${key}`), 200);
  assert.equal(seen.data.payment_status, "unpaid");
  const refused = seen.data.events.find((e: { kind: string }) => e.kind === "slip_refused");
  assert.equal(refused.note, reason);
  // The Bank Deposit hold (48 hours) again, from the refusal.
  assert.equal(
    seen.data.expires_at,
    new Date(t.clock.now().getTime() + 48 * 3_600_000).toISOString(),
  );
  assert.deepEqual(
    t.orders.outbox.filter((m) => m.kind === "slip_refused").length,
    1,
  );
});
