import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { clusterTexts, logicalCodePoints } from "./logical_text.ts";
import { ShapingFace } from "../fonts/harfbuzz.ts";

const read = (texts: number[][]) => texts.map((t) => String.fromCodePoint(...t)).join("");

Deno.test("logicalCodePoints() gives a reordered cluster's glyphs its written text, one part each", () => {
  // පො is drawn ෙ ප ා.
  assert.deepEqual(logicalCodePoints("පො", [[0x0dd9], [0x0db4], [0x0dcf]]), [
    [0x0db4],
    [0x0dd9],
    [0x0dcf],
  ]);
  // ශ්‍රී is drawn as ශී and the rakaransaya ්‍ර: five code points, two glyphs.
  const shri = logicalCodePoints("ශ්\u200Dරී", [[0x0dc1, 0x0dd3], [0x0dca, 0x200d, 0x0dbb]]);
  assert.deepEqual(shri, [[0x0dc1, 0x0dca, 0x200d], [0x0dbb, 0x0dd3]]);
  assert.equal(read(shri), "ශ්\u200Dරී");
});

Deno.test("logicalCodePoints() leaves text drawn in written order as it is", () => {
  const latin = [..."Madol"].map((c) => [c.codePointAt(0)!]);
  assert.deepEqual(logicalCodePoints("Madol", latin), latin);
  // A ligature of several letters keeps them, in order.
  assert.deepEqual(logicalCodePoints("ffi", [[0x66, 0x66, 0x69]]), [[0x66, 0x66, 0x69]]);
  // ත් is one glyph made of its two letters, in order.
  assert.deepEqual(logicalCodePoints("ත්", [[0x0dad, 0x0dca]]), [[0x0dad, 0x0dca]]);
});

Deno.test("logicalCodePoints() keeps the glyphs' own text where they do not add up to the text", () => {
  // A dotted circle the shaper drew for a sign standing alone is not in the text.
  const alone = [[0x25cc], [0x0dd9]];
  assert.deepEqual(logicalCodePoints("ෙ", alone), alone);
  const before = [[0x0dd9], [0x0db4]];
  assert.deepEqual(logicalCodePoints("පො", before), before);
});

Deno.test("clusterTexts() reads each cluster as written, a letter a glyph where several draw it", () => {
  assert.deepEqual(clusterTexts("පොත", [0, 0, 0, 2]), [[0x0db4], [0x0dd9], [0x0dcf], [0x0dad]]);
  // ශ්‍රී: two glyphs for five code points; the joiner goes with the letter before it.
  const shri = clusterTexts("ශ්\u200Dරී", [0, 0])!;
  assert.deepEqual(shri, [[0x0dc1], [0x0dca, 0x200d, 0x0dbb, 0x0dd3]]);
  assert.deepEqual(clusterTexts("ab", [0, 1]), [[0x61], [0x62]]);
  assert.deepEqual(clusterTexts("ffi", [0]), [[0x66, 0x66, 0x69]]);
  // Clusters that skip the first characters or run backwards are not trusted.
  assert.equal(clusterTexts("ab", [1]), undefined);
  assert.equal(clusterTexts("ab", [1, 0]), undefined);
  // Three glyphs cannot share two letters out.
  assert.equal(clusterTexts("ab", [0, 0, 0]), undefined);
});

// fontkit, as pdfkit (and so pdfmake) loads it.
const fromPdfkit = createRequire(
  createRequire(createRequire(import.meta.url).resolve("pdfmake")).resolve("pdfkit"),
);
const fontkit = fromPdfkit("fontkit") as {
  create(data: Uint8Array): { layout(text: string): { glyphs: { id: number }[] } };
};

Deno.test("every Sinhala and Tamil word of the shop, shaped as pdfkit draws it, reads back as written", async () => {
  const fonts = createRequire(import.meta.url);
  for (
    const [language, file] of [
      ["si", "@fontsource/noto-sans-sinhala/files/noto-sans-sinhala-sinhala-400-normal.woff"],
      ["si", "@fontsource/noto-sans-sinhala/files/noto-sans-sinhala-sinhala-700-normal.woff"],
      ["ta", "@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-400-normal.woff"],
      ["ta", "@fontsource/noto-sans-tamil/files/noto-sans-tamil-tamil-700-normal.woff"],
    ]
  ) {
    const bytes = await Deno.readFile(fonts.resolve(file));
    const pdfkitFont = fontkit.create(bytes);
    const harfbuzz = ShapingFace.fromWoff(bytes);
    const messages: Record<string, string> = JSON.parse(
      await Deno.readTextFile(new URL(`../../messages/${language}.json`, import.meta.url)),
    );
    const script = language === "si" ? /[\u0D80-\u0DFF\u200D]+/gu : /[\u0B80-\u0BFF]+/gu;
    const words = new Set(Object.values(messages).flatMap((m) => m.match(script) ?? []));
    assert.ok(words.size > 200, `${language}: ${words.size} words`);
    let split = 0;
    for (const word of words) {
      const drawn = pdfkitFont.layout(word).glyphs.map((g) => g.id);
      const shaped = harfbuzz.shape(word);
      // HarfBuzz draws what pdfkit draws, so its clusters name pdfkit's glyphs' characters.
      assert.deepEqual(shaped.map((g) => g.glyph), drawn, `${file}: ${word}`);
      const texts = clusterTexts(word, shaped.map((g) => g.cluster));
      assert.ok(texts, word);
      assert.equal(read(texts).normalize("NFC"), word.normalize("NFC"), word);
      assert.ok(texts.every((t) => t.length > 0), `${word}: a glyph with no text`);
      if (new Set(shaped.map((g) => g.cluster)).size < shaped.length) split++;
    }
    // Many words have a sign drawn apart from its letter or a conjunct: the rule is used.
    assert.ok(split > words.size / 4, `${language}: ${split} of ${words.size}`);
  }
});
