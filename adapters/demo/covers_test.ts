import assert from "node:assert/strict";
import { inflateSync } from "node:zlib";
import { printable } from "./bitmap_font.ts";
import { DEMO_BOOKS, DEMO_STATIONERY } from "./catalogue_data.ts";
import { bookBack, BookCoverMaker, bookFront, stationeryImage, wrap } from "./covers.ts";
import { crc32, encodePng } from "./png.ts";

interface DecodedPng {
  width: number;
  height: number;
  colourType: number;
  paletteSize: number;
  pixels: Uint8Array;
}

/** Reads a PNG back, checking its signature and every chunk's CRC on the way. */
function decodePng(bytes: Uint8Array): DecodedPng {
  assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const decoded: Partial<DecodedPng> = {};
  const idat: Uint8Array[] = [];
  let offset = 8;
  while (offset < bytes.length) {
    const length = view.getUint32(offset);
    const type = new TextDecoder().decode(bytes.subarray(offset + 4, offset + 8));
    const data = bytes.subarray(offset + 8, offset + 8 + length);
    const crc = view.getUint32(offset + 8 + length);
    assert.equal(crc, crc32(bytes.subarray(offset + 4, offset + 8 + length)), `${type} CRC`);
    if (type === "IHDR") {
      decoded.width = view.getUint32(offset + 8);
      decoded.height = view.getUint32(offset + 12);
      decoded.colourType = data[9];
    }
    if (type === "PLTE") decoded.paletteSize = length / 3;
    if (type === "IDAT") idat.push(data);
    offset += 12 + length;
  }
  decoded.pixels = new Uint8Array(inflateSync(Uint8Array.from(idat.flatMap((d) => [...d]))));
  return decoded as DecodedPng;
}

Deno.test("crc32() matches the standard check value", () => {
  assert.equal(crc32(new TextEncoder().encode("123456789")), 0xcbf43926);
});

Deno.test("encodePng() writes a palette PNG whose rows read back unchanged", () => {
  const pixels = Uint8Array.from({ length: 6 }, (_, i) => i % 2);
  const png = decodePng(encodePng({
    width: 3,
    height: 2,
    palette: [[0, 0, 0], [255, 128, 0]],
    pixels,
  }));
  assert.equal(png.width, 3);
  assert.equal(png.height, 2);
  assert.equal(png.colourType, 3);
  assert.equal(png.paletteSize, 2);
  assert.deepEqual([...png.pixels], [0, 0, 1, 0, 0, 1, 0, 1]);
});

Deno.test("encodePng() refuses pixels that do not fill the image", () => {
  assert.throws(
    () => encodePng({ width: 2, height: 2, palette: [[0, 0, 0]], pixels: new Uint8Array(3) }),
    RangeError,
  );
});

Deno.test("printable() upper-cases, drops accents and marks what the font lacks", () => {
  assert.equal(printable("Anil's Ghost"), "ANIL'S GHOST");
  assert.equal(printable("García Márquez"), "GARCIA MARQUEZ");
  assert.equal(printable("G.C.E. O/L"), "G.C.E. O/L");
  assert.equal(printable("Ā½"), "A?");
});

Deno.test("wrap() breaks at spaces within the width and cuts at the line limit", () => {
  assert.deepEqual(wrap("The Seven Moons of Maali Almeida", 12, 5), [
    "THE SEVEN",
    "MOONS OF",
    "MAALI",
    "ALMEIDA",
  ]);
  assert.deepEqual(wrap("Sansararanyaye Dadayakkaraya", 12, 5), ["SANSARARANY-", "DADAYAKKARA-"]);
  assert.deepEqual(wrap("a b c d", 1, 2), ["A", "B"]);
});

Deno.test("book covers are 300x450 and stationery pictures 400x400 palette PNGs", () => {
  const book = DEMO_BOOKS[0];
  for (const bytes of [bookFront(book), bookBack(book)]) {
    const png = decodePng(bytes);
    assert.deepEqual([png.width, png.height, png.colourType], [300, 450, 3]);
    assert.equal(png.pixels.length, 450 * 301);
  }
  const png = decodePng(stationeryImage(DEMO_STATIONERY[0]));
  assert.deepEqual([png.width, png.height], [400, 400]);
});

Deno.test("every demo product gets its own pictures, each under 40 KB", () => {
  const pictures = [
    ...DEMO_BOOKS.flatMap((book) => [
      bookFront(book.cover),
      bookBack({ ...book.cover, isbn13: book.isbn13 }),
    ]),
    ...DEMO_STATIONERY.map((item) => stationeryImage(item)),
  ];
  const distinct = new Set(pictures.map((bytes) => bytes.join(",")));
  assert.equal(distinct.size, pictures.length);
  for (const bytes of pictures) assert.ok(bytes.length < 40_000, `${bytes.length} bytes`);
});

