/**
 * Koombiyo's API behind the courier port (domain/fulfilment/courier_api.ts): a parcel's
 * delivery is created with its cash to collect and a waybill Koombiyo allocates, and its
 * tracking history is read. Built from these sources (no other is public):
 *
 * - Koombiyo's "Koombiyo Delivery API Documentation" (the PDF in the koombiyo-sdk
 *   repository, github.com/BhanukaUOM/Koombiyo-Delivery-Node-SDK, docs/): every call is a
 *   `POST https://application.koombiyodelivery.lk/api/<Name>/users` with
 *   `application/x-www-form-urlencoded` body fields, the first always `apikey`.
 *   `Addorders/users` takes `orderWaybillid` ("Barcode no provided by koombiyo"), `orderNo`
 *   ("your reference no for order"), `receiverName`, `receiverStreet`, `receiverDistrict`,
 *   `receiverCity` (numbers), `receiverPhone`, `description` ("what's contained in the
 *   package"), `spclNote` (remarks) and `getCod` ("amount should collect from customer").
 *   `Orderhistory/users` takes `waybillid` and tells the history of one order.
 * - The SDK's src/koombiyo.ts and src/model.ts: `Addorders` answers `{ status: "success" |
 *   "error", message }`; `Orderhistory` answers `{ order_history: [{ status_id, status,
 *   date, comments, remark? }] }`; the status names and district numbers
 *   (domain/fulfilment/koombiyo.ts).
 * - Shops' public integrations of the same API (Laravel, PHP and Node services found by
 *   searching public code for `application.koombiyodelivery.lk`): `Waybils/users` with
 *   `limit` allocates waybills and answers `{ waybills: [{ waybill_id }] }`;
 *   `Cities/users` with `district_id` lists a district's cities; a wrong key is answered
 *   with the bare text `Invalid API Key`.
 *
 * Inferred, not documented: the cities' records carry `city_id` and `city_name` (the
 * integrations read those names, or `id` and `name`; both are read here); Koombiyo's
 * answers in error come with HTTP 200 and `status: "error"`; a 5xx or an answer that is
 * not JSON means the API is down. The receiver's city is found by the order's area name
 * within its district; one Koombiyo does not list is refused, for the owner to handle by
 * hand. Nothing is sent twice on its own: a delivery whose creation timed out may exist at
 * Koombiyo, so the owner checks Koombiyo's portal before sending it again (docs/couriers.md).
 */
import type {
  CourierApiFailure,
  CourierApiGateway,
  CourierDelivery,
  CreateDeliveryResult,
  TrackingResult,
} from "../../domain/fulfilment/courier_api.ts";
import {
  isKoombiyoWaybill,
  koombiyoCod,
  koombiyoDistrict,
  koombiyoPhone,
  koombiyoStage,
  placeKey,
} from "../../domain/fulfilment/koombiyo.ts";

/** Koombiyo's API, as its documentation gives it. */
export const KOOMBIYO_API_BASE = "https://application.koombiyodelivery.lk/api";

export interface KoombiyoOptions {
  apiKey: string;
  /** Where the API is: KOOMBIYO_API_BASE, or the simulator's address in tests. */
  baseUrl?: string;
  /** How long a call may take before it is given up (15 s when absent). */
  timeoutMs?: number;
  /** The global fetch when absent. */
  fetch?: typeof fetch;
}

type Answer = { kind: "answer"; body: unknown } | CourierApiFailure;

export class KoombiyoCourier implements CourierApiGateway {
  readonly api = "koombiyo" as const;
  readonly #options: KoombiyoOptions;

  constructor(options: KoombiyoOptions) {
    this.#options = options;
  }

