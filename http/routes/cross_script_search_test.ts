/** The book search's answer to awkward terms: mixed scripts, joiners, lone signs, long runs. */
import assert from "node:assert/strict";
import { testApp } from "../testing/fixture.ts";

Deno.test("GET /api/books answers mixed scripts, zero-width joiners, lone signs and 200 of one letter, never 5xx", async () => {
  const t = await testApp();
  for (
    const q of [
      "madol දූව கல்கி",
      "\u200D\u200C\u200D",
      "\u0DCA",
      "\u0DCF\u0DD9\u0BCD",
      "a".repeat(200),
      "ක".repeat(200),
      "ශ්\u200Dරී ලංකා",
    ]
  ) {
    const response = await t.app.request(`/api/books?q=${encodeURIComponent(q)}`);
    assert.equal(response.status, 200, q);
    const body = await response.json();
    assert.ok(Array.isArray(body.data), q);
  }
  const tooLong = await t.app.request(`/api/books?q=${"a".repeat(5000)}`);
  assert.ok(tooLong.status < 500, String(tooLong.status));
});

Deno.test("GET /api/books?q= in Sinhala script that finds nothing suggests the title listed in English letters", async () => {
  const t = await testApp();
  const response = await t.app.request(`/api/books?q=${encodeURIComponent("ගම්පෙරලය")}`);
  assert.equal(response.status, 200);
  const body = await response.json();
  assert.deepEqual([body.data, body.total], [[], 0]);
  assert.ok(body.suggestions.includes("Gamperaliya"), JSON.stringify(body.suggestions));
});
