/**
 * The browser names no API path by hand: every call goes through the client
 * (web/lib/api.ts) on a route's place in contract/paths.ts, where each path is written
 * once and the route table declares it. A path typed into an island or a screen would
 * drift from the server unseen; this test finds it. Tests, test rigs (`testing/`) and the
 * dev tools (`web/dev/`, which drive the shop from outside, as a test does) are left free.
 */
import assert from "node:assert/strict";
import { readSources } from "./import_graph.ts";
import { stripComments } from "./source_text.ts";

const ROOT = new URL("../", import.meta.url);

/** The client module: it builds URLs from the paths, and names none itself. */
const CLIENT = "web/lib/api.ts";

/** Whether a web file is held to the rule. */
export function heldToRule(path: string): boolean {
  return !/_test\.tsx?$/.test(path) && !/(^|\/)testing\//.test(path) &&
    !path.startsWith("web/dev/") && path !== CLIENT;
}

/** The lines of a source's code (comments left out) that name an `/api` path. */
export function handWrittenApiPaths(source: string): string[] {
  const code = stripComments(source).split("\n");
  return code.filter((line) => /\/api(?:\/|["'`?])/.test(line)).map((line) => line.trim());
}

Deno.test("no web file names an /api path by hand: calls go through the client", async () => {
  const sources = await readSources(ROOT, "web/", heldToRule);
  assert.ok(sources.size > 100, `only ${sources.size} files read`);
  const found = [...sources].flatMap(([path, source]) =>
    handWrittenApiPaths(source).map((line) => `${path}: ${line}`)
  );
  assert.deepEqual(found, []);
});

Deno.test("handWrittenApiPaths() finds a path in a string or template, not in a comment", () => {
  const source = [
    "/** Loads GET /api/books. */",
    'const a = await getJson("/api/books");',
    "// fetch(`/api/orders/${id}`) was here",
    "const b = fetch(`/api/orders/${id}/slip`);",
    "const c = fetch('/api?x=1');",
    "const d = call(BOOK_PATHS.list); // /api/books",
    'const e = "/apiary";',
  ].join("\n");
  assert.deepEqual(handWrittenApiPaths(source), [
    'const a = await getJson("/api/books");',
    "const b = fetch(`/api/orders/${id}/slip`);",
    "const c = fetch('/api?x=1');",
  ]);
});

Deno.test("heldToRule() leaves out tests, rigs, dev tools and the client", () => {
  assert.equal(heldToRule("web/islands/Checkout.tsx"), true);
  assert.equal(heldToRule("web/admin/endpoints.ts"), true);
  assert.equal(heldToRule("web/admin/api_test.ts"), false);
  assert.equal(heldToRule("web/admin/testing/admin_server.ts"), false);
  assert.equal(heldToRule("web/dev/screenshots.ts"), false);
  assert.equal(heldToRule("web/lib/api.ts"), false);
});
