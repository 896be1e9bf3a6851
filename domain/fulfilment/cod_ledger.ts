/**
 * Cash on delivery as a ledger: per parcel, rows appended when the courier collects the
 * cash at the door and when it remits it to the shop; never rewritten. What a courier
 * still holds, and whether a parcel's cash counts as received (for reports: when it is
 * collected), are derived from the rows. The waybill is each row's idempotency key.
 */
import type { Cents } from "../money.ts";

export const COD_ENTRY_KINDS = ["collected", "remitted"] as const;
export type CodEntryKind = typeof COD_ENTRY_KINDS[number];

export interface CodEntry {
  shipmentId: number;
  kind: CodEntryKind;
  cents: Cents;
  /** ISO 8601 */
  at: string;
}

/** A parcel's cash as its rows add up. */
export interface CodPosition {
  shipmentId: number;
  courierId: string;
  /** What the parcel was to collect. */
  dueCents: Cents;
  collectedCents: Cents;
  remittedCents: Cents;
  /** Collected and not yet remitted: with the courier. */
  heldCents: Cents;
  /** When the courier collected (the first collection), for reports; null before. */
  collectedAt: string | null;
  /** When the courier remitted the cash to the shop; null before. */
  remittedAt: string | null;
}

export type CodRefusal =
  | { kind: "not_cod" }
  | { kind: "amount_differs"; cents: Cents; dueCents: Cents }
  | { kind: "already"; entry: CodEntryKind }
  | { kind: "not_collected" };

/** What the parcel's rows add up to. */
export function codPosition(
  shipment: { id: number; courierId: string; codCents: Cents },
  entries: readonly CodEntry[],
): CodPosition {
  const own = entries.filter((entry) => entry.shipmentId === shipment.id);
  const sum = (kind: CodEntryKind) =>
    own.filter((entry) => entry.kind === kind).reduce((total, entry) => total + entry.cents, 0);
  const collectedCents = sum("collected");
  const remittedCents = sum("remitted");
  const firstOf = (kind: CodEntryKind) =>
    own.filter((entry) => entry.kind === kind).map((entry) => entry.at).sort()[0] ?? null;
  return {
    shipmentId: shipment.id,
    courierId: shipment.courierId,
    dueCents: shipment.codCents,
    collectedCents,
    remittedCents,
    heldCents: collectedCents - remittedCents,
    collectedAt: firstOf("collected"),
    remittedAt: firstOf("remitted"),
  };
}

/**
 * Whether a row may be appended: the parcel collects cash, the amount is exactly what it
 * was to collect, each of collected and remitted happens once, and nothing is remitted
 * before it is collected.
 *
 * @example codRefusal({ ...position, collectedCents: 0 }, "remitted", 435150) // { kind: "not_collected" }
 */
export function codRefusal(
  position: CodPosition,
  kind: CodEntryKind,
  cents: Cents,
): CodRefusal | undefined {
  if (position.dueCents === 0) return { kind: "not_cod" };
  if (cents !== position.dueCents) {
    return { kind: "amount_differs", cents, dueCents: position.dueCents };
  }
  if (kind === "collected" && position.collectedCents > 0) return { kind: "already", entry: kind };
  if (kind === "remitted") {
    if (position.collectedCents === 0) return { kind: "not_collected" };
    if (position.remittedCents > 0) return { kind: "already", entry: kind };
  }
  return undefined;
}

/** The owner's list: the parcels whose cash a courier still holds, most first, and the total per courier. */
export function cashWithCouriers(positions: readonly CodPosition[]): {
  parcels: CodPosition[];
  byCourier: { courierId: string; heldCents: Cents }[];
} {
  const parcels = positions.filter((p) => p.heldCents > 0)
    .sort((a, b) => b.heldCents - a.heldCents || a.shipmentId - b.shipmentId);
  const totals = new Map<string, Cents>();
  for (const p of parcels) totals.set(p.courierId, (totals.get(p.courierId) ?? 0) + p.heldCents);
  return {
    parcels,
    byCourier: [...totals].map(([courierId, heldCents]) => ({ courierId, heldCents }))
      .sort((a, b) => a.courierId.localeCompare(b.courierId)),
  };
}

/**
 * Whether the couriers have collected all the cash the order owes at the door: every
 * parcel that collects cash and is not back at the shop has its collection recorded, and
 * together they come to `owedCents`. Then the order's money counts as received, on the
 * day of the last collection (the reports' takings).
 *
 * @example orderCashCollected([{ id: 1, codCents: 500, status: "delivered" }], [collectedRow(1, 500)], 500) // true
 */
export function orderCashCollected(
  shipments: readonly { id: number; codCents: Cents; status: string }[],
  entries: readonly CodEntry[],
  owedCents: Cents,
): boolean {
  const collecting = shipments.filter((s) => s.codCents > 0 && s.status !== "returned");
  if (collecting.length === 0 || owedCents <= 0) return false;
  const collected = (id: number) =>
    entries.some((entry) => entry.shipmentId === id && entry.kind === "collected");
  const total = collecting.reduce((sum, s) => sum + s.codCents, 0);
  return collecting.every((s) => collected(s.id)) && total === owedCents;
}
