/**
 * The contract of the MessageBudgets port, run against every store: the memory one the
 * dispatcher's tests use and the shared one in PostgreSQL, on PGlite and a server. On a
 * server, two dispatchers taking the last uses at once never both get one.
 */
import assert from "node:assert/strict";
import type { MessageBudgets } from "../domain/notifications/message_budget.ts";
import { MemoryMessageBudgets } from "../domain/notifications/testing/message_budgets.ts";
import { PostgresMessageBudgets } from "./postgres/message_budgets.ts";
import { testOnBothEngines, testOnServer } from "./postgres/testing/databases.ts";

function contract(name: string, fn: (budgets: MessageBudgets) => Promise<void>): void {
  Deno.test(`${name} [memory]`, () => fn(new MemoryMessageBudgets()));
  testOnBothEngines(name, (sql) => fn(new PostgresMessageBudgets(sql)));
}

contract("a budget gives up to its limit of uses in a slot, then none", async (budgets) => {
  for (let i = 0; i < 3; i++) {
    assert.equal(await budgets.take("2026-03-01", "sms:771234567", 3), true);
  }
  assert.equal(await budgets.take("2026-03-01", "sms:771234567", 3), false);
  assert.equal(await budgets.used("2026-03-01", "sms:771234567"), 3);
  // Another key, another slot: each its own count.
  assert.equal(await budgets.take("2026-03-01", "sms:712345678", 3), true);
  assert.equal(await budgets.take("2026-03-02", "sms:771234567", 3), true);
  assert.equal(await budgets.used("2026-03-02", "sms:771234567"), 1);
  assert.equal(await budgets.used("2026-03-03", "sms:771234567"), 0);
});

contract("a budget of 0 gives nothing, and a refused take counts nothing", async (budgets) => {
  assert.equal(await budgets.take("2026-03-01", "mail:a@example.lk", 0), false);
  assert.equal(await budgets.used("2026-03-01", "mail:a@example.lk"), 0);
  assert.equal(await budgets.take("2026-03-01", "mail:a@example.lk", 1), true);
  assert.equal(await budgets.take("2026-03-01", "mail:a@example.lk", 1), false);
  assert.equal(await budgets.used("2026-03-01", "mail:a@example.lk"), 1);
  // A lower limit later (the owner changed it) gives nothing past the uses so far.
  assert.equal(await budgets.take("2026-03-01", "mail:a@example.lk", 1), false);
});

contract("a use given back can be taken again, and never below none", async (budgets) => {
  assert.equal(await budgets.take("w", "sms:shop", 1), true);
  await budgets.giveBack("w", "sms:shop");
  assert.equal(await budgets.used("w", "sms:shop"), 0);
  await budgets.giveBack("w", "sms:shop");
  assert.equal(await budgets.used("w", "sms:shop"), 0);
  assert.equal(await budgets.take("w", "sms:shop", 1), true);
  assert.equal(await budgets.take("w", "sms:shop", 1), false);
});

testOnServer("fifty takes at once of a budget of ten give exactly ten", async (db) => {
  const budgets = new PostgresMessageBudgets(db.sql);
  const taken = await Promise.all(
    Array.from({ length: 50 }, () => budgets.take("2026-03-01", "sms:shop", 10)),
  );
  assert.equal(taken.filter(Boolean).length, 10);
  assert.equal(await budgets.used("2026-03-01", "sms:shop"), 10);
});
