/** The catalogue's ports: reads for the storefront, the admin's writes, places, images. */
import type { ImageVariant, PreparedImage } from "./image_variants.ts";
import type { Area, District, Province } from "./locations.ts";
import type {
  Book,
  BookChanges,
  BookFilter,
  CatalogueSort,
  Category,
  CategoryNames,
  ImageChange,
  NewBook,
  NewStationeryItem,
  Page,
  PageRequest,
  ProductKind,
  StationeryChanges,
  StationeryFilter,
  StationeryItem,
  StationerySort,
} from "./model.ts";
import type { StockAdjusting } from "./stock_adjustment.ts";

/**
 * Catalogue reads for the storefront and the admin's tables. Archived products are never
 * returned. Listings are in id order unless a sort is given (see CatalogueSort); a book
 * search without a sort lists the books whose title holds the term first.
 */
export interface Catalogue {
  listBooks(filter: BookFilter, page: PageRequest, sort?: CatalogueSort): Promise<Page<Book>>;
  findBook(id: number): Promise<Book | undefined>;
  /** Distinct authors of the books on sale, sorted. */
  listAuthors(): Promise<string[]>;
  listStationery(
    filter: StationeryFilter,
    page: PageRequest,
    sort?: StationerySort,
  ): Promise<Page<StationeryItem>>;
  findStationery(id: number): Promise<StationeryItem | undefined>;
  listCategories(): Promise<Category[]>;
  listStationeryCategories(): Promise<Category[]>;
  /**
   * What a search that found nothing suggests: up to `limit` distinct titles (and, for
   * books, authors) of products on sale close to `q` with typos forgiven (search.ts's
   * `wordSimilarity` of at least SUGGESTION_THRESHOLD), best first.
   */
  suggest(kind: ProductKind, q: string, limit: number): Promise<string[]>;
  /** The ids of the products of a kind on sale, in id order, paged (for the sitemap). */
  listIds(kind: ProductKind, page: PageRequest): Promise<Page<number>>;
}

export type WriteResult<T> =
  | { kind: "ok"; value: T }
  | { kind: "not_found" }
  /** A unique value is taken: `field` names it ("isbn13", "name"). */
  | { kind: "duplicate"; field: string }
  | { kind: "unknown_category" }
  /** The change would take stock below zero. */
  | { kind: "negative_stock" }
  /** The change would take stock above the most the shop counts (`MAX_STOCK`). */
  | { kind: "stock_above_limit"; limit: number }
  /**
   * The price or sale price changed meanwhile, so that the change checked against the
   * product as it was no longer holds (a sale price at or above the new price).
   */
  | { kind: "changed_meanwhile" };

/**
 * What deleting a product did: erased it (naming the images it listed, read in the same
 * transaction), archived it (it keeps its images), or found no such product on sale.
 */
export type DeleteResult =
  | { kind: "deleted"; images: string[] }
  | { kind: "archived" }
  | { kind: "not_found" };

/**
 * Catalogue changes made by the admin, stock adjustments for the audit trail among them
 * (stock_adjustment.ts).
 */
