/**
 * A discount code's uses, counted with the orders that hold them, in memory, on PGlite and
 * on a PostgreSQL server: a code is used at most its cap, and at most its share per
 * customer; a paused code is refused; a rejected order gives its use back once. On a
 * server, 50 checkouts at once over two clients with 10 uses left give exactly 10 orders.
 */
import assert from "node:assert/strict";
import { testOnBothEngines, testOnServer } from "./postgres/testing/databases.ts";
import { aBook, aLine, aPlacement, insertCategory, reject } from "./postgres/testing/builders.ts";
import { PostgresCatalogueAdmin } from "./postgres/catalogue_admin.ts";
import { PostgresOrderRepository } from "./postgres/orders.ts";
import { PostgresPromotionStore } from "./postgres/promotions.ts";
import { MemoryCatalogue } from "./memory/catalogue.ts";
import { MemoryOrderRepository } from "./memory/orders.ts";
import { MemoryPromotionStore } from "./memory/promotions.ts";
import { PostgresJsSqlClient } from "./postgres/postgresjs_client.ts";
import type { Book } from "../domain/catalogue/model.ts";
import type { OrderRepository } from "../domain/ports.ts";
import type { NewDiscountCode, PromotionStore } from "../domain/promotions/ports.ts";
import type { PlacementPlan } from "../domain/orders/plans.ts";

const CODE: NewDiscountCode = {
  code: "READING-CLUB",
  benefit: { kind: "percent", basisPoints: 1000 },
  minItemsCents: 0,
  scope: { kind: "shop" },
  window: { startsAt: null, endsAt: null },
  paused: false,
  maxUses: 3,
  maxUsesPerCustomer: 2,
};

interface World {
  orders: OrderRepository;
  promotions: PromotionStore;
  book: Book;
}

function contract(name: string, fn: (world: World) => Promise<void>): void {
  Deno.test(`${name} [memory]`, async () => {
    const catalogue = new MemoryCatalogue();
    const category = await catalogue.createCategory("Novels");
    assert.ok(category.kind === "ok");
    const promotions = new MemoryPromotionStore();
    const created = await catalogue.createBook(aBook(category.value.id, { stock: 50 }));
    assert.ok(created.kind === "ok");
    await fn({
      orders: new MemoryOrderRepository(catalogue, undefined, promotions),
      promotions,
      book: created.value,
    });
  });
  testOnBothEngines(name, async (sql) => {
    const novels = await insertCategory(sql, "book_categories", "Novels");
    const created = await new PostgresCatalogueAdmin(sql).createBook(aBook(novels, { stock: 50 }));
    assert.ok(created.kind === "ok");
    await fn({
      orders: new PostgresOrderRepository(sql),
      promotions: new PostgresPromotionStore(sql),
      book: created.value,
    });
  });
}

function withCode(book: Book, codeId: number, customer: string): PlacementPlan {
  return {
    ...aPlacement([aLine(book, "book", 1)]),
    codeUse: { codeId, customerKeys: [`email:${customer}`], maxPerCustomer: 2 },
  };
}

async function addCode(promotions: PromotionStore, code = CODE) {
  const added = await promotions.addCode(code);
  assert.ok(added.kind === "ok");
  return added.code;
}

contract(
  "a code is used at most its cap, and a rejected order gives its use back once",
  async ({ orders, promotions, book }) => {
    const code = await addCode(promotions);
    const placed = [];
    for (const customer of ["a", "b", "c"]) {
      const outcome = await orders.place(withCode(book, code.id, customer));
      assert.equal(outcome.kind, "placed");
      if (outcome.kind === "placed") placed.push(outcome.order.id);
    }
    assert.equal((await promotions.findCode("reading-club"))?.usesLeft, 0);
    assert.deepEqual(await orders.place(withCode(book, code.id, "d")), {
      kind: "code_refused",
      reason: "used_up",
    });
    assert.equal((await reject(orders, placed[0])).kind, "changed");
    assert.equal((await promotions.findCode("reading-club"))?.usesLeft, 1, "one use back");
    assert.equal((await orders.place(withCode(book, code.id, "d"))).kind, "placed");
    assert.equal((await promotions.findCode("reading-club"))?.usesLeft, 0);
  },
);

