/**
 * Migration 0050 moves what changed each order's prices from 0029's columns (a campaign, an
 * offer share and a code share per line; an offer and a code per order) into rows of
 * `order_adjustments`, without losing a cent or a name. Orders over the demo catalogue's
 * books and stationery are priced by today's rule under every kind (a sale price, campaigns
 * named in Sinhala and Tamil, an amount-off offer, a free-delivery offer, a percentage code,
 * an amount code, a free-delivery code), written as 0029's columns held them, plus an order
 * of 0028 whose saving had no offer kept; after 0050 each reads back with the adjustments the
 * rule gave it, and every order's figures (Items, savings by source, total) are unchanged.
 */
import assert from "node:assert/strict";
import { migrate, readMigrations } from "./migrator.ts";
import { createRepositories } from "./mod.ts";
import { testUpgradeOnBothEngines } from "./testing/databases.ts";
import {
  aBook,
  anOrder,
  aStationeryItem,
  insertAtSchema,
  insertCategory,
} from "./testing/builders.ts";
import { ORDER_SQL } from "./order_rows.ts";
import { Params } from "./record_table.ts";
import type { SqlClient } from "./sql_client.ts";
import { planPlacement } from "../../domain/orders/plans.ts";
import type { Order, OrderLine } from "../../domain/orders/model.ts";
import type { OrderAdjustment } from "../../domain/pricing/adjustment_kinds.ts";
import { orderBreakdown } from "../../domain/pricing/order_breakdown.ts";
import { applyPromotions } from "../../domain/promotions/apply_promotions.ts";
import type {
  Campaign,
  DiscountCode,
  OrderOffer,
  PricedItem,
} from "../../domain/promotions/pricing.ts";
import { DEMO_BOOKS, DEMO_STATIONERY } from "../demo/catalogue_data.ts";

const BEFORE = (await readMigrations()).filter((m) => m.name < "0050_");
const NOW = "2026-09-20T06:00:00.000Z";
const OPEN = { startsAt: null, endsAt: null };

const FAIR: Campaign = {
  id: 3,
  name: "Book Fair 2026",
  names: { si: "පොත් ප්‍රදර්ශනය 2026", ta: "புத்தகக் கண்காட்சி 2026" },
  scope: { kind: "store", store: "book" },
  benefit: { kind: "percent", basisPoints: 1500 },
  window: OPEN,
  paused: false,
};
const PENS: Campaign = {
  id: 4,
  name: "LKR 10 off a pen",
  scope: { kind: "store", store: "stationery" },
  benefit: { kind: "amount", cents: 1_000 },
  window: OPEN,
  paused: false,
};
const AMOUNT_OFF: OrderOffer = {
  id: 7,
  name: "LKR 250 off over LKR 3,000",
  names: { si: "රු. 3,000ට වැඩි නම් රු. 250ක් අඩුවෙන්" },
  minItemsCents: 300_000,
  benefit: { kind: "amount_off", cents: 25_000 },
  window: OPEN,
  paused: false,
};
const FREE_DELIVERY: OrderOffer = {
  id: 8,
  name: "Free delivery over LKR 2,000",
  minItemsCents: 200_000,
  benefit: { kind: "free_delivery" },
  window: OPEN,
  paused: false,
};

function code(id: number, typed: string, benefit: DiscountCode["benefit"]): DiscountCode {
  return {
    id,
    code: typed,
    benefit,
    minItemsCents: 0,
    scope: { kind: "shop" },
    window: OPEN,
    paused: false,
    usesLeft: null,
    maxUsesPerCustomer: null,
  };
}

