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
