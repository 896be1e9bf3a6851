/**
 * Writes that change what the storefront shows, each followed by clearing the process's
 * catalogue cache: every admin change to the catalogue, an order taking stock, a rejected
 * order giving it back. The cache is cleared when the write has finished (succeeded or
 * not), so no later read in this process can see the catalogue as it was before.
 */
import type {
  BookImportOutcome,
  BookImportWrite,
  CatalogueAdmin,
  CategoryDeleteResult,
  DeleteResult,
  IdempotencyClaim,
  ImageWriteResult,
  MailKind,
  OrderRepository,
  PaymentChangeOutcome,
  PlaceOrderOutcome,
  ProofOutcome,
  SellableItem,
  StationeryImportWrite,
  StatusChangeOutcome,
  WriteResult,
} from "../../domain/ports.ts";
import type {
  Book,
  BookChanges,
  Category,
  CategoryNames,
  ImageChange,
  NewBook,
  NewStationeryItem,
  Page,
  PageRequest,
  ProductKind,
  StationeryChanges,
  StationeryItem,
} from "../../domain/catalogue/model.ts";
import type {
  ItemType,
  Order,
  OrderEvent,
  OrderStats,
  OrderStatus,
} from "../../domain/orders/model.ts";
import type {
  AdjustmentResult,
  NewStockAdjustment,
  StockAdjustment,
} from "../../domain/catalogue/stock_adjustment.ts";
import type { PlacementPlan, TransitionPlan } from "../../domain/orders/plans.ts";
import type { OrderPage, OrderQuery, TimeRange } from "../../domain/orders/order_query.ts";
import type { PaymentPlan } from "../../domain/orders/payment.ts";
import type { ProofPlan, ProofType } from "../../domain/orders/payment_proofs.ts";

/** Anything that can be cleared: the CatalogueCache. */
export interface Clearable {
  clear(): void;
}

async function thenClear<T>(cache: Clearable, write: Promise<T>): Promise<T> {
  try {
    return await write;
  } finally {
    cache.clear();
  }
}

/** CatalogueAdmin that clears the catalogue cache after every change. */
export class InvalidatingCatalogueAdmin implements CatalogueAdmin {
  readonly #inner: CatalogueAdmin;
  readonly #cache: Clearable;

  constructor(inner: CatalogueAdmin, cache: Clearable) {
    this.#inner = inner;
    this.#cache = cache;
  }

