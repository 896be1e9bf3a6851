import assert from "node:assert/strict";
import { ApiFailure, createApiClient, parseRetryAfter, withQuery } from "./api.ts";

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
  const answer = await api.get<{ data: { id: number }[] }>("/api/books", { page: 2, q: "" });
  assert.deepEqual(answer, { data: [{ id: 1 }] });
  assert.equal(calls[0].url, "/api/books?page=2");
  assert.equal(calls[0].headers.get("Authorization"), "Bearer t0k");
});

Deno.test("the client sends JSON bodies with their type and FormData as it is", async () => {
  const { calls, fetch } = recordingFetch(() => new Response(null, { status: 204 }));
  const api = createApiClient({ getToken: () => "t", onUnauthorized: () => {}, fetch });
  assert.equal(await api.send("PUT", "/api/books/price/3", { price: 12.5 }), undefined);
  assert.equal(calls[0].headers.get("Content-Type"), "application/json");
  assert.equal(calls[0].body, '{"price":12.5}');
  const form = new FormData();
  form.set("title", "Pen");
  await api.send("POST", "/api/stationery", form);
  assert.equal(calls[1].body, form);
  assert.equal(calls[1].headers.get("Content-Type"), null);
});

Deno.test("the client turns the error shape into an ApiFailure with its details", async () => {
  const details = [{ field: "isbn13", message: "ISBN-13 is taken" }];
  const { fetch } = recordingFetch(() =>
    jsonResponse(409, { error: { code: "DUPLICATE", message: "Duplicate", details } })
  );
  const api = createApiClient({ getToken: () => "t", onUnauthorized: () => {}, fetch });
  await assert.rejects(api.send("POST", "/api/books", {}), (error: unknown) => {
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
  await assert.rejects(api.get("/api/orders"), ApiFailure);
  assert.equal(loggedOut, 1);
  await assert.rejects(api.send("POST", "/api/auth/login", {}, { anonymous: true }), ApiFailure);
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
  await assert.rejects(api.get("/api/x"), (error: unknown) => {
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
  await assert.rejects(api.get("/api/x"), (error: unknown) => {
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
