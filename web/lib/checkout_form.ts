/** The checkout form's fields, their checks, and the order payload built from them. */
import { type Cart, cartLineRequests, cartTotalCents } from "../../domain/cart/cart.ts";
import { centsToRupees } from "../../domain/money.ts";
import type { LineRequest, PaymentMethod } from "../../domain/orders/model.ts";

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
export type FieldErrors = Partial<Record<FieldName, string>>;

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
  if (!f.name.trim()) errors.name = "Enter your name";
  if (!f.email.trim()) errors.email = "Enter your e-mail address";
  else if (!EMAIL.test(f.email.trim())) errors.email = "Enter a valid e-mail address";
  if (!f.phone.trim()) errors.phone = "Enter your phone number";
  else if (!PHONE.test(f.phone.trim()) || f.phone.replace(/\D/g, "").length < 9) {
    errors.phone = "Enter a valid phone number, such as 077 123 4567";
  }
  if (!f.address.trim()) errors.address = "Enter the delivery address";
  if (!f.postalCode.trim()) errors.postalCode = "Enter the postal code";
  else if (!POSTCODE.test(f.postalCode.trim())) errors.postalCode = "A postal code has 5 digits";
  if (!f.provinceId) errors.provinceId = "Choose a province";
  if (!f.districtId) errors.districtId = "Choose a district";
  if (!f.city.trim()) errors.areaId = "Choose a city";
  else if (!f.areaId) errors.areaId = "Choose a city from the list";
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
 * Field messages from a 400 answer's details, which name each bad field either as an
 * object (`{email: "..."}`) or a list (`[{path: ["email"], message: "..."}]`).
 */
export function serverFieldErrors(details: unknown): FieldErrors {
  const errors: FieldErrors = {};
  const put = (name: unknown, message: unknown) => {
    const field = SERVER_FIELDS[String(name)];
    if (field && !errors[field]) errors[field] = String(message);
  };
  if (Array.isArray(details)) {
    for (const d of details) {
      const path = Array.isArray(d?.path) ? d.path[0] : d?.field ?? d?.path;
      put(path, d?.message ?? "Check this field");
    }
  } else if (details && typeof details === "object") {
    for (const [name, message] of Object.entries(details)) {
      put(name, Array.isArray(message) ? message[0] : message);
    }
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