export interface CatalogueAdmin extends StockAdjusting {
  createBook(book: NewBook): Promise<WriteResult<Book>>;
  updateBook(id: number, changes: BookChanges): Promise<WriteResult<Book>>;
  /** Erases a book no order refers to; archives (hides) one that orders refer to. */
  deleteBook(id: number): Promise<DeleteResult>;
  createStationery(item: NewStationeryItem): Promise<WriteResult<StationeryItem>>;
  updateStationery(id: number, changes: StationeryChanges): Promise<WriteResult<StationeryItem>>;
  deleteStationery(id: number): Promise<DeleteResult>;
  /** Names are unique case-insensitively; `names` are its Sinhala and Tamil ones. */
  createCategory(name: string, names?: CategoryNames): Promise<WriteResult<Category>>;
  createStationeryCategory(name: string, names?: CategoryNames): Promise<WriteResult<Category>>;
  /**
   * Renames a category of either kind (names unique case-insensitively within the kind);
   * with `names`, its Sinhala and Tamil names become those (one left out is removed).
   */
  renameCategory(
    kind: ProductKind,
    id: number,
    name: string,
    names?: CategoryNames,
  ): Promise<WriteResult<Category>>;
  /** Deletes a category no product (on sale or archived) uses. */
  deleteCategory(kind: ProductKind, id: number): Promise<CategoryDeleteResult>;
  /** Applies an image change to a book on sale, reading its images in the same transaction. */
  changeBookImages(id: number, change: ImageChange): Promise<ImageWriteResult<Book>>;
  /** Puts a new image in the place of a stationery item's one. */
  replaceStationeryImage(id: number, image: string): Promise<ImageWriteResult<StationeryItem>>;
  /** Of these image URLs, the ones some product, on sale or archived, still lists. */
  imagesInUse(images: string[]): Promise<string[]>;
  /** Archived products, newest first; `q` matches the title (and a book's author or ISBN-13). */
  listArchivedBooks(page: PageRequest, q?: string): Promise<Page<Book>>;
  listArchivedStationery(page: PageRequest, q?: string): Promise<Page<StationeryItem>>;
  /** Puts an archived product back on sale (a book whose ISBN-13 is taken again: duplicate). */
  restoreBook(id: number): Promise<WriteResult<Book>>;
  restoreStationery(id: number): Promise<WriteResult<StationeryItem>>;
  /** The books on sale with these ISBN-13s. */
  findBooksByIsbn(isbns: string[]): Promise<Book[]>;
  /** Creates and updates books in one transaction: all or nothing. */
  importBooks(plan: BookImportWrite): Promise<BookImportOutcome>;
  /** Creates and updates stationery items in one transaction: all or nothing. */
  importStationery(plan: StationeryImportWrite): Promise<BookImportOutcome>;
}

export type ImageWriteResult<T> =
  /** `removed`: the images the product no longer lists (candidates for removal from storage). */
  | { kind: "ok"; value: T; removed: string[] }
  | { kind: "not_found" }
  /** The change names an image the product does not have. */
  | { kind: "unknown_image"; image: string }
  /** A book keeps at least one image. */
  | { kind: "no_images" }
  /** A book lists at most `limit` images. */
  | { kind: "too_many_images"; limit: number };

export type CategoryDeleteResult =
  | { kind: "deleted" }
  | { kind: "not_found" }
  /** Products use it: `products` in all, `archived` of them archived. */
  | { kind: "in_use"; products: number; archived: number };

/** What a checked import writes: whole book records, new and changed. */
export interface BookImportWrite {
  create: NewBook[];
  update: { id: number; book: NewBook }[];
}

/** What a checked stationery import writes: whole records, new and changed. */
export interface StationeryImportWrite {
  create: NewStationeryItem[];
  update: { id: number; item: NewStationeryItem }[];
}

export type BookImportOutcome =
  | { kind: "ok"; created: number; updated: number }
  /** Another change took an ISBN-13 or removed a book or category meanwhile: nothing written. */
  | { kind: "conflict"; message: string };

/** Sri Lanka's provinces, districts and areas (cities), with postcodes. */
export interface Locations {
  provinces(): Promise<Province[]>;
  districts(provinceId?: number): Promise<District[]>;
  areas(districtId?: number): Promise<Area[]>;
  /** The area with its district and province, to check a destination and name it. */
  findArea(
    areaId: number,
  ): Promise<{ area: Area; district: District; province: Province } | undefined>;
}

export interface StoredImage {
  bytes: Uint8Array;
  contentType: string;
}

/** Uploaded images. `put` returns the URL path the image is served under (`/uploads/...`). */
export interface ImageStorage {
  put(bytes: Uint8Array, contentType: string): Promise<string>;
  /**
   * Stores resized copies of the image at `url` (as `put` returned it) under the names
   * image_variants.ts gives them; a copy stored before is replaced.
   */
  putVariants(url: string, variants: ImageVariant[]): Promise<void>;
  /** `key` is the part after `/uploads/`: an image's or one of its copies'. */
  get(key: string): Promise<StoredImage | undefined>;
  /** Removes an image and its copies; a key it does not hold is no error. */
  delete(key: string): Promise<void>;
}

/** Makes an upload ready to store: orientation applied, metadata dropped, copies resized. */
export interface ImageProcessor {
  /**
   * The picture of `bytes`, whose first bytes say it is a `contentType` image, and its
   * copies (image_variants.ts; none with `copies: false`). Throws UnreadableImageError
   * when it cannot be read as one.
   */
  prepare(
    bytes: Uint8Array,
    contentType: string,
    options?: { copies?: boolean },
  ): Promise<PreparedImage>;
}
