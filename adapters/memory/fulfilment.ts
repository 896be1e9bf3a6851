/** Parcels, couriers and the COD ledger in memory, for tests and the preview. */
import { BUILT_IN_COURIERS, type Courier } from "../../domain/fulfilment/couriers.ts";
import type { FulfilmentStore, PackOutcome } from "../../domain/fulfilment/ports.ts";
import type { Shipment, ShipmentDraft, ShipmentStatus } from "../../domain/fulfilment/shipments.ts";
import type { CodEntry } from "../../domain/fulfilment/cod_ledger.ts";

export class MemoryFulfilmentStore implements FulfilmentStore {
  #couriers = new Map<string, Courier>(BUILT_IN_COURIERS.map((c) => [c.id, { ...c }]));
  #shipments: Shipment[] = [];
  #entries: CodEntry[] = [];

  couriers(): Promise<Courier[]> {
    const builtIn = new Set(BUILT_IN_COURIERS.map((c) => c.id));
    const all = [...this.#couriers.values()].map((c) => ({ ...c }));
    return Promise.resolve([
      ...BUILT_IN_COURIERS.map((c) => all.find((a) => a.id === c.id)!),
      ...all.filter((c) => !builtIn.has(c.id)).sort((a, b) => a.name.localeCompare(b.name)),
    ]);
  }

  saveCourier(courier: Courier): Promise<void> {
    this.#couriers.set(courier.id, { ...courier });
    return Promise.resolve();
  }

  shipmentsOf(orderId: number): Promise<Shipment[]> {
    return Promise.resolve(structuredClone(this.#shipments.filter((s) => s.orderId === orderId)));
  }

  async pack<R>(
    orderId: number,
    draft: ShipmentDraft,
    refuse: (existing: Shipment[]) => R | undefined,
  ): Promise<PackOutcome<R>> {
    const refusal = refuse(await this.shipmentsOf(orderId));
    if (refusal !== undefined) return { kind: "refused", refusal };
    if (
      draft.waybill !== null &&
      this.#shipments.some((s) => s.courierId === draft.courierId && s.waybill === draft.waybill)
    ) {
      throw new Error(`Waybill "${draft.waybill}" of ${draft.courierId} is already used`);
    }
    const shipment: Shipment = {
      id: this.#shipments.length + 1,
      orderId,
      lines: draft.lines.filter((l) => l.quantity > 0).map((l) => ({ ...l })),
      courierId: draft.courierId,
      waybill: draft.waybill,
      codCents: draft.codCents,
      status: "packed",
    };
    this.#shipments.push(shipment);
    return { kind: "packed", shipment: structuredClone(shipment) };
  }

  shipmentOrder(shipmentId: number): Promise<number | undefined> {
    return Promise.resolve(this.#shipments.find((s) => s.id === shipmentId)?.orderId);
  }

  assignWaybill(shipmentId: number, waybill: string): Promise<"assigned" | "taken" | "not_open"> {
    const shipment = this.#shipments.find((s) =>
      s.id === shipmentId && s.status === "packed" && s.waybill === null
    );
    if (!shipment) return Promise.resolve("not_open");
    if (this.#shipments.some((s) => s.courierId === shipment.courierId && s.waybill === waybill)) {
      return Promise.resolve("taken");
    }
    shipment.waybill = waybill;
    return Promise.resolve("assigned");
  }

  codShipments(): Promise<Shipment[]> {
    return Promise.resolve(structuredClone(this.#shipments.filter((s) => s.codCents > 0)));
  }

  move(shipmentId: number, from: ShipmentStatus, to: ShipmentStatus): Promise<boolean> {
    const shipment = this.#shipments.find((s) => s.id === shipmentId && s.status === from);
    if (shipment) shipment.status = to;
    return Promise.resolve(shipment !== undefined);
  }

  codEntries(shipmentIds?: readonly number[]): Promise<CodEntry[]> {
    return Promise.resolve(
      this.#entries.filter((e) => !shipmentIds || shipmentIds.includes(e.shipmentId))
        .map((e) => ({ ...e })),
    );
  }

  appendCod(entry: CodEntry): Promise<boolean> {
    if (this.#entries.some((e) => e.shipmentId === entry.shipmentId && e.kind === entry.kind)) {
      return Promise.resolve(false);
    }
    this.#entries.push({ ...entry });
    return Promise.resolve(true);
  }
}
