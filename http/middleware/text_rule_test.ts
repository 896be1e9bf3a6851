import assert from "node:assert/strict";
import { Hono } from "hono";
import {
  blankLooking,
  forbiddenCharacter,
  MAX_JSON_DEPTH,
  MAX_JSON_NUMBER,
  refuseControlCharacters,
  textProblem,
} from "./text_rule.ts";
import { toErrorResponse } from "./errors.ts";
import { jsonBody, readForm } from "./validation.ts";

/**
 * The rule where the shop applies it: paths and queries for every request, a JSON body
 * where `jsonBody()` parses it, a form where `readForm()` reads it.
 */
function app() {
  const a = new Hono();
  a.onError((error, c) =>
    toErrorResponse(c, error, { logger: { info() {}, error() {} }, requestId: "t" })
  );
  a.use(refuseControlCharacters());
  a.post("/api/x", jsonBody(), (c) => c.text("passed"));
  a.post("/api/form", async (c) => {
    await readForm(c.req.raw);
    return c.text("passed");
  });
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

Deno.test("malformed JSON is the reader's 400, not a problem of the text rule", async () => {
  const malformed = await app().request("/api/x", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: "{\u0000",
  });
  assert.equal(malformed.status, 400);
  assert.equal((await malformed.json()).error.code, "BAD_REQUEST");
});

Deno.test("a control character in a path or a query is refused before any body is read", async () => {
  let read = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      read = true;
      controller.close();
    },
  }, { highWaterMark: 0 });
  const response = await app().request("/api/x?q=a%00b", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body,
    duplex: "half",
  } as RequestInit);
  assert.equal(response.status, 400);
  assert.deepEqual((await response.json()).error.details[0].field, "q");
  assert.equal(read, false);
});

Deno.test("JSON nested 10,000 deep is refused with 400 naming the body, not a stack overflow", async () => {
  for (const [open, close] of [["[", "]"], ['{"a":', "}"]]) {
    const response = await app().request("/api/x", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: open.repeat(10_000) + "1" + close.repeat(10_000),
    });
    assert.equal(response.status, 400);
    const body = await response.json();
    assert.equal(body.error.code, "VALIDATION_FAILED");
    assert.equal(body.error.details.length, 1);
    assert.match(body.error.details[0].message, new RegExp(`at most ${MAX_JSON_DEPTH} levels`));
  }
});

Deno.test("JSON nested up to the bound passes; one level more is refused at its path", async () => {
  const nest = (depth: number): unknown => depth === 0 ? "leaf" : { a: nest(depth - 1) };
  assert.equal(await (await post(nest(MAX_JSON_DEPTH))).text(), "passed");
  const refused = await post({ items: [nest(MAX_JSON_DEPTH)] });
  assert.equal(refused.status, 400);
  const field = (await refused.json()).error.details[0].field;
  assert.match(field, /^items\.0(\.a)+$/);
});

Deno.test("blankLooking() finds text made only of invisible characters", () => {
  for (const text of ["\u200b", " \u200b ", "\u200b\u200c\u200d\u2060", "\ufeff\u200b", "\u3164"]) {
    assert.equal(blankLooking(text), true, JSON.stringify(text));
  }
  for (const text of ["", " ", "a\u200b", "ශ්‍රී", "👩‍👩‍👧", "\u00ad-"]) {
    assert.equal(blankLooking(text), false, JSON.stringify(text));
  }
  assert.match(textProblem("\u200b") ?? "", /only of invisible characters/);
  assert.equal(textProblem("Madol Doova"), undefined);
  assert.match(textProblem("a\tb") ?? "", /U\+0009/);
  assert.equal(textProblem("a\tb", true), undefined);
});

Deno.test("a body field of only invisible characters is refused, in JSON and in forms", async () => {
  const json = await post({ title: "\u200b", items: [{ name: "ok" }] });
  assert.equal(json.status, 400);
  assert.deepEqual((await json.json()).error.details, [
    { field: "title", message: "must not be made only of invisible characters" },
  ]);
  const form = new FormData();
  form.append("title", "\u200b\u2060");
  const response = await app().request("/api/form", { method: "POST", body: form });
  assert.equal(response.status, 400);
  assert.equal((await response.json()).error.details[0].field, "title");
});
