/**
 * A local Koombiyo: its API as its documentation and the SDK give it (adapters/couriers/
 * koombiyo.ts names the sources), so the courier flow runs on any machine without the
 * internet. Every call is a form POST to `<base>/<Name>/users` with `apikey`; a wrong key
 * is answered `Invalid API Key` as Koombiyo does.
 *
 * - `Waybils/users` (`limit`, 1 to 100) allocates fresh waybills of 8 digits to the key:
 *   `{ waybills: [{ waybill_id }] }`.
 * - `Cities/users` (`district_id`) lists the district's cities `[{ city_id, city_name }]`
 *   (`cities` gives them; a few of Colombo's, Gampaha's and Kandy's by default).
 * - `Addorders/users` records an order on an allocated, unused waybill after checking its
 *   fields (receiver's name, street and a phone of 10 digits, a district of 1 to 25 and a
 *   city of it, a description, `getCod` a sum of rupees): `{ status: "success", message }`,
 *   or `{ status: "error", message }` naming what is wrong.
 * - `Orderhistory/users` (`waybillid`) tells the order's steps, oldest first:
 *   `{ order_history: [{ status_id, status, date, comments }] }`, starting with
 *   "Processing"; `advance` adds the next ones as Koombiyo's riders would.
 * - `Allorders/users` (`waybillid`, `offset`, `limit`) lists orders as `cust_orders`.
 *
 * Told by the tests: `conditions.down` answers 503 to everything; `hold()` keeps every
 * answer back until `release()` (a slow API, for the shop's time limit), and releasing lets
 * the held calls finish so a server can close. Orders live in memory, at most
 * `MAX_ORDERS`.
 */
import { Hono } from "hono";

export const MAX_ORDERS = 10_000;

/** The ids the SDK gives Koombiyo's status names (KoombiyoDeliveryStatusType); others 0. */
const STATUS_IDS: Record<string, string> = {
  "Processing": "1",
  "Collected by Koombiyo": "2",
  "Dispatch to Destination": "3",
  "Received at Destination": "4",
  "Out for Delivery": "5",
  "Delivered": "6",
  "Received at Warehouse": "14",
  "Client Received": "15",
};

export interface KoombiyoCity {
  city_id: string;
  city_name: string;
}

/** A few real cities with the SDK's ids (KoombiyoDeliveryCityList). */
const CITIES: Record<string, KoombiyoCity[]> = {
  "5": [
    { city_id: "1298", city_name: "Kohuwala" },
    { city_id: "1150", city_name: "Mount Lavinia" },
    { city_id: "1133", city_name: "Dehiwala" },
    { city_id: "1117", city_name: "Colombo 07" },
  ],
  "7": [{ city_id: "1396", city_name: "Negombo" }, { city_id: "1322", city_name: "Gampaha" }],
  "11": [{ city_id: "1559", city_name: "Kandy" }, { city_id: "1585", city_name: "Peradeniya" }],
};

export interface KoombiyoOrder {
  waybill: string;
  fields: Record<string, string>;
  history: { status_id: string; status: string; date: string; comments: string }[];
}

export interface KoombiyoSimulatorOptions {
  apiKey: string;
  /** Where the app is mounted ("/api" as Koombiyo's); "" when served alone. */
  basePath?: string;
  /** The cities of each district number; a few by default. */
  cities?: Record<string, KoombiyoCity[]>;
  /** The clock of the history's dates. */
  now?: () => Date;
}

export interface KoombiyoSimulator {
  app: Hono;
  /** Orders by waybill, as Koombiyo recorded them. */
  orders: Map<string, KoombiyoOrder>;
  conditions: { down: boolean };
  /** Keeps every answer back until `release()`. */
  hold(): void;
  release(): void;
  /** Adds a step to an order's history ("Collected by Koombiyo", "Delivered"...). */
  advance(waybill: string, status: string): void;
}

/** Koombiyo's dates: "2026-12-02 10:15:00" (Colombo time is the caller's matter). */
function stamp(at: Date): string {
  return at.toISOString().slice(0, 19).replace("T", " ");
}