  createBook(book: NewBook): Promise<WriteResult<Book>> {
    return thenClear(this.#cache, this.#inner.createBook(book));
  }

  updateBook(id: number, changes: BookChanges): Promise<WriteResult<Book>> {
    return thenClear(this.#cache, this.#inner.updateBook(id, changes));
  }

  deleteBook(id: number): Promise<DeleteResult> {
    return thenClear(this.#cache, this.#inner.deleteBook(id));
  }

  createStationery(item: NewStationeryItem): Promise<WriteResult<StationeryItem>> {
    return thenClear(this.#cache, this.#inner.createStationery(item));
  }

  updateStationery(
    id: number,
    changes: StationeryChanges,
  ): Promise<WriteResult<StationeryItem>> {
    return thenClear(this.#cache, this.#inner.updateStationery(id, changes));
  }

  deleteStationery(id: number): Promise<DeleteResult> {
    return thenClear(this.#cache, this.#inner.deleteStationery(id));
  }

  createCategory(name: string, names?: CategoryNames): Promise<WriteResult<Category>> {
    return thenClear(this.#cache, this.#inner.createCategory(name, names));
  }

  createStationeryCategory(name: string, names?: CategoryNames): Promise<WriteResult<Category>> {
    return thenClear(this.#cache, this.#inner.createStationeryCategory(name, names));
  }

  renameCategory(
    kind: ProductKind,
    id: number,
    name: string,
    names?: CategoryNames,
  ): Promise<WriteResult<Category>> {
    return thenClear(this.#cache, this.#inner.renameCategory(kind, id, name, names));
  }

  deleteCategory(kind: ProductKind, id: number): Promise<CategoryDeleteResult> {
    return thenClear(this.#cache, this.#inner.deleteCategory(kind, id));
  }

  changeBookImages(id: number, change: ImageChange): Promise<ImageWriteResult<Book>> {
    return thenClear(this.#cache, this.#inner.changeBookImages(id, change));
  }

  replaceStationeryImage(id: number, image: string): Promise<ImageWriteResult<StationeryItem>> {
    return thenClear(this.#cache, this.#inner.replaceStationeryImage(id, image));
  }

  imagesInUse(images: string[]): Promise<string[]> {
    return this.#inner.imagesInUse(images);
  }

  listArchivedBooks(page: PageRequest, q?: string): Promise<Page<Book>> {
    return this.#inner.listArchivedBooks(page, q);
  }

  listArchivedStationery(page: PageRequest, q?: string): Promise<Page<StationeryItem>> {
    return this.#inner.listArchivedStationery(page, q);
  }

  restoreBook(id: number): Promise<WriteResult<Book>> {
    return thenClear(this.#cache, this.#inner.restoreBook(id));
  }

  restoreStationery(id: number): Promise<WriteResult<StationeryItem>> {
    return thenClear(this.#cache, this.#inner.restoreStationery(id));
  }

  findBooksByIsbn(isbns: string[]): Promise<Book[]> {
    return this.#inner.findBooksByIsbn(isbns);
  }

  importBooks(plan: BookImportWrite): Promise<BookImportOutcome> {
    return thenClear(this.#cache, this.#inner.importBooks(plan));
  }

  importStationery(plan: StationeryImportWrite): Promise<BookImportOutcome> {
    return thenClear(this.#cache, this.#inner.importStationery(plan));
  }

  adjustStock(adjustment: NewStockAdjustment): Promise<AdjustmentResult> {
    return thenClear(this.#cache, this.#inner.adjustStock(adjustment));
  }

  stockAdjustments(
    product: { kind: ProductKind; id: number },
    limit: number,
  ): Promise<StockAdjustment[]> {
    return this.#inner.stockAdjustments(product, limit);
  }
}

/** OrderRepository that clears the catalogue cache when stock is taken or given back. */
export class InvalidatingOrderRepository implements OrderRepository {
  readonly #inner: OrderRepository;
  readonly #cache: Clearable;

  constructor(inner: OrderRepository, cache: Clearable) {
    this.#inner = inner;
    this.#cache = cache;
  }

  findSellable(items: { type: ItemType; id: number }[]): Promise<SellableItem[]> {
    return this.#inner.findSellable(items);
  }

  place(plan: PlacementPlan, idempotency?: IdempotencyClaim): Promise<PlaceOrderOutcome> {
    return thenClear(this.#cache, this.#inner.place(plan, idempotency));
  }

  findById(id: number): Promise<Order | undefined> {
    return this.#inner.findById(id);
  }

  list(status?: OrderStatus): Promise<Order[]> {
    return this.#inner.list(status);
  }

  findByKey(id: number, keyHash: string): Promise<Order | undefined> {
    return this.#inner.findByKey(id, keyHash);
  }

  addProof(plan: ProofPlan): Promise<ProofOutcome> {
    return this.#inner.addProof(plan);
  }

  findProof(
    orderId: number,
    proofId: number,
  ): Promise<{ contentType: ProofType; bytes: Uint8Array } | undefined> {
    return this.#inner.findProof(orderId, proofId);
  }

  search(query: OrderQuery): Promise<OrderPage> {
    return this.#inner.search(query);
  }

  holdingPreorder(bookId: number, limit: number): Promise<Order[]> {
    return this.#inner.holdingPreorder(bookId, limit);
  }

  stats(today: TimeRange): Promise<OrderStats> {
    return this.#inner.stats(today);
  }

  changePayment(plan: PaymentPlan, slipPdf?: Uint8Array): Promise<PaymentChangeOutcome> {
    return this.#inner.changePayment(plan, slipPdf);
  }

  /** A lapse gives stock back: the storefront shows it at once. */
  async lapseDue(now: string, limit: number): Promise<number[]> {
    const lapsed = await this.#inner.lapseDue(now, limit);
    if (lapsed.length > 0) this.#cache.clear();
    return lapsed;
  }

  enqueueMail(orderId: number, kind: MailKind): Promise<void> {
    return this.#inner.enqueueMail(orderId, kind);
  }

  addEvent(orderId: number, event: OrderEvent): Promise<Order | undefined> {
    return this.#inner.addEvent(orderId, event);
  }

  /** Only a move that gives stock back changes what the storefront shows. */
  changeStatus(plan: TransitionPlan, slipPdf?: Uint8Array): Promise<StatusChangeOutcome> {
    const changed = this.#inner.changeStatus(plan, slipPdf);
    return plan.returnStock ? thenClear(this.#cache, changed) : changed;
  }

  findSlip(id: number): Promise<Uint8Array | undefined> {
    return this.#inner.findSlip(id);
  }
}
