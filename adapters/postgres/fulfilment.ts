/**
 * Parcels, couriers and the COD ledger on PostgreSQL (and PGlite): migration 0090. A parcel
 * is packed in one transaction with its order's row held (`FOR UPDATE`), its rules asked
 * again there, so one copy never lands in two parcels however many owners pack at once.
 */
import type { SqlClient } from "./sql_client.ts";
import {
  BUILT_IN_COURIERS,
  type Courier,
  type CourierApi,
} from "../../domain/fulfilment/couriers.ts";
import type { FulfilmentStore, PackOutcome } from "../../domain/fulfilment/ports.ts";
import type { Shipment, ShipmentDraft, ShipmentStatus } from "../../domain/fulfilment/shipments.ts";
import type { CodEntry, CodEntryKind } from "../../domain/fulfilment/cod_ledger.ts";

interface CourierRow {
  id: string;
  name: string;
  tracking_template: string | null;
  waybill_pattern: string | null;
  api: string | null;
}

interface ShipmentRow {
  id: string | number;
  order_id: string | number;
  courier_id: string;
  waybill: string | null;
  cod_cents: string | number;
  status: ShipmentStatus;
}

const BUILT_IN_ORDER = BUILT_IN_COURIERS.map((c) => c.id);

export class PostgresFulfilmentStore implements FulfilmentStore {
  constructor(private readonly sql: SqlClient) {}

  async couriers(): Promise<Courier[]> {
    const rows = await this.sql.query<CourierRow>(
      `SELECT id, name, tracking_template, waybill_pattern, api FROM couriers
       ORDER BY array_position($1::text[], id) NULLS LAST, name, id`,
      [BUILT_IN_ORDER],
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      trackingTemplate: row.tracking_template,
      waybillPattern: row.waybill_pattern,
      api: row.api as CourierApi | null,
    }));
  }

  async saveCourier(courier: Courier): Promise<void> {
    await this.sql.query(
      `INSERT INTO couriers (id, name, tracking_template, waybill_pattern, api)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (id) DO UPDATE SET name = $2, tracking_template = $3, waybill_pattern = $4,
         api = $5`,
      [courier.id, courier.name, courier.trackingTemplate, courier.waybillPattern, courier.api],
    );
  }

  shipmentsOf(orderId: number): Promise<Shipment[]> {
    return this.read(this.sql, orderId);
  }

  pack<R>(
    orderId: number,
    draft: ShipmentDraft,
    refuse: (existing: Shipment[]) => R | undefined,
  ): Promise<PackOutcome<R>> {
    return this.sql.transaction(async (tx) => {
      await tx.query("SELECT id FROM orders WHERE id = $1 FOR UPDATE", [orderId]);
      const refusal = refuse(await this.read(tx, orderId));
      if (refusal !== undefined) return { kind: "refused", refusal };
      const [row] = await tx.query<{ id: string | number }>(
        `INSERT INTO shipments (order_id, courier_id, waybill, cod_cents, status)
         VALUES ($1, $2, $3, $4, 'packed') RETURNING id`,
        [orderId, draft.courierId, draft.waybill, draft.codCents],
      );
      const lines = draft.lines.filter((line) => line.quantity > 0);
      for (const line of lines) {
        await tx.query(
          "INSERT INTO shipment_lines (shipment_id, order_item_id, quantity) VALUES ($1, $2, $3)",
          [row.id, line.orderLineId, line.quantity],
        );
      }
      return {
        kind: "packed",
        shipment: {
          id: Number(row.id),
          orderId,
          lines: lines.map((line) => ({ ...line })),
          courierId: draft.courierId,
          waybill: draft.waybill,
          codCents: draft.codCents,
          status: "packed",
        },
      };
    });
  }

  async shipmentOrder(shipmentId: number): Promise<number | undefined> {
    const [row] = await this.sql.query<{ order_id: string | number }>(
      "SELECT order_id FROM shipments WHERE id = $1",
      [shipmentId],
    );
    return row ? Number(row.order_id) : undefined;
  }

  async codShipments(): Promise<Shipment[]> {
    const rows = await this.sql.query<{ order_id: string | number }>(
      "SELECT DISTINCT order_id FROM shipments WHERE cod_cents > 0 ORDER BY order_id",
    );
    const all: Shipment[] = [];
    for (const row of rows) all.push(...await this.read(this.sql, Number(row.order_id)));
    return all.filter((s) => s.codCents > 0).sort((a, b) => a.id - b.id);
  }

  async assignWaybill(
    shipmentId: number,
    waybill: string,
  ): Promise<"assigned" | "taken" | "not_open"> {
    try {
      const set = await this.sql.query(
        `UPDATE shipments SET waybill = $2
          WHERE id = $1 AND status = 'packed' AND waybill IS NULL RETURNING id`,
        [shipmentId, waybill],
      );
      return set.length === 1 ? "assigned" : "not_open";
    } catch (error) {
      // UNIQUE (courier_id, waybill): the courier's number is another parcel's.
      if ((error as { code?: string }).code === "23505") return "taken";
      throw error;
    }
  }

  async move(shipmentId: number, from: ShipmentStatus, to: ShipmentStatus): Promise<boolean> {
    const moved = await this.sql.query(
      "UPDATE shipments SET status = $3 WHERE id = $1 AND status = $2 RETURNING id",
      [shipmentId, from, to],
    );
    return moved.length === 1;
  }

  async codEntries(shipmentIds?: readonly number[]): Promise<CodEntry[]> {
    const rows = await this.sql.query<
      {
        shipment_id: string | number;
        kind: CodEntryKind;
        cents: string | number;
        at: Date | string;
      }
    >(
      `SELECT shipment_id, kind, cents, at FROM cod_entries
       WHERE $1::bigint[] IS NULL OR shipment_id = ANY ($1::bigint[])
       ORDER BY at, shipment_id, kind`,
      [shipmentIds ? [...shipmentIds] : null],
    );
    return rows.map((row) => ({
      shipmentId: Number(row.shipment_id),
      kind: row.kind,
      cents: Number(row.cents),
      at: new Date(row.at).toISOString(),
    }));
  }

  async appendCod(entry: CodEntry): Promise<boolean> {
    const added = await this.sql.query(
      `INSERT INTO cod_entries (shipment_id, kind, cents, at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (shipment_id, kind) DO NOTHING RETURNING shipment_id`,
      [entry.shipmentId, entry.kind, entry.cents, entry.at],
    );
    return added.length === 1;
  }

  private async read(sql: Pick<SqlClient, "query">, orderId: number): Promise<Shipment[]> {
    const rows = await sql.query<ShipmentRow>(
      `SELECT id, order_id, courier_id, waybill, cod_cents, status FROM shipments
       WHERE order_id = $1 ORDER BY id`,
      [orderId],
    );
    if (rows.length === 0) return [];
    const lines = await sql.query<
      { shipment_id: string | number; order_item_id: string | number; quantity: number }
    >(
      `SELECT shipment_id, order_item_id, quantity FROM shipment_lines
       WHERE shipment_id = ANY ($1::bigint[]) ORDER BY shipment_id, order_item_id`,
      [rows.map((row) => row.id)],
    );
    return rows.map((row) => ({
      id: Number(row.id),
      orderId: Number(row.order_id),
      lines: lines.filter((line) => Number(line.shipment_id) === Number(row.id))
        .map((line) => ({ orderLineId: Number(line.order_item_id), quantity: line.quantity })),
      courierId: row.courier_id,
      waybill: row.waybill,
      codCents: Number(row.cod_cents),
      status: row.status,
    }));
  }
}
