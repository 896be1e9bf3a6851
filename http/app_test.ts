import assert from "node:assert/strict";
import { ROUTES } from "./app.ts";
import { type Catalogue, TimedOutError, UnavailableError } from "../domain/ports.ts";
import { json, testApp } from "./testing/fixture.ts";
import { openApiPath } from "./routes/openapi.ts";

async function assertError(response: Response, status: number, code: string) {
  assert.equal(response.status, status);
  assert.match(response.headers.get("Content-Type") ?? "", /application\/json/);
  const body = await response.json();
  assert.equal(body.error.code, code);
  return body;
}

Deno.test("every answer carries the security headers, errors included", async () => {
  const t = await testApp();
  for (const path of ["/api/books", "/api/books/999", "/api/nowhere", "/elsewhere"]) {
    const response = await t.app.request(path);
    await response.body?.cancel();
    assert.equal(response.headers.get("X-Content-Type-Options"), "nosniff", path);
    assert.equal(response.headers.get("X-Frame-Options"), "DENY", path);
    assert.equal(response.headers.get("Referrer-Policy"), "strict-origin-when-cross-origin", path);
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'"]) {
      assert.ok(csp.includes(directive), `${path}: ${csp}`);
    }
    assert.match(response.headers.get("X-Request-Id") ?? "", /^[0-9a-f-]{36}$/);
  }
});

Deno.test("an unexpected failure answers 500 with the request id and no internals, and is logged", async () => {
  const t = await testApp();
  const failing: Catalogue = Object.create(t.catalogue);
  failing.listBooks = () => Promise.reject(new Error("connection to 10.0.0.7 refused"));
  const broken = await testApp({ catalogue: failing, logger: t.logger });
  const response = await broken.app.request("/api/books");
  const body = await assertError(response, 500, "INTERNAL");
  const requestId = response.headers.get("X-Request-Id");
  assert.equal(body.error.details.requestId, requestId);
  assert.ok(!JSON.stringify(body).includes("10.0.0.7"));
  const logged = t.logger.lines.find((l) => l.level === "error");
  assert.equal(logged?.fields?.requestId, requestId);
  assert.match(String(logged?.fields?.error), /10\.0\.0\.7/);
});

Deno.test("a statement past its time limit answers 503 TIMED_OUT, an outage SERVICE_UNAVAILABLE", async () => {
  const t = await testApp();
  for (
    const [error, code, retryAfter, logged] of [
      [
        new TimedOutError("A database statement ran past its time limit"),
        "TIMED_OUT",
        "2",
        /time limit/,
      ],
      [
        new UnavailableError("The database is unavailable (ECONNREFUSED)"),
        "SERVICE_UNAVAILABLE",
        "5",
        /unavailable/,
      ],
    ] as const
  ) {
    const failing: Catalogue = Object.create(t.catalogue);
    failing.listBooks = () => Promise.reject(error);
    const broken = await testApp({ catalogue: failing, logger: t.logger });
    const response = await broken.app.request("/api/books");
    await assertError(response, 503, code);
    assert.equal(response.headers.get("Retry-After"), retryAfter);
    const errors = t.logger.lines.filter((line) => line.level === "error");
    assert.match(errors.at(-1)?.message ?? "", logged);
  }
});

Deno.test("unknown API paths answer a JSON 404", async () => {
  const t = await testApp();
  await assertError(await t.app.request("/api/nowhere"), 404, "NOT_FOUND");
  await assertError(await t.app.request("/api/books/1/2/3"), 404, "NOT_FOUND");
});

