import assert from "node:assert/strict";
import fc from "fast-check";
import { escapeHtml, singleLine } from "./format.ts";

Deno.test("escapeHtml() leaves no markup characters behind", () => {
  assert.equal(
    escapeHtml(`<a href="x">'Tom' & Jerry</a>`),
    "&lt;a href=&quot;x&quot;&gt;&#39;Tom&#39; &amp; Jerry&lt;/a&gt;",
  );
  fc.assert(fc.property(fc.string(), (text) => {
    assert.doesNotMatch(escapeHtml(text), /[<>"']/);
  }));
});

Deno.test("singleLine() removes every line break", () => {
  assert.equal(singleLine("Order\r\nBcc: x@y.z\n  received "), "Order Bcc: x@y.z received");
  fc.assert(fc.property(fc.string(), (text) => {
    assert.doesNotMatch(singleLine(text), /[\r\n]/);
  }));
});
