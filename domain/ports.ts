/**
 * The ports: what the domain needs from the outside world, shaped by the domain.
 * Adapters implement them (adapters/postgres, adapters/mail, adapters/pdf,
 * adapters/storage, ...); main.ts wires them together.
 *
 * Expected outcomes (not found, duplicate, out of stock, wrong state) are returned as
 * discriminated unions. Infrastructure failures are thrown, never turned into
 * "not found".
 */
import type {
  Book,
  BookChanges,
  BookFilter,
  CatalogueSort,
  Category,
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
} from "./catalogue/model.ts";
import type { Area, District, Province } from "./catalogue/locations.ts";
import type {
  Customer,
  Destination,
  ItemType,
  Order,
  OrderLine,
  OrderStats,
  OrderStatus,
  PaymentMethod,
} from "./orders/model.ts";
import type { Cents } from "./money.ts";
import type { PlacementPlan, TransitionPlan } from "./orders/plans.ts";

/**
 * Catalogue reads for the storefront and the admin's tables. Archived products are never
 * returned. Listings are in id order unless a sort is given (see CatalogueSort).
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
  | { kind: "stock_above_limit"; limit: number };

export type DeleteResult = "deleted" | "archived" | "not_found";

/** Catalogue changes made by the admin. */
export interface CatalogueAdmin {
  createBook(book: NewBook): Promise<WriteResult<Book>>;
  updateBook(id: number, changes: BookChanges): Promise<WriteResult<Book>>;
  /** Erases a book no order refers to; archives (hides) one that orders refer to. */
  deleteBook(id: number): Promise<DeleteResult>;
  createStationery(item: NewStationeryItem): Promise<WriteResult<StationeryItem>>;
  updateStationery(id: number, changes: StationeryChanges): Promise<WriteResult<StationeryItem>>;
  deleteStationery(id: number): Promise<DeleteResult>;
  /** Names are unique case-insensitively. */
  createCategory(name: string): Promise<WriteResult<Category>>;
  createStationeryCategory(name: string): Promise<WriteResult<Category>>;
  /** Renames a category of either kind (names unique case-insensitively within the kind). */
  renameCategory(kind: ProductKind, id: number, name: string): Promise<WriteResult<Category>>;
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
  | { kind: "no_images" };

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

/** The current state of an item an order asks for (prices come from here, never the client). */
export interface SellableItem {
  type: ItemType;
  id: number;
  title: string;
  isbn13: string | null;
  priceCents: Cents;
  stock: number;
  weightGrams: number;
  preorder: boolean;
}

/** A fully priced order, ready to be stored. */
export interface NewOrder {
  customer: Customer;
  destination: Destination;
  provinceName: string;
  districtName: string;
  areaName: string;
  paymentMethod: PaymentMethod;
  lines: OrderLine[];
  totalCents: Cents;
  deliveryFeeCents: Cents;
  /** ISO 8601 */
  orderDate: string;
  userId: number | null;
}

/** A line that could not be served: what was asked and what there is. */
export interface StockShortfall {
  type: ItemType;
  id: number;
  title: string;
  requested: number;
  available: number;
}

export interface IdempotencyClaim {
  key: string;
  /** A hash of the request body: the same key with another body is refused. */
  requestHash: string;
  /** Keys older than this are forgotten. */
  expiresAt: string;
}

export type PlaceOrderOutcome =
  | { kind: "placed"; order: Order }
  /** The same key and body were seen before: the first order, unchanged. */
  | { kind: "replayed"; order: Order }
  | { kind: "idempotency_mismatch" }
  | { kind: "insufficient_stock"; lines: StockShortfall[] }
  /** A price moved between pricing and storing: price again. */
  | { kind: "price_changed"; items: SellableItem[] };

export type StatusChangeOutcome =
  | { kind: "changed"; order: Order }
  | { kind: "not_found" }
  | { kind: "not_pending"; status: OrderStatus };

/** Orders, with the stock and mail that go with them in the same transaction. */
export interface OrderRepository {
  /** Current state of the asked items; missing or archived ones are left out. */
  findSellable(items: { type: ItemType; id: number }[]): Promise<SellableItem[]>;
  /**
   * Carries out a placement plan in one transaction: claims the idempotency key (when
   * given) and answers as `decideIdempotency` says, takes the stock of every take (rows
   * touched in the plan's order, guarded by `stock >= quantity` and the unit price the
   * order was priced at, refused as `placementRefusal` says), stores the order in the
   * plan's status with its lines, and enqueues the plan's mails. All or nothing.
   */
  place(plan: PlacementPlan, idempotency?: IdempotencyClaim): Promise<PlaceOrderOutcome>;
  findById(id: number): Promise<Order | undefined>;
  /** Newest first. */
  list(status?: OrderStatus): Promise<Order[]>;
  stats(): Promise<OrderStats>;
  /**
   * Carries out a transition plan in one transaction, only while the order still has the
   * plan's `from` status (so its effects happen once): the new status, the stock given
   * back when the plan says so, the slip when it says so (`slipPdf`), the plan's mails.
   */
  changeStatus(plan: TransitionPlan, slipPdf?: Uint8Array): Promise<StatusChangeOutcome>;
  findSlip(id: number): Promise<Uint8Array | undefined>;
}

export type MailKind = "order_placed" | "order_completed";

/** A mail waiting in the outbox. */
export interface OutboxEntry {
  id: number;
  kind: MailKind;
  orderId: number;
  attempts: number;
}

/**
 * The transactional outbox. Entries are written by OrderRepository in the order's own
 * transaction; the dispatcher claims due entries (safe across several server processes),
 * sends them and marks them.
 */
export interface Outbox {
  /** Claims up to `limit` due entries for `leaseMs`; another process will not claim them meanwhile. */
  claimDue(now: Date, limit: number, leaseMs: number): Promise<OutboxEntry[]>;
  markSent(id: number, at: Date): Promise<void>;
  markFailed(id: number, error: string, nextAttemptAt: Date): Promise<void>;
}

/** An e-mail message, rendered. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Renders the PDF order slip of an order. */
export interface SlipRenderer {
  render(order: Order): Promise<Uint8Array>;
}

export interface StoredImage {
  bytes: Uint8Array;
  contentType: string;
}

/** Uploaded images. `put` returns the URL path the image is served under (`/uploads/...`). */
export interface ImageStorage {
  put(bytes: Uint8Array, contentType: string): Promise<string>;
  /** `key` is the part after `/uploads/`. */
  get(key: string): Promise<StoredImage | undefined>;
  /** Removes an image; a key it does not hold is no error. */
  delete(key: string): Promise<void>;
}

export interface AdminAccount {
  id: number;
  email: string;
  passwordHash: string;
}

/** Who manages an admin: ADMIN_EMAIL at start, or `deno task admin`. */
export type AdminSource = "environment" | "task";

export interface AdminSummary {
  id: number;
  email: string;
  source: AdminSource;
  createdAt: Date;
}

export interface CustomerAccount {
  id: number;
  username: string;
  email: string;
}

export type RegisterOutcome =
  | { kind: "created"; account: CustomerAccount }
  | { kind: "taken"; field: "username" | "email" };

export interface AccountRepository {
  findAdminByEmail(email: string): Promise<AdminAccount | undefined>;
  /**
   * Creates the admin, or sets the password of the one with this e-mail; `source` (by
   * default "environment") says who manages it from now on.
   */
  upsertAdmin(email: string, passwordHash: string, source?: AdminSource): Promise<AdminAccount>;
  countAdmins(): Promise<number>;
  /** Every admin, oldest first, without password hashes. */
  listAdmins(): Promise<AdminSummary[]>;
  /** Sets the password of an existing admin; false when there is none with this e-mail. */
  setAdminPassword(email: string, passwordHash: string): Promise<boolean>;
  /** Removes an admin; the last one stays, so the shop can always be administered. */
  removeAdmin(email: string): Promise<"removed" | "not_found" | "last_admin">;
  /** Removes the admins the environment named other than `email`; their e-mails. */
  removeEnvironmentAdminsExcept(email: string): Promise<string[]>;
  createCustomer(
    account: { username: string; email: string; passwordHash: string },
  ): Promise<RegisterOutcome>;
}

/** One key of a limit: at most `limit` events in any `windowMs`. */
export interface LimitedKey {
  key: string;
  limit: number;
  windowMs: number;
}

export type LimitOutcome =
  | { allowed: true }
  /** `key` is the first key that is full; it frees up in `retryAfterSeconds`. */
  | { allowed: false; key: string; retryAfterSeconds: number };

/**
 * Sliding-window counts shared by every process of the shop. An event is counted under
 * all its keys, or, when any key is full, under none.
 */
export interface RateLimitStore {
  hit(keys: readonly LimitedKey[], now: Date): Promise<LimitOutcome>;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
}

export interface Clock {
  now(): Date;
}

/**
 * Thrown by an adapter when a store it needs cannot be reached for now (a database
 * that is restarting, a connection that dropped): the request may be tried again after
 * `retryAfterSeconds`, with the same Idempotency-Key for an order.
 */
export class UnavailableError extends Error {
  override name = "UnavailableError";
  constructor(message: string, readonly retryAfterSeconds = 5, options?: ErrorOptions) {
    super(message, options);
  }
}

/**
 * A store took longer than its time limit for one statement (PostgreSQL's
 * statement_timeout): the store is there, the work was too slow. Not an outage.
 */
export class TimedOutError extends Error {
  override name = "TimedOutError";
  constructor(message: string, readonly retryAfterSeconds = 2, options?: ErrorOptions) {
    super(message, options);
  }
}
