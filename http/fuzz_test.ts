import assert from "node:assert/strict";
import fc from "fast-check";
import { ROUTES } from "./app.ts";
import { orderBody, testApp } from "./testing/fixture.ts";

const WRITES = ROUTES.filter((r) => r.method === "POST" || r.method === "PUT");

function concrete(path: string, id: string): string {
  return path.replace(/:\w+/g, encodeURIComponent(id));
}

/** Random JSON values, and order bodies with one field swapped for random JSON. */
const jsonBody = fc.oneof(
  fc.jsonValue(),
  fc.record({ field: fc.constantFrom(...Object.keys(orderBody(1))), value: fc.jsonValue() })
    .map(({ field, value }) => ({ ...orderBody(1), [field]: value })),
);

const formEntries = fc.array(
  fc.tuple(
    fc.constantFrom(
      "title",
      "price",
      "stock",
      "weight",
      "categoryId",
      "isbn13",
      "images",
      "image",
      "x",
    ),
    fc.oneof(fc.string(), fc.uint8Array({ maxLength: 64 })),
  ),
  { maxLength: 12 },
);

Deno.test("random JSON bodies on every POST and PUT route never get a 5xx", async () => {
  const t = await testApp();
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...WRITES),
      fc.oneof(fc.constant("1"), fc.string({ maxLength: 12 })),
      jsonBody,
      async (route, id, value) => {
        const response = await t.asAdmin(concrete(route.path, id), {
          method: route.method,
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(value),
        });
        await response.body?.cancel();
        assert.ok(response.status < 500, `${route.method} ${route.path}: ${response.status}`);
      },
    ),
    { numRuns: 300 },
  );
});

Deno.test("random raw bodies and multipart forms on every write route never get a 5xx", async () => {
  const t = await testApp();
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...WRITES),
      fc.oneof(
        fc.string().map((text) => ({ body: text, type: "application/json" })),
        formEntries.map((entries) => {
          const form = new FormData();
          for (const [name, value] of entries) {
            form.append(name, typeof value === "string" ? value : new File([value], "f.bin"));
          }
          return { body: form, type: undefined };
        }),
      ),
      async (route, payload) => {
        const headers: Record<string, string> = payload.type
          ? { "Content-Type": payload.type }
          : {};
        const response = await t.asAdmin(concrete(route.path, "1"), {
          method: route.method,
          headers,
          body: payload.body,
        });
        await response.body?.cancel();
        assert.ok(response.status < 500, `${route.method} ${route.path}: ${response.status}`);
      },
    ),
    { numRuns: 300 },
  );
  assert.equal(t.logger.lines.filter((l) => l.level === "error").length, 0);
});

Deno.test("random query strings on the list routes never get a 5xx", async () => {
  const t = await testApp();
  const lists = [
    "/api/books",
    "/api/stationery",
    "/api/locations/districts",
    "/api/locations/areas",
  ];
  const names = [
    "q",
    "categoryId",
    "author",
    "minPrice",
    "maxPrice",
    "inStock",
    "outOfStock",
    "page",
    "pageSize",
    "provinceId",
    "districtId",
  ];
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...lists),
      fc.array(fc.tuple(fc.constantFrom(...names), fc.string()), { maxLength: 6 }),
      async (path, pairs) => {
        const response = await t.app.request(`${path}?${new URLSearchParams(pairs)}`);
        await response.body?.cancel();
        assert.ok([200, 400].includes(response.status), `${path}: ${response.status}`);
      },
    ),
    { numRuns: 300 },
  );
});

/**
 * A running order with its key, so that the deposit-slip upload reads its form instead of
 * stopping at the key; every other `:id` is the test book's.
 */
async function routeUrls(t: Awaited<ReturnType<typeof testApp>>) {
  const placed = await t.app.request("/api/orders", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(orderBody(t.ids.book, { paymentMethod: "Bank Deposit" })),
  });
  const { orderId, orderUrl } = await placed.json();
  const key = new URL(orderUrl).searchParams.get("key")!;
  return (route: (typeof ROUTES)[number]) =>
    route.path.includes("/payment-proof")
      ? `${concrete(route.path, String(orderId))}?key=${encodeURIComponent(key)}`
      : concrete(route.path, String(t.ids.book));
}

