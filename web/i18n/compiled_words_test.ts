/**
 * The browser gets its messages compiled by the server and writes them with the shop's own
 * formatter (page_words.ts, format.ts), without the ICU parser or intl-messageformat: each
 * message must write the same text from its compiled form as intl-messageformat writes
 * from the file's text, in every language.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { IntlMessageFormat } from "intl-messageformat";
import { ensureBuilt } from "../../scripts/build_web.ts";
import { INTL_LOCALE, type Locale, SHOP_LANGUAGES } from "../../domain/i18n/language.ts";
import { isPlainText } from "./plain_text.ts";
import { compileMessage } from "./page_words.ts";
import { type CompiledMessage, formatMessage } from "./format.ts";
import { i18nFor, messageFormats, type MessageKey } from "./mod.ts";
import { CATALOGUES } from "./catalogues.ts";

type Element = { type: number; value?: string; options?: Record<string, { value: Element[] }> };

/** Values for every argument a parsed message names: `count` where it is counted, else text. */
function valuesFor(
  elements: Element[],
  count: number,
  values: Record<string, string | number> = {},
) {
  for (const element of elements) {
    // 1 argument, 2 number, 6 plural (intl-messageformat's TYPE).
    if (element.type === 1 && element.value) values[element.value] ??= `«${element.value}»`;
    if ((element.type === 2 || element.type === 6) && element.value) values[element.value] = count;
    for (const option of Object.values(element.options ?? {})) {
      valuesFor(option.value, count, values);
    }
  }
  return values;
}

/**
 * intl-messageformat as the shop ran it before it had a formatter of its own: `#` grouped by
 * thousands in every language (Deno's ta-LK groups the Indian way: 1,00,000).
 */
const AS_THE_SHOP_DID = {
  formatters: {
    getNumberFormat: (_locale: string | string[], options?: Intl.NumberFormatOptions) =>
      new Intl.NumberFormat("en-US", options),
    getDateTimeFormat: (locale?: string | string[], options?: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat(locale, options),
    getPluralRules: (locale?: string | string[], options?: Intl.PluralRulesOptions) =>
      new Intl.PluralRules(locale, options),
  },
};

const intlFormat = (text: string, language: Locale) =>
  new IntlMessageFormat(text, INTL_LOCALE[language], undefined, AS_THE_SHOP_DID);

/** A compiled message as a page carries it: through JSON. */
const asSent = (message: CompiledMessage) => JSON.parse(JSON.stringify(message)) as CompiledMessage;

Deno.test("every message writes the same text compiled as intl-messageformat writes from its file, in every language", () => {
  for (const language of SHOP_LANGUAGES) {
    const texts = CATALOGUES[language] as Record<string, string>;
    let parsed = 0;
    for (const [key, text] of Object.entries(texts)) {
      const compiled = asSent(compileMessage(text, language));
      const fromText = intlFormat(text, language);
      if (typeof compiled === "string") {
        assert.equal(compiled, fromText.format(), `${language} ${key}`);
        if (isPlainText(text)) assert.equal(compiled, text, `${language} ${key} stays as it is`);
        continue;
      }
      parsed++;
      for (const count of [0, 1, 2, 3, 5, 11, 21, 1200, 123_456]) {
        const values = valuesFor(fromText.getAst() as Element[], count);
        const expected = fromText.format(values);
        const where = `${language} ${key} (${count})`;
        assert.equal(formatMessage(compiled, values, messageFormats(language)), expected, where);
        assert.equal(i18nFor(language).t(key as MessageKey, values), expected, `server ${where}`);
      }
    }
    assert.ok(parsed > 10, `${language} has messages with values (${parsed})`);
  }
});

Deno.test("a count, an exact count, a choice and # are written as intl-messageformat writes them, for any count", () => {
  const messages = [
    "{n, plural, =0 {no books} one {# book} other {# books}} by {who}",
    "{n, plural, one {one} other {{kind, select, pen {# pens} other {# things}}}}",
    "'{'{n}'}' it''s {n, plural, =1 {just one} other {#}}",
    "{kind, select, pen {a pen} other {something}}",
  ];
  const value = fc.record({
    n: fc.oneof(fc.integer({ min: 0, max: 10_000_000 }), fc.constantFrom(0, 1, 2)),
    kind: fc.constantFrom("pen", "book", "other"),
    who: fc.string(),
    language: fc.constantFrom<Locale>(...SHOP_LANGUAGES),
  });
  fc.assert(fc.property(value, ({ language, ...values }) => {
    for (const text of messages) {
      const expected = intlFormat(text, language).format(values);
      const compiled = asSent(compileMessage(text, language));
      assert.equal(formatMessage(compiled, values, messageFormats(language)), expected);
    }
  }));
});

Deno.test("compileMessage() refuses what the pages' formatter does not write, naming the message", () => {
  for (
    const text of ["{n, number}", "<b>bold</b>", "{n, plural, offset:1 other {#}}", "{d, date}"]
  ) {
    assert.throws(
      () => compileMessage(text, "en"),
      new RegExp(text.slice(0, 3).replace("{", "\\{")),
    );
  }
  assert.throws(
    () => formatMessage(asSent(compileMessage("Hello {name}", "en")), {}, messageFormats("en")),
    /"name"/,
  );
});

Deno.test("a message with none of ICU's own characters is written as it is", () => {
  const plain = fc.string({ unit: "grapheme", maxLength: 40 }).filter(isPlainText);
  fc.assert(fc.property(plain, (text) => {
    assert.equal(new IntlMessageFormat(text, "en-LK").format(), text);
    assert.equal(compileMessage(text, "en"), text);
  }));
  for (const text of ["{n} books", "it's {x}", "a } b", "<b>bold</b>", "'{'"]) {
    assert.equal(isPlainText(text), false, text);
  }
});

Deno.test("no browser bundle carries the ICU message parser or intl-messageformat", async () => {
  await ensureBuilt();
  const dir = new URL("../../dist/client/assets/", import.meta.url);
  let bundles = 0;
  for await (const entry of Deno.readDir(dir)) {
    if (!entry.name.endsWith(".js")) continue;
    bundles++;
    const code = await Deno.readTextFile(new URL(entry.name, dir));
    // The parser's own options and error names, which its stand-in does not have, and
    // intl-messageformat's own errors.
    for (
      const word of [
        "shouldParseSkeletons",
        "requiresOtherClause",
        "MALFORMED_ARGUMENT",
        "MISSING_INTL_API",
        "INVALID_VALUE",
      ]
    ) {
      assert.ok(!code.includes(word), `${entry.name} has the parser (${word})`);
    }
  }
  assert.ok(bundles > 5);
});
