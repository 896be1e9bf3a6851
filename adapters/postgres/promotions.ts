/**
 * Promotions in SQL (migration 0028): the running rules read by one indexed-free scan of
 * small tables (a shop keeps hundreds, not millions), a code found by its upper-case key,
 * and the owner's list, additions, changes, pauses, ends and deletions.
 */
import type {
  CodeChange,
  KeptPromotion,
  NewCampaign,
  NewDiscountCode,
  NewOrderOffer,
  PromotionDeletion,
  PromotionKind,
  PromotionNames,
  PromotionStore,
  PromotionUsage,
} from "../../domain/promotions/ports.ts";
import {
  type Campaign,
  type DiscountCode,
  type ItemBenefit,
  normaliseCode,
  type OrderOffer,
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

/** The Sinhala and Tamil names a row keeps, only those given. */
function namesOf(value: unknown): PromotionNames {
  const names = json<Record<string, unknown> | null>(value) ?? {};
  const given: PromotionNames = {};
  if (typeof names.si === "string" && names.si !== "") given.si = names.si;
  if (typeof names.ta === "string" && names.ta !== "") given.ta = names.ta;
  return given;
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

/**
 * A campaign's columns in the order its INSERT and UPDATE name them: name, names, scope,
 * benefit kind and value, window, paused.
 */
function campaignParams(campaign: NewCampaign): unknown[] {
  const [kind, value] = benefitColumns(campaign.benefit);
  return [
    campaign.name,
    JSON.stringify(campaign.names),
    JSON.stringify(campaign.scope),
    kind,
    value,
    campaign.window.startsAt,
    campaign.window.endsAt,
    campaign.paused,
  ];
}

/** An order offer's columns: name, names, minimum, benefit kind and amount, window, paused. */
function offerParams(offer: NewOrderOffer): unknown[] {
  const amount = offer.benefit.kind === "amount_off" ? offer.benefit.cents : 0;
  return [
    offer.name,
    JSON.stringify(offer.names),
    offer.minItemsCents,
    offer.benefit.kind,
    amount,
    offer.window.startsAt,
    offer.window.endsAt,
    offer.paused,
  ];
}

/**
 * A discount code's columns: code, benefit kind and value, minimum, scope, window, paused,
 * caps in all and per customer.
 */
function codeParams(code: NewDiscountCode): unknown[] {
  const [kind, value] = benefitColumns(code.benefit);
  return [
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
  ];
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
    names: namesOf(row.names),
    scope: json<PromotionScope>(row.scope),
    benefit: benefitOf(row.benefit_kind, row.benefit_value),
    window: windowOf(row),
    paused: row.paused,
  };
}

interface OfferRow extends WindowRow {
  id: number | string;
  name: string;
  names: unknown;
  min_items_cents: number | string;
  benefit_kind: string;
  amount_cents: number | string;
}

function offerOf(row: OfferRow): OrderOffer {
  return {
    id: Number(row.id),
    name: row.name,
    names: namesOf(row.names),
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

/** What the placed orders say of each promotion's use (see PromotionUsage). */
interface UsageRow {
  usage_uses: number | string;
  usage_saving_cents: number | string;
}

/**
 * The columns of a promotion's use, read beside its row from the orders that got it and
 * still stand (a rejected or lapsed order gives it back): a campaign's orders and what its
 * line adjustments took off, an offer's and a code's orders and what the order's own
 * adjustment took off (a code's uses are the orders holding it, `discount_codes.uses`).
 * Each reads the index of migration 0050 by kind and source.
 */
const USAGE: Record<PromotionKind, string> = {
  campaign: `(SELECT count(DISTINCT a.order_id) FROM order_adjustments a
                JOIN orders o ON o.id = a.order_id
               WHERE a.kind = 'campaign' AND a.source_id = campaigns.id
                 AND o.status <> 'rejected') AS usage_uses,
             (SELECT COALESCE(sum(a.amount_cents), 0) FROM order_adjustments a
                JOIN orders o ON o.id = a.order_id
               WHERE a.kind = 'campaign' AND a.source_id = campaigns.id
                 AND o.status <> 'rejected') AS usage_saving_cents`,
  offer: `(SELECT count(*) FROM order_adjustments a JOIN orders o ON o.id = a.order_id
            WHERE a.kind = 'offer' AND a.source_id = order_offers.id
              AND a.order_item_id IS NULL AND o.status <> 'rejected') AS usage_uses,
          (SELECT COALESCE(sum(a.amount_cents), 0) FROM order_adjustments a
             JOIN orders o ON o.id = a.order_id
            WHERE a.kind = 'offer' AND a.source_id = order_offers.id
              AND a.order_item_id IS NULL AND o.status <> 'rejected') AS usage_saving_cents`,
  code: `uses AS usage_uses,
         (SELECT COALESCE(sum(a.amount_cents), 0) FROM order_adjustments a
            JOIN orders o ON o.id = a.order_id
           WHERE a.kind = 'code' AND a.source_id = discount_codes.id
             AND a.order_item_id IS NULL AND o.status <> 'rejected') AS usage_saving_cents`,
};

/** A promotion some order ever got, standing or not: it is ended, never deleted. */
const EVER_GIVEN: Record<PromotionKind, string> = {
  campaign:
    "NOT EXISTS (SELECT 1 FROM order_adjustments WHERE kind = 'campaign' AND source_id = $1)",
  offer: "NOT EXISTS (SELECT 1 FROM order_adjustments WHERE kind = 'offer' AND source_id = $1)",
  code: "NOT EXISTS (SELECT 1 FROM discount_code_uses WHERE code_id = $1) " +
    "AND NOT EXISTS (SELECT 1 FROM order_adjustments WHERE kind = 'code' AND source_id = $1)",
};

function usageOf(row: UsageRow): PromotionUsage {
  return { uses: Number(row.usage_uses), savingCents: Number(row.usage_saving_cents) };
}

// The names come as campaignOf and offerOf read them (only the texts given), as the
// running rules carry them.
function keptCampaign(row: CampaignRow & UsageRow): KeptPromotion {
  const { id, names, ...campaign } = campaignOf(row);
  return {
    kind: "campaign",
    id,
    promotion: { ...campaign, names: names ?? {} },
    usage: usageOf(row),
  };
}

function keptOffer(row: OfferRow & UsageRow): KeptPromotion {
  const { id, names, ...offer } = offerOf(row);
  return { kind: "offer", id, promotion: { ...offer, names: names ?? {} }, usage: usageOf(row) };
}

function keptCode(row: CodeRow & UsageRow): KeptPromotion {
  const { id, usesLeft: _, ...code } = codeOf(row);
  return {
    kind: "code",
    id,
    promotion: { ...code, maxUses: row.max_uses },
    usage: usageOf(row),
  };
}

const KEPT = { campaign: keptCampaign, offer: keptOffer, code: keptCode } as const;

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
    const rows = await this.#sql.query<CampaignRow>(
      `INSERT INTO campaigns (name, names, scope, benefit_kind, benefit_value, starts_at, ends_at, paused)
       VALUES ($1, $2::jsonb, $3::jsonb, $4, $5, $6, $7, $8) RETURNING *`,
      campaignParams(campaign),
    );
    return campaignOf(rows[0]);
  }

  async addOffer(offer: NewOrderOffer): Promise<OrderOffer> {
    const rows = await this.#sql.query<OfferRow>(
      `INSERT INTO order_offers (name, names, min_items_cents, benefit_kind, amount_cents, starts_at, ends_at, paused)
       VALUES ($1, $2::jsonb, $3, $4, $5, $6, $7, $8) RETURNING *`,
      offerParams(offer),
    );
    return offerOf(rows[0]);
  }

  async addCode(
    code: NewDiscountCode,
  ): Promise<{ kind: "ok"; code: DiscountCode } | { kind: "duplicate" }> {
    const rows = await this.#sql.query<CodeRow>(
      `INSERT INTO discount_codes (code, benefit_kind, benefit_value, min_items_cents, scope,
         starts_at, ends_at, paused, max_uses, max_uses_per_customer)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8, $9, $10)
       ON CONFLICT (code_key) DO NOTHING RETURNING *`,
      codeParams(code),
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

  async listPromotions(): Promise<KeptPromotion[]> {
    const kinds = ["campaign", "offer", "code"] as const;
    const rows = await Promise.all(
      kinds.map((kind) =>
        this.#sql.query<CampaignRow & OfferRow & CodeRow & UsageRow>(
          `SELECT *, ${USAGE[kind]} FROM ${TABLES[kind]} ORDER BY id`,
        )
      ),
    );
    return kinds.flatMap((kind, i) => rows[i].map((row) => KEPT[kind](row)));
  }

  async getPromotion(kind: PromotionKind, id: number): Promise<KeptPromotion | undefined> {
    const rows = await this.#sql.query<CampaignRow & OfferRow & CodeRow & UsageRow>(
      `SELECT *, ${USAGE[kind]} FROM ${TABLES[kind]} WHERE id = $1`,
      [id],
    );
    return rows.length === 0 ? undefined : KEPT[kind](rows[0]);
  }

  async changeCampaign(id: number, campaign: NewCampaign): Promise<Campaign | undefined> {
    const rows = await this.#sql.query<CampaignRow>(
      `UPDATE campaigns SET name = $2, names = $3::jsonb, scope = $4::jsonb, benefit_kind = $5,
         benefit_value = $6, starts_at = $7, ends_at = $8, paused = $9
       WHERE id = $1 RETURNING *`,
      [id, ...campaignParams(campaign)],
    );
    return rows.length === 0 ? undefined : campaignOf(rows[0]);
  }

  async changeOffer(id: number, offer: NewOrderOffer): Promise<OrderOffer | undefined> {
    const rows = await this.#sql.query<OfferRow>(
      `UPDATE order_offers SET name = $2, names = $3::jsonb, min_items_cents = $4,
         benefit_kind = $5, amount_cents = $6, starts_at = $7, ends_at = $8, paused = $9
       WHERE id = $1 RETURNING *`,
      [id, ...offerParams(offer)],
    );
    return rows.length === 0 ? undefined : offerOf(rows[0]);
  }

  /** The cap is checked in the UPDATE itself: orders placed meanwhile are counted. */
  async changeCode(id: number, code: NewDiscountCode): Promise<CodeChange> {
    let rows: CodeRow[];
    try {
      rows = await this.#sql.query<CodeRow>(
        `UPDATE discount_codes SET code = $2, benefit_kind = $3, benefit_value = $4,
           min_items_cents = $5, scope = $6::jsonb, starts_at = $7, ends_at = $8, paused = $9,
           max_uses = $10, max_uses_per_customer = $11
         WHERE id = $1 AND ($10::integer IS NULL OR uses <= $10::integer) RETURNING *`,
        [id, ...codeParams(code)],
      );
    } catch (error) {
      if ((error as { code?: string }).code === "23505") return { kind: "duplicate" };
      throw error;
    }
    if (rows.length > 0) return { kind: "ok", code: codeOf(rows[0]) };
    const found = await this.#sql.query<{ uses: number }>(
      "SELECT uses FROM discount_codes WHERE id = $1",
      [id],
    );
    return found.length === 0 ? { kind: "not_found" } : { kind: "below_uses", uses: found[0].uses };
  }

  async endPromotion(kind: PromotionKind, id: number, at: string): Promise<boolean> {
    const rows = await this.#sql.query(
      `UPDATE ${TABLES[kind]} SET ends_at = $2 WHERE id = $1 RETURNING id`,
      [id, at],
    );
    return rows.length > 0;
  }

  /** A code any order ever held stays (its uses name it), whether the order kept it or not. */
  async deletePromotion(kind: PromotionKind, id: number): Promise<PromotionDeletion> {
    const rows = await this.#sql.query(
      `DELETE FROM ${TABLES[kind]} WHERE id = $1 AND ${EVER_GIVEN[kind]} RETURNING id`,
      [id],
    );
    if (rows.length > 0) return "deleted";
    const found = await this.#sql.query(`SELECT 1 FROM ${TABLES[kind]} WHERE id = $1`, [id]);
    return found.length === 0 ? "not_found" : "in_use";
  }
}
