/**
 * The promotion forms as plain data: what a new or an existing campaign, order offer or
 * code puts in its fields, the body each sends (times as Colombo's `datetime-local` values,
 * which the shop reads as Asia/Colombo), the owner's first checks, and how a promotion reads
 * in the list. Field names are the API's (`benefit.percent`, `scope.items`), so the server's
 * 400 and 409 details land on the same fields.
 */
import type { ItemType } from "../../../domain/orders/model.ts";
import type {
  WireCampaign,
  WireCode,
  WireOffer,
  WirePromotion,
  WireScope,
} from "../../../contract/promotions.ts";
import { formatRupees } from "../format.ts";
import type { FieldErrors } from "../validation.ts";

export type PromotionKind = WirePromotion["kind"];

/** What a form's product in a scope shows: its kind, id and title. */
export interface ChosenProduct {
  type: ItemType;
  id: number;
  title: string;
}

export interface ScopeForm {
  kind: WireScope["kind"];
  store: ItemType;
  categoryIds: number[];
  products: ChosenProduct[];
  language: string;
}

export interface PromotionForm {
  kind: PromotionKind;
  name: string;
  nameSi: string;
  nameTa: string;
  code: string;
  benefit: "percent" | "amount" | "free_delivery" | "amount_off";
  percent: string;
  amount: string;
  minimum: string;
  scope: ScopeForm;
  startsAt: string;
  endsAt: string;
  maxUses: string;
  maxUsesPerCustomer: string;
  paused: boolean;
}

export const KIND_WORDS: Record<PromotionKind, { one: string; many: string; new: string }> = {
  campaign: { one: "campaign", many: "Campaigns", new: "New campaign" },
  offer: { one: "order offer", many: "Order offers", new: "New order offer" },
  code: { one: "discount code", many: "Discount codes", new: "New discount code" },
};

const NO_SCOPE: ScopeForm = {
  kind: "shop",
  store: "book",
  categoryIds: [],
  products: [],
  language: "Sinhala",
};

/** The fields of a new promotion of `kind`. */
export function emptyForm(kind: PromotionKind): PromotionForm {
  return {
    kind,
    name: "",
    nameSi: "",
    nameTa: "",
    code: "",
    benefit: kind === "offer" ? "free_delivery" : "percent",
    percent: "",
    amount: "",
    minimum: kind === "offer" ? "" : "0",
    scope: NO_SCOPE,
    startsAt: "",
    endsAt: "",
    maxUses: "",
    maxUsesPerCustomer: "",
    paused: false,
  };
}

function scopeForm(scope: WireScope, titles: ReadonlyMap<string, string>): ScopeForm {
  switch (scope.kind) {
    case "shop":
      return NO_SCOPE;
    case "store":
      return { ...NO_SCOPE, kind: "store", store: scope.store };
    case "categories":
      return { ...NO_SCOPE, kind: "categories", store: scope.store, categoryIds: scope.ids };
    case "products":
      return {
        ...NO_SCOPE,
        kind: "products",
        products: scope.items.map((item) => ({
          ...item,
          title: titles.get(`${item.type}:${item.id}`) ?? `${item.type} ${item.id}`,
        })),
      };
    case "language":
      return { ...NO_SCOPE, kind: "language", language: scope.language };
  }
}

const text = (n: number | null) => n === null ? "" : String(n);

/** The fields of an existing promotion; `titles` names its chosen products (`book:1`). */
export function formOf(
  record: WirePromotion,
  titles: ReadonlyMap<string, string> = new Map(),
): PromotionForm {
  const form: PromotionForm = {
    ...emptyForm(record.kind),
    startsAt: record.starts_at_local ?? "",
    endsAt: record.ends_at_local ?? "",
    paused: record.paused,
    benefit: record.benefit.kind,
    percent: record.benefit.kind === "percent" ? String(record.benefit.percent) : "",
    amount: "amount" in record.benefit ? String(record.benefit.amount) : "",
  };
  if (record.kind === "code") {
    return {
      ...form,
      code: record.code,
      minimum: String(record.minimum),
      scope: scopeForm(record.scope, titles),
      maxUses: text(record.max_uses),
      maxUsesPerCustomer: text(record.max_uses_per_customer),
    };
  }
  const named = {
    ...form,
    name: record.name,
    nameSi: record.names.si ?? "",
    nameTa: record.names.ta ?? "",
  };
  if (record.kind === "offer") return { ...named, minimum: String(record.minimum) };
  return { ...named, scope: scopeForm(record.scope, titles) };
}

