/**
 * The domain stays pure: its modules import only other domain modules and never touch
 * `Deno`; its tests may add `node:assert/strict` and `fast-check`. This reads the files,
 * so it runs with the permissioned group rather than with the domain's own tests.
 */
import assert from "node:assert/strict";
import { blankStrings, stripComments } from "./source_text.ts";

/** What a test file may import besides domain modules. */
const TEST_ONLY_IMPORTS = new Set(["node:assert/strict", "fast-check"]);

/** A broken rule: which file, and what it did. */
export interface Violation {
  path: string;
  problem: string;
}

/**
 * The rule breaches of one domain file. `path` is relative to domain/ ("cart/cart.ts"),
 * which is how a relative import is resolved and checked for leaving domain/.
 */
export function domainViolations(path: string, source: string): Violation[] {
  const isTest = /_test\.tsx?$/.test(path);
  const code = stripComments(source);
  const problems: string[] = [];
  for (const specifier of importSpecifiers(code)) {
    if (isTest && TEST_ONLY_IMPORTS.has(specifier)) continue;
    if (!isRelative(specifier)) {
      problems.push(`imports "${specifier}" from outside domain/`);
    } else if (leavesDomain(path, specifier)) {
      problems.push(`imports "${specifier}", which leaves domain/`);
    }
  }
  if (/\b(?:import|require)\s*\(\s*[^"'\s]/.test(code)) {
    problems.push("loads a module from a computed name");
  }
  if (!isTest && /\bDeno\s*(?:\.|\[)/.test(blankStrings(code))) {
    problems.push("uses Deno.");
  }
  return problems.map((problem) => ({ path, problem }));
}

function importSpecifiers(code: string): string[] {
  const patterns = [
    /\bfrom\s*["']([^"']*)["']/g, // import ... from "x", export ... from "x"
    /\bimport\s*["']([^"']*)["']/g, // import "x"
    /\b(?:import|require)\s*\(\s*["'`]([^"'`]*)["'`]/g, // import("x"), require("x")
  ];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((m) => m[1]));
}

function isRelative(specifier: string): boolean {
  return specifier.startsWith("./") || specifier.startsWith("../");
}

/** Resolves `specifier` against the importing file's folder; above domain/ is out. */
function leavesDomain(path: string, specifier: string): boolean {
  const parts = path.split("/").slice(0, -1);
  for (const part of specifier.split("/").slice(0, -1)) {
    if (part === "..") {
      if (parts.length === 0) return true;
      parts.pop();
    } else if (part !== ".") {
      parts.push(part);
    }
  }
  return false;
}

async function* domainFiles(dir: URL, prefix = ""): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(dir)) {
    const path = prefix + entry.name;
    if (entry.isDirectory) yield* domainFiles(new URL(`${entry.name}/`, dir), `${path}/`);
    else if (/\.tsx?$/.test(entry.name)) yield path;
  }
}

const DOMAIN = new URL("../domain/", import.meta.url);

Deno.test("every domain module imports only domain modules and never uses Deno", async () => {
  const violations: Violation[] = [];
  let files = 0;
  for await (const path of domainFiles(DOMAIN)) {
    files++;
    violations.push(...domainViolations(path, await Deno.readTextFile(new URL(path, DOMAIN))));
  }
  assert.ok(files > 0, "no domain files found");
  assert.deepEqual(violations, []);
});

Deno.test("domainViolations() catches npm, node, jsr, URL and bare imports in a module", () => {
  const source = [
    'import { z } from "zod";',
    'import pg from "npm:postgres@3";',
    'import { readFile } from "node:fs";',
    'export { x } from "jsr:@std/assert";',
    'import "https://deno.land/x/y.ts";',
    'const m = await import("../../adapters/x.ts");',
  ].join("\n");
  assert.deepEqual(domainViolations("orders/x.ts", source).map((v) => v.problem), [
    'imports "zod" from outside domain/',
    'imports "npm:postgres@3" from outside domain/',
    'imports "node:fs" from outside domain/',
    'imports "jsr:@std/assert" from outside domain/',
    'imports "https://deno.land/x/y.ts" from outside domain/',
    'imports "../../adapters/x.ts", which leaves domain/',
  ]);
});

Deno.test("domainViolations() catches relative paths out of domain/ and any use of Deno", () => {
  assert.deepEqual(domainViolations("money.ts", 'import { a } from "../http/a.ts";'), [
    { path: "money.ts", problem: 'imports "../http/a.ts", which leaves domain/' },
  ]);
  assert.deepEqual(
    domainViolations("cart/cart.ts", "import type {\n  X,\n} from '../../main.ts';").length,
    1,
  );
  assert.deepEqual(domainViolations("clock.ts", "export const now = () => Deno.env.get('X');"), [
    { path: "clock.ts", problem: "uses Deno." },
  ]);
  assert.equal(domainViolations("x.ts", "const mod = await import(name);").length, 1);
});

Deno.test("domainViolations() lets tests use node:assert/strict and fast-check, nothing else", () => {
  const test = [
    'import assert from "node:assert/strict";',
    'import fc from "fast-check";',
    'import { deliveryFee } from "./fees.ts";',
    'Deno.test("x", () => {});',
  ].join("\n");
  assert.deepEqual(domainViolations("orders/fees_test.ts", test), []);
  assert.equal(domainViolations("orders/fees_test.ts", 'import "node:fs";').length, 1);
  assert.equal(domainViolations("orders/fees.ts", 'import fc from "fast-check";').length, 1);
});

Deno.test("domainViolations() accepts domain imports and ignores comments, strings and regexes", () => {
  const source = [
    'import type { Cents } from "../money.ts";',
    'import { lineKey } from "./line.ts";',
    '// import x from "zod"; Deno.exit()',
    "/* import y from 'npm:y'; */",
    'const url = "https://example.com/a"; // Deno.env',
    "const note = 'never call Deno.exit here';",
    "const quoted = /['\"]\\/\\//g; const slash = 10 / 2;",
    "const text = Array.from('abc');",
  ].join("\n");
  assert.deepEqual(domainViolations("cart/cart.ts", source), []);
});
