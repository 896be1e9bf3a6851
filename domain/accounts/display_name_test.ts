import assert from "node:assert/strict";
import { displayName } from "./display_name.ts";

Deno.test("displayName() keeps a name with a space and tidies the spaces around it", () => {
  assert.equal(displayName("Sunil Fernando"), "Sunil Fernando");
  assert.equal(displayName("  Sunil \t\n Fernando "), "Sunil Fernando");
});

Deno.test("displayName() keeps Sinhala and Tamil names as typed, in composed form", () => {
  assert.equal(displayName("සුනිල් ප්‍රනාන්දු"), "සුනිල් ප්‍රනාන්දු");
  assert.equal(displayName("கமலா"), "கமலா");
  assert.equal(displayName("Rene\u0301"), "Ren\u00e9");
});
