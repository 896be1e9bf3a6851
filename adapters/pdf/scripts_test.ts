import assert from "node:assert/strict";
import { scriptRuns, SINHALA_FONT } from "./scripts.ts";

Deno.test("scriptRuns() keeps Latin text as one run in the default font", () => {
  assert.deepEqual(scriptRuns("Madol Doova"), [{ text: "Madol Doova" }]);
  assert.deepEqual(scriptRuns(""), [{ text: "" }]);
});

Deno.test("scriptRuns() sets Sinhala words, spaces and joiners between them, in the Sinhala font", () => {
  assert.deepEqual(scriptRuns("Madol Doova (මඩොල් දූපත)"), [
    { text: "Madol Doova (" },
    { text: "මඩොල් දූපත", font: SINHALA_FONT },
    { text: ")" },
  ]);
  assert.deepEqual(scriptRuns("ශ්‍රී ලංකා"), [{ text: "ශ්‍රී ලංකා", font: SINHALA_FONT }]);
});
