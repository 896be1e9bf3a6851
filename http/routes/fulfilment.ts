/**
 * /api/fulfilment: the fulfilment capability's one entry on the HTTP side. Packing a parcel
 * asks the domain's rules (domain/fulfilment/shipments.ts) inside the store's transaction;
 * handing one over is refused while a pre-ordered book in it is still a pre-order in the
 * catalogue (its stock has not arrived); the cash on delivery is a ledger of rows.
 */
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../deps.ts";
import { centsToRupees } from "../../domain/money.ts";
import type { Order } from "../../domain/orders/model.ts";
import { amountDue } from "../../domain/orders/amount_due.ts";
import { orderBreakdown } from "../../domain/pricing/order_breakdown.ts";
import type { FulfilmentStore } from "../../domain/fulfilment/ports.ts";
import {
  type Courier,
  courierProblems,
  trackingLink,
  waybillFits,
} from "../../domain/fulfilment/couriers.ts";
import {
  handOverRefusal,
  orderFulfilment,
  type Shipment,
  SHIPMENT_MOVES,
  shipmentRefusal,
  type ShippableLine,
  stockRefusal,
} from "../../domain/fulfilment/shipments.ts";
import { orderStatusFollowing } from "../../domain/fulfilment/order_status.ts";
import {
  type CourierApiFailure,
  type CourierApiGateway,
  movesBetween,
  parcelDescription,
  statusFromTracking,
} from "../../domain/fulfilment/courier_api.ts";
import { changeOrderStatus } from "../../domain/orders/change_status.ts";
import {
  cashWithCouriers,
  type CodPosition,
  codPosition,
  codRefusal,
  orderCashCollected,
} from "../../domain/fulfilment/cod_ledger.ts";
import { recordPayment } from "../../domain/orders/change_payment.ts";
import { preorderWait, waitingOrders } from "../../domain/fulfilment/preorder_waiting.ts";
import { FULFILMENT_ROUTES } from "../../contract/routes/mod.ts";
import { ApiError, notFound, validationFailed } from "../middleware/errors.ts";
import { serve } from "./route_spec.ts";

export type FulfilmentDeps =
  & Pick<AppDeps, "orders" | "catalogue" | "clock" | "slips" | "courierApis">
  & { fulfilment: FulfilmentStore };

const BASE = "/api/fulfilment";

/** The most orders one pre-order's arrival lists (the oldest first): a bound on one request. */
const MAX_WAITING_ORDERS = 500;

function shippable(order: Order): ShippableLine[] {
  return order.items.map((item) => ({
    id: item.id,
    quantity: item.quantity,
    preorder: item.preorder,
  }));
}

/** The cash the courier is to collect for the order: what is owed when the courier collects. */
function owedCents(order: Order): number {
  const due = amountDue(order, orderBreakdown(order));
  return due.kind === "collect" ? due.cents : 0;
}

function shipmentRecord(shipment: Shipment, couriers: readonly Courier[]) {
  const courier = couriers.find((c) => c.id === shipment.courierId);
  return {
    id: shipment.id,
    order_id: shipment.orderId,
    lines: shipment.lines.map((l) => ({ order_line_id: l.orderLineId, quantity: l.quantity })),
    courier_id: shipment.courierId,
    waybill: shipment.waybill,
    cod_amount: centsToRupees(shipment.codCents),
    status: shipment.status,
    tracking_url: courier && shipment.waybill ? trackingLink(courier, shipment.waybill) : null,
  };
}

function positionRecord(p: CodPosition) {
  return {
    shipment_id: p.shipmentId,
    courier_id: p.courierId,
    due: centsToRupees(p.dueCents),
    collected: centsToRupees(p.collectedCents),
    remitted: centsToRupees(p.remittedCents),
    held: centsToRupees(p.heldCents),
    collected_at: p.collectedAt,
    remitted_at: p.remittedAt,
  };
}

function courierRecord(c: Courier) {
  return {
    id: c.id,
    name: c.name,
    tracking_template: c.trackingTemplate,
    waybill_pattern: c.waybillPattern,
    api: c.api,
  };
}