Deno.test("the app serves exactly the routes of the route table", async () => {
  const t = await testApp();
  const served = new Set(
    t.app.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`),
  );
  const listed = new Set(ROUTES.map((r) => `${r.method} ${r.path}`));
  assert.deepEqual([...served].sort(), [...listed].sort());
});

Deno.test("GET /api/openapi.json describes every route as OpenAPI 3.1", async () => {
  const t = await testApp();
  const response = await t.app.request("/api/openapi.json");
  assert.equal(response.status, 200);
  const document = await response.json();
  assert.equal(document.openapi, "3.1.0");
  for (const route of ROUTES) {
    const operation = document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
    assert.ok(operation, `${route.method} ${route.path} is missing`);
    const guarded = Boolean(route.admin) || Boolean(route.signedIn);
    assert.equal(Boolean(operation.security), guarded, `${route.method} ${route.path}`);
  }
  const order = document.paths["/api/orders"].post;
  const schema = order.requestBody.content["application/json"].schema;
  assert.ok(schema.required.includes("items"));
  assert.equal(schema.properties.items.maxItems, 100);
  // Each admin route names the roles it admits, from its task and the roles' policy.
  assert.deepEqual(document.paths["/api/orders/status"].put["x-roles"], ["owner", "staff"]);
  assert.deepEqual(document.paths["/api/books/price/{id}"].put["x-roles"], ["owner"]);
  assert.match(
    document.paths["/api/staff"].post.description,
    /^Needs the role owner \(task: staff/,
  );
  assert.equal(document.paths["/api/books"].get["x-roles"], undefined);
  const upload = document.paths["/api/books"].post.requestBody.content["multipart/form-data"];
  assert.equal(upload.schema.properties.images.items.format, "binary");
});

Deno.test("the OpenAPI document names each route's parameters, body, answer and errors", async () => {
  const t = await testApp();
  const document = await (await t.app.request("/api/openapi.json")).json();
  const operations = Object.values(document.paths as Record<string, Record<string, unknown>>)
    .flatMap((methods) => Object.keys(methods));
  assert.equal(operations.length, ROUTES.length);
  for (const route of ROUTES) {
    const name = `${route.method} ${route.path}`;
    const operation = document.paths[openApiPath(route.path)][route.method.toLowerCase()];
    assert.equal(operation.summary, route.summary, name);
    const inPath = operation.parameters.filter((p: { in: string }) => p.in === "path")
      .map((p: { name: string }) => p.name);
    const placeholders = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
    assert.deepEqual(inPath.sort(), placeholders.sort(), name);
    if (route.query) assert.ok(operation.parameters.some((p: { in: string }) => p.in === "query"));
    assert.equal(
      Boolean(operation.requestBody),
      Boolean(route.json || route.multipart || route.csv || route.form),
    );
    const ok = operation.responses[String(route.ok.status)];
    assert.ok(ok, `${name} answers ${route.ok.status}`);
    if (route.ok.schema) assert.ok(Object.values(ok.content)[0], name);
    for (const status of route.errors) {
      assert.ok(operation.responses[String(status)], `${name} documents ${status}`);
    }
  }
});

Deno.test("a JSON body over 64 KB answers 413", async () => {
  const t = await testApp();
  const response = await t.app.request(
    "/api/orders",
    json("POST", { name: "x".repeat(70 * 1024) }),
  );
  await assertError(response, 413, "PAYLOAD_TOO_LARGE");
});

Deno.test("a JSON route refuses another media type with 415", async () => {
  const t = await testApp();
  const response = await t.app.request("/api/orders", {
    method: "POST",
    headers: { "Content-Type": "text/plain" },
    body: "{}",
  });
  await assertError(response, 415, "UNSUPPORTED_MEDIA_TYPE");
});

Deno.test("malformed JSON answers 400, never 500", async () => {
  const t = await testApp();
  const response = await t.app.request("/api/orders", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: '{"items": [',
  });
  await assertError(response, 400, "BAD_REQUEST");
});

Deno.test("large JSON answers are compressed for clients that accept gzip", async () => {
  const t = await testApp();
  const response = await t.app.request("/api/openapi.json", {
    headers: { "Accept-Encoding": "gzip" },
  });
  assert.equal(response.headers.get("Content-Encoding"), "gzip");
  const text = await new Response(
    response.body!.pipeThrough(new DecompressionStream("gzip")),
  ).text();
  assert.equal(JSON.parse(text).openapi, "3.1.0");
});

/** A body that sends one piece and then never ends, as a slow or hostile client would. */
/** A body that sends `first` and then nothing, ever; `read.pulls` counts reads past `first`. */
function endlessBody(first: string, read = { pulls: 0 }): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(first));
    },
    pull() {
      read.pulls++;
      return new Promise(() => {});
    },
  }, { highWaterMark: 0 });
}

Deno.test("an admin route refuses a stranger without reading the body first", async () => {
  const t = await testApp();
  const read = { pulls: 0 };
  const response = await t.app.request("/api/books/1/images", {
    method: "POST",
    headers: { "Content-Type": "multipart/form-data; boundary=x" },
    body: endlessBody("--x\r\n", read),
  });
  await assertError(response, 401, "UNAUTHORIZED");
  // Refused from its headers: nothing asked the body for more than its first bytes.
  assert.equal(read.pulls, 0, "the body was read before the refusal");
});

Deno.test("a CSV import larger than a JSON body is read whole, not cut at the JSON limit", async () => {
  const t = await testApp();
  const rows = Array.from(
    { length: 4_000 },
    (_, i) => `97800000${String(i).padStart(5, "0")},Title ${i}`,
  );
  const text = `isbn13,title\n${rows.join("\n")}\n`;
  assert.ok(text.length > 64 * 1024);
  // Sent in pieces without a Content-Length, as a browser may stream it.
  const bytes = new TextEncoder().encode(text);
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 8_192) controller.enqueue(bytes.slice(i, i + 8_192));
      controller.close();
    },
  });
  const response = await t.asAdmin("/api/books/import?dryRun=1", {
    method: "POST",
    headers: { "Content-Type": "text/csv" },
    body,
  });
  const answer = await response.json();
  // Every one of the 4,000 rows was read: each is refused for its missing fields, by row.
  const rowsSeen = new Set(answer.data.errors.map((e: { row: number }) => e.row));
  assert.equal(rowsSeen.size, 4_000, JSON.stringify(answer).slice(0, 300));
});