export function koombiyoSimulator(options: KoombiyoSimulatorOptions): KoombiyoSimulator {
  const base = options.basePath ?? "";
  const cities = options.cities ?? CITIES;
  const now = options.now ?? (() => new Date());
  const orders = new Map<string, KoombiyoOrder>();
  const allocated = new Set<string>();
  const conditions = { down: false };
  let gate: { promise: Promise<void>; open: () => void } | undefined;
  let next = 40_000_000 + Math.floor(Math.random() * 1_000_000);
  const app = new Hono();

  const error = (message: string) => ({ status: "error", message });

  app.use(`${base}/*`, async (c, go) => {
    if (gate) await gate.promise;
    if (conditions.down) return c.text("Service Unavailable", 503);
    if (c.req.method !== "POST") return c.text("Method Not Allowed", 405);
    await go();
  });

  /** The call's form, or a Response when its key is not the account's. */
  async function form(request: Request): Promise<Record<string, string> | undefined> {
    const fields = Object.fromEntries(new URLSearchParams(await request.text()));
    return fields.apikey === options.apiKey ? fields : undefined;
  }

  app.post(`${base}/Waybils/users`, async (c) => {
    const fields = await form(c.req.raw);
    if (!fields) return c.text("Invalid API Key");
    const limit = Number(fields.limit ?? "1");
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      return c.json(error("limit must be 1 to 100"));
    }
    const waybills = Array.from({ length: limit }, () => String(next++));
    for (const w of waybills) allocated.add(w);
    return c.json({ waybills: waybills.map((waybill_id) => ({ waybill_id })) });
  });

  app.post(`${base}/Cities/users`, async (c) => {
    const fields = await form(c.req.raw);
    if (!fields) return c.text("Invalid API Key");
    return c.json(cities[fields.district_id ?? ""] ?? []);
  });

  app.post(`${base}/Addorders/users`, async (c) => {
    const fields = await form(c.req.raw);
    if (!fields) return c.text("Invalid API Key");
    const waybill = fields.orderWaybillid ?? "";
    const problem = !allocated.has(waybill)
      ? "Invalid waybill id: it is not allocated to you"
      : orders.has(waybill)
      ? "Waybill id already used"
      : !fields.receiverName?.trim()
      ? "Receiver name is required"
      : !fields.receiverStreet?.trim()
      ? "Receiver street is required"
      : !/^0[0-9]{9}$/.test((fields.receiverPhone ?? "").replace(/[\s-]/g, ""))
      ? "Invalid receiver phone number"
      : !(cities[fields.receiverDistrict ?? ""] ?? []).some((city) =>
          city.city_id === fields.receiverCity
        )
      ? "Invalid receiver district or city"
      : !fields.description?.trim()
      ? "Description is required"
      : !/^[0-9]+(\.[0-9]{1,2})?$/.test(fields.getCod ?? "")
      ? "Invalid COD amount"
      : orders.size >= MAX_ORDERS
      ? "Too many orders"
      : undefined;
    if (problem) return c.json(error(problem));
    orders.set(waybill, {
      waybill,
      fields,
      history: [{ status_id: "1", status: "Processing", date: stamp(now()), comments: "" }],
    });
    return c.json({ status: "success", message: "Order added successfully" });
  });

  app.post(`${base}/Orderhistory/users`, async (c) => {
    const fields = await form(c.req.raw);
    if (!fields) return c.text("Invalid API Key");
    const order = orders.get(fields.waybillid ?? "");
    if (!order) return c.json(error("Order not found"));
    return c.json({ order_history: order.history });
  });

  app.post(`${base}/Allorders/users`, async (c) => {
    const fields = await form(c.req.raw);
    if (!fields) return c.text("Invalid API Key");
    const all = [...orders.values()].filter((o) =>
      !fields.waybillid || o.waybill === fields.waybillid
    );
    const offset = Math.max(0, Number(fields.offset) || 0);
    const limit = Math.min(100, Math.max(1, Number(fields.limit) || 10));
    return c.json({
      rowcount: all.length,
      cust_orders: all.slice(offset, offset + limit).map((o) => ({
        waybill_id: o.waybill,
        order_id: o.fields.orderNo,
        codamount: o.fields.getCod,
        recever: o.fields.receiverName,
        deliveryaddress: o.fields.receiverStreet,
        phoneno: o.fields.receiverPhone,
        description: o.fields.description,
        district: o.fields.receiverDistrict,
        orderstatus: o.history.at(-1)!.status,
        deliverystatus: o.history.at(-1)!.status_id,
      })),
    });
  });

  return {
    app,
    orders,
    conditions,
    hold() {
      if (gate) return;
      let open!: () => void;
      const promise = new Promise<void>((resolve) => open = resolve);
      gate = { promise, open };
    },
    release() {
      gate?.open();
      gate = undefined;
    },
    advance(waybill, status) {
      const order = orders.get(waybill);
      if (!order) throw new Error(`No Koombiyo order ${waybill}`);
      order.history.push({
        status_id: STATUS_IDS[status] ?? "0",
        status,
        date: stamp(now()),
        comments: "",
      });
    },
  };
}
