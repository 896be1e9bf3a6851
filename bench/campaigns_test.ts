import assert from "node:assert/strict";
import { campaignRules, insertCampaigns } from "./campaigns.ts";
import { testOnBothEngines } from "../adapters/postgres/testing/databases.ts";
import { PostgresPromotionStore } from "../adapters/postgres/promotions.ts";
import { campaignProblems } from "../domain/promotions/checks.ts";

Deno.test("campaignRules() draws the same valid rules every time, over every kind of scope", () => {
  const shape = { bookIds: [1, 2, 3, 4], categoryIds: [7, 8] };
  const rules = campaignRules(1000, shape);
  assert.deepEqual(rules, campaignRules(1000, shape));
  const kinds = new Set(rules.map((r) => r.scope.kind));
  assert.deepEqual([...kinds].sort(), ["categories", "language", "products", "store"]);
  for (const rule of rules) {
    const window = { startsAt: null, endsAt: null };
    assert.deepEqual(campaignProblems({ ...rule, window, paused: false, names: {} }), []);
  }
});

testOnBothEngines(
  "insertCampaigns() writes rules that run now, as the shop reads them",
  async (sql) => {
    const rules = campaignRules(50, { bookIds: [1, 2], categoryIds: [3] });
    await insertCampaigns(sql, rules);
    const running = await new PostgresPromotionStore(sql).runningRules(new Date().toISOString());
    assert.equal(running.campaigns.length, 50);
    assert.deepEqual(running.campaigns[0].scope, rules[0].scope);
  },
);
