/**
 * The owner's pages (OwnerPageStore), in memory, on PGlite and on a PostgreSQL server: a page
 * not written is none; a page is kept per language and written over as a whole.
 */
import assert from "node:assert/strict";
import { testOnBothEngines } from "./postgres/testing/databases.ts";
import { MemoryOwnerPages } from "./memory/owner_pages.ts";
import { PostgresOwnerPages } from "./postgres/owner_pages.ts";
import type { OwnerPageStore } from "../domain/pages/ports.ts";

async function contract(pages: OwnerPageStore) {
  assert.equal(await pages.find("faq", "si"), undefined);
  const si = {
    slug: "faq" as const,
    language: "si",
    title: "නිතර අසන ප්‍රශ්න",
    body: "## බෙදාහැරීම\n- {{delivery_times}}",
    updatedAt: "2026-03-01T04:00:00.000Z",
  };
  assert.deepEqual(await pages.save(si), si);
  assert.deepEqual(await pages.find("faq", "si"), si);
  assert.equal(await pages.find("faq", "en"), undefined, "each language its own");
  const again = { ...si, title: "ප්‍රශ්න", updatedAt: "2026-03-02T04:00:00.000Z" };
  await pages.save(again);
  assert.deepEqual(await pages.find("faq", "si"), again);
}

Deno.test("owner pages [memory]", () => contract(new MemoryOwnerPages()));
testOnBothEngines("owner pages", (sql) => contract(new PostgresOwnerPages(sql)));
