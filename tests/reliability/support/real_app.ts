/**
 * The whole HTTP app, pages included, over the real repositories on a fresh PGlite
 * database, with images kept in the database and real PDF slips: what the abuse tests
 * attack in-process.
 */
import { createRepositories, type Repositories } from "../../../adapters/postgres/mod.ts";
import {
  type Engine,
  freshDatabase,
  type TestDatabase,
} from "../../../adapters/postgres/testing/databases.ts";
import { PostgresRateLimitStore } from "../../../adapters/postgres/rate_limits.ts";
import { PostgresImageStorage } from "../../../adapters/storage/postgres_image_storage.ts";
import {
  PdfmakeReceiptRenderer,
  PdfmakeSlipRenderer,
} from "../../../adapters/pdf/pdfmake_slip_renderer.ts";
import { cheapHasher, FakeClock, testSecret } from "../../../http/auth/testing/fakes.ts";
import { HmacOrderKeys } from "../../../adapters/security/order_keys.ts";
import { TokenService } from "../../../http/auth/tokens.ts";
import { RecordingLogger } from "../../../http/testing/fixture.ts";
import { pagesApp } from "../../../http/pages/mod.ts";
import { createApp } from "../../../http/app.ts";
import type { AppDeps } from "../../../http/deps.ts";
import type { Book } from "../../../domain/catalogue/model.ts";
import type { OutboxChannels } from "../../../domain/ports.ts";
import { DEMO_DEFAULTS } from "../../../config.ts";
import type { BankDetails, ShopInfo } from "../../../domain/shop.ts";
import { databaseReadiness } from "../../../http/middleware/ops.ts";
import { readMigrations } from "../../../adapters/postgres/migrator.ts";
import { isbn13 } from "./shop_api.ts";

export const ADMIN_PASSWORD = "correct horse battery staple";

export const BANK: BankDetails = {
  bankName: DEMO_DEFAULTS.BANK_NAME,
  bankBranch: DEMO_DEFAULTS.BANK_BRANCH,
  accountName: DEMO_DEFAULTS.BANK_ACCOUNT_NAME,
  accountNumber: DEMO_DEFAULTS.BANK_ACCOUNT_NUMBER,
  whatsappNumber: DEMO_DEFAULTS.WHATSAPP_NUMBER,
};

export function shopInfo(publicUrl = "http://localhost:8000"): ShopInfo {
  return {
    name: "Pothgula",
    publicUrl,
    email: DEMO_DEFAULTS.SHOP_EMAIL,
    phones: [DEMO_DEFAULTS.SHOP_PHONE_1, DEMO_DEFAULTS.SHOP_PHONE_2],
    address: DEMO_DEFAULTS.SHOP_ADDRESS,
    whatsappNumber: DEMO_DEFAULTS.WHATSAPP_NUMBER,
  };
}

export interface RealApp {
  app: ReturnType<typeof createApp>;
  /** What the app was built from: a second instance on the same database starts here. */
  deps: AppDeps;
  db: TestDatabase;
  repositories: Repositories;
  tokens: TokenService;
  clock: FakeClock;
  logger: RecordingLogger;
  adminToken: string;
  book: Book;
  categoryId: number;
  close(): Promise<void>;
}

/** A fresh shop with one admin, one category and one book of `stock` copies. */
export async function realApp(
  options: {
    overrides?: Partial<AppDeps>;
    stock?: number;
    title?: string;
    /** The embedded engine unless told. */
    engine?: Engine;
    /** Whether the repositories write texts beside the customer's mails (SMS on). */
    channels?: OutboxChannels;
  } = {},
): Promise<RealApp> {
  const db = await freshDatabase(options.engine ?? "pglite");
  const repositories = createRepositories(db.sql, options.channels);
  const clock = new FakeClock();
  const tokens = new TokenService({
    secret: testSecret(),
    clock,
    ttlSeconds: 3600,
    sessions: repositories.sessions,
  });
  const hasher = cheapHasher();
  const logger = new RecordingLogger();
  const admin = await repositories.accounts.upsertAdmin(
    "admin@pothgula.lk",
    await hasher.hash(ADMIN_PASSWORD),
  );
  const category = await repositories.catalogueAdmin.createCategory("Novels");
  if (category.kind !== "ok") throw new Error("category");
  const created = await repositories.catalogueAdmin.createBook({
    title: options.title ?? "Madol Doova",
    author: "Martin Wickramasinghe",
    priceCents: 100_000,
    stock: options.stock ?? 50,
    categoryId: category.value.id,
    isbn13: isbn13(7),
    language: "Sinhala",
    binding: "Paperback",
    publisher: "Sarasa",
    publishingDate: "1947-01-01",
    edition: "1st",
    weightGrams: 350,
    description: "A boy's adventures in the south",
    images: ["/uploads/00000000-0000-4000-8000-000000000000.png"],
    preorder: false,
    preorderDate: null,
    preorderedStock: 0,
  });
  if (created.kind !== "ok") throw new Error("book");
  const shop = options.overrides?.shop ?? shopInfo();
  const deps: AppDeps = {
    catalogue: repositories.catalogue,
    catalogueAdmin: repositories.catalogueAdmin,
    locations: repositories.locations,
    orders: repositories.orders,
    images: new PostgresImageStorage(db.sql),
    slips: new PdfmakeSlipRenderer(shop),
    receipts: new PdfmakeReceiptRenderer(shop),
    tokens,
    orderKeys: new HmacOrderKeys(testSecret()),
    accounts: repositories.accounts,
    passwordResets: repositories.passwordResets,
    emailVerifications: repositories.emailVerifications,
    customerOrders: repositories.customerOrders,
    reports: repositories.reports,
    hasher,
    bank: BANK,
    shop,
    clock,
    logger,
    readiness: databaseReadiness(db.sql, (await readMigrations()).map((m) => m.name)),
    rateLimits: new PostgresRateLimitStore(db.sql),
    // Parcels and couriers: /api/fulfilment is there only with them.
    fulfilment: repositories.fulfilment,
    // The payment ledger and the owner's refunds, as the shop has them: the refund routes
    // answer 503 without them.
    payments: repositories.payments,
    refunds: repositories.refunds,
    pages: pagesApp({
      catalogue: repositories.catalogue,
      locations: repositories.locations,
      bank: BANK,
      shop,
    }),
    ...options.overrides,
  };
  const app = createApp(deps);
  const adminToken = (await tokens.issueAdminToken(admin)).token;
  return {
    app,
    deps,
    db,
    repositories,
    tokens,
    clock,
    logger,
    adminToken,
    book: created.value,
    categoryId: category.value.id,
    close: () => db.close(),
  };
}

/** The first province, district and area of the reference data. */
export async function destination(r: RealApp) {
  const get = async (path: string) => (await (await r.app.request(path)).json()).data[0].id;
  const province = await get("/api/locations/provinces");
  const district = await get(`/api/locations/districts?provinceId=${province}`);
  const area = await get(`/api/locations/areas?districtId=${district}`);
  return { province, district, area };
}

/** A socket address for in-process requests, as Deno.serve hands it to the app. */
export function fromAddress(hostname: string) {
  return { remoteAddr: { transport: "tcp", hostname, port: 40000 } };
}