contract(
  "a customer holds at most their share of a code, and a paused code is refused",
  async ({ orders, promotions, book }) => {
    const code = await addCode(promotions, { ...CODE, maxUses: null });
    assert.equal((await orders.place(withCode(book, code.id, "a"))).kind, "placed");
    assert.equal((await orders.place(withCode(book, code.id, "a"))).kind, "placed");
    assert.deepEqual(await orders.place(withCode(book, code.id, "a")), {
      kind: "code_refused",
      reason: "customer_limit",
    });
    assert.equal((await orders.place(withCode(book, code.id, "b"))).kind, "placed");
    assert.equal(await promotions.setPaused("code", code.id, true), true);
    assert.deepEqual(await orders.place(withCode(book, code.id, "c")), {
      kind: "code_refused",
      reason: "paused",
    });
  },
);

testOnServer(
  "50 checkouts at once over two clients with 10 uses left give exactly 10 orders with the code",
  async (db) => {
    const first = new PostgresJsSqlClient(db.url!, { max: 4 });
    const second = new PostgresJsSqlClient(db.url!, { max: 4 });
    try {
      const novels = await insertCategory(first, "book_categories", "Novels");
      const created = await new PostgresCatalogueAdmin(first).createBook(
        aBook(novels, { stock: 100 }),
      );
      assert.ok(created.kind === "ok");
      const promotions = new PostgresPromotionStore(first);
      const code = await addCode(promotions, { ...CODE, maxUses: 10, maxUsesPerCustomer: null });
      const repositories = [
        new PostgresOrderRepository(first),
        new PostgresOrderRepository(second),
      ];
      const outcomes = await Promise.all(
        Array.from(
          { length: 50 },
          (_, i) => repositories[i % 2].place(withCode(created.value, code.id, `shopper-${i}`)),
        ),
      );
      const kinds = outcomes.map((o) => o.kind);
      assert.equal(kinds.filter((k) => k === "placed").length, 10);
      assert.equal(kinds.filter((k) => k === "code_refused").length, 40);
      const [{ uses }] = await first.query<{ uses: number }>(
        "SELECT uses FROM discount_codes WHERE id = $1",
        [code.id],
      );
      assert.equal(uses, 10);
      const [{ stock }] = await first.query<{ stock: number }>("SELECT stock FROM books");
      assert.equal(stock, 90, "a refused checkout takes no stock");
    } finally {
      await first.close();
      await second.close();
    }
  },
);

contract(
  "a code an order held is never deleted, even once the order gave it back; its cap stays at or above the orders holding it; and changing it changes no order placed",
  async ({ orders, promotions, book }) => {
    const code = await addCode(promotions);
    const first = await orders.place(withCode(book, code.id, "a"));
    const second = await orders.place(withCode(book, code.id, "b"));
    assert.ok(first.kind === "placed" && second.kind === "placed");
    const before = await orders.findById(first.order.id);
    assert.deepEqual((await promotions.getPromotion("code", code.id))?.usage, {
      uses: 2,
      savingCents: 0,
    });
    assert.deepEqual(await promotions.changeCode(code.id, { ...CODE, maxUses: 1 }), {
      kind: "below_uses",
      uses: 2,
    });
    const changed = await promotions.changeCode(code.id, {
      ...CODE,
      benefit: { kind: "percent", basisPoints: 5000 },
      maxUses: 2,
    });
    assert.equal(changed.kind === "ok" && changed.code.usesLeft, 0);
    assert.deepEqual(await orders.findById(first.order.id), before, "the order keeps its prices");
    assert.equal(await promotions.deletePromotion("code", code.id), "in_use");
    assert.equal((await reject(orders, first.order.id)).kind, "changed");
    assert.equal((await reject(orders, second.order.id)).kind, "changed");
    assert.equal((await promotions.getPromotion("code", code.id))?.usage.uses, 0);
    assert.equal(
      await promotions.deletePromotion("code", code.id),
      "in_use",
      "rejected orders still name it",
    );
  },
);

