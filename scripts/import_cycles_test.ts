/**
 * No import circles in the domain: a module that imports another which (through others)
 * imports it back makes the two one module in disguise, and the order in which they load
 * decides what is undefined. Type-only imports count too, as they tie the files alike.
 * Reads the files, so it runs with the permissioned group.
 */
import assert from "node:assert/strict";
import { stripComments } from "./source_text.ts";

/** The relative modules a source imports or re-exports, type-only ones included. */
export function importedPaths(path: string, source: string): string[] {
  const code = stripComments(source);
  const patterns = [
    /\b(?:import|export)\b[^;"'`]*?\bfrom\s*["']([^"']+)["']/g,
    /\bimport\s*["']([^"']+)["']/g,
    /\bimport\s*\(\s*["'`]([^"'`]+)["'`]\s*\)/g,
  ];
  const found = new Set<string>();
  for (const pattern of patterns) {
    for (const match of code.matchAll(pattern)) {
      const resolved = resolve(path, match[1]);
      if (resolved) found.add(resolved);
    }
  }
  return [...found];
}

/** `specifier` resolved against the folder of `path`; undefined for a package. */
function resolve(path: string, specifier: string): string | undefined {
  if (!specifier.startsWith("./") && !specifier.startsWith("../")) return undefined;
  const parts = path.split("/").slice(0, -1);
  for (const part of specifier.split("/")) {
    if (part === "..") parts.pop();
    else if (part !== ".") parts.push(part);
  }
  return parts.join("/");
}

/**
 * The import circles of a graph (file → the files it imports), each once, as the files
 * in their import order starting from the least one. A depth-first walk: an import of a
 * file still on the walk's path closes a circle.
 *
 * @example importCycles(new Map([["a.ts", ["b.ts"]], ["b.ts", ["a.ts"]]])) // [["a.ts", "b.ts"]]
 */
export function importCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const state = new Map<string, "walking" | "done">();
  const path: string[] = [];
  const found = new Map<string, string[]>();
  const visit = (file: string) => {
    state.set(file, "walking");
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === "walking") {
        const circle = path.slice(path.indexOf(next));
        const least = circle.indexOf([...circle].sort()[0]);
        const turned = [...circle.slice(least), ...circle.slice(0, least)];
        found.set(turned.join(" -> "), turned);
      } else if (!state.has(next)) {
        visit(next);
      }
    }
    path.pop();
    state.set(file, "done");
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return [...found.values()];
}

const ROOT = new URL("../", import.meta.url);

async function* productFiles(dir: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(new URL(dir, ROOT))) {
    const path = `${dir}${entry.name}`;
    if (entry.isDirectory) {
      if (entry.name !== "testing") yield* productFiles(`${path}/`);
    } else if (/\.tsx?$/.test(entry.name) && !/_test\.tsx?$/.test(entry.name)) {
      yield path;
    }
  }
}

/** The import graph of the product files under `dir` ("domain/"). */
async function importGraph(dir: string): Promise<Map<string, string[]>> {
  const graph = new Map<string, string[]>();
  for await (const path of productFiles(dir)) {
    graph.set(path, importedPaths(path, await Deno.readTextFile(new URL(path, ROOT))));
  }
  return graph;
}

Deno.test("the domain's modules import each other without a circle", async () => {
  const graph = await importGraph("domain/");
  assert.ok(graph.size > 50, `only ${graph.size} domain files read`);
  assert.ok(graph.get("domain/ports.ts")?.includes("domain/orders/ports.ts"));
  assert.deepEqual(importCycles(graph).map((circle) => circle.join(" -> ")), []);
});

Deno.test("importCycles() finds a circle through several files, once, from its least file", () => {
  const graph = new Map([
    ["d/plans.ts", ["d/lapse.ts", "d/model.ts"]],
    ["d/lapse.ts", ["d/ports.ts"]],
    ["d/ports.ts", ["d/plans.ts", "d/model.ts"]],
    ["d/model.ts", []],
    ["d/other.ts", ["d/ports.ts"]],
  ]);
  assert.deepEqual(importCycles(graph), [["d/lapse.ts", "d/ports.ts", "d/plans.ts"]]);
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

Deno.test("importedPaths() reads imports, type imports and re-exports, not comments or packages", () => {
  const source = [
    'import type { Order } from "./model.ts";',
    'export type * from "./orders/ports.ts";',
    'export { x } from "../money.ts";',
    'import fc from "fast-check";',
    '// import { y } from "./commented.ts";',
    'const lazy = await import("./lazy.ts");',
  ].join("\n");
  assert.deepEqual(importedPaths("domain/orders/x.ts", source), [
    "domain/orders/model.ts",
    "domain/orders/orders/ports.ts",
    "domain/money.ts",
    "domain/orders/lazy.ts",
  ]);
});