Deno.test("BookCoverMaker draws the same picture as bookFront, its pattern copied from memory", () => {
  const maker = new BookCoverMaker();
  for (const title of ["Madol Doova", "Gamperaliya", "Madol Doova, again"]) {
    const book = { title, author: "Martin Wickramasinghe" };
    const first = maker.render(book);
    assert.deepEqual(decodePng(first), decodePng(bookFront(book)));
    assert.deepEqual(maker.render(book), first);
  }
});

const SINHALA = { title: "මඩොල් දූපත", author: "මාර්ටින් වික්‍රමසිංහ" };
const TAMIL = { title: "பொன்னியின் செல்வன்", author: "கல்கி கிருஷ்ணமூர்த்தி" };

/**
 * The letters' pixels inside a rectangle of a cover: their colour's slot (3, the ink; 4,
 * white on the author's band) or a shade of their edges (from slot 6 on).
 */
function inkIn(
  png: DecodedPng,
  box: { x: number; y: number; w: number; h: number },
  letters = 3,
): Set<number> {
  const ink = new Set<number>();
  for (let y = box.y; y < box.y + box.h; y++) {
    for (let x = box.x; x < box.x + box.w; x++) {
      // Each decoded row starts with its filter byte.
      const slot = png.pixels[y * (png.width + 1) + 1 + x];
      if (slot === letters || slot >= 6) ink.add(y * png.width + x);
    }
  }
  return ink;
}

/** How much two sets of pixels overlap: 1 the same, 0 nothing shared. */
function overlap(a: Set<number>, b: Set<number>): number {
  const shared = [...a].filter((p) => b.has(p)).length;
  return shared / (a.size + b.size - shared);
}

const TITLE_PANEL = { x: 20, y: 66, w: 260, h: 150 };

Deno.test("a Sinhala or Tamil title is drawn in its own letters, not as question marks", () => {
  for (const book of [SINHALA, TAMIL]) {
    const cover = decodePng(bookFront(book));
    const letters = inkIn(cover, TITLE_PANEL);
    assert.ok(letters.size > 500, `${book.title}: ${letters.size} inked pixels`);
    // What the bitmap font drew for it: a question mark for every letter.
    const marks = inkIn(
      decodePng(bookFront({ ...book, title: printable(book.title) })),
      TITLE_PANEL,
    );
    assert.ok(overlap(letters, marks) < 0.3, `${book.title} looks like "${printable(book.title)}"`);
    // Smooth letters have shaded edges: the palette holds more than the cover's six colours.
    assert.ok(cover.paletteSize > 6, `${book.title}: ${cover.paletteSize} colours`);
  }
  const sinhala = inkIn(decodePng(bookFront(SINHALA)), TITLE_PANEL);
  const tamil = inkIn(decodePng(bookFront(TAMIL)), TITLE_PANEL);
  assert.ok(overlap(sinhala, tamil) < 0.3, "two titles, two drawings");
});

Deno.test("a Sinhala or Tamil author, back cover and stationery picture are drawn in their letters", () => {
  const band = { x: 0, y: 360, w: 300, h: 90 };
  for (const book of [SINHALA, TAMIL]) {
    const marks = { ...book, author: printable(book.author), title: printable(book.title) };
    const author = inkIn(decodePng(bookFront(book)), band, 4);
    assert.ok(author.size > 300, `${book.author}: ${author.size} inked pixels`);
    assert.ok(overlap(author, inkIn(decodePng(bookFront(marks)), band, 4)) < 0.3, book.author);
    const back = decodePng(bookBack({ ...book, isbn13: "9789550000001" }));
    assert.ok(back.paletteSize > 6, `${book.title}: the back's title is drawn in its letters`);
  }
  const item = decodePng(stationeryImage({ title: "අටලස් පෑන, නිල්", category: "පෑන්" }));
  assert.ok(item.paletteSize > 6);
  const marks = decodePng(stationeryImage({ title: "?????? ????, ????", category: "????" }));
  const whole = { x: 0, y: 0, w: 400, h: 400 };
  assert.ok(overlap(inkIn(item, whole), inkIn(marks, whole)) < 0.3);
});

Deno.test("a Sinhala title's cover is the same picture every time, and a Latin one keeps the bitmap font", () => {
  assert.deepEqual(bookFront(SINHALA), bookFront(SINHALA));
  assert.deepEqual(new BookCoverMaker().render(TAMIL), new BookCoverMaker().render(TAMIL));
  const latin = decodePng(bookFront({ title: "Madol Doova", author: "Martin Wickramasinghe" }));
  assert.equal(latin.paletteSize, 6);
});
