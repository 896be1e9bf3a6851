/**
 * What people (and scanners) type into a search box never breaks the shop: a `q` of 1,000
 * characters, control characters, NUL, lone surrogates (raw and percent-encoded as the
 * invalid UTF-8 a browser never sends), broken percent escapes, SQL and LIKE
 * metacharacters answer 400 with a message or a normal result on every search route and
 * page, over both database engines; never a 5xx, never an error in the log. LIKE's
 * wildcards match themselves, not everything.
 */
import assert from "node:assert/strict";
import { ENGINES, serverTestsEnabled } from "../../adapters/postgres/testing/databases.ts";
import { realApp } from "./support/real_app.ts";

const sanitize = { sanitizeOps: false, sanitizeResources: false };

/** Raw query-string values (already percent-encoded where they must be). */
const NASTY: readonly string[] = [
  "a".repeat(1_000),
  encodeURIComponent("Madol ".repeat(160)),
  "%00",
  "a%00b",
  "%07",
  "%C2%85",
  "%ED%A0%80", // a lone high surrogate as (invalid) UTF-8
  "%ED%B0%80x", // a lone low surrogate
  "%uD800",
  "%E0%B6", // a Sinhala letter cut in half
  "%zz",
  "%",
  "%25",
  "_",
  "%5C",
  "%5C%25",
  "[a-z]*",
  encodeURIComponent("'; DROP TABLE books; --"),
  encodeURIComponent("' OR '1'='1"),
  encodeURIComponent("$1"),
  encodeURIComponent("\\x00"),
  encodeURIComponent("%_%"),
  encodeURIComponent("\u0DCA"), // a lone Sinhala sign (al-lakuna)
  encodeURIComponent("\u{1F4DA}"),
  encodeURIComponent("978-"),
  encodeURIComponent(" - - "),
];

/** Every route and page that searches, with the parameters that carry a search term. */
const SEARCHES: readonly { path: string; params: readonly string[]; admin?: boolean }[] = [
  { path: "/api/books", params: ["q", "author", "sort"] },
  { path: "/api/stationery", params: ["q", "sort"] },
  { path: "/api/books/archived", params: ["q"], admin: true },
  { path: "/api/stationery/archived", params: ["q"], admin: true },
  { path: "/", params: ["q", "author", "sort"] },
  { path: "/stationery", params: ["q", "sort"] },
];

for (const engine of ENGINES) {
  Deno.test({
    name:
      `a nasty search term answers 400 or a normal result on every search route and page, never 5xx [${engine}]`,
    ignore: engine === "postgres" && !serverTestsEnabled(),
    ...sanitize,
    async fn() {
      const r = await realApp({ engine });
      try {
        const seen = new Map<number, number>();
        for (const search of SEARCHES) {
          for (const param of search.params) {
            for (const value of NASTY) {
              const url = `${search.path}?${param}=${value}`;
              const response = await r.app.request(url, {
                headers: search.admin ? { Authorization: `Bearer ${r.adminToken}` } : {},
              });
              const body = await response.text();
              seen.set(response.status, (seen.get(response.status) ?? 0) + 1);
              assert.ok(
                response.status === 200 || response.status === 400,
                `${url} answered ${response.status}: ${body.slice(0, 200)}`,
              );
              if (response.status === 400 && search.path.startsWith("/api/")) {
                const error = JSON.parse(body).error;
                assert.equal(error.code, "VALIDATION_FAILED", url);
                assert.ok(error.details.length > 0, `${url} names the field`);
              }
            }
          }
        }
        assert.ok((seen.get(200) ?? 0) > 0 && (seen.get(400) ?? 0) > 0, `${[...seen]}`);
        assert.deepEqual(r.logger.lines.filter((l) => l.level === "error"), []);
      } finally {
        await r.close();
      }
    },
  });

  Deno.test({
    name: `LIKE's wildcards and SQL in q match themselves, not every book [${engine}]`,
    ignore: engine === "postgres" && !serverTestsEnabled(),
    ...sanitize,
    async fn() {
      const r = await realApp({ engine });
      try {
        const total = async (q: string) => {
          const response = await r.app.request(`/api/books?q=${encodeURIComponent(q)}`);
          assert.equal(response.status, 200, q);
          return (await response.json()).total;
        };
        for (const q of ["%", "_", "\\", "%_%", "' OR '1'='1", "a%", "M_dol"]) {
          assert.equal(await total(q), 0, q);
        }
        assert.equal(await total("madol"), 1);
        const long = await r.app.request(`/api/books?q=${"a".repeat(1_000)}`);
        assert.equal(long.status, 400);
        assert.match((await long.json()).error.details[0].message, /at most 200 characters/);
        const page = await r.app.request(`/?q=${"a".repeat(1_000)}`);
        assert.equal(page.status, 200, "the page searches the term's first 200 characters");
        assert.match(await page.text(), /No books/);
      } finally {
        await r.close();
      }
    },
  });
}
