/**
 * Random requests on every route of the app over the real repositories (PGlite): random
 * paths, methods, headers and bodies, malformed and oversized JSON, broken multipart.
 * Whatever comes in, the answer is never a 5xx and always comes within seconds.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { ROUTES } from "../../http/app.ts";
import { realApp } from "./support/real_app.ts";
import { recordFigures } from "./support/evidence.ts";

const PAGES = ["/", "/stationery", "/books/1", "/cart", "/checkout", "/register", "/admin"];
const ANSWER_WITHIN_MS = 5_000;

const printable = (max: number) => fc.stringMatching(new RegExp(`^[\\x20-\\x7e]{0,${max}}$`));

const METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"] as const;

const id = fc.oneof(fc.constant("1"), fc.integer().map(String), printable(12));

/** A route of the table with its own method (most often) or any other. */
const routeTarget = fc.tuple(
  fc.constantFrom(...ROUTES),
  id,
  fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, fc.constantFrom(...METHODS)),
).map(([route, value, method]) => ({
  method: method ?? route.method,
  path: route.path.replace(/:\w+/g, encodeURIComponent(value)),
}));

const path = fc.oneof(
  fc.constantFrom(...PAGES, "/uploads/x.png", "/healthz", "/readyz", "/api/openapi.json"),
  fc.array(printable(10), { maxLength: 4 }).map((parts) =>
    "/" + parts.map(encodeURIComponent).join("/")
  ),
).chain((p) =>
  fc.option(printable(30), { nil: undefined }).map((q) =>
    q === undefined ? p : `${p}?${q.replace(/[#\s]/g, "")}`
  )
);

const contentType = fc.oneof(
  fc.constantFrom(
    "application/json",
    "application/json; charset=utf-8",
    "multipart/form-data",
    "multipart/form-data; boundary=xyz",
    "text/plain",
    "application/x-www-form-urlencoded",
    "application/merge-patch+json",
  ),
  printable(40),
);

const multipart = fc.tuple(printable(20), printable(200)).map(([name, value]) =>
  [
    "--xyz",
    `Content-Disposition: form-data; name="${name}"; filename="a.png"`,
    "Content-Type: image/png",
    "",
    value,
    // Sometimes the closing boundary is missing or wrong.
    value.length % 3 === 0 ? "--xyz--" : value.length % 3 === 1 ? "--abc--" : "",
  ].join("\r\n")
);

const body = fc.oneof(
  fc.jsonValue().map((v) => JSON.stringify(v)),
  printable(300),
  fc.constantFrom("{", "[1,", '{"items": [', "null", '"\\ud800"', "{}".repeat(40_000)),
  fc.integer({ min: 60_000, max: 80_000 }).map((n) => `{"name":"${"x".repeat(n)}"}`),
  multipart,
);

Deno.test({
  name: "random paths, methods, headers and bodies on the real app never get a 5xx or hang",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const r = await realApp();
    let runs = 0;
    const statuses: Record<number, number> = {};
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            { weight: 3, arbitrary: routeTarget },
            fc.record({ method: fc.constantFrom(...METHODS), path }),
          ),
          contentType,
          body,
          fc.constantFrom("none", "admin", "garbage"),
          fc.dictionary(fc.stringMatching(/^x-[a-z]{1,10}$/), printable(40), { maxKeys: 3 }),
          async ({ method, path: url }, type, text, auth, extra) => {
            const headers: Record<string, string> = { ...extra, "Content-Type": type };
            if (auth === "admin") headers.Authorization = `Bearer ${r.adminToken}`;
            if (auth === "garbage") {
              headers.Authorization = `Bearer ${text.slice(0, 50).replace(/[^\x21-\x7e]/g, "")}`;
            }
            const hasBody = method !== "GET" && method !== "HEAD";
            const started = performance.now();
            const response = await r.app.request(url, {
              method,
              headers,
              body: hasBody ? text : undefined,
            });
            await response.arrayBuffer();
            const took = performance.now() - started;
            runs++;
            statuses[response.status] = (statuses[response.status] ?? 0) + 1;
            assert.ok(response.status < 500, `${method} ${url} (${type}): ${response.status}`);
            assert.ok(took < ANSWER_WITHIN_MS, `${method} ${url} took ${took} ms`);
          },
        ),
        { numRuns: 400 },
      );
      const logged500 = r.logger.lines.filter((l) => l.level === "error").length;
      assert.equal(logged500, 0);
      await recordFigures("fuzz", {
        requests: runs,
        fiveHundreds: Object.entries(statuses).filter(([s]) => Number(s) >= 500).length,
        statuses,
      });
    } finally {
      await r.close();
    }
  },
});
