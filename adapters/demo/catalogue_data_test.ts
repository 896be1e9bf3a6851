import assert from "node:assert/strict";
import {
  DEMO_BOOK_CATEGORIES,
  DEMO_BOOKS,
  DEMO_STATIONERY,
  DEMO_STATIONERY_CATEGORIES,
} from "./catalogue_data.ts";
import { isValidIsbn13 } from "../../domain/catalogue/isbn.ts";

Deno.test("isValidIsbn13() accepts a known ISBN and refuses a wrong check digit", () => {
  assert.equal(isValidIsbn13("9780143039433"), true); // The Grapes of Wrath, Penguin
  assert.equal(isValidIsbn13("9780143039434"), false);
  assert.equal(isValidIsbn13("978014303943"), false);
});

Deno.test("the demo has at least 60 books and 30 stationery items", () => {
  assert.ok(DEMO_BOOKS.length >= 60, `${DEMO_BOOKS.length} books`);
  assert.ok(DEMO_STATIONERY.length >= 30, `${DEMO_STATIONERY.length} stationery items`);
});

Deno.test("every demo ISBN-13 is valid and no two books share one", () => {
  for (const book of DEMO_BOOKS) assert.ok(isValidIsbn13(book.isbn13), book.title);
  assert.equal(new Set(DEMO_BOOKS.map((b) => b.isbn13)).size, DEMO_BOOKS.length);
});

Deno.test("every demo product has its own title and a known category", () => {
  const titles = [...DEMO_BOOKS, ...DEMO_STATIONERY].map((p) => p.title);
  assert.equal(new Set(titles).size, titles.length);
  for (const book of DEMO_BOOKS) {
    assert.ok(DEMO_BOOK_CATEGORIES.includes(book.category), book.title);
  }
  for (const item of DEMO_STATIONERY) {
    assert.ok(DEMO_STATIONERY_CATEGORIES.includes(item.category), item.title);
  }
  for (const name of DEMO_BOOK_CATEGORIES) {
    assert.ok(DEMO_BOOKS.some((b) => b.category === name), `no book in ${name}`);
  }
  for (const name of DEMO_STATIONERY_CATEGORIES) {
    assert.ok(DEMO_STATIONERY.some((i) => i.category === name), `nothing in ${name}`);
  }
});

Deno.test("demo prices sit in a Colombo shop's range: books LKR 450-4,800, stationery 40-2,500", () => {
  for (const book of DEMO_BOOKS) {
    assert.ok(book.priceCents >= 45_000 && book.priceCents <= 480_000, book.title);
  }
  for (const item of DEMO_STATIONERY) {
    assert.ok(item.priceCents >= 4_000 && item.priceCents <= 250_000, item.title);
  }
});

Deno.test("demo books come in English, Sinhala and Tamil, with weights and dates", () => {
  const languages = new Set(DEMO_BOOKS.map((b) => b.language));
  for (const language of ["English", "Sinhala", "Tamil"] as const) {
    assert.ok(languages.has(language), language);
  }
  for (const product of [...DEMO_BOOKS, ...DEMO_STATIONERY]) {
    assert.ok(product.weightGrams > 0, product.title);
  }
  for (const book of DEMO_BOOKS) {
    assert.match(book.publishingDate, /^\d{4}-\d{2}-\d{2}$/, book.title);
    assert.ok(!Number.isNaN(Date.parse(book.publishingDate)), book.title);
    assert.ok(book.description === null || book.description.length > 20, book.title);
  }
  assert.ok(DEMO_BOOKS.some((b) => b.description === null), "a book without description");
});

Deno.test("the demo has sold-out products and 3 to 5 pre-orders due in 2027", () => {
  assert.ok(DEMO_BOOKS.filter((b) => b.stock === 0).length >= 3);
  assert.ok(DEMO_STATIONERY.filter((i) => i.stock === 0).length >= 2);
  const preorders = DEMO_BOOKS.filter((b) => b.preorder !== null);
  assert.ok(preorders.length >= 3 && preorders.length <= 5, `${preorders.length} pre-orders`);
  for (const book of preorders) {
    assert.match(book.preorder!.date, /^2027-\d{2}-\d{2}$/, book.title);
    assert.ok(book.preorder!.orderedStock > 0, book.title);
    assert.ok(book.stock > 0, `${book.title} can be pre-ordered`);
  }
});

Deno.test("the demo lists Sinhala and Tamil books in their own script, with covers in English letters", () => {
  const sinhala = DEMO_BOOKS.filter((b) => /[\u0D80-\u0DFF]/.test(b.title));
  const tamil = DEMO_BOOKS.filter((b) => /[\u0B80-\u0BFF]/.test(b.title));
  assert.ok(sinhala.length >= 3 && tamil.length >= 3, `${sinhala.length} and ${tamil.length}`);
  for (const book of [...sinhala, ...tamil]) {
    assert.equal(book.language, sinhala.includes(book) ? "Sinhala" : "Tamil");
    assert.match(book.author, /[\u0D80-\u0DFF\u0B80-\u0BFF]/, book.title);
    assert.match(book.cover.title, /^[A-Za-z0-9 .']+$/, book.title);
    assert.match(book.cover.author, /^[A-Za-z0-9 .']+$/, book.author);
    assert.equal(book.title, book.title.normalize("NFC"));
  }
  const english = DEMO_BOOKS.find((b) => b.title === "Madol Doova")!;
  assert.deepEqual(english.cover, { title: "Madol Doova", author: "Martin Wickramasinghe" });
});
