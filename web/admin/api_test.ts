import assert from "node:assert/strict";
import { ApiFailure, createApiClient, parseRetryAfter, withQuery } from "./api.ts";
import { AUTH_PATHS, BOOK_PATHS, ORDER_PATHS, STATIONERY_PATHS } from "../../contract/paths.ts";

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: BodyInit | null | undefined;
}

function recordingFetch(answer: () => Response) {
  const calls: Call[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({
      url: String(input),
      method: init?.method ?? "GET",
      headers: new Headers(init?.headers),
      body: init?.body,
    });
    return Promise.resolve(answer());
  };
  return { calls, fetch: fetch as typeof globalThis.fetch };
}

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", ...headers },
  });
}

Deno.test("the client sends the bearer token and reads JSON", async () => {
  const { calls, fetch } = recordingFetch(() => jsonResponse(200, { data: [{ id: 1 }] }));
  const api = createApiClient({ getToken: () => "t0k", onUnauthorized: () => {}, fetch });
  const answer = await api.call(BOOK_PATHS.list, { query: { page: 2, q: "" } });
  assert.deepEqual(answer, { data: [{ id: 1 }] });
  assert.equal(calls[0].url, "/api/books?page=2");
  assert.equal(calls[0].headers.get("Authorization"), "Bearer t0k");
});

Deno.test("the client sends JSON bodies with their type and FormData as it is", async () => {
  const { calls, fetch } = recordingFetch(() => new Response(null, { status: 204 }));
  const api = createApiClient({ getToken: () => "t", onUnauthorized: () => {}, fetch });
  const price = await api.call(BOOK_PATHS.price, { params: { id: 3 }, json: { price: 12.5 } });
  assert.equal(price, undefined);
  assert.equal(calls[0].method, "PUT");
  assert.equal(calls[0].url, "/api/books/price/3");
  assert.equal(calls[0].headers.get("Content-Type"), "application/json");
  assert.equal(calls[0].body, '{"price":12.5}');
  const form = new FormData();
  form.set("title", "Pen");
  await api.call(STATIONERY_PATHS.add, { form });
  assert.equal(calls[1].url, "/api/stationery");
  assert.equal(calls[1].body, form);
  assert.equal(calls[1].headers.get("Content-Type"), null);
});

Deno.test("the client turns the error shape into an ApiFailure with its details", async () => {
  const details = [{ field: "isbn13", message: "ISBN-13 is taken" }];
  const { fetch } = recordingFetch(() =>
    jsonResponse(409, { error: { code: "DUPLICATE", message: "Duplicate", details } })
  );
  const api = createApiClient({ getToken: () => "t", onUnauthorized: () => {}, fetch });
  await assert.rejects(api.call(BOOK_PATHS.add, { form: new FormData() }), (error: unknown) => {
    assert.ok(error instanceof ApiFailure);
    assert.equal(error.status, 409);
    assert.equal(error.code, "DUPLICATE");
    assert.deepEqual(error.details, details);
    return true;
  });
});

Deno.test("any 401 ends the session, except on an anonymous call", async () => {
  let loggedOut = 0;
  const { fetch } = recordingFetch(() =>
    jsonResponse(401, { error: { code: "UNAUTHORIZED", message: "Invalid credentials" } })
  );
  const api = createApiClient({ getToken: () => "t", onUnauthorized: () => loggedOut++, fetch });
  await assert.rejects(api.call(ORDER_PATHS.list), ApiFailure);
  assert.equal(loggedOut, 1);
  const login = { json: { email: "a@b.lk", password: "x" } };
  await assert.rejects(api.call(AUTH_PATHS.login, login, { anonymous: true }), ApiFailure);
  assert.equal(loggedOut, 1);
});

Deno.test("a failure without the error shape keeps its status and Retry-After", async () => {
  const { fetch } = recordingFetch(() =>
    new Response("busy", {
      status: 429,
      statusText: "Too Many Requests",
      headers: { "Retry-After": "120" },
    })
  );
  const api = createApiClient({ getToken: () => null, onUnauthorized: () => {}, fetch });
  await assert.rejects(api.call(BOOK_PATHS.authors), (error: unknown) => {
    assert.ok(error instanceof ApiFailure);
    assert.equal(error.status, 429);
    assert.equal(error.retryAfterSeconds, 120);
    assert.equal(error.message, "Too Many Requests");
    return true;
  });
});

Deno.test("a network failure becomes an ApiFailure with status 0", async () => {
  const fetch = (() => Promise.reject(new TypeError("offline"))) as typeof globalThis.fetch;
  const api = createApiClient({ getToken: () => null, onUnauthorized: () => {}, fetch });
  await assert.rejects(api.call(BOOK_PATHS.authors), (error: unknown) => {
    assert.ok(error instanceof ApiFailure);
    assert.equal(error.status, 0);
    assert.equal(error.message, "Network error: offline");
    return true;
  });
});

Deno.test("withQuery() and parseRetryAfter() read what the server sends", () => {
  assert.equal(
    withQuery("/api/books", { page: 1, pageSize: 20, q: undefined }),
    "/api/books?page=1&pageSize=20",
  );
  assert.equal(parseRetryAfter("90"), 90);
  assert.equal(parseRetryAfter(null), undefined);
  const now = Date.parse("2026-11-21T10:00:00Z");
  assert.equal(parseRetryAfter("Sat, 21 Nov 2026 10:02:00 GMT", now), 120);
});

Deno.test("a call fills its path, writes its query and headers, and sends CSV as text/csv", async () => {
  const { calls, fetch } = recordingFetch(() => jsonResponse(200, { data: {} }));
  const api = createApiClient({ getToken: () => "t", onUnauthorized: () => {}, fetch });
  await api.call(ORDER_PATHS.proof, { params: { id: 12, proofId: 3 } });
  assert.equal(calls[0].url, "/api/orders/12/payment-proofs/3");
  await api.call(ORDER_PATHS.place, {
    json: {
      total: 10,
      name: "N",
      address: "A",
      email: "n@example.lk",
      phone: "0771234567",
      postalCode: "10370",
      province: 1,
      district: 1,
      area: 1,
      paymentMethod: "COD",
      items: [{ id: 1, quantity: 1, type: "book" }],
    },
    headers: { "idempotency-key": "k-1" },
  });
  assert.equal(calls[1].method, "POST");
  assert.equal(calls[1].headers.get("Idempotency-Key"), "k-1");
  await api.call(BOOK_PATHS.import, {
    query: { dryRun: "1" },
    csv: new Blob(["isbn13\n9780000000002\n"]),
  });
  assert.equal(calls[2].url, "/api/books/import?dryRun=1");
  assert.equal(calls[2].headers.get("Content-Type"), "text/csv");
});