/** The kinds each demo order is priced under: every kind, alone and together. */
const SCENARIOS: {
  campaigns: Campaign[];
  offers: OrderOffer[];
  code: DiscountCode | null;
}[] = [
  { campaigns: [], offers: [], code: null },
  { campaigns: [FAIR, PENS], offers: [], code: null },
  { campaigns: [FAIR], offers: [AMOUNT_OFF], code: null },
  {
    campaigns: [],
    offers: [FREE_DELIVERY],
    code: code(11, "School10", { kind: "percent", basisPoints: 1000 }),
  },
  {
    campaigns: [FAIR, PENS],
    offers: [AMOUNT_OFF],
    code: code(12, "WELCOME500", { kind: "amount", cents: 50_000 }),
  },
  { campaigns: [PENS], offers: [], code: code(13, "SHIPFREE", { kind: "free_delivery" }) },
];

interface Kept {
  id: number;
  lines: OrderLine[];
  adjustments: OrderAdjustment[];
  totalCents: number;
  deliveryFeeCents: number;
}

/** A placed order written as the shop wrote it before 0050: its lines' and its own columns. */
async function writeOld(
  sql: SqlClient,
  lines: OrderLine[],
  adjustments: OrderAdjustment[],
  deliveryFeeCents: number,
  legacyOfferShare = false,
): Promise<Kept> {
  const totalCents = lines.reduce(
    (sum, l) =>
      sum + l.listUnitCents * l.quantity - l.adjustments.reduce((t, a) => t + a.amountCents, 0),
    0,
  );
  const plan = planPlacement(anOrder(lines, { deliveryFeeCents, totalCents }));
  const offer = adjustments.find((a) => a.kind === "offer");
  const used = adjustments.find((a) => a.kind === "code");
  const p = new Params();
  const record: Order = {
    id: 0,
    userId: null,
    status: plan.status,
    orderDate: plan.order.orderDate,
    customer: plan.order.customer,
    provinceName: "Western",
    districtName: "Colombo",
    areaName: "Akarawita",
    provinceNameSi: null,
    provinceNameTa: null,
    districtNameSi: null,
    districtNameTa: null,
    areaNameSi: null,
    areaNameTa: null,
    totalCents,
    deliveryFeeCents,
    parcels: "together",
    secondParcelFeeCents: 0,
    paymentMethod: plan.order.paymentMethod,
    items: [],
    adjustments: [],
    vouchers: [],
    refundsGiven: [],
    paymentStatus: plan.paymentStatus,
    courier: null,
    trackingNumber: null,
    rejectReason: null,
    expiresAt: null,
    locale: "si",
    events: [],
    paymentProofs: [],
    keySalt: null,
  };
  const insert = ORDER_SQL.insertOf(p, record, {
    province_id: 1,
    district_id: 1,
    area_id: 1,
    offer_id: legacyOfferShare ? null : offer?.sourceId ?? null,
    offer_name: legacyOfferShare ? null : offer?.name ?? null,
    offer_name_si: legacyOfferShare ? null : offer?.names.si ?? null,
    offer_name_ta: legacyOfferShare ? null : offer?.names.ta ?? null,
    offer_saving_cents: legacyOfferShare ? null : offer?.amountCents ?? null,
    offer_free_delivery: legacyOfferShare ? null : offer?.freeDelivery ?? null,
    code_id: used?.sourceId ?? null,
    code: used?.name ?? null,
    code_saving_cents: used?.amountCents ?? null,
    code_free_delivery: used?.freeDelivery ?? null,
  });
  // Written as the shop did then: only the columns the orders table had at that schema.
  const then = await insertAtSchema(sql, insert, p.values);
  const [{ id }] = await sql.query<{ id: number }>(`${then.text} RETURNING id`, then.values);
  for (const line of lines) {
    const took = (kind: string) =>
      line.adjustments.filter((a) => a.kind === kind).reduce((t, a) => t + a.amountCents, 0);
    const campaign = line.adjustments.find((a) => a.kind === "campaign");
    await sql.query(
      `INSERT INTO order_items (order_id, type, book_id, stationery_id, title, isbn13,
         list_unit_cents, unit_price_cents, saving_cents, campaign_id, campaign_name,
         campaign_name_si, campaign_name_ta, campaign_saving_cents, offer_saving_cents,
         code_saving_cents, weight_grams, quantity, preorder)
       VALUES ($1, $2, $3, $4, $5, NULL, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16,
         $17, false)`,
      [
        id,
        line.type,
        line.type === "book" ? line.itemId : null,
        line.type === "stationery" ? line.itemId : null,
        line.title,
        line.listUnitCents,
        line.unitPriceCents,
        took("campaign") + took("offer") + took("code"),
        campaign?.sourceId ?? null,
        campaign?.name ?? null,
        campaign?.names.si ?? null,
        campaign?.names.ta ?? null,
        took("campaign"),
        took("offer"),
        took("code"),
        line.weightGrams,
        line.quantity,
      ],
    );
  }
  return { id: Number(id), lines, adjustments, totalCents, deliveryFeeCents };
}