const SHIPMENT_REFUSED = {
  no_lines: "A parcel needs at least one copy of one of the order's lines",
  unknown_line: "That line is not one of this order's",
  too_many: "More copies than are left to pack of that line: a copy is in one parcel only",
  unknown_courier: "There is no such courier",
  bad_waybill: "That waybill number does not have its courier's shape",
  cod_mismatch: "The cash to collect must add up, over the order's parcels, to what the order owes",
} as const;

const HAND_OVER_REFUSED = {
  illegal_move: "A parcel cannot move that way from where it is",
  no_waybill: "A parcel needs its waybill number before it is handed over",
  stock_not_arrived:
    "A pre-ordered book in this parcel has not arrived yet: hand it over once its stock is in",
} as const;

const COD_REFUSED = {
  not_cod: "This parcel collects no cash",
  amount_differs: "The amount must be exactly the parcel's cash to collect",
  already: "That is already recorded for this parcel",
  not_collected: "The courier has not collected this parcel's cash yet",
} as const;

/**
 * The owner's words for a courier API that did not do what was asked, sending a parcel or
 * reading its tracking; nothing was saved either way.
 */
function courierFailed(
  courier: string,
  failure: CourierApiFailure,
  doing: "send" | "track",
): ApiError {
  const next = doing === "send"
    ? "send it again, or type its waybill by hand"
    : "read its tracking again later, or move the parcel by hand";
  switch (failure.kind) {
    case "refused":
      return new ApiError(
        422,
        "RULE_VIOLATION",
        `${courier} refused it: ${failure.message}. Nothing was saved; ${
          doing === "send" ? "correct it and " : ""
        }${next}`,
        { reason: "courier_refused", courier_message: failure.message },
      );
    case "timeout":
      return new ApiError(
        502,
        "PROVIDER_FAILED",
        doing === "send"
          ? `${courier} did not answer in time. Nothing was saved here: look for the parcel in ${courier}'s own portal before sending it again, or type its waybill by hand`
          : `${courier} did not answer in time. Nothing was changed; ${next}`,
        { reason: "courier_timeout" },
      );
    case "down":
      return new ApiError(
        502,
        "PROVIDER_FAILED",
        `${courier} cannot be reached now. Nothing was saved; ${next}`,
        { reason: "courier_down" },
      );
  }
}