contract(
  "each promotion counts the standing orders that got it and what it took off them; a rejected order gives both back, and a promotion any order got is never deleted",
  async ({ orders, promotions, book }) => {
    const window = { startsAt: null, endsAt: null };
    const fair = await promotions.addCampaign({
      name: "Book Fair",
      names: {},
      scope: { kind: "shop" },
      benefit: { kind: "percent", basisPoints: 2000 },
      window,
      paused: false,
    });
    const offer = await promotions.addOffer({
      name: "LKR 50 off",
      names: {},
      minItemsCents: 0,
      benefit: { kind: "amount_off", cents: 5000 },
      window,
      paused: false,
    });
    const idle = await promotions.addCampaign({
      name: "Idle",
      names: {},
      scope: { kind: "shop" },
      benefit: { kind: "percent", basisPoints: 1000 },
      window,
      paused: false,
    });
    const code = await addCode(promotions);
    // Two copies: the campaign 20% of the line, then 50 off the order and the code's 30.
    const given = (customer: string): PlacementPlan => {
      const line = aLine(book, "book", 2);
      const campaignSaving = Math.round(line.unitPriceCents * 2 * 0.2);
      const offerSource = { sourceId: offer.id, name: offer.name, names: {} };
      const codeSource = { sourceId: code.id, name: CODE.code, names: {} };
      const plan = aPlacement([{
        ...line,
        adjustments: [
          {
            kind: "campaign",
            sourceId: fair.id,
            name: fair.name,
            names: {},
            amountCents: campaignSaving,
          },
          { kind: "offer", ...offerSource, amountCents: 5000 },
          { kind: "code", ...codeSource, amountCents: 3000 },
        ],
      }], {
        adjustments: [
          { kind: "offer", ...offerSource, amountCents: 5000, freeDelivery: false },
          { kind: "code", ...codeSource, amountCents: 3000, freeDelivery: false },
        ],
        customer: {
          name: "Nimali Perera",
          address: "12 Galle Road",
          email: `${customer}@example.lk`,
          phone: "0771234567",
          postalCode: "10732",
        },
      });
      return {
        ...plan,
        codeUse: { codeId: code.id, customerKeys: [`email:${customer}`], maxPerCustomer: 2 },
      };
    };
    const first = await orders.place(given("a"));
    const second = await orders.place(given("b"));
    assert.ok(first.kind === "placed" && second.kind === "placed", JSON.stringify(first));
    const campaignSaving = first.order.items[0].adjustments.find((a) => a.kind === "campaign")!
      .amountCents;
    const usage = async (kind: "campaign" | "offer" | "code", id: number) =>
      (await promotions.getPromotion(kind, id))?.usage;
    assert.deepEqual(await usage("campaign", fair.id), {
      uses: 2,
      savingCents: 2 * campaignSaving,
    });
    assert.deepEqual(await usage("offer", offer.id), { uses: 2, savingCents: 10_000 });
    assert.deepEqual(await usage("code", code.id), { uses: 2, savingCents: 6000 });
    assert.deepEqual(await usage("campaign", idle.id), { uses: 0, savingCents: 0 });

    assert.equal((await reject(orders, first.order.id)).kind, "changed");
    assert.deepEqual(await usage("campaign", fair.id), { uses: 1, savingCents: campaignSaving });
    assert.deepEqual(await usage("offer", offer.id), { uses: 1, savingCents: 5000 });
    assert.deepEqual(await usage("code", code.id), { uses: 1, savingCents: 3000 });
    assert.equal(await promotions.deletePromotion("campaign", fair.id), "in_use");
    assert.equal(await promotions.deletePromotion("offer", offer.id), "in_use");
    assert.equal(await promotions.deletePromotion("campaign", idle.id), "deleted");
  },
);