  /** POSTs `fields` and the key to `<base>/<name>/users`, reading its answer. */
  async #call(name: string, fields: Record<string, string>): Promise<Answer> {
    const base = (this.#options.baseUrl ?? KOOMBIYO_API_BASE).replace(/\/+$/, "");
    const call = this.#options.fetch ?? fetch;
    let response: Response;
    let text: string;
    try {
      response = await call(`${base}/${name}/users`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ apikey: this.#options.apiKey, ...fields }),
        signal: AbortSignal.timeout(this.#options.timeoutMs ?? 15_000),
      });
      text = await response.text();
    } catch (error) {
      if (error instanceof DOMException && error.name === "TimeoutError") {
        return { kind: "timeout" };
      }
      return { kind: "down", detail: error instanceof Error ? error.message : String(error) };
    }
    if (response.status >= 500) return { kind: "down", detail: `HTTP ${response.status}` };
    const trimmed = text.trim();
    try {
      return { kind: "answer", body: JSON.parse(trimmed) };
    } catch {
      // A bare sentence ("Invalid API Key") is Koombiyo saying no; anything else is not an answer.
      if (response.ok && /^[\w .,'-]{1,200}$/.test(trimmed)) {
        return { kind: "refused", message: trimmed };
      }
      return { kind: "down", detail: `HTTP ${response.status}: not an answer` };
    }
  }

  async #waybill(): Promise<{ kind: "waybill"; waybill: string } | CourierApiFailure> {
    const answer = await this.#call("Waybils", { limit: "1" });
    if (answer.kind !== "answer") return answer;
    const refusal = refusalIn(answer.body);
    if (refusal) return refusal;
    const waybills = (answer.body as { waybills?: unknown })?.waybills;
    const first = Array.isArray(waybills) ? waybills[0] as { waybill_id?: unknown } : undefined;
    const waybill = first?.waybill_id === undefined ? "" : String(first.waybill_id).trim();
    if (!isKoombiyoWaybill(waybill)) {
      return { kind: "refused", message: "Koombiyo allocated no waybill: ask Koombiyo for more" };
    }
    return { kind: "waybill", waybill };
  }

  async #city(districtId: number, city: string) {
    const answer = await this.#call("Cities", { district_id: String(districtId) });
    if (answer.kind !== "answer") return answer;
    const refusal = refusalIn(answer.body);
    if (refusal) return refusal;
    const wanted = placeKey(city);
    const found = records(answer.body).find((r) =>
      placeKey(String(r.city_name ?? r.name ?? "")) === wanted
    );
    const id = found?.city_id ?? found?.id;
    return id === undefined ? undefined : { kind: "city" as const, id: String(id) };
  }

  async createDelivery(delivery: CourierDelivery): Promise<CreateDeliveryResult> {
    const { receiver } = delivery;
    const district = koombiyoDistrict(receiver.district);
    if (district === undefined) {
      return { kind: "refused", message: `Koombiyo has no district "${receiver.district}"` };
    }
    const city = await this.#city(district, receiver.city);
    if (city === undefined) {
      return {
        kind: "refused",
        message: `Koombiyo lists no city "${receiver.city}" in ${receiver.district}`,
      };
    }
    if (city.kind !== "city") return city;
    const allocated = await this.#waybill();
    if (allocated.kind !== "waybill") return allocated;
    const answer = await this.#call("Addorders", {
      orderWaybillid: allocated.waybill,
      orderNo: delivery.reference,
      receiverName: receiver.name,
      receiverStreet: receiver.address,
      receiverDistrict: String(district),
      receiverCity: city.id,
      receiverPhone: koombiyoPhone(receiver.phone),
      description: delivery.description,
      spclNote: "",
      getCod: koombiyoCod(delivery.codCents),
    });
    if (answer.kind !== "answer") return answer;
    const status = (answer.body as { status?: unknown })?.status;
    if (status === "success") return { kind: "created", waybill: allocated.waybill };
    return refusalIn(answer.body) ??
      { kind: "down", detail: "Koombiyo's answer to the new order said neither yes nor no" };
  }

  async tracking(waybill: string): Promise<TrackingResult> {
    const answer = await this.#call("Orderhistory", { waybillid: waybill });
    if (answer.kind !== "answer") return answer;
    const refusal = refusalIn(answer.body);
    if (refusal) return refusal;
    const history = (answer.body as { order_history?: unknown })?.order_history;
    if (!Array.isArray(history)) {
      return { kind: "down", detail: "Koombiyo's history had no order_history" };
    }
    return {
      kind: "tracked",
      events: history.map((step: Record<string, unknown>) => {
        const courierStatus = String(step?.status ?? "").trim();
        return { courierStatus, at: String(step?.date ?? ""), stage: koombiyoStage(courierStatus) };
      }),
    };
  }
}

/** Koombiyo's `{ status: "error", message }`, as a refusal in its words. */
function refusalIn(body: unknown): CourierApiFailure | undefined {
  if (body === null || typeof body !== "object" || Array.isArray(body)) return undefined;
  const { status, message } = body as { status?: unknown; message?: unknown };
  if (status !== "error") return undefined;
  return {
    kind: "refused",
    message: typeof message === "string" && message.trim() ? message.trim() : "Koombiyo said no",
  };
}

/** The records of a list answer: the list itself, or the first list among its fields. */
function records(body: unknown): Record<string, unknown>[] {
  if (Array.isArray(body)) return body.filter((r) => r !== null && typeof r === "object");
  if (body !== null && typeof body === "object") {
    const list = Object.values(body).find(Array.isArray);
    if (list) return records(list);
  }
  return [];
}