const MONEY = /^\d{1,8}(\.\d{1,2})?$/;
const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;
const WHOLE = /^\d{1,9}$/;

function scopeBody(scope: ScopeForm, errors: FieldErrors): WireScope {
  switch (scope.kind) {
    case "shop":
      return { kind: "shop" };
    case "store":
      return { kind: "store", store: scope.store };
    case "categories":
      if (scope.categoryIds.length === 0) errors["scope.ids"] = "Choose at least one category";
      return { kind: "categories", store: scope.store, ids: scope.categoryIds };
    case "products":
      if (scope.products.length === 0) errors["scope.items"] = "Choose at least one product";
      return { kind: "products", items: scope.products.map(({ type, id }) => ({ type, id })) };
    case "language":
      return { kind: "language", language: scope.language };
  }
}

/**
 * The body a form sends, or the fields it must fix first: the shop's own checks (ranges,
 * windows, stacking) answer on the same fields when it is sent.
 *
 * @example bodyOf({ ...emptyForm("code"), code: "fair20", percent: "20" }).body // { code: "fair20", benefit: { kind: "percent", percent: 20 }, ... }
 */
export function bodyOf(
  form: PromotionForm,
): { body?: Record<string, unknown>; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const money = (value: string, field: string, label: string) => {
    const trimmed = value.trim();
    if (!MONEY.test(trimmed)) {
      errors[field] = trimmed === ""
        ? `${label} is required`
        : `${label} must be rupees with at most 2 decimals`;
    }
    return Number(trimmed);
  };
  const cap = (value: string, field: string) => {
    const trimmed = value.trim();
    if (trimmed === "") return null;
    if (!WHOLE.test(trimmed) || Number(trimmed) < 1) {
      errors[field] = "Must be a whole number of at least 1, or empty for no cap";
    }
    return Number(trimmed);
  };
  let benefit: Record<string, unknown>;
  if (form.benefit === "percent") {
    const trimmed = form.percent.trim();
    if (!PERCENT.test(trimmed) || Number(trimmed) <= 0 || Number(trimmed) > 100) {
      errors["benefit.percent"] = "Percentage must be more than 0 and at most 100";
    }
    benefit = { kind: "percent", percent: Number(trimmed) };
  } else if (form.benefit === "free_delivery") {
    benefit = { kind: "free_delivery" };
  } else {
    benefit = { kind: form.benefit, amount: money(form.amount, "benefit.amount", "Amount") };
  }
  const window = {
    startsAt: form.startsAt === "" ? null : form.startsAt,
    endsAt: form.endsAt === "" ? null : form.endsAt,
    paused: form.paused,
  };
  if (window.startsAt && window.endsAt && window.endsAt <= window.startsAt) {
    errors.endsAt = "The end must be after the start";
  }
  const names = { si: form.nameSi.trim() || null, ta: form.nameTa.trim() || null };
  if (form.kind !== "code" && form.name.trim() === "") errors.name = "Name is required";
  let body: Record<string, unknown>;
  switch (form.kind) {
    case "campaign":
      body = {
        name: form.name.trim(),
        names,
        scope: scopeBody(form.scope, errors),
        benefit,
        ...window,
      };
      break;
    case "offer":
      body = {
        name: form.name.trim(),
        names,
        minimum: money(form.minimum, "minimum", "Minimum"),
        benefit,
        ...window,
      };
      break;
    case "code":
      if (!/^[A-Za-z0-9-]{3,32}$/.test(form.code.trim())) {
        errors.code = "Code must be 3 to 32 letters, digits or hyphens";
      }
      body = {
        code: form.code.trim(),
        benefit,
        minimum: form.minimum.trim() === "" ? 0 : money(form.minimum, "minimum", "Minimum"),
        scope: scopeBody(form.scope, errors),
        maxUses: cap(form.maxUses, "maxUses"),
        maxUsesPerCustomer: cap(form.maxUsesPerCustomer, "maxUsesPerCustomer"),
        ...window,
      };
      break;
  }
  return Object.keys(errors).length > 0 ? { errors } : { body, errors };
}

