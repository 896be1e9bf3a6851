/**
 * Imports flow one way between the shop's layers (see the README's Layout):
 *
 * - domain/   imports only domain/ (domain_imports_test.ts, which also forbids Deno);
 * - adapters/ imports adapters/ and domain/;
 * - contract/ imports contract/ and domain/: the wire contract (the zod schemas of every
 *             request and answer, and the API's paths), which both sides read;
 * - http/     imports http/, contract/ and domain/, and from web/ only types (the server
 *             renderer's contract in http/pages);
 * - web/      imports web/, contract/ and domain/, never the server: the browser's code and
 *             the server read one description of every request and answer;
 * - messages/ holds the words of each language as JSON (no code), which adapters, http
 *             and web may all read;
 * - main.ts is the one place that wires them; scripts/, bench/, tests/ and web/dev/ are
 *   entry points and tools around the shop, and tests and test rigs may reach anything.
 *
 * Packages (npm, node:) are the layers' own business and are not checked here.
 */
import assert from "node:assert/strict";
import { relativeImports, resolveFrom } from "./import_graph.ts";

type Layer = "domain" | "contract" | "adapters" | "http" | "web" | "messages";

/** The layers each layer may import at run time. */
const ALLOWED: Record<Exclude<Layer, "domain" | "messages">, readonly Layer[]> = {
  contract: ["contract", "domain"],
  adapters: ["adapters", "domain", "messages"],
  http: ["http", "contract", "domain", "messages"],
  web: ["web", "contract", "domain", "messages"],
};

/** Type-only imports allowed besides: from a folder, into a folder of another layer. */
const TYPES_ALLOWED: { from: string; to: string }[] = [
  { from: "http/pages/", to: "web/" },
];

const ROOT = new URL("../", import.meta.url);

export interface LayerViolation {
  path: string;
  specifier: string;
}

/** The top folder of a repository path, or the file itself at the top ("main.ts"). */
function topOf(path: string): string {
  return path.split("/")[0];
}

/** Whether a file is a test, a test rig or a tool, which the rule leaves free. */
export function isExempt(path: string): boolean {
  return /_test\.tsx?$/.test(path) || /(^|\/)testing\//.test(path) || path.startsWith("web/dev/");
}

/** The imports of one layer file that cross into a layer it may not use. */
export function layerViolations(path: string, source: string): LayerViolation[] {
  const layer = topOf(path) as Layer;
  if (layer === "domain" || !(layer in ALLOWED) || isExempt(path)) return [];
  const allowed = ALLOWED[layer as keyof typeof ALLOWED];
  const violations: LayerViolation[] = [];
  for (const { specifier, typeOnly } of relativeImports(source)) {
    const target = resolveFrom(path, specifier);
    if (target === undefined) continue;
    const targetTop = topOf(target) as Layer;
    if (targetTop === "messages" && !target.endsWith(".json")) {
      violations.push({ path, specifier });
      continue;
    }
    if ((allowed as readonly string[]).includes(targetTop)) continue;
    const typeSeam = typeOnly &&
      TYPES_ALLOWED.some((seam) => path.startsWith(seam.from) && target.startsWith(seam.to));
    if (!typeSeam) violations.push({ path, specifier });
  }
  return violations;
}

async function* sourceFiles(dir: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(new URL(dir, ROOT))) {
    const path = `${dir}${entry.name}`;
    if (entry.isDirectory) yield* sourceFiles(`${path}/`);
    else if (/\.tsx?$/.test(entry.name)) yield path;
  }
}

Deno.test("adapters, http and web import only the layers they may", async () => {
  const violations: LayerViolation[] = [];
  let files = 0;
  for (const layer of ["contract/", "adapters/", "http/", "web/"]) {
    for await (const path of sourceFiles(layer)) {
      files++;
      violations.push(...layerViolations(path, await Deno.readTextFile(new URL(path, ROOT))));
    }
  }
  assert.ok(files > 100, `only ${files} files read`);
  assert.deepEqual(violations, []);
});

Deno.test("layerViolations() refuses adapters reaching into http and web into adapters", () => {
  assert.deepEqual(
    layerViolations("adapters/mail/x.ts", 'import { ApiError } from "../../http/errors.ts";'),
    [{ path: "adapters/mail/x.ts", specifier: "../../http/errors.ts" }],
  );
  assert.deepEqual(
    layerViolations("web/islands/Cart.tsx", 'const m = await import("../../adapters/x.ts");'),
    [{ path: "web/islands/Cart.tsx", specifier: "../../adapters/x.ts" }],
  );
  assert.equal(layerViolations("http/app.ts", 'import { x } from "../main.ts";').length, 1);
  assert.equal(layerViolations("http/app.ts", 'import "../config.ts";').length, 1);
});

Deno.test("layerViolations() allows the domain, the own layer, packages and the renderer's types", () => {
  const source = [
    'import { Hono } from "hono";',
    'import type { Order } from "../../domain/orders/model.ts";',
    'import { csrf } from "../security.ts";',
    'import type { PageAssets } from "../../web/entry_server.tsx";',
    'type Renderer = typeof import("../../web/entry_server.tsx");',
  ].join("\n");
  assert.deepEqual(layerViolations("http/pages/assets.ts", source), []);
  assert.equal(
    layerViolations("http/pages/x.ts", 'import { render } from "../../web/entry_server.tsx";')
      .length,
    1,
  );
  assert.equal(
    layerViolations("http/routes/x.ts", 'import type { A } from "../../web/entry_server.tsx";')
      .length,
    1,
  );
});

Deno.test("layerViolations() lets web read the wire contract, and nothing of http", () => {
  const contract = 'import { BookSchema } from "../../contract/records.ts";';
  assert.deepEqual(layerViolations("web/islands/BookList.tsx", contract), []);
  assert.equal(
    layerViolations("web/islands/BookList.tsx", 'import { x } from "../../http/app.ts";').length,
    1,
  );
  assert.equal(
    layerViolations("web/lib/api.ts", 'import type { ApiError } from "../../http/errors.ts";')
      .length,
    1,
  );
});

Deno.test("layerViolations() keeps the contract to itself and the domain", () => {
  assert.deepEqual(
    layerViolations("contract/records.ts", 'import { LANGUAGES } from "../domain/x.ts";'),
    [],
  );
  assert.equal(
    layerViolations("contract/records.ts", 'import { x } from "../http/middleware/errors.ts";')
      .length,
    1,
  );
  assert.equal(
    layerViolations("contract/records.ts", 'import { x } from "../web/lib/api.ts";').length,
    1,
  );
});

Deno.test("layerViolations() lets every layer read the message catalogues, and only them", () => {
  const read = 'import si from "../../messages/si.json" with { type: "json" };';
  assert.deepEqual(layerViolations("adapters/mail/x.ts", read), []);
  assert.deepEqual(layerViolations("web/i18n/mod.ts", read), []);
  assert.equal(layerViolations("web/i18n/mod.ts", 'import "../../messages/x.ts";').length, 1);
});

Deno.test("layerViolations() leaves tests, test rigs and dev tools free", () => {
  const wiring = 'import { PostgresCatalogue } from "../adapters/postgres/mod.ts";';
  assert.deepEqual(layerViolations("http/app_test.ts", wiring), []);
  assert.deepEqual(layerViolations("http/testing/fixture.ts", wiring), []);
  assert.deepEqual(layerViolations("web/dev/preview.ts", wiring), []);
});
