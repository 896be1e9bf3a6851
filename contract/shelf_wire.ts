/**
 * The shelf price (domain/promotions/shelf_price.ts) on the wire and back: rupees, its
 * campaign's names beside its English name (`name_si`, `name_ta`, as places carry theirs),
 * and null for a product that costs its usual price. No zod here: the browser's bundles
 * import this module.
 */
import { centsToRupees, rupeesToCents } from "../domain/money.ts";
import type { ShelfPrice } from "../domain/promotions/shelf_price.ts";
import type { WireShelf } from "./records.ts";

/**
 * A shelf price as the storefront's reads answer it; null when nothing takes anything off.
 *
 * @example shelfRecord({ unitCents: 80000, usualCents: 100000, savingCents: 20000, sale: true, campaign: null, until: null })
 *   // { price: 800, usual_price: 1000, saving: 200, sale: 1, campaign: null, until: null }
 */
export function shelfRecord(shelf: ShelfPrice | null): WireShelf | null {
  if (!shelf || shelf.savingCents <= 0) return null;
  const campaign = shelf.campaign;
  return {
    price: centsToRupees(shelf.unitCents),
    usual_price: centsToRupees(shelf.usualCents),
    saving: centsToRupees(shelf.savingCents),
    sale: shelf.sale ? 1 : 0,
    campaign: campaign
      ? {
        id: campaign.id,
        name: campaign.name,
        name_si: campaign.names.si ?? null,
        name_ta: campaign.names.ta ?? null,
      }
      : null,
    until: shelf.until,
  };
}

const cents = (rupees: number) => rupeesToCents(rupees) ?? Math.round(rupees * 100);

/** A shelf price read back from an answer; null when the answer has none. */
export function shelfFromWire(wire: WireShelf | null | undefined): ShelfPrice | null {
  if (!wire) return null;
  const campaign = wire.campaign;
  return {
    unitCents: cents(wire.price),
    usualCents: cents(wire.usual_price),
    savingCents: cents(wire.saving),
    sale: wire.sale === 1,
    campaign: campaign
      ? {
        id: campaign.id,
        name: campaign.name,
        names: {
          ...(campaign.name_si ? { si: campaign.name_si } : {}),
          ...(campaign.name_ta ? { ta: campaign.name_ta } : {}),
        },
      }
      : null,
    until: wire.until,
  };
}
