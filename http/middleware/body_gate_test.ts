import assert from "node:assert/strict";
import { bodyAllowanceOf, FORM_FIELDS_BYTES, MAX_FILE_BYTES, routeBodies } from "./body_gate.ts";
import { MAX_JSON_BYTES } from "../app.ts";
import { ROUTES } from "../../contract/routes/mod.ts";
import { MAX_IMAGES } from "../routes/product_images.ts";
import { MAX_CSV_BYTES } from "../routes/catalogue_csv.ts";
import { json, orderBody, type TestApp, testApp } from "../testing/fixture.ts";

function route(method: string, path: string) {
  const found = ROUTES.find((r) => r.method === method && r.path === path);
  if (!found) throw new Error(`${method} ${path} is not in the route table`);
  return found;
}

/** A body that counts what is pulled from it, never handing a byte before it is asked. */
function countedBody(bytes: number) {
  const counted = { pulled: 0 };
  const piece = new Uint8Array(64 * 1024);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (counted.pulled >= bytes) return controller.close();
      counted.pulled += piece.length;
      controller.enqueue(piece);
    },
  }, { highWaterMark: 0 });
  return { stream, counted };
}

function post(t: TestApp, path: string, body: ReadableStream<Uint8Array>, type: string) {
  return t.app.request(path, {
    method: "POST",
    headers: { "Content-Type": type },
    body,
    duplex: "half",
  } as RequestInit);
}

async function placeBankDeposit(t: TestApp) {
  const response = await t.app.request(
    "/api/orders",
    json(
      "POST",
      orderBody(t.ids.book, {
        total: 950,
        paymentMethod: "Bank Deposit",
        items: [{ id: t.ids.book, quantity: 1, type: "book" }],
      }),
    ),
  );
  assert.equal(response.status, 201);
  const placed = await response.json();
  return { id: placed.orderId as number, key: new URL(placed.orderUrl).searchParams.get("key")! };
}

Deno.test("bodyAllowanceOf() gives each route the body its declaration says: JSON small, files at 5 MB each, none for the rest", () => {
  assert.equal(bodyAllowanceOf(route("POST", "/api/orders"))?.maxBytes, MAX_JSON_BYTES);
  assert.equal(
    bodyAllowanceOf(route("POST", "/api/orders/:id/payment-proof"))?.maxBytes,
    MAX_FILE_BYTES + FORM_FIELDS_BYTES,
  );
  assert.equal(
    bodyAllowanceOf(route("POST", "/api/books"))?.maxBytes,
    MAX_IMAGES * MAX_FILE_BYTES + FORM_FIELDS_BYTES,
  );
  assert.equal(bodyAllowanceOf(route("POST", "/api/books/import"))?.maxBytes, MAX_CSV_BYTES);
  for (const [method, path] of [["POST", "/api/auth/logout"], ["GET", "/api/books"]]) {
    assert.equal(bodyAllowanceOf(route(method, path)), undefined, path);
  }
  assert.equal(MAX_FILE_BYTES, 5 * 1024 * 1024);
});

Deno.test("routeBodies() finds a request's route as the router does, fixed segments first", () => {
  const find = routeBodies(ROUTES);
  assert.equal(find("PUT", "/api/books/price/7")?.allowance?.maxBytes, MAX_JSON_BYTES);
  assert.equal(find("POST", "/api/books/import")?.allowance?.maxBytes, MAX_CSV_BYTES);
  assert.equal(
    find("POST", "/api/orders/12/payment-proof")?.allowance?.maxBytes,
    MAX_FILE_BYTES + FORM_FIELDS_BYTES,
  );
  assert.deepEqual(find("POST", "/api/auth/logout"), { allowance: undefined });
  assert.equal(find("POST", "/api/no-such-route"), undefined);
  assert.equal(find("POST", "/api/orders//payment-proof"), undefined);
});

Deno.test("a slip for a wrong key is answered 404 without a byte of its body read", async () => {
  const t = await testApp();
  const { id } = await placeBankDeposit(t);
  const { stream, counted } = countedBody(50 * 1024 * 1024);
  const response = await post(
    t,
    `/api/orders/${id}/payment-proof?key=WRONG`,
    stream,
    "multipart/form-data; boundary=x",
  );
  assert.equal(response.status, 404);
  assert.equal(counted.pulled, 0);
});

Deno.test("a slip for the right key is read only up to its cap, then 413", async () => {
  const t = await testApp();
  const { id, key } = await placeBankDeposit(t);
  const { stream, counted } = countedBody(50 * 1024 * 1024);
  const response = await post(
    t,
    `/api/orders/${id}/payment-proof?key=${key}`,
    stream,
    "multipart/form-data; boundary=x",
  );
  assert.equal(response.status, 413);
  assert.equal((await response.json()).error.code, "PAYLOAD_TOO_LARGE");
  assert.ok(counted.pulled <= MAX_FILE_BYTES + FORM_FIELDS_BYTES + 64 * 1024, `${counted.pulled}`);
});

Deno.test("a declared Content-Length above the route's cap is 413 before anything is read", async () => {
  const t = await testApp();
  const { stream, counted } = countedBody(1024);
  const response = await t.app.request("/api/orders", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Content-Length": String(MAX_JSON_BYTES + 1) },
    body: stream,
    duplex: "half",
  } as RequestInit);
  assert.equal(response.status, 413);
  assert.equal(counted.pulled, 0);
});

Deno.test("a body sent to no route, or to a route that takes none, is never read", async () => {
  const t = await testApp();
  for (const path of ["/api/no-such-route", "/api/auth/logout", "/api/books/1/restore"]) {
    const { stream, counted } = countedBody(50 * 1024 * 1024);
    const response = await post(t, path, stream, "multipart/form-data; boundary=x");
    assert.ok([401, 404].includes(response.status), `${path}: ${response.status}`);
    assert.equal(counted.pulled, 0, path);
  }
});

Deno.test("an admin route's form is refused to a stranger before it is read", async () => {
  const t = await testApp();
  const { stream, counted } = countedBody(50 * 1024 * 1024);
  const response = await post(t, "/api/books", stream, "multipart/form-data; boundary=x");
  assert.equal(response.status, 401);
  assert.equal(counted.pulled, 0);
});
