import assert from "node:assert/strict";
import type { Cart } from "../../domain/cart/cart.ts";
import { parseStoredCart } from "../../domain/cart/cart.ts";
import {
  type CheckoutFields,
  EMPTY_FIELDS,
  type FieldErrors,
  formAfterChange,
  idempotencyKeyFor,
  orderPayload,
  serverFieldErrors,
  withChanges,
} from "./checkout_form.ts";
import { validateCheckout } from "./order_checks.ts";
import { storedLine } from "./cart_store.ts";
import { i18nFor, loadCatalogue } from "../i18n/mod.ts";

await loadCatalogue("si");

const FILLED: CheckoutFields = {
  name: "Nimal Perera",
  email: "nimal@example.lk",
  phone: "077 123 4567",
  address: "12 Galle Road",
  postalCode: "10370",
  provinceId: "1",
  districtId: "1",
  city: "Mount Lavinia",
  areaId: "1",
};

const CART: Cart = [
  {
    type: "book",
    id: 7,
    title: "Madol Doova",
    unitPriceCents: 95_050,
    stock: 5,
    weightGrams: 350,
    image: "/uploads/a.png",
    preorder: false,
    quantity: 2,
  },
  {
    type: "stationery",
    id: 3,
    title: "Pen",
    unitPriceCents: 5_000,
    stock: 9,
    weightGrams: 10,
    image: "/uploads/p.png",
    preorder: false,
    quantity: 1,
  },
];

Deno.test("validateCheckout() names every missing field", () => {
  assert.deepEqual(Object.keys(validateCheckout(EMPTY_FIELDS)).sort(), [
    "address",
    "areaId",
    "districtId",
    "email",
    "name",
    "phone",
    "postalCode",
    "provinceId",
  ]);
  assert.deepEqual(validateCheckout(FILLED), {});
});

Deno.test("validateCheckout() refuses a bad e-mail, phone, postcode and an unlisted city", () => {
  const errors = validateCheckout({
    ...FILLED,
    email: "nimal@",
    phone: "12",
    postalCode: "1037",
    areaId: "",
  });
  const { t } = i18nFor("en");
  assert.equal(t(errors.email!), "Enter a valid e-mail address");
  assert.match(t(errors.phone!), /valid phone/);
  assert.equal(t(errors.postalCode!), "A postal code has 5 digits");
  assert.equal(t(errors.areaId!), "Choose a city from the list");
  assert.equal(i18nFor("si").t(errors.areaId!), "ලැයිස්තුවෙන් නගරයක් තෝරන්න");
});

Deno.test("orderPayload() sends ids, the items' total in rupees and one line per item", () => {
  assert.deepEqual(orderPayload(FILLED, CART, "COD"), {
    total: 1951,
    name: "Nimal Perera",
    address: "12 Galle Road",
    email: "nimal@example.lk",
    phone: "077 123 4567",
    postalCode: "10370",
    province: 1,
    district: 1,
    area: 1,
    paymentMethod: "COD",
    items: [{ type: "book", id: 7, quantity: 2 }, { type: "stationery", id: 3, quantity: 1 }],
  });
});

Deno.test("idempotencyKeyFor() keeps the key for the same body and makes one for a new body", () => {
  let n = 0;
  const next = () => `key-${++n}`;
  const first = idempotencyKeyFor(null, "a", next);
  assert.equal(idempotencyKeyFor(first, "a", next).key, "key-1");
  assert.equal(idempotencyKeyFor(first, "b", next).key, "key-2");
});

Deno.test("serverFieldErrors() marks the fields named by field or as a list of paths", () => {
  assert.deepEqual(serverFieldErrors({ email: "Invalid email", area: ["Unknown area"] }), {
    email: "form.checkField",
    areaId: "form.checkField",
  });
  assert.deepEqual(serverFieldErrors([{ path: ["phone"], message: "Too short" }]), {
    phone: "form.checkField",
  });
  assert.deepEqual(serverFieldErrors("nonsense"), {});
});

Deno.test("a stored cart line reads like the item with its quantity and type, and parses back", () => {
  const stored = CART.map(storedLine);
  assert.equal(stored[0].price, 950.5);
  assert.equal(stored[0].weight, 0.35);
  assert.deepEqual(stored[0].images, ["/uploads/a.png"]);
  assert.equal(stored[1].image, "/uploads/p.png");
  assert.deepEqual(parseStoredCart(JSON.stringify(stored)), CART);
});

Deno.test("withChanges() sets the changes, unless the fields as they stand fail its condition", () => {
  const typed = { ...EMPTY_FIELDS, city: "Dehiwala" };
  const match = { areaId: "7", postalCode: "10350" };
  const onDehiwala = (f: CheckoutFields) => f.city === "Dehiwala" && !f.areaId;
  assert.deepEqual(withChanges(typed, match), { ...typed, ...match });
  assert.deepEqual(withChanges(typed, match, onDehiwala), { ...typed, ...match });
  // A letter typed since the match was made: the fields stay as the shopper left them.
  const later = { ...EMPTY_FIELDS, city: "Dehiwalaa" };
  assert.equal(withChanges(later, match, onDehiwala), later);
  const matched = { ...typed, areaId: "3" };
  assert.equal(withChanges(matched, match, onDehiwala), matched);
});

Deno.test("formAfterChange() clears the changed fields' errors, and none when the change is refused", () => {
  const errors: FieldErrors = {
    city: "form.chooseCity",
    areaId: "form.cityFromList",
    postalCode: "form.postalCodeDigits",
    phone: "form.phoneInvalid",
  };
  const typed = { fields: { ...EMPTY_FIELDS, city: "Dehiwala" }, errors };
  // A city typed anew: its error and the city list's go, the others stay.
  const retyped = formAfterChange(typed, { city: "Dehiwal", areaId: "" });
  assert.deepEqual(retyped.errors, { postalCode: errors.postalCode, phone: errors.phone });
  // The late match of the typed city lands: the postcode it fills is no longer wrong.
  const match = { areaId: "7", postalCode: "10350" };
  const onDehiwala = (f: CheckoutFields) => f.city === "Dehiwala" && !f.areaId;
  const matched = formAfterChange(typed, match, onDehiwala);
  assert.deepEqual(matched.fields, { ...typed.fields, ...match });
  assert.deepEqual(matched.errors, { city: errors.city, phone: errors.phone });
  // A letter typed since: the match is refused, and so is the clearing of its fields' errors.
  const later = { fields: { ...EMPTY_FIELDS, city: "Dehiwalaa" }, errors };
  assert.equal(formAfterChange(later, match, onDehiwala), later);
});
