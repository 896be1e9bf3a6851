import assert from "node:assert/strict";
import { CachedPromotions } from "./cached_promotions.ts";
import { MemoryPromotionStore } from "../memory/promotions.ts";
import { eventually, timersPass } from "../../tests/support/eventually.ts";
import type { NewCampaign, PromotionStore } from "../../domain/promotions/ports.ts";

const FAIR: NewCampaign = {
  name: "Book Fair 2026: 20% off",
  names: {},
  scope: { kind: "shop" },
  benefit: { kind: "percent", basisPoints: 2000 },
  window: { startsAt: "2026-09-18T18:30:00.000Z", endsAt: "2026-09-28T18:30:00.000Z" },
  paused: false,
};
const DURING = "2026-09-20T06:00:00.000Z";

/** A store that counts its reads, behind the cache, with a clock the test moves. */
function cached() {
  const inner = new MemoryPromotionStore();
  let reads = 0;
  // Every method of the memory store, the running rules counted as they are read.
  const counting = new Proxy(inner, {
    get(target, property) {
      if (property === "runningRules") {
        return (now: string) => {
          reads++;
          return target.runningRules(now);
        };
      }
      const value = Reflect.get(target, property);
      return typeof value === "function" ? value.bind(target) : value;
    },
  }) as PromotionStore;
  let ms = 0;
  let changes = 0;
  const store = new CachedPromotions(counting, {
    ttlMs: 5_000,
    now: () => ms,
    onChange: () => changes++,
  });
  return {
    inner,
    store,
    reads: () => reads,
    changes: () => changes,
    advance: (by: number) => (ms += by),
  };
}

Deno.test("the running rules are read once a time to live, the same list handed to every reader", async () => {
  const c = cached();
  await c.inner.addCampaign(FAIR);
  const [a, b] = await Promise.all([c.store.runningRules(DURING), c.store.runningRules(DURING)]);
  assert.equal(a, b, "one load shared, one list: its index is built once");
  assert.equal((await c.store.runningRules(DURING)).campaigns.length, 1);
  assert.equal(c.reads(), 1);
  c.advance(5_000);
  await c.store.runningRules(DURING);
  assert.equal(c.reads(), 2);
});

Deno.test("a promotion written through the cache forgets the rules and tells onChange at once", async () => {
  const c = cached();
  assert.equal((await c.store.runningRules(DURING)).campaigns.length, 0);
  const added = await c.store.addCampaign(FAIR);
  assert.equal(c.changes(), 1);
  assert.deepEqual((await c.store.runningRules(DURING)).campaigns.map((x) => x.id), [added.id]);
  await c.store.setPaused("campaign", added.id, true);
  assert.equal(c.changes(), 2);
  assert.deepEqual((await c.store.runningRules(DURING)).campaigns, []);
  // The admin's other writes call it themselves.
  c.store.invalidate();
  assert.equal(c.changes(), 3);
});

Deno.test("refresh() tells onChange when the running rules changed elsewhere or the day in Colombo turned", async () => {
  const c = cached();
  assert.equal(await c.store.refresh(new Date(DURING)), false, "the first round only looks");
  assert.equal(await c.store.refresh(new Date("2026-09-20T07:00:00.000Z")), false);
  // Another process adds a campaign: this one's cache has not seen the write.
  await c.inner.addCampaign(FAIR);
  assert.equal(await c.store.refresh(new Date("2026-09-20T07:00:05.000Z")), true);
  assert.equal((await c.store.runningRules(DURING)).campaigns.length, 1, "handed out at once");
  // Midnight in Colombo (18:30 UTC): a sale's days may have begun or ended.
  assert.equal(await c.store.refresh(new Date("2026-09-20T18:29:55.000Z")), false);
  assert.equal(await c.store.refresh(new Date("2026-09-20T18:30:00.000Z")), true);
  // The fair ends: no longer running, the rules differ.
  assert.equal(await c.store.refresh(new Date("2026-09-28T18:30:00.000Z")), true);
  assert.equal(c.changes(), 3);
});

Deno.test("refresh() hands out the same rules object while the rules are unchanged, a new one once they change", async () => {
  const c = cached();
  await c.inner.addCampaign(FAIR);
  await c.store.refresh(new Date(DURING));
  const first = await c.store.runningRules(DURING);
  await c.store.refresh(new Date("2026-09-20T06:00:05.000Z"));
  assert.equal(
    await c.store.runningRules(DURING),
    first,
    "read again, the same rules: kept as they were",
  );
  await c.inner.addCampaign({ ...FAIR, name: "Another fair" });
  assert.equal(await c.store.refresh(new Date("2026-09-20T06:00:10.000Z")), true);
  const changed = await c.store.runningRules(DURING);
  assert.notEqual(changed, first);
  assert.equal(changed.campaigns.length, 2);
});

Deno.test("watch() refreshes on its own until stopped", async () => {
  const c = cached();
  const watch = c.store.watch({ now: () => new Date(DURING) }, { everyMs: 10 });
  await eventually(() => c.reads() >= 3, { what: "three reads of the running rules" });
  await watch.stop();
  const reads = c.reads();
  // Three periods of its timer pass: a watch still running would have read again.
  await timersPass(10, 3);
  assert.equal(c.reads(), reads, "no reads once stopped");
});

Deno.test("each write of the owner's Promotions area forgets the rules and tells onChange; its reads do not", async () => {
  const c = cached();
  const fair = await c.store.addCampaign(FAIR);
  const writes: [string, () => Promise<unknown>][] = [
    ["changeCampaign", () => c.store.changeCampaign(fair.id, { ...FAIR, name: "Fair" })],
    ["endPromotion", () => c.store.endPromotion("campaign", fair.id, DURING)],
    ["deletePromotion", () => c.store.deletePromotion("campaign", fair.id)],
  ];
  for (const [name, write] of writes) {
    await c.store.runningRules(DURING);
    const before = { reads: c.reads(), changes: c.changes() };
    await write();
    assert.equal(c.changes(), before.changes + 1, `${name} tells onChange`);
    await c.store.runningRules(DURING);
    assert.equal(c.reads(), before.reads + 1, `${name} forgets the rules`);
  }
  const changes = c.changes();
  await c.store.listPromotions();
  await c.store.getPromotion("campaign", fair.id);
  assert.equal(c.changes(), changes, "reading the owner's list changes nothing");
});