export function fulfilmentRoutes(deps: FulfilmentDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const store = deps.fulfilment;

  async function orderOf(id: number): Promise<Order> {
    const order = await deps.orders.findById(id);
    if (!order) throw notFound("Order", id);
    return order;
  }

  async function shipmentOf(id: number): Promise<{ shipment: Shipment; order: Order }> {
    const orderId = await store.shipmentOrder(id);
    const order = orderId === undefined ? undefined : await deps.orders.findById(orderId);
    const shipment = order && (await store.shipmentsOf(order.id)).find((s) => s.id === id);
    if (!order || !shipment) throw notFound("Shipment", id);
    return { shipment, order };
  }

  /**
   * The order's status follows from its parcels and payment (domain/fulfilment/order_status.ts):
   * when every copy is out, a pending order is completed through its own transition, which
   * mails and texts the customer with its couriers and waybills (their links are read from
   * the parcels when the mail goes).
   */
  async function followShipments(order: Order, couriers: readonly Courier[]): Promise<void> {
    const shipments = await store.shipmentsOf(order.id);
    const target = orderStatusFollowing(order, orderFulfilment(shippable(order), shipments));
    if (target !== "completed" || order.status !== "pending") return;
    const out = shipments.filter((s) => s.status === "handed_over" || s.status === "delivered");
    const names = [
      ...new Set(out.map((s) => couriers.find((k) => k.id === s.courierId)?.name ?? s.courierId)),
    ];
    const waybills = out.flatMap((s) => s.waybill === null ? [] : [s.waybill]);
    await changeOrderStatus(deps, {
      id: order.id,
      status: "completed",
      courier: names.join(", ").slice(0, 100) || null,
      trackingNumber: waybills.join(", ").slice(0, 100) || null,
    });
  }

  /**
   * Cash on delivery counts as received when the courier collects it: once the couriers
   * hold all the order owes at the door, its payment is recorded then (and the reports
   * count its takings on that day). An order already marked paid is left as it is.
   */
  async function receiveCollectedCash(order: Order): Promise<void> {
    if (order.paymentStatus === "paid") return;
    const shipments = await store.shipmentsOf(order.id);
    const entries = await store.codEntries(shipments.map((s) => s.id));
    if (!orderCashCollected(shipments, entries, owedCents(order))) return;
    await recordPayment(deps, {
      id: order.id,
      status: "paid",
      note: "Cash on delivery collected by the courier",
    });
  }

  serve(app, BASE, FULFILMENT_ROUTES.preorderOrders, async (c) => {
    const { id } = c.req.valid("param");
    const book = await deps.catalogue.findBook(id);
    if (!book) throw notFound("Book", id);
    const holding = await deps.orders.holdingPreorder(id, MAX_WAITING_ORDERS);
    const shipments = new Map<number, Shipment[]>();
    for (const order of holding) shipments.set(order.id, await store.shipmentsOf(order.id));
    const waiting = waitingOrders(holding, (orderId) => shipments.get(orderId) ?? [], id);
    return c.json({
      data: {
        book_id: book.id,
        title: book.title,
        preorder: book.preorder,
        orders: waiting.map((w) => ({
          order_id: w.orderId,
          customer: w.customerName,
          copies: w.copies,
          payment_status: w.paymentStatus,
          order_date: w.orderDate,
          parcels: w.parcels,
        })),
      },
    });
  });

  serve(app, BASE, FULFILMENT_ROUTES.preorderWait, async (c) => {
    const order = await orderOf(c.req.valid("param").id);
    const wait = preorderWait(order, await arrivals(order));
    return c.json({
      data: {
        order_id: order.id,
        parcels: order.parcels,
        wait: wait.kind,
        order_line_ids: wait.kind === "none" ? [] : wait.orderLineIds,
      },
    });
  });

  serve(app, BASE, FULFILMENT_ROUTES.couriers, async (c) => {
    return c.json({ data: (await store.couriers()).map(courierRecord) });
  });

  serve(app, BASE, FULFILMENT_ROUTES.saveCourier, async (c) => {
    const { courierId } = c.req.valid("param");
    const body = c.req.valid("json");
    const existing = (await store.couriers()).find((courier) => courier.id === courierId);
    const courier: Courier = {
      id: courierId,
      name: body.name,
      trackingTemplate: body.tracking_template || null,
      waybillPattern: body.waybill_pattern || null,
      api: existing?.api ?? null,
    };
    const problems = courierProblems(courier);
    const fields = {
      name: "name",
      trackingTemplate: "tracking_template",
      waybillPattern: "waybill_pattern",
      id: "courierId",
      api: "api",
    } as const;
    const listed = Object.entries(problems).map(([field, message]) => ({
      field: fields[field as keyof typeof fields],
      message: message!,
    }));
    if (listed.length > 0) throw validationFailed(listed);
    await store.saveCourier(courier);
    return c.json({ data: courierRecord(courier) });
  });

  serve(app, BASE, FULFILMENT_ROUTES.shipments, async (c) => {
    const order = await orderOf(c.req.valid("param").id);
    const couriers = await store.couriers();
    const shipments = await store.shipmentsOf(order.id);
    return c.json({ data: shipments.map((s) => shipmentRecord(s, couriers)) });
  });

  serve(app, BASE, FULFILMENT_ROUTES.pack, async (c) => {
    const order = await orderOf(c.req.valid("param").id);
    const body = c.req.valid("json");
    const couriers = await store.couriers();
    const draft = {
      lines: body.lines.map((l) => ({ orderLineId: l.order_line_id, quantity: l.quantity })),
      courierId: body.courier_id,
      waybill: body.waybill || null,
      codCents: body.cod_amount,
    };
    const facts = { lines: shippable(order), owedCents: owedCents(order) };
    const outcome = await store.pack(
      order.id,
      draft,
      (existing) => shipmentRefusal(draft, facts, existing, couriers),
    );
    if (outcome.kind === "refused") {
      const { kind, ...details } = outcome.refusal;
      throw new ApiError(422, "RULE_VIOLATION", SHIPMENT_REFUSED[kind], {
        reason: kind,
        ...details,
      });
    }
    return c.json({ data: shipmentRecord(outcome.shipment, couriers) }, 201);
  });

  serve(app, BASE, FULFILMENT_ROUTES.move, async (c) => {
    const { shipment, order } = await shipmentOf(c.req.valid("param").id);
    const { status } = c.req.valid("json");
    if (status === "handed_over") {
      const refusal = handOverRefusal(shipment, shippable(order), await arrivals(order));
      if (refusal) {
        const { kind, ...details } = refusal;
        throw new ApiError(409, "INVALID_STATE", HAND_OVER_REFUSED[kind], {
          reason: kind,
          ...details,
        });
      }
    } else if (!SHIPMENT_MOVES[shipment.status].includes(status)) {
      throw new ApiError(409, "INVALID_STATE", HAND_OVER_REFUSED.illegal_move, {
        reason: "illegal_move",
        from: shipment.status,
      });
    }
    if (!await store.move(shipment.id, shipment.status, status)) {
      throw new ApiError(409, "INVALID_STATE", "The parcel was moved meanwhile: read it again", {
        reason: "moved",
      });
    }
    const couriers = await store.couriers();
    await followShipments(order, couriers);
    return c.json({ data: shipmentRecord({ ...shipment, status }, couriers) });
  });

  serve(app, BASE, FULFILMENT_ROUTES.cod, async (c) => {
    const { shipment, order } = await shipmentOf(c.req.valid("param").id);
    const { kind, amount } = c.req.valid("json");
    const position = codPosition(shipment, await store.codEntries([shipment.id]));
    const refusal = codRefusal(position, kind, amount);
    const refuse = (reason: keyof typeof COD_REFUSED) =>
      new ApiError(409, "INVALID_STATE", COD_REFUSED[reason], { reason });
    if (refusal) throw refuse(refusal.kind);
    const at = deps.clock.now().toISOString();
    if (!await store.appendCod({ shipmentId: shipment.id, kind, cents: amount, at })) {
      throw refuse("already");
    }
    if (kind === "collected") await receiveCollectedCash(order);
    const after = codPosition(shipment, await store.codEntries([shipment.id]));
    return c.json({ data: positionRecord(after) }, 201);
  });

  /** The order's pre-ordered lines, each with whether its stock has come in. */
  async function arrivals(order: Order): Promise<(orderLineId: number) => boolean> {
    const arrived = new Map<number, boolean>();
    for (const item of order.items.filter((i) => i.preorder && i.type === "book")) {
      const book = await deps.catalogue.findBook(item.itemId);
      arrived.set(item.id, book !== undefined && !book.preorder);
    }
    return (id) => arrived.get(id) ?? true;
  }

  /** The parcel's courier and its configured API; 503 when the courier has none set up. */
  async function apiOf(shipment: Shipment): Promise<{ courier: Courier; api: CourierApiGateway }> {
    const couriers = await store.couriers();
    const courier = couriers.find((c) => c.id === shipment.courierId);
    const api = courier?.api ? deps.courierApis?.[courier.api] : undefined;
    if (!courier || !api) {
      throw new ApiError(
        503,
        "SERVICE_UNAVAILABLE",
        `${
          courier?.name ?? shipment.courierId
        } has no API set up for this shop: hand the parcel to the courier and type its waybill`,
        { reason: "no_courier_api" },
      );
    }
    return { courier, api };
  }

  const notOpen = () =>
    new ApiError(
      409,
      "INVALID_STATE",
      "This parcel already has its waybill, or is no longer packed: read it again",
      { reason: "not_open" },
    );

  serve(app, BASE, FULFILMENT_ROUTES.waybill, async (c) => {
    const { shipment } = await shipmentOf(c.req.valid("param").id);
    const { waybill } = c.req.valid("json");
    const couriers = await store.couriers();
    const courier = couriers.find((k) => k.id === shipment.courierId);
    if (!courier || !waybillFits(courier, waybill)) {
      throw new ApiError(422, "RULE_VIOLATION", SHIPMENT_REFUSED.bad_waybill, {
        reason: "bad_waybill",
        courierId: shipment.courierId,
        waybill,
      });
    }
    const set = await store.assignWaybill(shipment.id, waybill);
    if (set === "taken") {
      throw new ApiError(409, "DUPLICATE", "Another parcel of this courier has that waybill", {
        reason: "taken",
      });
    }
    if (set === "not_open") throw notOpen();
    return c.json({ data: shipmentRecord({ ...shipment, waybill }, couriers) });
  });

  serve(app, BASE, FULFILMENT_ROUTES.sendToCourier, async (c) => {
    const { shipment, order } = await shipmentOf(c.req.valid("param").id);
    if (shipment.status !== "packed" || shipment.waybill !== null) throw notOpen();
    const waiting = stockRefusal(shipment, shippable(order), await arrivals(order));
    if (waiting) {
      const { kind, ...details } = waiting;
      throw new ApiError(409, "INVALID_STATE", HAND_OVER_REFUSED[kind], {
        reason: kind,
        ...details,
      });
    }
    const { courier, api } = await apiOf(shipment);
    const parcels = await store.shipmentsOf(order.id);
    const title = (id: number) => order.items.find((i) => i.id === id)?.title ?? `line ${id}`;
    const created = await api.createDelivery({
      reference: `Order ${order.id} parcel ${parcels.findIndex((p) => p.id === shipment.id) + 1}`,
      receiver: {
        name: order.customer.name,
        address: order.customer.address,
        city: order.areaName,
        district: order.districtName,
        phone: order.customer.phone,
      },
      description: parcelDescription(
        shipment.lines.map((l) => ({ quantity: l.quantity, title: title(l.orderLineId) })),
      ),
      codCents: shipment.codCents,
    });
    if (created.kind !== "created") throw courierFailed(courier.name, created, "send");
    const set = await store.assignWaybill(shipment.id, created.waybill);
    if (set !== "assigned") {
      // The courier took the delivery, but the parcel changed meanwhile: the owner cancels
      // the courier's copy, told its number.
      throw new ApiError(
        409,
        "INVALID_STATE",
        `${courier.name} took the delivery as waybill ${created.waybill}, but this parcel changed meanwhile: cancel that waybill in ${courier.name}'s portal`,
        { reason: "changed_meanwhile", waybill: created.waybill },
      );
    }
    const couriers = await store.couriers();
    return c.json({ data: shipmentRecord({ ...shipment, waybill: created.waybill }, couriers) });
  });

  serve(app, BASE, FULFILMENT_ROUTES.refreshTracking, async (c) => {
    const { shipment, order } = await shipmentOf(c.req.valid("param").id);
    if (shipment.waybill === null) {
      throw new ApiError(409, "INVALID_STATE", HAND_OVER_REFUSED.no_waybill, {
        reason: "no_waybill",
      });
    }
    const { courier, api } = await apiOf(shipment);
    const tracked = await api.tracking(shipment.waybill);
    if (tracked.kind !== "tracked") throw courierFailed(courier.name, tracked, "track");
    const target = statusFromTracking(shipment.status, tracked.events);
    // The courier has the parcel: it moves as the courier says, one step at a time.
    let status = shipment.status;
    for (const next of movesBetween(shipment.status, target)) {
      if (!await store.move(shipment.id, status, next)) break;
      status = next;
    }
    const couriers = await store.couriers();
    if (status !== shipment.status) await followShipments(order, couriers);
    return c.json({
      data: {
        shipment: shipmentRecord({ ...shipment, status }, couriers),
        events: tracked.events.map((e) => ({
          courier_status: e.courierStatus,
          at: e.at,
          stage: e.stage,
        })),
      },
    });
  });

  serve(app, BASE, FULFILMENT_ROUTES.cashWithCouriers, async (c) => {
    const parcels = await store.codShipments();
    const entries = await store.codEntries(parcels.map((s) => s.id));
    const positions = parcels.map((s) => codPosition(s, entries));
    const list = cashWithCouriers(positions);
    return c.json({
      data: {
        parcels: list.parcels.map(positionRecord),
        by_courier: list.byCourier.map((b) => ({
          courier_id: b.courierId,
          held: centsToRupees(b.heldCents),
        })),
        cod_parcels: parcels.map((s, i) => ({
          ...positionRecord(positions[i]),
          order_id: s.orderId,
          waybill: s.waybill,
          status: s.status,
        })).reverse(),
      },
    });
  });

  return app;
}
