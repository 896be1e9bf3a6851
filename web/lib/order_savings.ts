/**
 * An order's savings as its pages show them, read from its answer (rupees) into the
 * domain's cents so that the customer's page, the checkout's dialog and the admin's page
 * say what the slip and the mails say (domain/orders/savings.ts).
 */
import { rupeesToCents } from "../../domain/money.ts";
import type { OrderPromotion } from "../../domain/orders/model.ts";
import { type OrderSavings, orderSavings, type SavingFacts } from "../../domain/orders/savings.ts";
import type { PromotionNames } from "../../domain/promotions/names.ts";

/** A line of an order's answer, as far as its savings go. */
export interface WireSavingLine {
  list_price: number;
  price: number;
  quantity: number;
  saving: number;
  campaign: {
    name: string;
    name_si: string | null;
    name_ta: string | null;
    saving: number;
  } | null;
}

/** An order's offer or code in its answer. */
export interface WirePromotion {
  kind: OrderPromotion["kind"];
  id: number;
  name: string;
  name_si: string | null;
  name_ta: string | null;
  saving: number;
  free_delivery: boolean;
}

const cents = (rupees: number) => rupeesToCents(rupees) ?? Math.round(rupees * 100);

function names(wire: { name_si: string | null; name_ta: string | null }): PromotionNames {
  return {
    ...(wire.name_si ? { si: wire.name_si } : {}),
    ...(wire.name_ta ? { ta: wire.name_ta } : {}),
  };
}

/** A line of an answer in cents, with its campaign's names. */
export function savingLine(
  line: WireSavingLine,
): SavingFacts & { campaign: { name: string; names: PromotionNames; savingCents: number } | null } {
  return {
    listUnitCents: cents(line.list_price),
    unitPriceCents: cents(line.price),
    quantity: line.quantity,
    savingCents: cents(line.saving),
    campaign: line.campaign && {
      name: line.campaign.name,
      names: names(line.campaign),
      savingCents: cents(line.campaign.saving),
    },
  };
}

/** An offer or a code of an answer, as the domain keeps it. */
export function promotionOf(wire: WirePromotion): OrderPromotion {
  return {
    kind: wire.kind,
    id: wire.id,
    name: wire.name,
    names: names(wire),
    savingCents: cents(wire.saving),
    freeDelivery: wire.free_delivery,
  };
}

/**
 * The savings of an order's answer; an answer of an older shop, without promotions, saves
 * nothing.
 *
 * @example wireOrderSavings(order).savedCents // 100000: "You saved LKR 1,000.00"
 */
export function wireOrderSavings(
  order: { items: readonly WireSavingLine[]; promotions?: readonly WirePromotion[]; total: number },
): OrderSavings {
  return orderSavings({
    items: order.items.map(savingLine),
    promotions: (order.promotions ?? []).map(promotionOf),
    totalCents: cents(order.total),
  });
}
