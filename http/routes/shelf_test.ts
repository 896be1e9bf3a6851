/**
 * The storefront's reads say what one copy costs now: a book or stationery item carries its
 * shelf price (its sale price while its days run, then the best running campaign) with the
 * usual price, the saving, the campaign's names and until when; null at its usual price.
 */
import assert from "node:assert/strict";
import { json, testApp } from "../testing/fixture.ts";
import { MemoryPromotionStore } from "../../adapters/memory/promotions.ts";

const FAIR = {
  name: "Book Fair 2026: 20% off",
  names: { si: "පොත් ප්‍රදර්ශනය 2026", ta: "புத்தகக் கண்காட்சி 2026" },
  scope: { kind: "store" as const, store: "book" as const },
  benefit: { kind: "percent" as const, basisPoints: 2000 },
  // From 1 March 00:00 to 8 March 00:00 in Colombo; the test clock reads 1 March, 15:30.
  window: { startsAt: "2026-02-28T18:30:00.000Z", endsAt: "2026-03-07T18:30:00.000Z" },
  paused: false,
};

async function read(response: Response) {
  assert.equal(response.status, 200, await response.clone().text());
  return await response.json();
}

Deno.test("a storefront read carries the shelf price: the sale price, then the campaign, until the earlier end", async () => {
  const promotions = new MemoryPromotionStore();
  const fair = await promotions.addCampaign(FAIR);
  const t = await testApp({ promotions });
  const onSale = { salePrice: 900, saleEnds: "2026-03-05" };
  assert.equal((await t.asAdmin(`/api/books/${t.ids.book}`, json("PUT", onSale))).status, 200);

  const page = await read(await t.app.request("/api/books"));
  const book = page.data.find((b: { id: number }) => b.id === t.ids.book);
  assert.deepEqual(book.shelf, {
    price: 720, // 900.00 less 20%
    usual_price: 950,
    saving: 230,
    sale: 1,
    campaign: {
      id: fair.id,
      name: FAIR.name,
      name_si: FAIR.names.si,
      name_ta: FAIR.names.ta,
    },
    until: "2026-03-05T18:30:00.000Z", // the end of the sale's last day, before the fair's
  });
  const one = await read(await t.app.request(`/api/books/${t.ids.book}`));
  assert.deepEqual(one.data.shelf, book.shelf);
  // The campaign covers books only: the pen costs its usual price.
  const pen = await read(await t.app.request(`/api/stationery/${t.ids.pen}`));
  assert.equal(pen.data.shelf, null);

  // Paused, the campaign gives nothing; the sale price alone is left.
  await promotions.setPaused("campaign", fair.id, true);
  const paused = await read(await t.app.request(`/api/books/${t.ids.book}`));
  assert.deepEqual(
    [paused.data.shelf.price, paused.data.shelf.campaign, paused.data.shelf.sale],
    [900, null, 1],
  );
  // After the sale's last day, the usual price.
  t.clock.advance(5 * 86_400_000);
  assert.equal((await read(await t.app.request(`/api/books/${t.ids.book}`))).data.shelf, null);
});

Deno.test("a stationery item on sale shows its sale price, with no campaign named", async () => {
  const t = await testApp();
  await t.asAdmin(`/api/stationery/${t.ids.pen}`, json("PUT", { salePrice: 40 }));
  const page = await read(await t.app.request("/api/stationery"));
  assert.deepEqual(page.data[0].shelf, {
    price: 40,
    usual_price: 50,
    saving: 10,
    sale: 1,
    campaign: null,
    until: null,
  });
});
