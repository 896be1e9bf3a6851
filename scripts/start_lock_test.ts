import assert from "node:assert/strict";
import {
  lockedPackages,
  packageId,
  packageName,
  START_ENTRY_POINTS,
  START_LOCK,
  versionDrift,
} from "./start_lock.ts";

const ROOT = decodeURIComponent(new URL("..", import.meta.url).pathname).replace(/\/+$/, "");

/** Packages only the tests, the benchmarks or the dev tools use: never in the shop's lock. */
const NEVER_AT_RUN_TIME = [
  "playwright-core",
  "@sparticuz/chromium",
  "@axe-core/playwright",
  "axe-core",
  "smtp-server",
  "mailparser",
  "fast-check",
  "unpdf",
];

/** Source files the running shop loads (tests, test rigs, benchmarks and dev tools aside). */
const RUNTIME_DIRS = ["domain", "adapters", "http", "web"];
const RUNTIME_FILES = ["main.ts", "config.ts", ...START_ENTRY_POINTS];

async function readJson<T>(path: string): Promise<T> {
  return JSON.parse(await Deno.readTextFile(`${ROOT}/${path}`)) as T;
}

function isRuntimeSource(path: string): boolean {
  return /\.(ts|tsx)$/.test(path) && !/_test\.tsx?$/.test(path) &&
    !/(^|\/)(testing|dev)\//.test(path);
}

async function runtimeSources(): Promise<string[]> {
  const files = new Set<string>(RUNTIME_FILES);
  async function walk(dir: string): Promise<void> {
    for await (const entry of Deno.readDir(`${ROOT}/${dir}`)) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory) await walk(path);
      else if (isRuntimeSource(path)) files.add(path);
    }
  }
  for (const dir of RUNTIME_DIRS) await walk(dir);
  return [...files];
}

/** The bare specifiers a source file imports (static, dynamic and type-only). */
export function bareImports(source: string): string[] {
  const found = new Set<string>();
  const patterns = [
    /\bfrom\s+["']([^"'.\/][^"']*)["']/g,
    /\bimport\s+["']([^"'.\/][^"']*)["']/g,
    /\bimport\(\s*["']([^"'.\/][^"']*)["']\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const match of source.matchAll(pattern)) {
      if (!/^(node|npm|jsr|https?):/.test(match[1])) found.add(match[1]);
    }
  }
  return [...found];
}

/** The import map's package for a bare specifier (`hono/cors` → `hono`). */
function mappedPackage(imports: Record<string, string>, specifier: string): string | undefined {
  const key = Object.keys(imports)
    .filter((k) => k === specifier || (k.endsWith("/") && specifier.startsWith(k)))
    .sort((a, b) => b.length - a.length)[0];
  if (!key) return undefined;
  const target = imports[key].replace(/^npm:\/?/, "");
  return target.slice(0, target.indexOf("@", 1));
}

Deno.test("bareImports() finds static, dynamic, side-effect and type-only imports", () => {
  const source = [
    'import { Hono } from "hono";',
    'import type { Sql } from "postgres";',
    'import "./local.ts";',
    'import "react-dom/client";',
    'const vite = await import("vite");',
    'import { readFile } from "node:fs";',
  ].join("\n");
  assert.deepEqual(bareImports(source).sort(), ["hono", "postgres", "react-dom/client", "vite"]);
});

Deno.test("packageId() and packageName() read a lock key with a scope and peers", () => {
  assert.equal(
    packageId("@hono/zod-validator@0.9.1_hono@4.13.19_zod@4.6.7"),
    "@hono/zod-validator@0.9.1",
  );
  assert.equal(packageName("@hono/zod-validator@0.9.1_hono@4.13.19"), "@hono/zod-validator");
  assert.equal(packageName("zod@4.6.7"), "zod");
});

Deno.test("the shop's lock holds every package its run-time code imports", async () => {
  const { imports } = await readJson<{ imports: Record<string, string> }>("import_map.json");
  const startLock = await readJson<{ npm: Record<string, unknown> }>(START_LOCK);
  const locked = new Set(Object.keys(startLock.npm).map(packageName));
  const missing: string[] = [];
  for (const file of await runtimeSources()) {
    for (const specifier of bareImports(await Deno.readTextFile(`${ROOT}/${file}`))) {
      const name = mappedPackage(imports, specifier);
      assert.ok(name, `${file} imports "${specifier}", which the import map does not name`);
      if (!locked.has(name)) missing.push(`${name} (${file})`);
    }
  }
  assert.deepEqual(missing, [], `run \`deno task lock-start\`: ${START_LOCK} lacks these`);
});

Deno.test("the shop's lock holds no browser, SMTP server or other test-only package", async () => {
  const startLock = await readJson<{ npm: Record<string, unknown> }>(START_LOCK);
  const names = new Set(Object.keys(startLock.npm).map(packageName));
  assert.deepEqual(NEVER_AT_RUN_TIME.filter((name) => names.has(name)), []);
});

Deno.test("the shop's lock pins the same versions as deno.lock", async () => {
  const start = await readJson<{ npm: Record<string, unknown> }>(START_LOCK);
  const full = await readJson<{ npm: Record<string, unknown> }>("deno.lock");
  assert.ok(lockedPackages(start).size > 10);
  assert.deepEqual(versionDrift(start, full), []);
});

Deno.test("the shop's lock resolves every entry point of `deno task start` as it is", async () => {
  // --frozen: a graph that needs anything the lock lacks fails instead of writing it.
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "cache",
      "--frozen",
      "--node-modules-dir=none",
      `--lock=${START_LOCK}`,
      ...START_ENTRY_POINTS,
    ],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.ok(out.success, new TextDecoder().decode(out.stderr).slice(-2000));
});
