import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
// @ts-types="@types/subset-font"
import subsetFont from "subset-font";
import { LANGUAGE_NAMES } from "../domain/i18n/language.ts";
import { ensureBuilt } from "./build_web.ts";
import {
  codePointsIn,
  faceLetters,
  NAME_FACES,
  NAME_FAMILY,
  nameFaceRule,
  unicodeRange,
} from "./language_name_faces.ts";

const ROOT = decodeURIComponent(new URL("..", import.meta.url).pathname);
const SINHALA = NAME_FACES.find((face) => face.language === "si")!;
const TAMIL = NAME_FACES.find((face) => face.language === "ta")!;
const points = (text: string) => [...text].map((c) => c.codePointAt(0)!).sort((a, b) => a - b);

Deno.test("a face takes the letters of its own script from every name, each once", () => {
  assert.deepEqual(codePointsIn("සිංහල English ස", SINHALA.covers), points("සිංහල"));
  assert.deepEqual(faceLetters(SINHALA), points(LANGUAGE_NAMES.si));
  assert.deepEqual(faceLetters(TAMIL), points(LANGUAGE_NAMES.ta));
  assert.deepEqual(faceLetters(TAMIL, { en: "English", si: "", ta: "" }), []);
});

Deno.test("every letter of the Sinhala and Tamil names is in one of the names' faces", () => {
  for (const language of ["si", "ta"] as const) {
    const covered = NAME_FACES.flatMap((face) => faceLetters(face));
    for (const point of points(LANGUAGE_NAMES[language])) assert.ok(covered.includes(point));
  }
});

Deno.test("the unicode-range names exactly the face's letters, and a face for none is refused", () => {
  assert.equal(unicodeRange([0x0d82, 0x0dbd]), "U+0D82, U+0DBD");
  assert.equal(unicodeRange([0x41]), "U+0041");
  assert.throws(() => unicodeRange([]), /no letter/);
  const rule = nameFaceRule("../x.woff2", [0x0d82]);
  assert.match(rule, /font-family: "Pothgula Language Names";/);
  assert.match(rule, /src: url\("\.\.\/x\.woff2"\) format\("woff2"\);/);
  assert.match(rule, /unicode-range: U\+0D82;/);
});

/** An sfnt's table tags, and the code points its cmap maps to a glyph (formats 4 and 12). */
function readSfnt(font: Uint8Array): { tables: string[]; codePoints: number[] } {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const tables = new Map<string, number>();
  for (let i = 0; i < view.getUint16(4); i++) {
    const record = 12 + i * 16;
    const tag = String.fromCharCode(...font.subarray(record, record + 4));
    tables.set(tag, view.getUint32(record + 8));
  }
  const cmap = tables.get("cmap")!;
  const found = new Set<number>();
  for (let i = 0; i < view.getUint16(cmap + 2); i++) {
    const sub = cmap + view.getUint32(cmap + 4 + i * 8 + 4);
    const format = view.getUint16(sub);
    if (format === 4) {
      const segments = view.getUint16(sub + 6) / 2;
      const ends = sub + 14;
      const starts = ends + segments * 2 + 2;
      const deltas = starts + segments * 2;
      const rangeOffsets = deltas + segments * 2;
      for (let s = 0; s < segments; s++) {
        const start = view.getUint16(starts + s * 2);
        const end = view.getUint16(ends + s * 2);
        const delta = view.getInt16(deltas + s * 2);
        const rangeOffset = view.getUint16(rangeOffsets + s * 2);
        for (let c = start; c <= end && c !== 0xffff; c++) {
          const glyph = rangeOffset === 0
            ? (c + delta) & 0xffff
            : view.getUint16(rangeOffsets + s * 2 + rangeOffset + (c - start) * 2);
          if (glyph !== 0) found.add(c);
        }
      }
    } else if (format === 12) {
      for (let g = 0; g < view.getUint32(sub + 12); g++) {
        const group = sub + 16 + g * 12;
        for (let c = view.getUint32(group); c <= view.getUint32(group + 4); c++) found.add(c);
      }
    }
  }
  return { tables: [...tables.keys()], codePoints: [...found].sort((a, b) => a - b) };
}

Deno.test({
  name: "the built stylesheet sets the other languages' names in two small faces holding them",
  sanitizeResources: false,
  async fn() {
    await ensureBuilt();
    const manifest = JSON.parse(
      await Deno.readTextFile(`${ROOT}dist/client/.vite/manifest.json`),
    ) as Record<string, { file: string }>;
    const css = await Deno.readTextFile(
      `${ROOT}dist/client/${manifest["web/styles/app.css"].file}`,
    );

    // The switcher's other names start their font stack with the names' faces, and the
    // whole Sinhala and Tamil faces are not in it: an English page has no use for them.
    const switcher =
      /\.language-switcher a:not\(\[aria-current=["']?true["']?\]\)\{font-family:([^;}]+)/
        .exec(css);
    assert.ok(switcher, "the switcher's font stack");
    const stack = switcher[1].split(",").map((family) => family.trim().replaceAll('"', ""));
    assert.equal(stack[0], NAME_FAMILY);
    assert.ok(!stack.includes("Pothgula Sinhala") && !stack.includes("Pothgula Tamil"));

    const faces = [...css.matchAll(/@font-face\{([^}]*)\}/g)].map((m) => m[1])
      .filter((face) =>
        face.includes(`font-family:${NAME_FAMILY}`) ||
        face.includes(`font-family:"${NAME_FAMILY}"`)
      );
    assert.equal(faces.length, 2);
    for (const [language, script] of [["si", "sinhala"], ["ta", "tamil"]] as const) {
      const face = faces.find((f) => f.includes(`noto-sans-${script}-names-`));
      assert.ok(face, `the ${script} names' face`);
      const url = /url\(["']?(\/assets\/[^"')]+\.woff2)["']?\)/.exec(face)![1];
      const range = /unicode-range:([^;]+)/.exec(face)![1].split(",")
        .map((r) => parseInt(r.trim().replace(/^U\+/i, ""), 16));
      assert.deepEqual(range, points(LANGUAGE_NAMES[language]));

      const file = await Deno.readFile(`${ROOT}dist/client${url}`);
      assert.ok(file.length < 4096, `${url}: ${file.length} bytes`);
      // Cut again to a plain sfnt to read: it keeps each name's letters the file holds.
      const sfnt = readSfnt(
        new Uint8Array(
          await subsetFont(Buffer.from(file), LANGUAGE_NAMES[language], { targetFormat: "sfnt" }),
        ),
      );
      assert.deepEqual(sfnt.codePoints, points(LANGUAGE_NAMES[language]));
      for (const table of ["GSUB", "GPOS"]) assert.ok(sfnt.tables.includes(table), table);
    }
  },
});
