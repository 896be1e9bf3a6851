import assert from "node:assert/strict";
import fc from "fast-check";
import {
  isGsm7Char,
  SMS_LIMITS,
  smsEncoding,
  smsLength,
  smsParts,
  smsSegments,
} from "./sms_encoding.ts";

const GSM_SAMPLE = [..."@£$abcXYZ019 .,:;!?#%&()*+-/<=>_\n\rÄÖÜßé"];
const EXTENSION = [..."^{}\\[~]|€"];
const SINHALA = [..."අආඇඈඉකඛගඝචජටඩණතදනපබමයරලවසහළෆාැෑිීුූෙේොෝ්"];
const TAMIL = [..."அஆஇஈஉஊஎஏஐஒஓகஙசஞடணதநபமயரலவழளறனாிீுூெேைொோ்"];
const EMOJI = ["😀", "📚", "🇱🇰"];

const gsmText = fc.array(fc.constantFrom(...GSM_SAMPLE, ...EXTENSION), { maxLength: 500 })
  .map((chars) => chars.join(""));
const anyText = fc.array(
  fc.constantFrom(...GSM_SAMPLE, ...EXTENSION, ...SINHALA, ...TAMIL, ...EMOJI),
  { maxLength: 400 },
).map((chars) => chars.join(""));

Deno.test("smsEncoding() sends English as GSM-7 and Sinhala, Tamil and emoji as UCS-2", () => {
  assert.equal(smsEncoding("Pothgula: order #1042 placed. Total LKR 3,851.50."), "gsm7");
  assert.equal(smsEncoding("Price {€5} [ok] ~ ^ | \\"), "gsm7");
  assert.equal(smsEncoding("Pothgula: ඇණවුම #1042"), "ucs2");
  assert.equal(smsEncoding("Pothgula: ஆர்டர் #1042"), "ucs2");
  assert.equal(smsEncoding("Thanks 📚"), "ucs2");
  // Curly quotes and the rupee sign are not in GSM's alphabet: one of them costs the lot.
  assert.equal(smsEncoding("It’s here"), "ucs2");
  assert.equal(smsEncoding("₹"), "ucs2");
  assert.equal(smsEncoding(""), "gsm7");
});

Deno.test("smsLength() counts extension characters twice and UTF-16 code units in UCS-2", () => {
  assert.equal(smsLength("abc"), 3);
  assert.equal(smsLength("{€}"), 6);
  assert.equal(smsLength("ශ්‍රී ලංකා"), 10);
  assert.equal(smsLength("📚"), 2);
  assert.equal(smsLength("a📚"), 3);
});

Deno.test("smsSegments() knows the single-message and per-part limits of each encoding", () => {
  assert.equal(smsSegments(""), 1);
  assert.equal(smsSegments("a".repeat(160)), 1);
  assert.equal(smsSegments("a".repeat(161)), 2);
  assert.equal(smsSegments("a".repeat(306)), 2);
  assert.equal(smsSegments("a".repeat(307)), 3);
  // 80 braces are 160 septets: one message; one more is 162: two.
  assert.equal(smsSegments("{".repeat(80)), 1);
  assert.equal(smsSegments("{".repeat(81)), 2);
  assert.equal(smsSegments("ක".repeat(70)), 1);
  assert.equal(smsSegments("ක".repeat(71)), 2);
  assert.equal(smsSegments("க".repeat(134)), 2);
  assert.equal(smsSegments("க".repeat(135)), 3);
  // 35 emoji are 70 code units; 36 would be 72.
  assert.equal(smsSegments("📚".repeat(35)), 1);
  assert.equal(smsSegments("📚".repeat(36)), 2);
});

Deno.test("smsParts() never cuts an escape pair: a part of 152 septets ends before a brace", () => {
  const text = "a".repeat(152) + "{" + "b".repeat(20);
  const parts = smsParts(text);
  assert.deepEqual(parts.map((p) => smsLength(p, "gsm7")), [152, 22]);
  assert.equal(parts[1][0], "{");
});

Deno.test("smsParts() never cuts a surrogate pair: a part of 66 code units ends before an emoji", () => {
  const text = "ක".repeat(66) + "📚" + "ක".repeat(10);
  const parts = smsParts(text);
  assert.deepEqual(parts.map((p) => p.length), [66, 12]);
  assert.equal(parts[1].slice(0, 2), "📚");
});

for (const [name, texts] of [["GSM-7", gsmText], ["mixed", anyText]] as const) {
  Deno.test(`smsParts() of ${name} texts: the parts make the text, each within its limit, one part exactly when it fits one message`, () => {
    fc.assert(fc.property(texts, (text) => {
      const encoding = smsEncoding(text);
      const limits = SMS_LIMITS[encoding];
      const parts = smsParts(text);
      assert.equal(parts.join(""), text);
      assert.equal(smsSegments(text), parts.length);
      const total = smsLength(text, encoding);
      assert.equal(parts.length === 1, total <= limits.single);
      if (parts.length > 1) {
        for (const part of parts) {
          const units = smsLength(part, encoding);
          assert.ok(units >= 1 && units <= limits.part, `${units} in a part`);
          // Cut between characters only: no part ends in half a surrogate pair.
          assert.doesNotMatch(part, /[\uD800-\uDBFF]$/);
          assert.doesNotMatch(part, /^[\uDC00-\uDFFF]/);
        }
        // Greedy: no fewer parts are possible, and at most one more than the plain division.
        assert.ok(parts.length >= Math.ceil(total / limits.part));
        assert.ok(parts.length <= Math.ceil(total / (limits.part - 1)));
      }
    }));
  });
}

Deno.test("isGsm7Char() takes exactly GSM's alphabet and extension table among Latin-1", () => {
  for (const char of [...GSM_SAMPLE, ...EXTENSION]) assert.ok(isGsm7Char(char), char);
  for (const char of ["`", "á", "ç", "ê", "\t", "©", "’"]) assert.ok(!isGsm7Char(char), char);
  // GSM-7 texts never grow past two septets a character.
  fc.assert(fc.property(gsmText, (text) => {
    assert.equal(smsEncoding(text), "gsm7");
    assert.ok(smsLength(text) <= 2 * [...text].length);
  }));
});