/** Every route that can be sent a body (a GET cannot), with the callers that get past its guard. */
const BODY_ROUTES = ROUTES.filter((r) => r.method !== "GET");

/**
 * Where a hostile body is sent: every route that can take one, a path no route serves, and
 * the slip upload with a wrong key (refused before its body is read).
 */
async function bodyTargets(t: Awaited<ReturnType<typeof testApp>>) {
  const url = await routeUrls(t);
  return [
    ...BODY_ROUTES.map((route) => ({ method: route.method, url: url(route), name: route.path })),
    { method: "POST", url: "/api/no-such-route", name: "/api/no-such-route" },
    { method: "PUT", url: "/api/orders/1/nothing", name: "/api/orders/1/nothing" },
    {
      method: "POST",
      url: "/api/orders/1/payment-proof?key=WRONG",
      name: "/api/orders/:id/payment-proof?key=WRONG",
    },
  ];
}

/** JSON nested past any bound: arrays, objects and both mixed, at and past the edge's limit. */
const NESTED: string[] = [
  "[".repeat(10_000) + "]".repeat(10_000),
  '{"a":'.repeat(10_000) + "1" + "}".repeat(10_000),
  '{"items":'.repeat(5_000) + "[".repeat(5_000) + "]".repeat(5_000) + "}".repeat(5_000),
  "[".repeat(33) + "]".repeat(33),
  "[".repeat(10_000), // never closed
];

Deno.test("JSON nested 10,000 deep on every route with a body never gets a 5xx", async () => {
  const t = await testApp();
  const targets = await bodyTargets(t);
  const seen = new Set<number>();
  for (const route of targets) {
    for (const body of NESTED) {
      for (const auth of [t.adminToken, t.customerToken, undefined]) {
        const headers: Record<string, string> = { "Content-Type": "application/json" };
        if (auth) headers.Authorization = `Bearer ${auth}`;
        const response = await t.app.request(route.url, { method: route.method, headers, body });
        await response.body?.cancel();
        seen.add(response.status);
        assert.ok(response.status < 500, `${route.method} ${route.name}: ${response.status}`);
      }
    }
  }
  assert.ok(seen.has(400), "the nesting itself is refused somewhere with 400");
  assert.deepEqual(t.logger.lines.filter((l) => l.level === "error"), []);
});

/** Multipart bodies broken in every way a client can break them. */
const BROKEN_MULTIPART: { type: string; body: string }[] = [
  {
    type: "multipart/form-data",
    body: "--x\r\nContent-Disposition: form-data; name=a\r\n\r\nb\r\n--x--",
  },
  { type: "multipart/form-data; boundary=", body: "anything" },
  { type: "multipart/form-data; boundary=x", body: "no boundary in here at all" },
  { type: "multipart/form-data; boundary=x", body: "--x\r\nContent-Disposition: form-data" },
  {
    type: "multipart/form-data; boundary=x",
    body: '--x\r\nContent-Disposition: form-data; name="proof"; filename="a.pdf"\r\n\r\n%PDF-',
  },
  { type: "multipart/form-data; boundary=x", body: "--x\r\n\r\n\r\n--x--\r\n" },
  {
    type: "multipart/form-data; boundary=y",
    body: "--x\r\nContent-Disposition: form-data; name=a\r\n\r\nb\r\n--x--",
  },
  { type: 'multipart/form-data; boundary="unterminated', body: "--unterminated\r\n" },
  { type: "multipart/mixed; boundary=x", body: "--x--" },
];

Deno.test("broken multipart bodies on every route with a body never get a 5xx", async () => {
  const t = await testApp();
  const targets = await bodyTargets(t);
  for (const route of targets) {
    for (const { type, body } of BROKEN_MULTIPART) {
      for (const auth of [t.adminToken, t.customerToken, undefined]) {
        const headers: Record<string, string> = { "Content-Type": type };
        if (auth) headers.Authorization = `Bearer ${auth}`;
        const response = await t.app.request(route.url, { method: route.method, headers, body });
        await response.body?.cancel();
        assert.ok(
          response.status < 500,
          `${route.method} ${route.name} (${type}): ${response.status}`,
        );
      }
    }
  }
  assert.deepEqual(t.logger.lines.filter((l) => l.level === "error"), []);
});
