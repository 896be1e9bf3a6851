/** The checkout form's fields, their checks, and the order payload built from them. */
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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[\d\s-]{9,16}$/;
const POSTCODE = /^\d{5}$/;

/** Every problem with the form, by field; empty when it can be sent. */
export function validateCheckout(f: CheckoutFields): FieldErrors {
  const errors: FieldErrors = {};
  if (!f.name.trim()) errors.name = "form.enterName";
  if (!f.email.trim()) errors.email = "form.enterEmail";
  else if (!EMAIL.test(f.email.trim())) errors.email = "form.emailInvalid";
  if (!f.phone.trim()) errors.phone = "form.enterPhone";
  else if (!PHONE.test(f.phone.trim()) || f.phone.replace(/\D/g, "").length < 9) {
    errors.phone = "form.phoneInvalid";
  }
  if (!f.address.trim()) errors.address = "form.enterAddress";
  if (!f.postalCode.trim()) errors.postalCode = "form.enterPostalCode";
  else if (!POSTCODE.test(f.postalCode.trim())) errors.postalCode = "form.postalCodeDigits";
  if (!f.provinceId) errors.provinceId = "form.chooseProvince";
  if (!f.districtId) errors.districtId = "form.chooseDistrict";
  if (!f.city.trim()) errors.areaId = "form.chooseCity";
  else if (!f.areaId) errors.areaId = "form.cityFromList";
  return errors;
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

const SERVER_FIELDS: Record<string, FieldName> = {
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
