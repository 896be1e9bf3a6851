import assert from "node:assert/strict";
import { coverage, layoutLines, needsFaces, shapeLine } from "./cover_text.ts";

Deno.test("shapeLine() finds a glyph for every letter of Sinhala, Tamil and Latin titles", () => {
  for (
    const title of [
      "මඩොල් දූපත",
      "ශ්‍රී ලංකා ඉතිහාසය…",
      "பொன்னியின் செல்வன்",
      "க்ஷத்திரியன்",
      "Madol Doova (මඩොල් දූපත), García Márquez",
    ]
  ) {
    const line = shapeLine(title, 28, 700);
    assert.ok(line.glyphs.length > 0 && line.width > 0, title);
    // Glyph 0 is a face's empty box: a letter no face has.
    assert.ok(line.glyphs.every((g) => g.glyph !== 0), `${title} has a letter drawn as a box`);
  }
});

Deno.test("shapeLine() sets Sinhala and Tamil as they are written: signs before their letter, conjuncts joined", () => {
  // කෙ (ka and the sign e): the sign is drawn first, left of the letter, as in පෙ.
  const ke = shapeLine("කෙ", 28, 400).glyphs;
  const pe = shapeLine("පෙ", 28, 400).glyphs;
  assert.equal(ke.length, 2);
  assert.equal(ke[0].glyph, pe[0].glyph);
  assert.notEqual(ke[1].glyph, pe[1].glyph);
  assert.ok(ke[0].x < ke[1].x);
  // ශ්‍රී is five code points and two glyphs; Tamil's கொ draws its sign on both sides.
  assert.equal(shapeLine("ශ්‍රී", 28, 400).glyphs.length, 2);
  const ko = shapeLine("கொ", 28, 400).glyphs;
  assert.equal(ko.length, 3);
  assert.equal(ko[1].glyph, shapeLine("க", 28, 400).glyphs[0].glyph);
});

Deno.test("layoutLines() keeps each line within the width, shrinks for a long word and marks what it leaves out", () => {
  const style = { size: 28, weight: 700 as const, width: 236, maxLines: 4 };
  const long = "පොත්ගුල ප්‍රකාශකයෝ විසින් ප්‍රකාශිත ශ්‍රී ලංකා ඉතිහාසය සහ සංස්කෘතිය";
  const laid = layoutLines(long, style);
  assert.equal(laid.lines.length, 4);
  assert.ok(laid.lines[3].endsWith("…"));
  for (const line of laid.lines) assert.ok(shapeLine(line, laid.size, 700).width <= 236, line);
  const word = layoutLines("சுதந்திரப்போராட்டவீரர்களின்வரலாறு", style);
  assert.ok(word.size < 28 && word.size >= 28 * 0.6, `${word.size}`);
  for (const line of word.lines) assert.ok(shapeLine(line, word.size, 700).width <= 236, line);
  assert.deepEqual(layoutLines("  මඩොල්   දූපත ", style).lines, ["මඩොල් දූපත"]);
});

Deno.test("coverage() fills a shape by the non-zero rule, edges in part", () => {
  // A 2x2 square from (1, 1), and a square from (0.5, 0) half a pixel wide.
  const square = coverage([[[1, 1], [3, 1], [3, 3], [1, 3]]], 4, 4);
  assert.deepEqual([...square], [0, 0, 0, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 0, 0, 0]);
  const half = coverage([[[0.5, 0], [1, 0], [1, 1], [0.5, 1]]], 2, 1);
  assert.deepEqual([...half], [0.5, 0]);
  // A square with a hole drawn the other way round: the hole stays empty.
  const ring = coverage(
    [
      [[0, 0], [3, 0], [3, 3], [0, 3]],
      [[1, 1], [1, 2], [2, 2], [2, 1]],
    ],
    3,
    3,
  );
  assert.deepEqual([...ring], [1, 1, 1, 1, 0, 1, 1, 1, 1]);
});

Deno.test("needsFaces() is true for Sinhala or Tamil letters only", () => {
  assert.ok(needsFaces("Madol Doova (මඩොල් දූපත)"));
  assert.ok(needsFaces("பொன்னியின்"));
  assert.ok(!needsFaces("García Márquez"));
});
