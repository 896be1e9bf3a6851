/**
 * An app over the in-memory adapters with a small catalogue, and helpers to call it:
 * the in-process doubles the route tests share (each test builds its own).
 */
import { BackgroundWork } from "../background.ts";
import { MemoryCatalogue } from "../../adapters/memory/catalogue.ts";
import { MemoryOrderRepository } from "../../adapters/memory/orders.ts";
import { MemorySalesFacts } from "../../adapters/memory/sales_facts.ts";
import { MemoryLocations } from "../../adapters/memory/locations.ts";
import { MemoryPromotionStore } from "../../adapters/memory/promotions.ts";
import { MemoryVoucherStore } from "../../adapters/memory/vouchers.ts";
import { MemoryPaymentLedger } from "../../adapters/memory/payment_ledger.ts";
import { MemoryRefundStore } from "../../adapters/memory/refunds.ts";
import { MemoryFulfilmentStore } from "../../adapters/memory/fulfilment.ts";
import {
  MemoryImageStorage,
  MemoryReceiptRenderer,
  MemorySlipRenderer,
} from "../../adapters/memory/images.ts";
import {
  cheapHasher,
  FakeClock,
  MemoryAccounts,
  MemorySessions,
  testSecret,
} from "../auth/testing/fakes.ts";
import { TokenService } from "../auth/tokens.ts";
import { HmacOrderKeys } from "../../adapters/security/order_keys.ts";
import type { NewBook, NewStationeryItem } from "../../domain/catalogue/model.ts";
import type { AppDeps } from "../deps.ts";
import type { Logger } from "../middleware/errors.ts";
import { createApp } from "../app.ts";
import { MemoryPasswordResets } from "../../domain/accounts/testing/memory_password_resets.ts";
import { MemoryEmailVerifications } from "../../domain/accounts/testing/memory_email_verifications.ts";
import { MemoryOutbox } from "../../domain/notifications/testing/outbox_fakes.ts";
import { MemoryStockAlerts } from "../../adapters/memory/stock_alerts.ts";
import { MemoryOwnerPages } from "../../adapters/memory/owner_pages.ts";
import { MemoryAuditTrail } from "../../adapters/memory/audit_trail.ts";

/** A logger that keeps what it is told. */
export class RecordingLogger implements Logger {
  readonly lines: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
  info(message: string, fields?: Record<string, unknown>): void {
    this.lines.push({ level: "info", message, fields });
  }
  error(message: string, fields?: Record<string, unknown>): void {
    this.lines.push({ level: "error", message, fields });
  }
}

export function newBook(overrides: Partial<NewBook> = {}): NewBook {
  return {
    title: "Madol Doova",
    author: "Martin Wickramasinghe",
    priceCents: 95_000,
    stock: 5,
    categoryId: 1,
    isbn13: "9789550000029",
    language: "Sinhala",
    binding: "Paperback",
    publisher: "Sarasa",
    publishingDate: "1947-01-01",
    edition: "1st",
    weightGrams: 350,
    description: "A boy's adventures in the south",
    images: ["/uploads/madol.png"],
    preorder: false,
    preorderDate: null,
    preorderedStock: 0,
    ...overrides,
  };
}

export function newStationery(overrides: Partial<NewStationeryItem> = {}): NewStationeryItem {
  return {
    title: "Atlas pen, blue",
    priceCents: 5_000,
    stock: 20,
    weightGrams: 10,
    categoryId: 2,
    image: "/uploads/pen.png",
    ...overrides,
  };
}

