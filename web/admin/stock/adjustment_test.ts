import assert from "node:assert/strict";
import { adjustmentRequest, copies } from "./adjustment.ts";

Deno.test("adjustmentRequest() takes damaged copies out with a signed change and a trimmed note", () => {
  assert.deepEqual(adjustmentRequest({ change: " -3 ", reason: "damaged", note: " torn " }, 5), {
    kind: "ok",
    body: { quantity: -3, reason: "damaged", note: "torn" },
  });
  assert.deepEqual(adjustmentRequest({ change: "+2", reason: "found", note: "" }, 0), {
    kind: "ok",
    body: { quantity: 2, reason: "found" },
  });
  // A typographic minus sign, as some phone keyboards type it.
  assert.equal(adjustmentRequest({ change: "\u22121", reason: "lost", note: "" }, 1).kind, "ok");
});

Deno.test("adjustmentRequest() says what is wrong: the reason's way, zero, text, beyond the stock", () => {
  const problem = (change: string, reason: "damaged" | "found" | "recount", stock = 5) => {
    const request = adjustmentRequest({ change, reason, note: "" }, stock);
    return request.kind === "invalid" ? request.errors.change : undefined;
  };
  assert.match(problem("3", "damaged")!, /enter a negative change/);
  assert.match(problem("-3", "found")!, /enter a positive change/);
  assert.equal(problem("0", "recount"), "The change must not be 0");
  assert.match(problem("two", "recount")!, /whole number of copies/);
  assert.match(problem("", "recount")!, /Enter the change/);
  assert.equal(
    problem("-3", "damaged", 2),
    "Only 2 copies in stock can be taken out: copies held by orders are not in stock",
  );
  assert.equal(copies(1), "1 copy");
  assert.equal(copies(-3), "-3 copies");
});
