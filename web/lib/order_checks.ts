/**
 * The checks of the forms that send an order's fields: checkout, the account's delivery
 * address and the order look-up. Each form's fields are judged by the API's own schema
 * (contract/requests.ts: the same phone, postcode and e-mail rules as the server's), and
 * each refusal is worded in the page's language (form_words.ts), with what only the form
 * knows on top (a city typed but not chosen from the list). This module carries zod: the
 * forms load it when they appear (checks.ts), never with the page.
 */
import { lookupBody, newOrderBody } from "../../contract/requests.ts";
import type { MessageKey } from "../i18n/mod.ts";
import { type CheckoutFields, type FieldErrors, SERVER_FIELDS } from "./checkout_form.ts";
import { type FieldWords, wordRefusals } from "./form_words.ts";

/** The delivery fields of checkout, with the order's own rules. */
const DELIVERY = newOrderBody.pick({
  name: true,
  email: true,
  phone: true,
  address: true,
  postalCode: true,
  province: true,
  district: true,
  area: true,
});

/** The account's saved address: the delivery fields without the e-mail (the account's own). */
const SAVED_ADDRESS = DELIVERY.omit({ email: true });

type DeliveryField = keyof typeof DELIVERY.shape;

const CHECK: MessageKey = "form.checkField";

/** Checkout's words for each field's refusal. */
const DELIVERY_WORDS: Record<DeliveryField, FieldWords<MessageKey>> = {
  name: { blank: "form.enterName", other: CHECK },
  email: { blank: "form.enterEmail", other: "form.emailInvalid" },
  phone: {
    blank: "form.enterPhone",
    phone: "form.phoneInvalid",
    too_big: "form.phoneInvalid",
    other: CHECK,
  },
  address: { blank: "form.enterAddress", other: CHECK },
  postalCode: { blank: "form.enterPostalCode", postcode: "form.postalCodeDigits", other: CHECK },
  province: { other: "form.chooseProvince" },
  district: { other: "form.chooseDistrict" },
  // A city typed but not matched to the district's list has no area yet.
  area: { blank: "form.chooseCity", other: "form.cityFromList" },
};

/** The body the delivery schema judges: the fields as typed, the choices as their ids. */
function deliveryBody(f: CheckoutFields) {
  return {
    name: f.name,
    email: f.email,
    phone: f.phone,
    address: f.address,
    postalCode: f.postalCode,
    province: f.provinceId,
    district: f.districtId,
    area: f.areaId,
  };
}

function formBlank(f: CheckoutFields) {
  return (field: DeliveryField) => {
    const typed = field === "area" ? f.city : f[SERVER_FIELDS[field]];
    return typed.trim() === "";
  };
}

/** The delivery refusals of a schema's answer, by the form's field names. */
function byFormField(worded: Partial<Record<DeliveryField, MessageKey>>): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, key] of Object.entries(worded) as [DeliveryField, MessageKey][]) {
    errors[SERVER_FIELDS[field]] = key;
  }
  return errors;
}

/** Every problem with the checkout form, by field, in the page's words; empty when it can go. */
export function validateCheckout(f: CheckoutFields): FieldErrors {
  const checked = DELIVERY.safeParse(deliveryBody(f));
  if (checked.success) return {};
  return byFormField(wordRefusals(checked.error.issues, DELIVERY_WORDS, formBlank(f)));
}

/** The problems of the account's saved address (its e-mail is the account's, not asked). */
export function validateSavedAddress(f: CheckoutFields): FieldErrors {
  const checked = SAVED_ADDRESS.safeParse(deliveryBody(f));
  if (checked.success) return {};
  return byFormField(wordRefusals(checked.error.issues, DELIVERY_WORDS, formBlank(f)));
}

/** The look-up's fields, each problem as the key of its words in the page's language. */
export type LookupErrors = Partial<Record<"orderId" | "email", MessageKey>>;

const LOOKUP_WORDS: Record<"orderId" | "email", FieldWords<MessageKey>> = {
  orderId: { other: "track.enterOrder" },
  email: { other: "track.enterEmail" },
};

/**
 * The look-up's problems: an order number as the shop writes it (`#1234` is fine) and an
 * e-mail address, by the API's rules.
 */
export function validateLookup(f: { orderId: string; email: string }): LookupErrors {
  const number = /^#?\s*([1-9]\d{0,9})$/.exec(f.orderId.trim())?.[1] ?? "";
  const checked = lookupBody.safeParse({ orderId: number, email: f.email });
  if (checked.success) return {};
  return wordRefusals(checked.error.issues, LOOKUP_WORDS, () => false);
}