// How a promotion reads in the list.

/** @example benefitText({ kind: "percent", percent: 20 }) // "20% off each item" */
export function benefitText(benefit: WirePromotion["benefit"], kind: PromotionKind): string {
  switch (benefit.kind) {
    case "percent":
      return kind === "code" ? `${benefit.percent}% off` : `${benefit.percent}% off each item`;
    case "amount":
      return kind === "code"
        ? `${formatRupees(benefit.amount)} off the order`
        : `${formatRupees(benefit.amount)} off each item`;
    case "amount_off":
      return `${formatRupees(benefit.amount)} off the order`;
    case "free_delivery":
      return "Free delivery";
  }
}

const STORE_WORDS: Record<ItemType, string> = { book: "Books", stationery: "Stationery" };

/** @example scopeText({ kind: "store", store: "book" }) // "Books" */
export function scopeText(
  scope: WireScope,
  categoryNames: ReadonlyMap<string, string> = new Map(),
): string {
  switch (scope.kind) {
    case "shop":
      return "Whole shop";
    case "store":
      return STORE_WORDS[scope.store];
    case "categories":
      return `${STORE_WORDS[scope.store]}: ${
        scope.ids.map((id) => categoryNames.get(`${scope.store}:${id}`) ?? `category ${id}`).join(
          ", ",
        )
      }`;
    case "products":
      return scope.items.length === 1
        ? "1 chosen product"
        : `${scope.items.length} chosen products`;
    case "language":
      return `${scope.language} books`;
  }
}

/** The window in Colombo time: "2026-09-19 00:00 to 2026-09-29 00:00", open ends named. */
export function windowText(
  record: Pick<WirePromotion, "starts_at_local" | "ends_at_local">,
): string {
  const at = (local: string | null) => local?.replace("T", " ");
  const start = at(record.starts_at_local);
  const end = at(record.ends_at_local);
  if (!start && !end) return "Always";
  if (!start) return `Until ${end}`;
  if (!end) return `From ${start}`;
  return `${start} to ${end}`;
}

export const STATE_WORDS: Record<WirePromotion["state"], string> = {
  running: "Running",
  scheduled: "Scheduled",
  paused: "Paused",
  ended: "Ended",
};

/** A figure the orders do not record yet reads as a dash, with why in its title. */
export function savingText(saving: number): string {
  return formatRupees(saving);
}

/** The title a promotion goes by: a code's spelling, or the name. */
export function titleOf(record: WirePromotion): string {
  return record.kind === "code" ? record.code : record.name;
}

export type AnyPromotion = WireCampaign | WireOffer | WireCode;

/**
 * The server's 400 or 409 details by their full field (`benefit.percent`, `scope.items`),
 * the first message of each.
 */
export function serverFieldErrors(details: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!Array.isArray(details)) return errors;
  for (const entry of details) {
    const { field, message } = (entry ?? {}) as { field?: unknown; message?: unknown };
    if (typeof field !== "string" || typeof message !== "string") continue;
    if (!(field in errors)) errors[field] = message;
  }
  return errors;
}

/**
 * A campaign form's scope and discount as the shop reads them, for asking what it would make
 * free while the rest of the form is still being written; null while either is not valid.
 *
 * @example campaignDraftOf({ ...emptyForm("campaign"), benefit: "amount", amount: "100000" }) // { scope: { kind: "shop" }, benefit: { kind: "amount", amount: 100000 } }
 */
export function campaignDraftOf(
  form: PromotionForm,
): { scope: unknown; benefit: unknown } | null {
  if (form.kind !== "campaign") return null;
  // The name and the times do not change what is freed: read the form without them.
  const { body, errors } = bodyOf({ ...form, name: "draft", startsAt: "", endsAt: "" });
  return body && Object.keys(errors).length === 0
    ? { scope: body.scope, benefit: body.benefit }
    : null;
}
