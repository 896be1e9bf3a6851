/**
 * Running promotions for the benchmark's shop: `count` campaign rules written into the
 * generated database, running now and for the whole run, over every kind of scope (whole
 * categories, chosen books, a book language, the stationery store), so that listings, book
 * pages and orders are priced under as many rules as a busy book fair season would hold.
 * Most cover little (a few chosen books), as an owner's campaigns do; a few cover much.
 */
import type { SqlClient } from "../adapters/postgres/mod.ts";
import type { ItemBenefit, PromotionScope } from "../domain/promotions/pricing.ts";
import { BOOK_LANGUAGES } from "../domain/catalogue/book_record.ts";
import { seededRandom } from "./distinct_urls.ts";

export interface CampaignRule {
  name: string;
  scope: PromotionScope;
  benefit: ItemBenefit;
}

/**
 * `count` rules drawn with a fixed seed: 80% chosen books (1 to 5 of them), 15% a category
 * of books, 4% a book language, 1% the stationery store; a percentage of 5-30% or LKR
 * 20-200 off a copy.
 *
 * @example campaignRules(3, { bookIds: [1, 2, 3], categoryIds: [7] }).length // 3
 */
export function campaignRules(
  count: number,
  shape: { bookIds: readonly number[]; categoryIds: readonly number[] },
): CampaignRule[] {
  const random = seededRandom(34);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  return Array.from({ length: count }, (_, n): CampaignRule => {
    const kind = random();
    const scope: PromotionScope = kind < 0.8
      ? {
        kind: "products",
        items: Array.from(
          { length: 1 + Math.floor(random() * 5) },
          () => ({ type: "book" as const, id: pick(shape.bookIds) }),
        ),
      }
      : kind < 0.95
      ? { kind: "categories", store: "book", ids: [pick(shape.categoryIds)] }
      : kind < 0.99
      ? { kind: "language", language: pick(BOOK_LANGUAGES) }
      : { kind: "store", store: "stationery" };
    const benefit: ItemBenefit = random() < 0.7
      ? { kind: "percent", basisPoints: 500 * (1 + Math.floor(random() * 6)) }
      : { kind: "amount", cents: 2000 * (1 + Math.floor(random() * 10)) };
    return { name: `Campaign ${n + 1}`, scope, benefit };
  });
}

/** Writes the rules as campaigns running from an hour ago for a day, in one statement. */
export async function insertCampaigns(sql: SqlClient, rules: readonly CampaignRule[]) {
  if (rules.length === 0) return;
  await sql.query(
    `INSERT INTO campaigns (name, scope, benefit_kind, benefit_value, starts_at, ends_at)
     SELECT r.name, r.scope, r.benefit_kind, r.benefit_value,
            now() - interval '1 hour', now() + interval '1 day'
       FROM jsonb_to_recordset($1::text::jsonb)
         AS r(name text, scope jsonb, benefit_kind text, benefit_value bigint)`,
    [JSON.stringify(rules.map((rule) => ({
      name: rule.name,
      scope: rule.scope,
      benefit_kind: rule.benefit.kind,
      benefit_value: rule.benefit.kind === "percent"
        ? rule.benefit.basisPoints
        : rule.benefit.cents,
    })))],
  );
}
