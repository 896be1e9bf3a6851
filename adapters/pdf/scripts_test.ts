import assert from "node:assert/strict";
import { scriptRuns, SINHALA_FONT, TAMIL_FONT } from "./scripts.ts";

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

Deno.test("scriptRuns() sets Tamil words in the Tamil font, apart from Sinhala and Latin", () => {
  assert.deepEqual(scriptRuns("பொன்னியின் செல்வன் (Ponniyin Selvan)"), [
    { text: "பொன்னியின் செல்வன்", font: TAMIL_FONT },
    { text: " (Ponniyin Selvan)" },
  ]);
  assert.deepEqual(scriptRuns("கல்கி / මඩොල් දූව"), [
    { text: "கல்கி", font: TAMIL_FONT },
    { text: " / " },
    { text: "මඩොල් දූව", font: SINHALA_FONT },
  ]);
});
