/**
 * Couriers as data: who carries a parcel, the shape of its waybill numbers and the link a
 * customer follows to track one. A courier is a row (the owner may add their own), never a
 * column or a branch in code; one with an API names its adapter (`api`), one without is
 * handled by hand on the same screens.
 */

/** The couriers' APIs the shop can drive (adapters/couriers/); a courier without one is handled by hand. */
export const COURIER_APIS = ["koombiyo"] as const;
export type CourierApi = typeof COURIER_APIS[number];

export interface Courier {
  /** A short stable name: "koombiyo", "slpost". */
  id: string;
  /** The courier's name as customers know it (the same in every language). */
  name: string;
  /**
   * The tracking page of one parcel, `https://...{waybill}...`; null until the owner sets
   * it, and then no link is shown (never a guessed one).
   */
  trackingTemplate: string | null;
  /**
   * The shape of the courier's waybill numbers as a regular expression (whole number,
   * letters and digits); null accepts any of 4 to 40 letters, digits and dashes.
   */
  waybillPattern: string | null;
  api: CourierApi | null;
}

/**
 * The Sri Lankan couriers the shop starts with. Their tracking templates are left for the
 * owner to set from each courier's own site: a link the shop has not checked is not shown.
 */
export const BUILT_IN_COURIERS: readonly Courier[] = [
  {
    id: "koombiyo",
    name: "Koombiyo",
    trackingTemplate: null,
    waybillPattern: null,
    api: "koombiyo",
  },
  { id: "domex", name: "Domex", trackingTemplate: null, waybillPattern: null, api: null },
  { id: "pronto", name: "Pronto", trackingTemplate: null, waybillPattern: null, api: null },
  {
    id: "promptxpress",
    name: "Prompt Xpress",
    trackingTemplate: null,
    waybillPattern: null,
    api: null,
  },
  { id: "citypak", name: "Citypak", trackingTemplate: null, waybillPattern: null, api: null },
  { id: "slpost", name: "Sri Lanka Post", trackingTemplate: null, waybillPattern: null, api: null },
];

const ANY_WAYBILL = /^[A-Za-z0-9-]{4,40}$/;
const COURIER_ID = /^[a-z][a-z0-9_]{1,30}$/;
const PLACEHOLDER = "{waybill}";

/** Why a courier's record cannot be saved, by field; empty when it can. */
export type CourierProblems = Partial<Record<keyof Courier, string>>;

/**
 * What is wrong with a courier the owner adds or edits: an id of lower-case letters,
 * digits and underscores; a name; a tracking template on https with `{waybill}` exactly
 * once; a waybill pattern that is a valid regular expression.
 *
 * @example courierProblems({ ...koombiyo, trackingTemplate: "http://x.lk/{waybill}" }) // { trackingTemplate: "..." }
 */
export function courierProblems(courier: Courier): CourierProblems {
  const problems: CourierProblems = {};
  if (!COURIER_ID.test(courier.id)) {
    problems.id =
      `Courier id "${courier.id}" must be 2 to 31 lower-case letters, digits or underscores`;
  }
  if (courier.name.trim().length === 0 || courier.name.length > 80) {
    problems.name = "A courier needs a name of at most 80 characters";
  }
  const template = courier.trackingTemplate;
  if (template !== null) {
    let url: URL | undefined;
    try {
      url = new URL(template.replace(PLACEHOLDER, "W"));
    } catch {
      url = undefined;
    }
    if (!url || url.protocol !== "https:" || template.split(PLACEHOLDER).length !== 2) {
      problems.trackingTemplate =
        `Tracking link "${template}" must be an https address with {waybill} once`;
    }
  }
  if (courier.waybillPattern !== null) {
    try {
      new RegExp(courier.waybillPattern);
    } catch {
      problems.waybillPattern =
        `Waybill pattern "${courier.waybillPattern}" is not a valid pattern`;
    }
  }
  return problems;
}

/**
 * Whether `waybill` has the shape of `courier`'s waybill numbers (the whole of it).
 *
 * @example waybillFits({ ...domex, waybillPattern: "[0-9]{10}" }, "1234567890") // true
 * @example waybillFits(domex, "12 34") // false: no spaces, whatever the pattern
 */
export function waybillFits(courier: Pick<Courier, "waybillPattern">, waybill: string): boolean {
  if (!ANY_WAYBILL.test(waybill)) return false;
  return courier.waybillPattern === null ||
    new RegExp(`^(?:${courier.waybillPattern})$`).test(waybill);
}

/**
 * The link that tracks `waybill` with `courier`, or null when the owner has set none.
 *
 * @example trackingLink({ trackingTemplate: "https://track.example.lk/?id={waybill}" }, "KB-1") // "https://track.example.lk/?id=KB-1"
 */
export function trackingLink(
  courier: Pick<Courier, "trackingTemplate">,
  waybill: string,
): string | null {
  return courier.trackingTemplate === null
    ? null
    : courier.trackingTemplate.replace(PLACEHOLDER, encodeURIComponent(waybill));
}