testUpgradeOnBothEngines(
  `migration 0050 moves every saving of the demo catalogue's orders into adjustment rows, to the cent and the name`,
  async (sql) => {
    await migrate(sql, { migrations: BEFORE });
    const novels = await insertCategory(sql, "book_categories", "Novels");
    const pens = await insertCategory(sql, "stationery_categories", "Pens");
    // The demo catalogue's books, every third on sale, and its stationery.
    const items: (PricedItem & { title: string; weightGrams: number })[] = [];
    for (const [i, demo] of DEMO_BOOKS.entries()) {
      const book = aBook(novels, { title: demo.title, priceCents: demo.priceCents });
      const salePrice = i % 3 === 0 ? Math.round(demo.priceCents * 0.8) : null;
      const [{ id }] = await sql.query<{ id: number }>(
        `INSERT INTO books (title, author, price_cents, stock, category_id, isbn13, language,
               binding, publisher, publishing_date, edition, weight_grams, description,
               sale_price_cents)
             VALUES ($1, $2, $3, 10, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id`,
        [
          book.title,
          demo.author,
          book.priceCents,
          novels,
          book.isbn13,
          demo.language,
          book.binding,
          book.publisher,
          book.publishingDate,
          book.edition,
          book.weightGrams,
          book.description,
          salePrice,
        ],
      );
      items.push({
        type: "book",
        id: Number(id),
        categoryId: novels,
        language: demo.language,
        priceCents: book.priceCents,
        sale: salePrice === null ? null : { priceCents: salePrice, ...OPEN },
        title: book.title,
        weightGrams: book.weightGrams,
      });
    }
    for (const demo of DEMO_STATIONERY) {
      const item = aStationeryItem(pens, { title: demo.title, priceCents: demo.priceCents });
      const [{ id }] = await sql.query<{ id: number }>(
        `INSERT INTO stationery_items (title, price_cents, stock, weight_grams, category_id,
               image)
             VALUES ($1, $2, 50, $3, $4, $5) RETURNING id`,
        [item.title, item.priceCents, item.weightGrams, pens, item.image],
      );
      items.push({
        type: "stationery",
        id: Number(id),
        categoryId: pens,
        language: null,
        priceCents: item.priceCents,
        sale: null,
        title: item.title,
        weightGrams: item.weightGrams,
      });
    }

    // One order a scenario and a window of the catalogue, priced by today's rule.
    const kept: Kept[] = [];
    const kinds = new Set<string>();
    for (let n = 0; n < items.length; n++) {
      const scenario = SCENARIOS[n % SCENARIOS.length];
      const picked = [items[n], items[(n + 3) % items.length], items[(n + 7) % items.length]];
      const unique = [
        ...new Map(picked.map((item) => [`${item.type}:${item.id}`, item])).values(),
      ];
      const pricing = applyPromotions({
        lines: unique.map((item, i) => ({ item, quantity: 1 + (i + n) % 3 })),
        campaigns: scenario.campaigns,
        offers: scenario.offers,
        code: scenario.code ? { typed: scenario.code.code, found: scenario.code } : null,
        deliveryFeeCents: 40_000,
        now: NOW,
      });
      const lines: OrderLine[] = pricing.lines.map((priced, i) => ({
        type: priced.type,
        itemId: priced.id,
        title: unique[i].title,
        isbn13: null,
        quantity: priced.quantity,
        listUnitCents: priced.listUnitCents,
        unitPriceCents: priced.unitCents,
        adjustments: priced.adjustments,
        weightGrams: unique[i].weightGrams,
        preorder: false,
      }));
      for (const line of lines) for (const a of line.adjustments) kinds.add(a.kind);
      for (const a of pricing.adjustments) {
        kinds.add(`${a.kind}${a.freeDelivery ? " free delivery" : ""}`);
      }
      kept.push(await writeOld(sql, lines, pricing.adjustments, pricing.deliveryFeeCents));
    }
    assert.deepEqual(
      [...kinds].sort(),
      [
        "campaign",
        "code",
        "code free delivery",
        "offer",
        "offer free delivery",
        "sale",
      ],
      "every kind of adjustment is among the orders",
    );
    // An order of 0028: a saving kept on its line, its offer not kept (0029 named it so).
    const [first] = items;
    const legacy = await writeOld(
      sql,
      [{
        type: "book",
        itemId: first.id,
        title: first.title,
        isbn13: null,
        quantity: 1,
        listUnitCents: first.priceCents,
        unitPriceCents: first.priceCents,
        adjustments: [
          { kind: "offer", sourceId: null, name: "Order offer", names: {}, amountCents: 5_000 },
        ],
        weightGrams: first.weightGrams,
        preorder: false,
      }],
      [],
      40_000,
      true,
    );

    // Before the move: each order's figures as 0029's columns tell them.
    const { orders } = createRepositories(sql);
    const sums = async () =>
      Object.fromEntries(
        await Promise.all(
          [...kept, legacy].map(async (k) => {
            const [row] = await sql.query<{ items: number; paid: number; fee: number }>(
              `SELECT sum(oi.list_unit_cents * oi.quantity)::bigint AS items,
                     sum(oi.unit_price_cents * oi.quantity - oi.saving_cents)::bigint AS paid,
                     (SELECT delivery_fee_cents FROM orders WHERE id = $1) AS fee
                   FROM order_items oi WHERE oi.order_id = $1`,
              [k.id],
            );
            return [k.id, [Number(row.items), Number(row.paid), Number(row.fee)]];
          }),
        ),
      );
    const before = await sums();

    const applied = (await migrate(sql)).applied.map((m) => m.slice(0, 4));
    assert.equal(applied[0], "0050");

    assert.deepEqual(await sums(), before, "no line's usual price, price paid or fee moved");
    for (const k of kept) {
      const order = (await orders.findById(k.id))!;
      assert.deepEqual(
        order.items.map((l) => l.adjustments),
        k.lines.map((l) => l.adjustments),
        `order ${k.id}: each line's adjustments`,
      );
      assert.deepEqual(order.adjustments, k.adjustments, `order ${k.id}: the order's own`);
      const figures = orderBreakdown(order);
      const [items, paid, fee] = before[k.id];
      assert.equal(figures.itemsCents, items);
      assert.equal(figures.itemsPaidCents, paid);
      assert.equal(figures.itemsPaidCents, k.totalCents);
      assert.equal(figures.totalCents, paid + fee);
    }
    const old = (await orders.findById(legacy.id))!;
    assert.deepEqual(old.items[0].adjustments, [
      { kind: "offer", sourceId: null, name: "Order offer", names: {}, amountCents: 5_000 },
    ]);
    assert.deepEqual(old.adjustments, []);

    // The old columns are gone: a new kind adds rows, never a column.
    const columns = await sql.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns
           WHERE table_name IN ('orders', 'order_items')
             AND (column_name LIKE 'campaign%' OR column_name LIKE 'offer%'
               OR column_name LIKE 'code%')`,
    );
    assert.deepEqual(columns, []);
  },
);
