import assert from "node:assert/strict";
import { LANGUAGE_NAMES } from "../domain/i18n/language.ts";
import { ensureBuilt } from "./build_web.ts";
import { readSfnt, sfntOf } from "../tests/support/sfnt.ts";
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
      const sfnt = readSfnt(await sfntOf(file, LANGUAGE_NAMES[language]));
      assert.deepEqual(sfnt.codePoints, points(LANGUAGE_NAMES[language]));
      for (const table of ["GSUB", "GPOS"]) assert.ok(sfnt.tables.includes(table), table);
    }
  },
});
