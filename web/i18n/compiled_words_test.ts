/**
 * The browser gets its messages parsed at build time and no ICU parser (vite.config.ts,
 * `compiledWords` and `PARSER_LEFT_OUT`): each message must write the same text from its
 * compiled form as from the file's text, in every language.
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { IntlMessageFormat } from "intl-messageformat";
import { ensureBuilt } from "../../scripts/build_web.ts";
import { compiledWords } from "../../vite.config.ts";
import { INTL_LOCALE, SHOP_LANGUAGES } from "../../domain/i18n/language.ts";
import { isPlainText } from "./plain_text.ts";
import type { Message } from "./mod.ts";

type Transform = (code: string, id: string) => { code: string } | null;
type Element = { type: number; value?: string; options?: Record<string, { value: Element[] }> };

const MESSAGES = new URL("../../messages/", import.meta.url);

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

Deno.test("every message writes the same text compiled as from its file, in every language", async () => {
  const transform = compiledWords().transform as unknown as Transform;
  for (const language of SHOP_LANGUAGES) {
    const path = new URL(`${language}.json`, MESSAGES).pathname;
    const texts = JSON.parse(await Deno.readTextFile(path)) as Record<string, string>;
    const out = transform(JSON.stringify(texts), path);
    assert.ok(out, language);
    const compiled = JSON.parse(out.code) as Record<string, Message>;
    assert.deepEqual(Object.keys(compiled), Object.keys(texts));
    let parsed = 0;
    for (const [key, text] of Object.entries(texts)) {
      const locale = INTL_LOCALE[language];
      const fromText = new IntlMessageFormat(text, locale);
      const message = compiled[key];
      if (typeof message === "string") {
        assert.ok(isPlainText(text), `${language} ${key} is left as text only when plain`);
        assert.equal(message, text);
        assert.equal(fromText.format(), text, `${language} ${key}`);
        continue;
      }
      parsed++;
      for (const count of [1, 3, 1200]) {
        const values = valuesFor(fromText.getAst() as Element[], count);
        assert.equal(
          new IntlMessageFormat(message, locale).format(values),
          fromText.format(values),
          `${language} ${key}`,
        );
      }
    }
    assert.ok(parsed > 10, `${language} has messages with values (${parsed})`);
  }
  assert.equal(transform("{}", "/work/web/i18n/mod.ts"), null, "other modules pass untouched");
});

Deno.test("a message with none of ICU's own characters is written as it is", () => {
  const plain = fc.string({ unit: "grapheme", maxLength: 40 }).filter(isPlainText);
  fc.assert(fc.property(plain, (text) => {
    assert.equal(new IntlMessageFormat(text, "en-LK").format(), text);
  }));
  for (const text of ["{n} books", "it's {x}", "a } b", "<b>bold</b>", "'{'"]) {
    assert.equal(isPlainText(text), false, text);
  }
});

Deno.test("no browser bundle carries the ICU message parser", async () => {
  await ensureBuilt();
  const dir = new URL("../../dist/client/assets/", import.meta.url);
  let bundles = 0;
  for await (const entry of Deno.readDir(dir)) {
    if (!entry.name.endsWith(".js")) continue;
    bundles++;
    const code = await Deno.readTextFile(new URL(entry.name, dir));
    // The parser's own options and error names, which its stand-in does not have.
    for (const word of ["shouldParseSkeletons", "requiresOtherClause", "MALFORMED_ARGUMENT"]) {
      assert.ok(!code.includes(word), `${entry.name} has the parser (${word})`);
    }
  }
  assert.ok(bundles > 5);
});
