/**
 * A payment method is treated differently in one place only: its policy
 * (domain/orders/payment_policy.ts, `Record<PaymentMethod, PaymentPolicy>`). Code that
 * compares a method with a method's name (`method === "COD" ? ... : ...`, `case "COD":`,
 * `payment_method = 'Bank Deposit'` in SQL) answers a third method as one of the two
 * without a word from the compiler; this test reads every source file that is not a test
 * and fails on such a comparison anywhere else. It reads the files, so it runs with the
 * permissioned group.
 */
import assert from "node:assert/strict";
import { PAYMENT_METHODS } from "../domain/orders/model.ts";
import { stripComments } from "./source_text.ts";

/** The modules that may name a method in a comparison: the list of methods and its policy. */
const POLICY_MODULES = new Set(["domain/orders/model.ts", "domain/orders/payment_policy.ts"]);

/** The folders and files of the shop's own code (tests/ holds only tests). */
const SOURCES = [
  "domain/",
  "adapters/",
  "contract/",
  "http/",
  "web/",
  "bench/",
  "scripts/",
  "main.ts",
  "config.ts",
];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The ways code compares a value with a method's name `name`. */
function comparisons(name: string): RegExp[] {
  const quoted = `(["'\`])${escapeRegExp(name)}\\1`;
  return [
    new RegExp(`(?:===?|!==?)\\s*${quoted}`), // method === "COD"
    new RegExp(`${quoted}\\s*(?:===?|!==?)`), // "COD" === method
    new RegExp(`\\bcase\\s+${quoted}\\s*:`), // case "COD":
    new RegExp(`(?:[^=!<>]=|<>)\\s*'${escapeRegExp(name)}'`), // SQL: payment_method = 'COD'
  ];
}

const PATTERNS = PAYMENT_METHODS.map((name) => ({ name, patterns: comparisons(name) }));

/** A comparison with a method's name: where, and the line. */
export interface MethodComparison {
  path: string;
  line: number;
  text: string;
}

/** The comparisons with a method's name in one file (none in the policy's own modules). */
export function methodComparisons(path: string, source: string): MethodComparison[] {
  if (POLICY_MODULES.has(path)) return [];
  const lines = source.split("\n");
  // Comments are left out first (a block comment's lines with them), then each line
  // found is numbered where it stands in the file, after the one found before it.
  let from = 0;
  return stripComments(source).split("\n")
    .filter((text) => PATTERNS.some(({ patterns }) => patterns.some((p) => p.test(text))))
    .map((text) => {
      const at = lines.findIndex((original, i) => i >= from && original.includes(text.trim()));
      from = at + 1;
      return { path, line: at + 1, text: text.trim() };
    });
}

const ROOT = new URL("../", import.meta.url);

function isTest(path: string): boolean {
  return /_test\.tsx?$/.test(path) || /(^|\/)testing\//.test(path);
}

async function* sourceFiles(entry: string): AsyncGenerator<string> {
  if (!entry.endsWith("/")) {
    yield entry;
    return;
  }
  for await (const item of Deno.readDir(new URL(entry, ROOT))) {
    const path = `${entry}${item.name}`;
    if (item.isDirectory) yield* sourceFiles(`${path}/`);
    else if (/\.tsx?$/.test(item.name) && !isTest(path)) yield path;
  }
}

Deno.test("no code outside the payment policy compares a payment method with a method's name", async () => {
  const found: MethodComparison[] = [];
  let files = 0;
  for (const entry of SOURCES) {
    for await (const path of sourceFiles(entry)) {
      files++;
      found.push(...methodComparisons(path, await Deno.readTextFile(new URL(path, ROOT))));
    }
  }
  assert.ok(files > 300, `only ${files} files read`);
  assert.deepEqual(found, []);
});

Deno.test("methodComparisons() finds a two-way ternary, a comparison either way, a case and SQL", () => {
  const source = [
    'const fee = method === "COD" ? codFee(w) : bankDepositFee(w);',
    'if (order.paymentMethod !== "Bank Deposit") return null;',
    'const cod = "COD" == order.payment_method;',
    "switch (method) { case 'Bank Deposit': return 1; }",
    "`SELECT id FROM orders WHERE payment_method = 'Bank Deposit'`",
    "`SELECT id FROM orders WHERE payment_method<>'COD'`",
  ].join("\n");
  assert.deepEqual(methodComparisons("web/x.tsx", source).map((c) => c.line), [1, 2, 3, 4, 5, 6]);
});

Deno.test("methodComparisons() lets the policy name methods, and leaves values, labels and comments alone", () => {
  const source = [
    'const order = { paymentMethod: "COD" };',
    'let method: PaymentMethod = "Bank Deposit";',
    '<option value="COD">Cash on Delivery</option>',
    '// method === "COD" was the old way',
    "const same = order.paymentMethod === query.paymentMethod;",
    "`CASE WHEN n % 3 = 0 THEN 'COD' ELSE 'Bank Deposit' END`",
  ].join("\n");
  assert.deepEqual(methodComparisons("bench/x.ts", source), []);
  const policy = 'const lapses = (m: PaymentMethod) => m === "Bank Deposit";';
  assert.deepEqual(methodComparisons("domain/orders/payment_policy.ts", policy), []);
  assert.equal(methodComparisons("domain/orders/fees.ts", policy).length, 1);
});
