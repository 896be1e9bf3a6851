/**
 * The demo catalogue: books and stationery a Colombo shop might carry, loaded into an
 * empty database so a new shop has something to show. Prices are LKR in cents, weights
 * grams, as the domain holds them.
 */
import type { BookLanguage } from "../../domain/catalogue/model.ts";
import { BOOK_LANGUAGES } from "../../domain/catalogue/model.ts";
import { BOOK_TABLE } from "./catalogue_books.ts";

export interface DemoBook {
  title: string;
  author: string;
  /** The title and author in English letters, for the generated cover (whose font has no others). */
  cover: { title: string; author: string };
  category: string;
  language: BookLanguage;
  publisher: string;
  /** YYYY-MM-DD */
  publishingDate: string;
  binding: string;
  edition: string;
  priceCents: number;
  stock: number;
  weightGrams: number;
  isbn13: string;
  /** Set for a pre-order book: the expected date and the copies on order. */
  preorder: { date: string; orderedStock: number } | null;
  description: string | null;
}

export interface DemoStationery {
  title: string;
  category: string;
  priceCents: number;
  stock: number;
  weightGrams: number;
}

/** Stationery, one a line: title | category | price (LKR) | stock | weight (g). */
const STATIONERY_TABLE = `
Atlas Chooty Pen Blue | Pens | 40 | 500 | 8
Atlas Chooty Pen Black | Pens | 40 | 350 | 8
Atlas Chooty Pen Red | Pens | 40 | 0 | 8
Atlas Gel Pen Blue | Pens | 90 | 120 | 12
Pilot G-2 Gel Pen 0.7 Black | Pens | 450 | 40 | 14
Parker Vector Fountain Pen | Pens | 2500 | 6 | 40
Faber-Castell Textliner Highlighter Yellow | Pens | 180 | 60 | 15
Atlas HB Pencils Pack of 12 | Pencils | 360 | 75 | 90
Staedtler Noris HB Pencil | Pencils | 95 | 200 | 7
Faber-Castell Colour Pencils 24 | Pencils | 1450 | 18 | 260
Promate CR Book 120 pages | Exercise Books | 260 | 90 | 310
Promate CR Book 200 pages | Exercise Books | 380 | 55 | 480
Atlas Single Ruled Exercise Book 80 pages | Exercise Books | 120 | 300 | 150
Atlas Square Ruled Exercise Book 80 pages | Exercise Books | 120 | 0 | 150
Promate Drawing Book A4 | Exercise Books | 220 | 80 | 200
Atlas Note Book A5 | Exercise Books | 310 | 45 | 180
Atlas Wax Crayons 12 Colours | Art Supplies | 240 | 70 | 110
Faber-Castell Water Colour Cakes 12 | Art Supplies | 690 | 25 | 120
Camel Poster Colours 12 Shades | Art Supplies | 1250 | 14 | 420
Paint Brush Set of 6 | Art Supplies | 480 | 0 | 60
Drawing Board A3 | Art Supplies | 1800 | 5 | 1200
Box File Foolscap | Files & Folders | 450 | 40 | 380
Clear Bag A4 | Files & Folders | 85 | 150 | 30
Ring Binder A4 2-Ring | Files & Folders | 390 | 35 | 260
Document Wallet A4 | Files & Folders | 150 | 0 | 60
Kangaro Stapler HD-10 | Office Supplies | 550 | 30 | 110
Stapler Pins No. 10 | Office Supplies | 60 | 400 | 20
Atlas Glue Stick 20 g | Office Supplies | 140 | 110 | 30
Atlas Eraser | Office Supplies | 40 | 600 | 12
Atlas Mathematical Instrument Box | Geometry & Maths | 650 | 50 | 180
Plastic Ruler 30 cm | Geometry & Maths | 70 | 250 | 25
Casio fx-82MS Scientific Calculator | Geometry & Maths | 2450 | 12 | 110
`;

/** Splits a table of " | "-separated lines into rows of `columns` cells; a bad line is a bug. */
function rows(table: string, columns: number): string[][] {
  return table.trim().split("\n").map((line) => {
    const cells = line.split("|").map((cell) => cell.trim());
    if (cells.length !== columns) {
      throw new Error(`Demo catalogue line has ${cells.length} cells, not ${columns}: "${line}"`);
    }
    return cells;
  });
}

function whole(text: string, what: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new Error(`Demo catalogue ${what} "${text}" is not a whole number`);
  }
  return value;
}

function language(text: string): BookLanguage {
  const found = BOOK_LANGUAGES.find((l) => l === text);
  if (!found) throw new Error(`Demo catalogue language "${text}" is not one the shop lists`);
  return found;
}

