/**
 * Promotions in SQL (migration 0028): the running rules read by one indexed-free scan of
 * small tables (a shop keeps hundreds, not millions), a code found by its upper-case key,
 * and the owner's additions and pauses.
 */
import type {
  NewCampaign,
  NewDiscountCode,
  NewOrderOffer,
  PromotionKind,
  PromotionStore,
} from "../../domain/promotions/ports.ts";
import {
  type Campaign,
  type DiscountCode,
  type ItemBenefit,
  normaliseCode,
  type OrderOffer,
  type PromotionNames,
  type PromotionScope,
  type PromotionWindow,
} from "../../domain/promotions/pricing.ts";
import type { SqlClient } from "./sql_client.ts";

interface WindowRow {
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  paused: boolean;
}

function iso(at: Date | string | null): string | null {
  return at === null ? null : new Date(at).toISOString();
}

function windowOf(row: WindowRow): PromotionWindow {
  return { startsAt: iso(row.starts_at), endsAt: iso(row.ends_at) };
}

/** JSON as the driver gives it: parsed already, or text. */
function json<T>(value: unknown): T {
  return (typeof value === "string" ? JSON.parse(value) : value) as T;
}

function benefitOf(kind: string, value: number | string): ItemBenefit {
  return kind === "percent"
    ? { kind: "percent", basisPoints: Number(value) }
    : { kind: "amount", cents: Number(value) };
}

function benefitColumns(benefit: ItemBenefit | { kind: "free_delivery" }): [string, number] {
  if (benefit.kind === "percent") return ["percent", benefit.basisPoints];
  if (benefit.kind === "amount") return ["amount", benefit.cents];
  return ["free_delivery", 0];
}

interface CampaignRow extends WindowRow {
  id: number | string;
  name: string;
  names: unknown;
  scope: unknown;
  benefit_kind: string;
  benefit_value: number | string;
}

function campaignOf(row: CampaignRow): Campaign {
  return {
    id: Number(row.id),
    name: row.name,
    names: json<PromotionNames>(row.names ?? {}),
    scope: json<PromotionScope>(row.scope),
    benefit: benefitOf(row.benefit_kind, row.benefit_value),
    window: windowOf(row),
    paused: row.paused,
  };
}

interface OfferRow extends WindowRow {
  id: number | string;
  name: string;
  min_items_cents: number | string;
  benefit_kind: string;
  amount_cents: number | string;
}

function offerOf(row: OfferRow): OrderOffer {
  return {
    id: Number(row.id),
    name: row.name,
    minItemsCents: Number(row.min_items_cents),
    benefit: row.benefit_kind === "free_delivery"
      ? { kind: "free_delivery" }
      : { kind: "amount_off", cents: Number(row.amount_cents) },
    window: windowOf(row),
    paused: row.paused,
  };
}

interface CodeRow extends WindowRow {
  id: number | string;
  code: string;
  benefit_kind: string;
  benefit_value: number | string;
  min_items_cents: number | string;
  scope: unknown;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  uses: number;
}

function codeOf(row: CodeRow): DiscountCode {
  return {
    id: Number(row.id),
    code: row.code,
    benefit: row.benefit_kind === "free_delivery"
      ? { kind: "free_delivery" }
      : benefitOf(row.benefit_kind, row.benefit_value),
    minItemsCents: Number(row.min_items_cents),
    scope: json<PromotionScope>(row.scope),
    window: windowOf(row),
    paused: row.paused,
    usesLeft: row.max_uses === null ? null : row.max_uses - row.uses,
    maxUsesPerCustomer: row.max_uses_per_customer,
  };
}

const RUNNING = `NOT paused AND (starts_at IS NULL OR starts_at <= $1)
  AND (ends_at IS NULL OR $1 < ends_at)`;

const TABLES: Record<PromotionKind, string> = {
  campaign: "campaigns",
  offer: "order_offers",
  code: "discount_codes",
};

export class PostgresPromotionStore implements PromotionStore {
  readonly #sql: SqlClient;

  constructor(sql: SqlClient) {
    this.#sql = sql;
  }

  async runningRules(now: string) {
    const [campaigns, offers] = await Promise.all([
      this.#sql.query<CampaignRow>(`SELECT * FROM campaigns WHERE ${RUNNING} ORDER BY id`, [now]),
      this.#sql.query<OfferRow>(`SELECT * FROM order_offers WHERE ${RUNNING} ORDER BY id`, [now]),
    ]);
    return { campaigns: campaigns.map(campaignOf), offers: offers.map(offerOf) };
  }

  async findCode(typed: string): Promise<DiscountCode | undefined> {
    const rows = await this.#sql.query<CodeRow>(
      "SELECT * FROM discount_codes WHERE code_key = $1",
      [normaliseCode(typed)],
    );
    return rows.length === 0 ? undefined : codeOf(rows[0]);
  }

  async addCampaign(campaign: NewCampaign): Promise<Campaign> {
    const [kind, value] = benefitColumns(campaign.benefit);
    const rows = await this.#sql.query<CampaignRow>(
      `INSERT INTO campaigns (name, names, scope, benefit_kind, benefit_value, starts_at, ends_at, paused)
       VALUES ($1, $2::jsonb, $3::jsonb, $4, $5, $6, $7, $8) RETURNING *`,
      [
        campaign.name,
        JSON.stringify(campaign.names),
        JSON.stringify(campaign.scope),
        kind,
        value,
        campaign.window.startsAt,
        campaign.window.endsAt,
        campaign.paused,
      ],
    );
    return campaignOf(rows[0]);
  }

  async addOffer(offer: NewOrderOffer): Promise<OrderOffer> {
    const amount = offer.benefit.kind === "amount_off" ? offer.benefit.cents : 0;
    const rows = await this.#sql.query<OfferRow>(
      `INSERT INTO order_offers (name, names, min_items_cents, benefit_kind, amount_cents, starts_at, ends_at, paused)
       VALUES ($1, $2::jsonb, $3, $4, $5, $6, $7, $8) RETURNING *`,
      [
        offer.name,
        JSON.stringify(offer.names),
        offer.minItemsCents,
        offer.benefit.kind,
        amount,
        offer.window.startsAt,
        offer.window.endsAt,
        offer.paused,
      ],
    );
    return offerOf(rows[0]);
  }

  async addCode(
    code: NewDiscountCode,
  ): Promise<{ kind: "ok"; code: DiscountCode } | { kind: "duplicate" }> {
    const [kind, value] = benefitColumns(code.benefit);
    const rows = await this.#sql.query<CodeRow>(
      `INSERT INTO discount_codes (code, benefit_kind, benefit_value, min_items_cents, scope,
         starts_at, ends_at, paused, max_uses, max_uses_per_customer)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10)
       ON CONFLICT (code_key) DO NOTHING RETURNING *`,
      [
        code.code,
        kind,
        value,
        code.minItemsCents,
        JSON.stringify(code.scope),
        code.window.startsAt,
        code.window.endsAt,
        code.paused,
        code.maxUses,
        code.maxUsesPerCustomer,
      ],
    );
    return rows.length === 0 ? { kind: "duplicate" } : { kind: "ok", code: codeOf(rows[0]) };
  }

  async setPaused(kind: PromotionKind, id: number, paused: boolean): Promise<boolean> {
    const rows = await this.#sql.query(
      `UPDATE ${TABLES[kind]} SET paused = $2 WHERE id = $1 RETURNING id`,
      [id, paused],
    );
    return rows.length > 0;
  }
}
