import assert from "node:assert/strict";
import { Hono } from "hono";
import { forbiddenCharacter, MAX_JSON_NUMBER, refuseControlCharacters } from "./text_rule.ts";
import { toErrorResponse } from "./errors.ts";

function app() {
  const a = new Hono();
  a.onError((error, c) =>
    toErrorResponse(c, error, { logger: { info() {}, error() {} }, requestId: "t" })
  );
  a.use(refuseControlCharacters());
  a.post("/api/x", (c) => c.text("passed"));
  return a;
}

function post(body: unknown) {
  return app().request("/api/x", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

Deno.test("forbiddenCharacter() names the first control character, newline only where allowed", () => {
  assert.equal(forbiddenCharacter("plain text, සිංහල, தமிழ் ✓"), undefined);
  assert.equal(forbiddenCharacter("a\u0000b"), "U+0000");
  assert.equal(forbiddenCharacter("a\u009bb"), "U+009B");
  assert.equal(forbiddenCharacter("a\u007f"), "U+007F");
  assert.equal(forbiddenCharacter("line\nline"), "U+000A");
  assert.equal(forbiddenCharacter("line\r\nline\ttab", true), undefined);
  assert.equal(forbiddenCharacter("\ud800 alone"), "U+D800");
  assert.equal(forbiddenCharacter("😀 paired"), undefined);
});

Deno.test("a JSON number too large for the shop's columns is refused at the edge, naming it", async () => {
  const response = await post({ items: [{ quantity: MAX_JSON_NUMBER + 1 }], stock: 5 });
  assert.equal(response.status, 400);
  const body = await response.json();
  assert.deepEqual(body.error.details, [
    { field: "items.0.quantity", message: `must be at most ${MAX_JSON_NUMBER}` },
  ]);
  assert.equal((await post({ addStock: -1e300 })).status, 400);
  const fine = await post({ stock: MAX_JSON_NUMBER, price: 1250.5 });
  assert.equal(await fine.text(), "passed");
});

Deno.test("malformed JSON and bodies that are not forms are left to the route", async () => {
  const malformed = await app().request("/api/x", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: "{\u0000",
  });
  assert.equal(await malformed.text(), "passed");
});
