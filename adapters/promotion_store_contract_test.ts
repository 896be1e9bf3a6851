/**
 * The contract of the promotion store, run in memory, on PGlite and on a PostgreSQL
 * server: what is running at a moment (window and pause), a code found whatever its case
 * with its uses left, one code per spelling, and pauses.
 */
import assert from "node:assert/strict";
import { testOnBothEngines } from "./postgres/testing/databases.ts";
import { MemoryPromotionStore } from "./memory/promotions.ts";
import { PostgresPromotionStore } from "./postgres/promotions.ts";
import type { NewCampaign, NewDiscountCode, PromotionStore } from "../domain/promotions/ports.ts";

function contract(name: string, fn: (store: PromotionStore) => Promise<void>): void {
  Deno.test(`${name} [memory]`, () => fn(new MemoryPromotionStore()));
  testOnBothEngines(name, (sql) => fn(new PostgresPromotionStore(sql)));
}

const BOOK_FAIR: NewCampaign = {
  name: "Book Fair 2026: 20% off",
  names: { si: "පොත් ප්‍රදර්ශනය 2026: 20% අඩුවෙන්", ta: "புத்தகக் கண்காட்சி 2026: 20% தள்ளுபடி" },
  scope: { kind: "store", store: "book" },
  benefit: { kind: "percent", basisPoints: 2000 },
  window: { startsAt: "2026-09-18T18:30:00.000Z", endsAt: "2026-09-28T18:30:00.000Z" },
  paused: false,
};

const CODE: NewDiscountCode = {
  code: "Reading-Club",
  benefit: { kind: "amount", cents: 50_000 },
  minItemsCents: 200_000,
  scope: { kind: "shop" },
  window: { startsAt: null, endsAt: null },
  paused: false,
  maxUses: 10,
  maxUsesPerCustomer: 1,
};

contract("a campaign runs only inside its window and while it is not paused", async (store) => {
  const added = await store.addCampaign(BOOK_FAIR);
  assert.equal(added.name, BOOK_FAIR.name);
  assert.deepEqual(added.names, BOOK_FAIR.names);
  assert.deepEqual(added.benefit, BOOK_FAIR.benefit);
  assert.deepEqual(added.scope, BOOK_FAIR.scope);
  assert.deepEqual(added.window, BOOK_FAIR.window);
  const at = async (now: string) => (await store.runningRules(now)).campaigns.map((c) => c.id);
  assert.deepEqual(await at("2026-09-18T18:29:59.999Z"), []);
  assert.deepEqual(await at("2026-09-18T18:30:00.000Z"), [added.id]);
  // Shoppers read its name in their language: the running rules carry the names.
  const [running] = (await store.runningRules("2026-09-20T00:00:00.000Z")).campaigns;
  assert.deepEqual(running, added);
  assert.deepEqual(await at("2026-09-28T18:30:00.000Z"), [], "the end is not part of it");
  assert.equal(await store.setPaused("campaign", added.id, true), true);
  assert.deepEqual(await at("2026-09-20T00:00:00.000Z"), []);
  assert.equal(await store.setPaused("campaign", added.id + 1000, true), false);
});

contract("an order offer keeps its minimum and its benefit", async (store) => {
  const free = await store.addOffer({
    name: "Free delivery over LKR 5,000",
    names: {},
    minItemsCents: 500_000,
    benefit: { kind: "free_delivery" },
    window: { startsAt: null, endsAt: null },
    paused: false,
  });
  const off = await store.addOffer({
    name: "LKR 300 off over LKR 3,000",
    names: {},
    minItemsCents: 300_000,
    benefit: { kind: "amount_off", cents: 30_000 },
    window: { startsAt: null, endsAt: null },
    paused: false,
  });
  const { offers } = await store.runningRules("2026-11-26T00:00:00.000Z");
  assert.deepEqual(offers, [free, off]);
  assert.deepEqual(off.benefit, { kind: "amount_off", cents: 30_000 });
});

contract(
  "a code is found whatever its case, with its uses left, and one spelling is kept once",
  async (store) => {
    const added = await store.addCode(CODE);
    assert.equal(added.kind, "ok");
    for (const typed of ["reading-club", " READING-CLUB ", "Reading-Club"]) {
      const found = await store.findCode(typed);
      assert.equal(found?.code, "Reading-Club", typed);
      assert.equal(found?.usesLeft, 10);
      assert.deepEqual(found?.benefit, { kind: "amount", cents: 50_000 });
      assert.equal(found?.minItemsCents, 200_000);
    }
    assert.equal(await store.findCode("reading-clubs"), undefined);
    assert.deepEqual(await store.addCode({ ...CODE, code: "READING-club" }), { kind: "duplicate" });
    const free = await store.addCode({
      ...CODE,
      code: "FREESHIP",
      benefit: { kind: "free_delivery" },
      maxUses: null,
    });
    assert.equal(free.kind === "ok" && free.code.usesLeft, null);
  },
);
