import assert from "node:assert/strict";
import { refusalCode, wordRefusals } from "./form_words.ts";

Deno.test("refusalCode() names the shop's rule when the schema names one, else the kind", () => {
  assert.equal(
    refusalCode({ path: ["phone"], code: "custom", params: { rule: "phone" } }),
    "phone",
  );
  assert.equal(refusalCode({ path: ["name"], code: "too_big" }), "too_big");
  assert.equal(refusalCode({ path: ["x"], code: "custom", params: { rule: 7 } }), "custom");
});

Deno.test("wordRefusals() words each field's first refusal: blank, its rule or kind, or other", () => {
  const words = {
    phone: { blank: "enter a phone", phone: "not a phone here", other: "check it" },
    name: { blank: "enter a name", too_big: "shorter, please", other: "check it" },
    email: { other: "not an e-mail address" },
  };
  const worded = wordRefusals(
    [
      { path: ["phone"], code: "custom", params: { rule: "phone" } },
      { path: ["phone"], code: "too_big" },
      { path: ["name"], code: "too_big" },
      { path: ["email"], code: "too_small" },
      { path: ["items", 0, "quantity"], code: "too_small" },
    ],
    words,
    (field) => field === "email",
  );
  assert.deepEqual(worded, {
    phone: "not a phone here",
    name: "shorter, please",
    email: "not an e-mail address",
  });
  const blank = wordRefusals(
    [{ path: ["phone"], code: "custom", params: { rule: "phone" } }],
    words,
    () => true,
  );
  assert.deepEqual(blank, { phone: "enter a phone" });
});
