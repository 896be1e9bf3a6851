/** A small demo catalogue in memory, for previews and browser checks of the storefront. */
import { MemoryCatalogue } from "../../adapters/memory/catalogue.ts";
import type { NewBook } from "../../domain/catalogue/model.ts";
import type { WriteResult } from "../../domain/ports.ts";

const BOOKS: [string, string, number, number, number][] = [
  // title, author, price (LKR), stock, category (1 Novels, 2 Children, 3 History)
  ["Madol Doova", "Martin Wickramasinghe", 950, 12, 1],
  ["Gamperaliya", "Martin Wickramasinghe", 1450, 4, 1],
  ["Viragaya", "Martin Wickramasinghe", 1250, 0, 1],
  ["Kaliyugaya", "Martin Wickramasinghe", 1350, 7, 1],
  ["Golu Hadawatha", "Karunasena Jayalath", 800, 9, 1],
  ["Amba Yahaluwo", "T. B. Ilangaratne", 1100, 3, 1],
  ["Hath Pana", "Kumaratunga Munidasa", 650, 15, 2],
  ["Kiri Kodiya", "Sybil Wettasinghe", 720, 0, 2],
  ["The Umbrella Thief", "Sybil Wettasinghe", 1850, 6, 2],
  ["Wonder of Lanka", "Nalin de Silva", 2400, 2, 3],
  ["The Mahavamsa", "Wilhelm Geiger", 3200, 5, 3],
  ["Island Story", "Kingsley de Silva", 5600, 1, 3],
  ["Reef", "Romesh Gunesekera", 2100, 8, 1],
  ["Anil's Ghost", "Michael Ondaatje", 2650, 10, 1],
];

function book(index: number, row: typeof BOOKS[number], preorder: boolean): NewBook {
  const [title, author, price, stock, categoryId] = row;
  return {
    title,
    author,
    priceCents: price * 100,
    stock,
    categoryId,
    isbn13: `97895500${String(10000 + index).padStart(5, "0")}`,
    language: index % 3 === 0 ? "English" : "Sinhala",
    binding: index % 2 ? "Hardcover" : "Paperback",
    publisher: "Sarasa Publishers",
    publishingDate: `20${String(10 + index).padStart(2, "0")}-0${1 + (index % 9)}-15`,
    edition: `${1 + (index % 4)}`,
    weightGrams: 250 + index * 40,
    description: index === 2
      ? null
      : `${title} is a much-loved work by ${author}. A story of village life, change and family, ` +
        "told with warmth and humour; a classic every reader in Sri Lanka should own.",
    images: [`/uploads/cover-${index}.svg`, `/uploads/cover-${index + 100}.svg`],
    preorder,
    preorderDate: preorder ? "2026-12-15" : null,
    preorderedStock: preorder ? 20 : 0,
  };
}

function idOf(result: WriteResult<{ id: number }>): number {
  if (result.kind !== "ok") {
    throw new Error(`The sample catalogue could not be built: ${result.kind}`);
  }
  return result.value.id;
}

export async function sampleCatalogue(): Promise<MemoryCatalogue> {
  const catalogue = new MemoryCatalogue();
  const bookCategories: number[] = [];
  const stationeryCategories: number[] = [];
  for (const name of ["Novels", "Children", "History"]) {
    bookCategories.push(idOf(await catalogue.createCategory(name)));
  }
  for (const name of ["Pens", "Notebooks", "Art"]) {
    stationeryCategories.push(idOf(await catalogue.createStationeryCategory(name)));
  }
  for (const [i, row] of BOOKS.entries()) {
    const categoryId = bookCategories[row[4] - 1];
    idOf(await catalogue.createBook({ ...book(i, row, i === 1 || i === 11), categoryId }));
  }
  const items: [string, number, number, number][] = [
    ["Atlas Chooty pen, blue", 50, 200, 1],
    ["Atlas Chooty pen, red", 50, 0, 1],
    ["Promate CR book 120 pages", 380, 40, 2],
    ["Square ruled exercise book", 160, 75, 2],
    ["Water colour set, 12 colours", 1250, 6, 3],
    ["Crayons, 24 colours", 640, 12, 3],
  ];
  for (const [i, [title, price, stock, category]] of items.entries()) {
    const categoryId = stationeryCategories[category - 1];
    await catalogue.createStationery({
      title,
      priceCents: price * 100,
      stock,
      weightGrams: 20 + i * 90,
      categoryId,
      image: `/uploads/cover-${200 + i}.svg`,
    });
  }
  return catalogue;
}

const COLOURS = ["#0f5c5c", "#a83232", "#3d5a98", "#7a4e9c", "#b3701d", "#2f7d4a"];

/** A simple generated cover, so the preview has pictures of the right shape. */
export function coverSvg(key: string): string {
  const n = Number(key.match(/\d+/)?.[0] ?? 0);
  const colour = COLOURS[n % COLOURS.length];
  const square = n >= 200;
  const [w, h] = square ? [300, 300] : [300, 400];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<rect width="${w}" height="${h}" fill="${colour}"/>` +
    `<rect x="20" y="20" width="${w - 40}" height="${
      h - 40
    }" fill="none" stroke="#fff" stroke-opacity=".5"/>` +
    `<circle cx="${w / 2}" cy="${h / 2 - 20}" r="${n % 2 ? 50 : 36}" fill="#f2a541"/>` +
    `<text x="${w / 2}" y="${
      h - 50
    }" font-family="serif" font-size="28" fill="#fff" text-anchor="middle">No. ${n}</text></svg>`;
}
