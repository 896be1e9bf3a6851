/**
 * The checkout form's fields and the order payload built from them. Their checks, with the
 * order's own schema, are in order_checks.ts, loaded when the form first needs them.
 */
import { type Cart, cartLineRequests, cartTotalCents } from "../../domain/cart/cart.ts";
import { centsToRupees } from "../../domain/money.ts";
import type { LineRequest, PaymentMethod } from "../../domain/orders/model.ts";
import type { MessageKey } from "../i18n/mod.ts";

export interface CheckoutFields {
  name: string;
  email: string;
  phone: string;
  address: string;
  postalCode: string;
  provinceId: string;
  districtId: string;
  /** What the shopper typed in the city box. */
  city: string;
  /** The city chosen from the list, once the typed name matches one. */
  areaId: string;
}

export type FieldName = keyof CheckoutFields;
/** Each field's problem as the key of its words in the page's language. */
export type FieldErrors = Partial<Record<FieldName, MessageKey>>;

export const EMPTY_FIELDS: CheckoutFields = {
  name: "",
  email: "",
  phone: "",
  address: "",
  postalCode: "",
  provinceId: "",
  districtId: "",
  city: "",
  areaId: "",
};

/**
 * The fields after `changes`, unless `when` is given and the fields as they stand when the
 * change applies do not pass it (a match made when the district's cities arrive must not land
 * on a city typed since the render that made it).
 */
export function withChanges(
  fields: CheckoutFields,
  changes: Partial<CheckoutFields>,
  when?: (current: CheckoutFields) => boolean,
): CheckoutFields {
  return when && !when(fields) ? fields : { ...fields, ...changes };
}

/** The form as the shopper sees it: what is in its fields and what is wrong with them. */
export interface CheckoutForm {
  fields: CheckoutFields;
  errors: FieldErrors;
}

/**
 * The form after a change to its fields: the changed fields' errors go with the old values
 * (a city typed anew clears the city list's error too). A change refused by its condition
 * (`withChanges`) leaves the form as it was, errors included: the shopper's own letter since
 * already cleared what it changed, and a message for a field nobody touched stays.
 */
export function formAfterChange(
  form: CheckoutForm,
  changes: Partial<CheckoutFields>,
  when?: (current: CheckoutFields) => boolean,
): CheckoutForm {
  const fields = withChanges(form.fields, changes, when);
  if (fields === form.fields) return form;
  const errors = { ...form.errors };
  for (const name of Object.keys(changes) as FieldName[]) delete errors[name];
  if ("city" in changes) delete errors.areaId;
  return { fields, errors };
}

export interface OrderPayload {
  total: number;
  name: string;
  address: string;
  email: string;
  phone: string;
  postalCode: string;
  province: number;
  district: number;
  area: number;
  paymentMethod: PaymentMethod;
  items: LineRequest[];
}

/** The body of POST /api/orders: `total` is the items' total in rupees, before delivery. */
export function orderPayload(f: CheckoutFields, cart: Cart, method: PaymentMethod): OrderPayload {
  return {
    total: centsToRupees(cartTotalCents(cart)),
    name: f.name.trim(),
    address: f.address.trim(),
    email: f.email.trim(),
    phone: f.phone.trim(),
    postalCode: f.postalCode.trim(),
    province: Number(f.provinceId),
    district: Number(f.districtId),
    area: Number(f.areaId),
    paymentMethod: method,
    items: cartLineRequests(cart),
  };
}

/** The form's field for each field of the order's body. */
export const SERVER_FIELDS: Readonly<Record<string, FieldName>> = {
  name: "name",
  email: "email",
  phone: "phone",
  address: "address",
  postalCode: "postalCode",
  province: "provinceId",
  district: "districtId",
  area: "areaId",
};

/**
 * The fields a 400 answer's details name, either as an object (`{email: "..."}`) or a list
 * (`[{path: ["email"], message: "..."}]`), each marked 'Check this field' in the page's
 * language (the API's own message is English).
 */
export function serverFieldErrors(details: unknown): FieldErrors {
  const errors: FieldErrors = {};
  const put = (name: unknown) => {
    const field = SERVER_FIELDS[String(name)];
    if (field) errors[field] = "form.checkField";
  };
  if (Array.isArray(details)) {
    for (const d of details) put(Array.isArray(d?.path) ? d.path[0] : d?.field ?? d?.path);
  } else if (details && typeof details === "object") {
    for (const name of Object.keys(details)) put(name);
  }
  return errors;
}

/** A fresh key per distinct order body: retrying the same body re-sends the same key. */
export function idempotencyKeyFor(
  previous: { key: string; body: string } | null,
  body: string,
  newKey: () => string,
): { key: string; body: string } {
  return previous && previous.body === body ? previous : { key: newKey(), body };
}
