/**
 * The contract of the promotion store, run in memory, on PGlite and on a PostgreSQL
 * server: what is running at a moment (window and pause), a code found whatever its case
 * with its uses left, one code per spelling, pauses; and the owner's list with each one's
 * use, changes, ends and deletions. (A code held by orders: code_use_contract_test.ts.)
 */
import assert from "node:assert/strict";
import { testOnBothEngines } from "./postgres/testing/databases.ts";
import { MemoryPromotionStore } from "./memory/promotions.ts";
import { PostgresPromotionStore } from "./postgres/promotions.ts";
import type {
  NewCampaign,
  NewDiscountCode,
  NewOrderOffer,
  PromotionStore,
} from "../domain/promotions/ports.ts";

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

const FREE_DELIVERY: NewOrderOffer = {
  name: "Free delivery over LKR 5,000",
  names: {},
  minItemsCents: 500_000,
  benefit: { kind: "free_delivery" },
  window: { startsAt: null, endsAt: null },
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
  const free = await store.addOffer(FREE_DELIVERY);
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

contract(
  "every promotion is listed with its names and use, each kind oldest first, and found alone",
  async (store) => {
    const fair = await store.addCampaign(BOOK_FAIR);
    const school = await store.addCampaign({
      ...BOOK_FAIR,
      name: "School season",
      names: {},
      scope: { kind: "categories", store: "stationery", ids: [2, 1] },
      window: { startsAt: null, endsAt: null },
      paused: true,
    });
    const offer = await store.addOffer({
      name: "Free delivery over LKR 5,000",
      names: { si: "රු. 5,000ට වැඩි ඇණවුම්වලට නොමිලේ බෙදාහැරීම" },
      minItemsCents: 500_000,
      benefit: { kind: "free_delivery" },
      window: { startsAt: null, endsAt: null },
      paused: false,
    });
    const code = await store.addCode(CODE);
    assert.ok(code.kind === "ok");
    const listed = await store.listPromotions();
    assert.deepEqual(listed.map((p) => [p.kind, p.id]), [
      ["campaign", fair.id],
      ["campaign", school.id],
      ["offer", offer.id],
      ["code", code.code.id],
    ]);
    assert.deepEqual(listed[0], {
      kind: "campaign",
      id: fair.id,
      promotion: BOOK_FAIR,
      usage: { uses: 0, savingCents: 0 },
    });
    assert.deepEqual(listed[1].kind === "campaign" && listed[1].promotion.scope, {
      kind: "categories",
      store: "stationery",
      ids: [2, 1],
    });
    assert.equal(listed[1].promotion.paused, true);
    assert.deepEqual(
      listed[2].kind === "offer" && listed[2].promotion.names,
      { si: "රු. 5,000ට වැඩි ඇණවුම්වලට නොමිලේ බෙදාහැරීම" },
    );
    assert.deepEqual(listed[3], {
      kind: "code",
      id: code.code.id,
      promotion: CODE,
      usage: { uses: 0, savingCents: 0 },
    });
    assert.deepEqual(await store.getPromotion("offer", offer.id), listed[2]);
    assert.equal(await store.getPromotion("campaign", offer.id + 1000), undefined);
    assert.equal(await store.getPromotion("code", fair.id + 1000), undefined);
  },
);

contract("a campaign and an offer are changed whole, names and window included", async (store) => {
  const fair = await store.addCampaign(BOOK_FAIR);
  const changed = {
    ...BOOK_FAIR,
    name: "Book Fair 2026: 25% off",
    names: { ta: "புத்தகக் கண்காட்சி 2026: 25% தள்ளுபடி" },
    benefit: { kind: "amount" as const, cents: 25_000 },
    scope: { kind: "language" as const, language: "Tamil" },
    window: { startsAt: "2026-09-19T03:30:00.000Z", endsAt: null },
    paused: true,
  };
  const returned = await store.changeCampaign(fair.id, changed);
  assert.equal(returned?.name, changed.name);
  assert.deepEqual((await store.getPromotion("campaign", fair.id))?.promotion, changed);
  assert.equal(await store.changeCampaign(fair.id + 1000, changed), undefined);

  const offer = await store.addOffer({
    name: "LKR 300 off over LKR 3,000",
    names: {},
    minItemsCents: 300_000,
    benefit: { kind: "amount_off", cents: 30_000 },
    window: { startsAt: null, endsAt: null },
    paused: false,
  });
  const free = {
    name: "Free delivery over LKR 4,000",
    names: { si: "නොමිලේ බෙදාහැරීම" },
    minItemsCents: 400_000,
    benefit: { kind: "free_delivery" as const },
    window: { startsAt: null, endsAt: "2027-01-01T00:00:00.000Z" },
    paused: false,
  };
  assert.deepEqual(await store.changeOffer(offer.id, free), { ...free, id: offer.id });
  assert.deepEqual((await store.getPromotion("offer", offer.id))?.promotion, free);
  assert.equal(await store.changeOffer(offer.id + 1000, free), undefined);
});

contract(
  "a code is changed whole, its spelling too, but never to another code's in any case",
  async (store) => {
    const first = await store.addCode(CODE);
    const second = await store.addCode({ ...CODE, code: "SCHOOL-25" });
    assert.ok(first.kind === "ok" && second.kind === "ok");
    assert.deepEqual(await store.changeCode(second.code.id, { ...CODE, code: "reading-CLUB" }), {
      kind: "duplicate",
    });
    const renamed = { ...CODE, code: "READING-CLUB", maxUses: null, minItemsCents: 0 };
    const own = await store.changeCode(first.code.id, renamed);
    assert.equal(own.kind, "ok", "its own spelling in another case is its own");
    assert.equal(own.kind === "ok" && own.code.usesLeft, null);
    assert.deepEqual((await store.getPromotion("code", first.code.id))?.promotion, renamed);
    assert.equal((await store.findCode("reading-club"))?.id, first.code.id);
    assert.deepEqual(await store.changeCode(second.code.id + 1000, CODE), { kind: "not_found" });
  },
);

contract("ending one sets its window's end to that moment, and it stops running", async (store) => {
  const fair = await store.addCampaign({ ...BOOK_FAIR, window: { startsAt: null, endsAt: null } });
  const code = await store.addCode(CODE);
  assert.ok(code.kind === "ok");
  const at = "2026-09-20T04:15:00.000Z";
  assert.equal(await store.endPromotion("campaign", fair.id, at), true);
  assert.equal(await store.endPromotion("code", code.code.id, at), true);
  assert.deepEqual((await store.getPromotion("campaign", fair.id))?.promotion.window, {
    startsAt: null,
    endsAt: at,
  });
  assert.equal((await store.findCode(CODE.code))?.window.endsAt, at);
  assert.deepEqual((await store.runningRules("2026-09-20T04:14:59.999Z")).campaigns.length, 1);
  assert.deepEqual((await store.runningRules(at)).campaigns, []);
  assert.equal(await store.endPromotion("offer", fair.id + 1000, at), false);
});

contract("a promotion no order used is deleted, once", async (store) => {
  const fair = await store.addCampaign(BOOK_FAIR);
  const code = await store.addCode(CODE);
  assert.ok(code.kind === "ok");
  assert.equal(await store.deletePromotion("campaign", fair.id), "deleted");
  assert.equal(await store.deletePromotion("campaign", fair.id), "not_found");
  assert.equal(await store.deletePromotion("code", code.code.id), "deleted");
  assert.equal(await store.findCode(CODE.code), undefined);
  assert.deepEqual(await store.listPromotions(), []);
  assert.deepEqual((await store.addCode(CODE)).kind, "ok", "its spelling is free again");
});

contract(
  "the running rules carry each campaign's and offer's Sinhala and Tamil names, only those given",
  async (store) => {
    const fair = await store.addCampaign(BOOK_FAIR);
    const plain = await store.addCampaign({ ...BOOK_FAIR, name: "Pens 10% off", names: {} });
    const offer = await store.addOffer({
      name: "Free delivery over LKR 5,000",
      names: { ta: "LKR 5,000க்கு மேல் இலவச விநியோகம்" },
      minItemsCents: 500_000,
      benefit: { kind: "free_delivery" },
      window: { startsAt: null, endsAt: null },
      paused: false,
    });
    const running = await store.runningRules("2026-09-20T00:00:00.000Z");
    assert.deepEqual(
      running.campaigns.map((c) => [c.id, c.names]),
      [[fair.id, BOOK_FAIR.names], [plain.id, {}]],
    );
    assert.deepEqual(running.offers.map((o) => [o.id, o.names]), [
      [offer.id, { ta: "LKR 5,000க்கு மேல் இலவச விநியோகம்" }],
    ]);
  },
);

contract(
  "the same running rules read twice are the same JSON text, key for key (how a cache tells a change)",
  async (store) => {
    await store.addCampaign(BOOK_FAIR);
    await store.addCampaign({
      ...BOOK_FAIR,
      name: "Chosen books",
      scope: { kind: "products", items: [{ type: "book", id: 7 }, { type: "stationery", id: 3 }] },
      benefit: { kind: "amount", cents: 2_000 },
      window: { startsAt: null, endsAt: null },
    });
    await store.addOffer(FREE_DELIVERY);
    const now = "2026-09-20T00:00:00.000Z";
    const first = JSON.stringify(await store.runningRules(now));
    assert.equal(JSON.stringify(await store.runningRules(now)), first);
    assert.match(first, /Chosen books/);
  },
);
