/**
 * No circle of imports in the shop's layers: a module that imports another which (through
 * others) imports it back makes the two one module in disguise, and the order in which they
 * load decides what is undefined. Type-only imports count too, as they tie the files alike.
 * Tests and test rigs (`testing/`) are left out (they import what they test). Reads the
 * files, so it runs with the permissioned group.
 */
import assert from "node:assert/strict";
import { circlesIn, importCycles, importGraph } from "./import_graph.ts";

const ROOT = new URL("../", import.meta.url);

/** The folders held to the rule. */
const FOLDERS_WITHOUT_CIRCLES = ["domain/", "contract/", "http/"];

/** Whether a file is product code (not a test, not a test rig). */
function isProduct(path: string): boolean {
  return !/_test\.tsx?$/.test(path) && !/(^|\/)testing\//.test(path);
}

for (const folder of FOLDERS_WITHOUT_CIRCLES) {
  Deno.test(`${folder}'s modules import each other without a circle`, async () => {
    assert.deepEqual(await circlesIn(ROOT, [folder], isProduct), []);
  });
}

Deno.test("http/ and contract/ have no circle of imports between them either", async () => {
  assert.deepEqual(await circlesIn(ROOT, ["http/", "contract/"], isProduct), []);
});

Deno.test("importCycles() finds a circle through several files, once, with every file in it", () => {
  const graph = new Map([
    ["d/plans.ts", ["d/lapse.ts", "d/model.ts"]],
    ["d/lapse.ts", ["d/ports.ts"]],
    ["d/ports.ts", ["d/plans.ts", "d/model.ts"]],
    ["d/model.ts", []],
    ["d/other.ts", ["d/ports.ts"]],
  ]);
  assert.deepEqual(importCycles(graph), [["d/lapse.ts", "d/plans.ts", "d/ports.ts"]]);
});

Deno.test("importCycles() finds two files that import each other and a file that imports itself", () => {
  const graph = new Map([
    ["a.ts", ["b.ts"]],
    ["b.ts", ["a.ts"]],
    ["c.ts", ["c.ts", "npm-left-out.ts"]],
  ]);
  assert.deepEqual(importCycles(graph), [["a.ts", "b.ts"], ["c.ts"]]);
  assert.deepEqual(importCycles(new Map([["a.ts", ["b.ts"]], ["b.ts", []]])), []);
});

Deno.test("importCycles() finds none in a graph that only flows down", () => {
  const graph = new Map([
    ["app.ts", ["routes.ts", "deps.ts"]],
    ["routes.ts", ["deps.ts"]],
    ["deps.ts", []],
  ]);
  assert.deepEqual(importCycles(graph), []);
});

Deno.test("importGraph() reads imports, type imports and re-exports, not comments or packages", () => {
  const source = [
    'import type { Order } from "./model.ts";',
    'export type * from "./orders/ports.ts";',
    'export { x } from "../money.ts";',
    'import fc from "fast-check";',
    '// import { y } from "./commented.ts";',
    'const lazy = await import("./lazy.ts");',
  ].join("\n");
  const files = [
    "domain/orders/model.ts",
    "domain/orders/orders/ports.ts",
    "domain/money.ts",
    "domain/orders/lazy.ts",
    "domain/orders/commented.ts",
  ];
  const sources = new Map([["domain/orders/x.ts", source], ...files.map((f) => [f, ""] as const)]);
  assert.deepEqual(importGraph(sources).get("domain/orders/x.ts"), [
    "domain/money.ts",
    "domain/orders/lazy.ts",
    "domain/orders/model.ts",
    "domain/orders/orders/ports.ts",
  ]);
});

Deno.test("importGraph() ties two http files that import each other's types into a circle", () => {
  const sources = new Map([
    ["http/deps.ts", 'import type { ReadinessCheck } from "./ops.ts";\nimport "hono";'],
    [
      "http/ops.ts",
      'import type { AppEnv } from "./deps.ts";\nimport { x } from "../domain/x.ts";',
    ],
  ]);
  const graph = importGraph(sources);
  assert.deepEqual(graph.get("http/deps.ts"), ["http/ops.ts"]);
  assert.deepEqual(graph.get("http/ops.ts"), ["http/deps.ts"]);
  assert.deepEqual(importCycles(graph), [["http/deps.ts", "http/ops.ts"]]);
});
