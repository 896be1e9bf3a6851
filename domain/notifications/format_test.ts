import assert from "node:assert/strict";
import fc from "fast-check";
import { escapeHtml, formatMoney, singleLine } from "./format.ts";

Deno.test("formatMoney() shows rupees with thousands separators and 2 decimals", () => {
  assert.equal(formatMoney(125000), "LKR 1,250.00");
  assert.equal(formatMoney(0), "LKR 0.00");
  assert.equal(formatMoney(5), "LKR 0.05");
  assert.equal(formatMoney(123456789), "LKR 1,234,567.89");
});

Deno.test("formatMoney() round-trips every amount of cents", () => {
  fc.assert(fc.property(fc.integer({ min: 0, max: 10 ** 12 }), (cents) => {
    const shown = formatMoney(cents).replace(/^LKR /, "").replaceAll(",", "");
    assert.equal(Math.round(Number(shown) * 100), cents);
  }));
});

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
