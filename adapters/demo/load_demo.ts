/**
 * Loads the demo catalogue into an empty shop: categories, generated cover images and
 * every product, through the same ports the admin uses. A shop that already has any
 * category or product is left alone.
 */
import { DEFAULT_BOOK_FILTER, DEFAULT_STATIONERY_FILTER } from "../../domain/catalogue/filter.ts";
import type { Catalogue, CatalogueAdmin, ImageStorage, WriteResult } from "../../domain/ports.ts";
import {
  DEMO_BOOK_CATEGORIES,
  DEMO_BOOKS,
  DEMO_CATEGORY_NAMES,
  DEMO_STATIONERY,
  DEMO_STATIONERY_CATEGORIES,
  type DemoBook,
  type DemoStationery,
} from "./catalogue_data.ts";
import { bookBack, bookFront, stationeryImage } from "./covers.ts";

export interface DemoDeps {
  admin: CatalogueAdmin;
  catalogue: Catalogue;
  images: ImageStorage;
}

export interface DemoLoad {
  loaded: boolean;
  books: number;
  stationery: number;
}

const PNG = "image/png";

/** Fills an empty shop with the demo catalogue; does nothing when anything is there. */
export async function loadDemoCatalogue(deps: DemoDeps): Promise<DemoLoad> {
  if (!await isEmpty(deps.catalogue)) return { loaded: false, books: 0, stationery: 0 };
  const bookCategories = await createCategories(
    DEMO_BOOK_CATEGORIES,
    (name) => deps.admin.createCategory(name, DEMO_CATEGORY_NAMES[name]),
  );
  const stationeryCategories = await createCategories(
    DEMO_STATIONERY_CATEGORIES,
    (name) => deps.admin.createStationeryCategory(name, DEMO_CATEGORY_NAMES[name]),
  );
  for (const book of DEMO_BOOKS) {
    await createBook(deps, { book, categoryId: categoryId(bookCategories, book.category) });
  }
  for (const item of DEMO_STATIONERY) {
    await createStationery(deps, {
      item,
      categoryId: categoryId(stationeryCategories, item.category),
    });
  }
  return { loaded: true, books: DEMO_BOOKS.length, stationery: DEMO_STATIONERY.length };
}

async function isEmpty(catalogue: Catalogue): Promise<boolean> {
  const firstPage = { page: 1, pageSize: 1 };
  const [categories, stationeryCategories, books, stationery] = await Promise.all([
    catalogue.listCategories(),
    catalogue.listStationeryCategories(),
    catalogue.listBooks(DEFAULT_BOOK_FILTER, firstPage),
    catalogue.listStationery(DEFAULT_STATIONERY_FILTER, firstPage),
  ]);
  return categories.length === 0 && stationeryCategories.length === 0 &&
    books.total === 0 && stationery.total === 0;
}

async function createCategories(
  names: readonly string[],
  create: (name: string) => Promise<WriteResult<{ id: number; name: string }>>,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const name of names) ids.set(name, created(await create(name), `category "${name}"`).id);
  return ids;
}

function categoryId(ids: Map<string, number>, name: string): number {
  const id = ids.get(name);
  if (id === undefined) throw new Error(`Demo product names unknown category "${name}"`);
  return id;
}

async function createBook(
  deps: DemoDeps,
  { book, categoryId }: { book: DemoBook; categoryId: number },
): Promise<void> {
  const images = [
    await deps.images.put(bookFront(book.cover), PNG),
    await deps.images.put(bookBack({ ...book.cover, isbn13: book.isbn13 }), PNG),
  ];
  const result = await deps.admin.createBook({
    title: book.title,
    author: book.author,
    priceCents: book.priceCents,
    stock: book.stock,
    categoryId,
    isbn13: book.isbn13,
    language: book.language,
    binding: book.binding,
    publisher: book.publisher,
    publishingDate: book.publishingDate,
    edition: book.edition,
    weightGrams: book.weightGrams,
    description: book.description,
    images,
    preorder: book.preorder !== null,
    preorderDate: book.preorder?.date ?? null,
    preorderedStock: book.preorder?.orderedStock ?? 0,
  });
  created(result, `book "${book.title}"`);
}

async function createStationery(
  deps: DemoDeps,
  { item, categoryId }: { item: DemoStationery; categoryId: number },
): Promise<void> {
  const image = await deps.images.put(stationeryImage(item), PNG);
  const result = await deps.admin.createStationery({
    title: item.title,
    priceCents: item.priceCents,
    stock: item.stock,
    weightGrams: item.weightGrams,
    categoryId,
    image,
  });
  created(result, `stationery item "${item.title}"`);
}

/** The demo data is ours: a refusal means a bug or a half-filled shop, so it is thrown. */
function created<T>(result: WriteResult<T>, what: string): T {
  if (result.kind === "ok") return result.value;
  const detail = result.kind === "duplicate" ? `duplicate ${result.field}` : result.kind;
  throw new Error(`Could not create demo ${what}: ${detail}`);
}