function preorder(text: string): DemoBook["preorder"] {
  if (text === "-") return null;
  const [date, copies] = text.split("/");
  return { date, orderedStock: whole(copies, "pre-ordered stock") };
}

/**
 * A name and its English-letter form: `කරුමක්කාරයෝ {Karumakkarayo}`, or a plain name that is
 * both. Names are kept in Unicode NFC, the form the shop's search compares.
 */
export function named(cell: string): { name: string; latin: string } {
  const match = /^(.*?)\s*\{([^}]+)\}$/.exec(cell);
  const name = (match ? match[1] : cell).normalize("NFC");
  return { name, latin: match ? match[2] : cell };
}

function toBook(cells: string[]): DemoBook {
  const [titleCell, authorCell, category, lang, publisher, publishingDate, binding, edition] =
    cells;
  const [price, stock, grams, isbn13, pre, description] = cells.slice(8);
  const title = named(titleCell);
  const author = named(authorCell);
  return {
    title: title.name,
    author: author.name,
    cover: { title: title.latin, author: author.latin },
    category,
    language: language(lang),
    publisher,
    publishingDate,
    binding,
    edition,
    priceCents: whole(price, "price") * 100,
    stock: whole(stock, "stock"),
    weightGrams: whole(grams, "weight"),
    isbn13,
    preorder: preorder(pre),
    description: description === "-" ? null : description,
  };
}

function toStationery([title, category, price, stock, grams]: string[]): DemoStationery {
  return {
    title,
    category,
    priceCents: whole(price, "price") * 100,
    stock: whole(stock, "stock"),
    weightGrams: whole(grams, "weight"),
  };
}

export const DEMO_BOOKS: readonly DemoBook[] = rows(BOOK_TABLE, 14).map(toBook);

export const DEMO_STATIONERY: readonly DemoStationery[] = rows(STATIONERY_TABLE, 5).map(
  toStationery,
);

/** The book categories, in the order the shop lists them. */
export const DEMO_BOOK_CATEGORIES: readonly string[] = [
  "Novels",
  "Short Stories",
  "Poetry",
  "Children's Books",
  "School Textbooks",
  "Exam Guides",
  "Sri Lankan History",
  "Biography & Memoir",
];

export const DEMO_STATIONERY_CATEGORIES: readonly string[] = [
  "Pens",
  "Pencils",
  "Exercise Books",
  "Art Supplies",
  "Files & Folders",
  "Office Supplies",
  "Geometry & Maths",
];

/**
 * The demo categories' names in Sinhala and Tamil, as an owner would give them in the admin
 * area (every demo category has both).
 */
export const DEMO_CATEGORY_NAMES: Readonly<Record<string, { si: string; ta: string }>> = {
  "Novels": { si: "නවකතා", ta: "நாவல்கள்" },
  "Short Stories": { si: "කෙටිකතා", ta: "சிறுகதைகள்" },
  "Poetry": { si: "කාව්‍ය", ta: "கவிதை" },
  "Children's Books": { si: "ළමා පොත්", ta: "சிறுவர் நூல்கள்" },
  "School Textbooks": { si: "පාසල් පෙළපොත්", ta: "பாடசாலை பாடநூல்கள்" },
  "Exam Guides": { si: "විභාග මාර්ගෝපදේශ", ta: "பரீட்சை வழிகாட்டிகள்" },
  "Sri Lankan History": { si: "ශ්‍රී ලංකා ඉතිහාසය", ta: "இலங்கை வரலாறு" },
  "Biography & Memoir": { si: "චරිතාපදාන සහ මතක සටහන්", ta: "வாழ்க்கை வரலாறு, நினைவுகள்" },
  "Pens": { si: "පෑන්", ta: "பேனாக்கள்" },
  "Pencils": { si: "පැන්සල්", ta: "பென்சில்கள்" },
  "Exercise Books": { si: "අභ්‍යාස පොත්", ta: "பயிற்சிப் புத்தகங்கள்" },
  "Art Supplies": { si: "චිත්‍ර ද්‍රව්‍ය", ta: "ஓவியப் பொருட்கள்" },
  "Files & Folders": { si: "ගොනු සහ ෆෝල්ඩර", ta: "கோப்புகள், கோப்புறைகள்" },
  "Office Supplies": { si: "කාර්යාල උපකරණ", ta: "அலுவலகப் பொருட்கள்" },
  "Geometry & Maths": { si: "ජ්‍යාමිතිය සහ ගණිතය", ta: "வடிவியல், கணிதம்" },
};