/** A fresh app: category 1 "Novels" (books), 2 "Pens" (stationery), two books and a pen. */
export async function testApp(overrides: Partial<AppDeps> = {}) {
  const catalogue = new MemoryCatalogue();
  await catalogue.createCategory("Novels");
  await catalogue.createStationeryCategory("Pens");
  const clock = new FakeClock();
  const tokens = new TokenService({
    secret: testSecret(),
    clock,
    ttlSeconds: 3600,
    sessions: new MemorySessions(),
  });
  // The shop's promotions (none until a test adds them), whose codes the orders use.
  const promotions = new MemoryPromotionStore();
  // Gift vouchers (none until a test issues them), spent and given back by the orders.
  const vouchers = new MemoryVoucherStore();
  // Parcels, couriers and cash on delivery (the six couriers, no parcels yet).
  const fulfilment = new MemoryFulfilmentStore();
  const orders = new MemoryOrderRepository(catalogue, undefined, promotions, vouchers);
  const slips = new MemorySlipRenderer();
  // The orders' payment ledger, which the card gateway's notices write to.
  const payments = new MemoryPaymentLedger(async (id) => (await orders.findById(id)) !== undefined);
  // The owner's refunds of those payments; the orders read the ones that succeeded.
  const refunds = new MemoryRefundStore(
    async (id) => (await orders.findById(id)) !== undefined,
    (id, given) => orders.refundGiven(id, given),
  );
  const receipts = new MemoryReceiptRenderer();
  const images = new MemoryImageStorage();
  const logger = new RecordingLogger();
  const outbox = new MemoryOutbox(() => clock.now());
  const accounts = new MemoryAccounts();
  // Back-in-stock mails go in the same outbox as the account mails.
  const stockAlerts = new MemoryStockAlerts(
    overrides.catalogueAdmin instanceof MemoryCatalogue ? overrides.catalogueAdmin : catalogue,
    { clock: () => clock.now(), outbox },
  );
  const book = await catalogue.createBook(newBook());
  const preorderBook = await catalogue.createBook(newBook({
    title: "Gamperaliya",
    isbn13: "9789550000036",
    priceCents: 120_000,
    weightGrams: 600,
    preorder: true,
    preorderDate: "2026-05-01",
    preorderedStock: 10,
    stock: 3,
  }));
  const pen = await catalogue.createStationery(newStationery());
  if (book.kind !== "ok" || preorderBook.kind !== "ok" || pen.kind !== "ok") {
    throw new Error("The test catalogue could not be built");
  }
  // The audit trail sees every write made through the app's ports (the fixture's own setup
  // above is not in it); the orders move stock as orders do, which it leaves out.
  const audit = new MemoryAuditTrail(overrides.clock ?? clock);
  const auditedCatalogue = audit.audited(catalogue);
  const auditedOrders = audit.audited(orders, { sources: [catalogue], byOrder: true });
  const deps: AppDeps = {
    audit,
    catalogue: auditedCatalogue,
    catalogueAdmin: auditedCatalogue,
    locations: new MemoryLocations(),
    orders: auditedOrders,
    promotions: audit.audited(promotions),
    vouchers,
    payments,
    refunds,
    fulfilment,
    images,
    slips,
    receipts,
    tokens,
    accounts: audit.audited(accounts),
    hasher: cheapHasher(),
    accountMail: outbox,
    // The tests wait for the mails a route queues after answering (idle()).
    background: new BackgroundWork(),
    // A link's use sets a password: the trail sees it as the accounts' change.
    passwordResets: audit.audited(new MemoryPasswordResets(overrides.accounts ?? accounts), {
      sources: [accounts],
    }),
    customerOrders: auditedOrders,
    // Confirming an address joins the guest orders of the orders the app is given.
    emailVerifications: new MemoryEmailVerifications(
      overrides.accounts instanceof MemoryAccounts ? overrides.accounts : accounts,
      overrides.orders instanceof MemoryOrderRepository ? overrides.orders : orders,
    ),
    // The report reads the orders and catalogue the app is given.
    reports: new MemorySalesFacts(
      overrides.orders ?? orders,
      overrides.catalogueAdmin instanceof MemoryCatalogue ? overrides.catalogueAdmin : catalogue,
    ),
    bank: {
      bankName: "Bank of Ceylon",
      bankBranch: "Mount Lavinia",
      accountName: "Pothgula",
      accountNumber: "0081234567",
      whatsappNumber: "+94 77 123 4567",
    },
    shop: {
      name: "Pothgula",
      publicUrl: "http://localhost:8000",
      email: "hello@pothgula.lk",
      phones: ["+94 11 273 4567", "+94 77 123 4567"],
      address: "42 Hotel Road, Mount Lavinia",
      whatsappNumber: "+94 77 123 4567",
    },
    clock,
    logger,
    orderKeys: new HmacOrderKeys(testSecret()),
    stockAlerts,
    ownerPages: new MemoryOwnerPages(),
    ...overrides,
  };
  const app = createApp(deps);
  const adminToken = (await tokens.issueAdminToken({ id: 1, email: "admin@pothgula.lk" })).token;
  const customerToken =
    (await tokens.issue({ id: 2, email: "reader@example.lk", role: "customer" })).token;
  return {
    app,
    deps,
    audit,
    catalogue,
    orders,
    promotions,
    vouchers,
    fulfilment,
    slips,
    receipts,
    images,
    logger,
    outbox,
    stockAlerts,
    clock,
    ids: { book: book.value.id, preorderBook: preorderBook.value.id, pen: pen.value.id },
    adminToken,
    customerToken,
    /** Calls the app as the admin. */
    asAdmin(path: string, init: RequestInit = {}) {
      const headers = new Headers(init.headers);
      headers.set("Authorization", `Bearer ${adminToken}`);
      return app.request(path, { ...init, headers });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof testApp>>;

/** A JSON request init. */
export function json(method: string, body: unknown, headers: Record<string, string> = {}) {
  return {
    method,
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify(body),
  };
}

/** The smallest PNG there is: the bytes the shop recognises as an image. */
export const PNG_BYTES = new Uint8Array([
  0x89,
  0x50,
  0x4e,
  0x47,
  0x0d,
  0x0a,
  0x1a,
  0x0a,
  0,
  0,
  0,
  0x0d,
  0x49,
  0x48,
  0x44,
  0x52,
]);

/** A valid checkout body for the first test book (2 copies) by COD to Mount Lavinia. */
export function orderBody(bookId: number, overrides: Record<string, unknown> = {}) {
  return {
    total: 1900,
    name: "Nimal Perera",
    address: "12 Galle Road",
    email: "nimal@example.lk",
    phone: "077 123 4567",
    postalCode: "10370",
    province: 1,
    district: 1,
    area: 1,
    paymentMethod: "COD",
    items: [{ id: bookId, quantity: 2, type: "book" }],
    ...overrides,
  };
}
