import assert from "node:assert/strict";
import { validateCheckout, validateLookup, validateSavedAddress } from "./order_checks.ts";
import type { CheckoutFields } from "./checkout_form.ts";
import { i18nFor, loadCatalogue, type MessageKey } from "../i18n/mod.ts";
import { newOrderBody } from "../../contract/requests.ts";

await loadCatalogue("si");
await loadCatalogue("ta");

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

Deno.test("validateCheckout() takes the phone numbers and postcodes the API takes", () => {
  for (const phone of ["0771234567", "+94 (0)77 123 4567", "0094 11 234 5678", "(011) 234-5678"]) {
    assert.deepEqual(validateCheckout({ ...FILLED, phone }), {}, phone);
  }
  assert.deepEqual(validateCheckout({ ...FILLED, postalCode: " 00700 " }), {});
});

Deno.test("validateCheckout() words a phone and postcode the API refuses in the shop's words", () => {
  for (const phone of ["+44 20 7946 0958", "077 123 456", "call me", "0".repeat(40)]) {
    assert.equal(validateCheckout({ ...FILLED, phone }).phone, "form.phoneInvalid", phone);
    assert.equal(newOrderBody.shape.phone.safeParse(phone).success, false, phone);
  }
  for (const postalCode of ["1037", "SW1A 1AA", "10 370"]) {
    const errors = validateCheckout({ ...FILLED, postalCode });
    assert.equal(errors.postalCode, "form.postalCodeDigits", postalCode);
  }
  assert.equal(validateCheckout({ ...FILLED, name: "x".repeat(201) }).name, "form.checkField");
});

Deno.test("a Sinhala or Tamil page words every refusal in its language, never the API's English", () => {
  const refused = [
    validateCheckout({
      ...FILLED,
      name: "",
      email: "nimal@",
      phone: "+1 212 555 0100",
      postalCode: "ABCDE",
      provinceId: "",
      districtId: "",
      city: "Nowhere",
      areaId: "",
    }),
    validateCheckout({ ...FILLED, address: " ", city: "", areaId: "" }),
    validateLookup({ orderId: "abc", email: "x" }),
  ];
  const keys = refused.flatMap((errors) => Object.values(errors)) as MessageKey[];
  assert.ok(keys.length >= 10, `${keys.length} refusals`);
  const english = i18nFor("en");
  for (const language of ["si", "ta"] as const) {
    const { t } = i18nFor(language);
    for (const key of keys) {
      assert.notEqual(t(key), key, `${language} has words for ${key}`);
      assert.notEqual(t(key), english.t(key), `${key} is translated into ${language}`);
      assert.doesNotMatch(t(key), /must be|is required/, key);
    }
  }
});

Deno.test("validateSavedAddress() asks no e-mail: the account has its own", () => {
  assert.deepEqual(validateSavedAddress({ ...FILLED, email: "" }), {});
  assert.equal(
    validateSavedAddress({ ...FILLED, email: "", phone: "12" }).phone,
    "form.phoneInvalid",
  );
});

Deno.test("validateLookup() takes an order number written with # and an e-mail address", () => {
  assert.deepEqual(validateLookup({ orderId: "#1234", email: "nimal@example.lk" }), {});
  assert.deepEqual(validateLookup({ orderId: "12ab", email: "nimal@" }), {
    orderId: "track.enterOrder",
    email: "track.enterEmail",
  });
});
