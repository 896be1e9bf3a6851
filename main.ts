/**
 * The composition root: reads the configuration, opens and migrates the database, builds
 * the adapters, makes sure an admin exists, loads the demo catalogue when asked, starts
 * the mail outbox, wires the HTTP app and serves it until SIGTERM or SIGINT.
 */
import { PostgresOwnerPages } from "./adapters/postgres/owner_pages.ts";
import { customerParcels } from "./domain/fulfilment/customer_parcels.ts";
import { JobRounds } from "./http/middleware/ops.ts";
import { BackgroundWork } from "./http/background.ts";
import { type Config, loadConfig, localPayHereWarning } from "./config.ts";
import type { Clock, PasswordHasher } from "./domain/ports.ts";
import {
  createRepositories,
  migrate,
  openDatabase,
  PostgresCatalogue,
  PostgresRateLimitStore,
} from "./adapters/postgres/mod.ts";
import {
  CachedPromotions,
  cacheReads,
  CatalogueCache,
  SOLE_WRITER_CACHE,
} from "./adapters/cache/mod.ts";
import { ProcessedImageStorage } from "./adapters/images/processed_storage.ts";
import { SharpImageProcessor } from "./adapters/images/sharp_processor.ts";
import { seedFromTemplate } from "./adapters/embedded/template.ts";
import { holdLock } from "./adapters/embedded/process_lock.ts";
import { ScryptPasswordHasher } from "./adapters/security/scrypt_hasher.ts";
import { LocalDiskImageStorage } from "./adapters/storage/local_disk_storage.ts";
import { PostgresImageStorage } from "./adapters/storage/postgres_image_storage.ts";
import { readMigrations } from "./adapters/postgres/migrator.ts";
import { databaseReadiness } from "./http/middleware/ops.ts";
import { loadDemoCatalogue } from "./adapters/demo/load_demo.ts";
import { BookCoverMaker } from "./adapters/demo/covers.ts";
import { createMailer } from "./adapters/mail/mod.ts";
import { startOutboxDispatcher } from "./adapters/mail/outbox_dispatcher.ts";
import { MessageFormatMailRenderer } from "./adapters/mail/render/mod.ts";
import { NotifyLkSmsSender } from "./adapters/sms/notifylk.ts";
import { MessageFormatSmsRenderer } from "./adapters/sms/render.ts";
import { startLapseWorker } from "./adapters/jobs/lapse_worker.ts";
import {
  PdfmakeReceiptRenderer,
  PdfmakeSlipRenderer,
} from "./adapters/pdf/pdfmake_slip_renderer.ts";
import { TokenService } from "./http/auth/mod.ts";
import { ensureAdmin } from "./domain/accounts/ensure_admin.ts";
import { generatePassword } from "./adapters/security/passwords.ts";
import { loadOrCreateJwtSecret } from "./adapters/security/jwt_secret_file.ts";
import { HmacOrderKeys } from "./adapters/security/order_keys.ts";
import { fillMissingKeyHashes } from "./adapters/postgres/order_key_hashes.ts";
import { customerOrderView } from "./domain/orders/customer_view.ts";
import { pagesApp } from "./http/pages/mod.ts";
import { createApp } from "./http/app.ts";
import { drainable } from "./http/middleware/graceful.ts";
import type { CachedResponse } from "./http/middleware/response_cache.ts";
import { jsonLineLogger } from "./adapters/log/json_lines.ts";
import { configuredProviders, type LocalSimulator } from "./adapters/payments/configured.ts";
import { configuredCourierApis } from "./adapters/couriers/configured.ts";
import { providerKeys, providerList } from "./domain/payments/providers.ts";
import { cardPaymentForm, noticeUrl } from "./http/routes/payments.ts";
import { orderUrl } from "./http/routes/order_customer.ts";
import { PostgresPromotionStore } from "./adapters/postgres/promotions.ts";
import { ActorScope } from "./adapters/audit/actor_scope.ts";
import { attributedClient } from "./adapters/postgres/attributed_client.ts";
import { startUpkeep, type Upkeep } from "./adapters/embedded/upkeep.ts";
import { PostgresAuditTrail } from "./adapters/postgres/audit_trail.ts";
import { messageLimitsOf, readSettings } from "./domain/settings/settings.ts";

const systemClock: Clock = { now: () => new Date() };

const ROOT = decodeURIComponent(new URL(".", import.meta.url).pathname).replace(/\/+$/, "");

/**
 * A hasher that has already begun hashing `password`: the admin's scrypt hash (about a
 * second of CPU and 128 MiB) runs while the database opens instead of after it.
 */
function hashingAhead(hasher: PasswordHasher, password: string): PasswordHasher {
  const early = hasher.hash(password);
  early.catch(() => {}); // Reported where ensureAdmin awaits it.
  return {
    hash: (candidate) => candidate === password ? early : hasher.hash(candidate),
    verify: (candidate, hash) => hasher.verify(candidate, hash),
  };
}

/** What the shop's request handler looks like to Deno.serve. */
export type ShopHandler = (
  request: Request,
  info: Deno.ServeHandlerInfo<Deno.NetAddr>,
) => Response | Promise<Response>;

/** Puts something in front of the shop's handler (the benchmark's yardstick route). */
export type HandlerWrapper = (handler: ShopHandler) => ShopHandler;

async function start(config: Config, options: { wrap?: HandlerWrapper }): Promise<void> {
  // One line of JSON per event, for whatever collects the process's output.
  const consoleLogger = jsonLineLogger();
  globalThis.addEventListener("unload", () => consoleLogger.flush());
  /** A line for the person at the terminal, after the log lines before it. */
  const say = (text: string) => {
    consoleLogger.flush();
    console.log(text);
  };
  const seeded = config.databaseUrl ? "existing" : await seedFromTemplate({
    // A new embedded database is a copy of a prebuilt one when there is a fresh template.
    dataDir: config.dataDir,
    templateDir: `${ROOT}/dist/embedded`,
    root: ROOT,
    withDemo: config.seedDemo && config.imageStorage === "disk",
  });
  if (seeded === "schema" || seeded === "demo") {
    consoleLogger.info("Created the database from its template", { template: seeded });
  }
  // Two hashing lanes: admins' passwords never wait behind customers' (each lane takes at
  // most 128 MiB a running hash and refuses work past a short line: 503 with Retry-After).
  const hasher = new ScryptPasswordHasher({ maxConcurrent: 2, maxWaiting: 16 });
  const adminLane = new ScryptPasswordHasher({ maxConcurrent: 1, maxWaiting: 8 });
  // A new embedded database has no admin yet: its password is drawn and hashed right away.
  // An existing one keeps its admin's password (ADMIN_PASSWORD only creates the admin),
  // unless ADMIN_PASSWORD_RESET says to set it again.
  const adminPassword = config.adminPassword ??
    (seeded === "existing" ? undefined : generatePassword());
  const hashAhead = adminPassword !== undefined &&
    (seeded !== "existing" || config.adminPasswordReset);
  const adminHasher = hashAhead ? hashingAhead(adminLane, adminPassword) : adminLane;
  // The embedded database's files are this process's alone while it runs (deno task admin
  // checks this mark before opening them).
  const release = config.databaseUrl ? async () => {} : await holdLock(config.dataDir);
  // Every transaction begun for an admin, a shopper, the gateway or a job tells the audit
  // trail's triggers who acts (adapters/postgres/attributed_client.ts).
  const actors = new ActorScope();
  const sql = attributedClient(
    await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }),
    actors,
  );
  const audit = new PostgresAuditTrail(sql, actors);
  const migrated = await migrate(sql);
  if (migrated.applied.length > 0) {
    consoleLogger.info("Applied migrations", { migrations: migrated.applied });
  }
  // With SMS configured, each customer mail of an SMS kind gets its text in the outbox too.
  const repositories = createRepositories(sql, { sms: config.sms !== undefined });
  // The pages the owner writes (FAQ, Terms, ...): the API writes them, the storefront shows them.
  const ownerPages = new PostgresOwnerPages(sql);
  await ensureAdmin(
    {
      accounts: repositories.accounts,
      hasher: adminHasher,
      log: (line) => say(line),
      // A new embedded database's password was drawn (and its hash begun) above.
      randomPassword: adminPassword ? () => adminPassword : generatePassword,
      endSessions: async (id) => void await repositories.sessions.endAll("admin", id),
    },
    {
      email: config.adminEmail,
      password: config.adminPassword,
      reset: config.adminPasswordReset,
    },
  );

  // Several processes on one database share uploads only through the database.
  // Every image is read whole and stored with its resized copies (adapters/images); those
  // of small ones (a CSV import's drawn covers) are made on their first request.
  const images = new ProcessedImageStorage(
    config.imageStorage === "postgres"
      ? new PostgresImageStorage(sql)
      : new LocalDiskImageStorage(`${config.dataDir}/uploads`),
    new SharpImageProcessor(),
    { copiesAtOnceFrom: 64 * 1024 },
  );
  if (config.seedDemo) {
    const demo = await loadDemoCatalogue({
      admin: repositories.catalogueAdmin,
      catalogue: repositories.catalogue,
      images,
    });
    if (demo.loaded) {
      consoleLogger.info("Loaded the demo catalogue", {
        books: demo.books,
        stationery: demo.stationery,
      });
    }
  }

  // The storefront's reads are remembered for a few seconds and cleared by every write made
  // here (adapters/cache): other processes on the same database show within that time. The
  // embedded database has no other writer (the lock above): its reads are kept until a write.
  const cache = new CatalogueCache(config.databaseUrl ? {} : SOLE_WRITER_CACHE);
  const ports = cacheReads({
    catalogue: new PostgresCatalogue(sql, {
      totals: cache.totals,
      searchHeads: cache.searchHeads,
    }),
    catalogueAdmin: repositories.catalogueAdmin,
    orders: repositories.orders,
    locations: repositories.locations,
  }, cache);

  // The running promotions are read once in a few seconds (adapters/cache/
  // cached_promotions.ts). The catalogue's answers carry shelf prices, so the catalogue cache
  // (and the answer cache with it) is cleared when a promotion is written through this store
  // (the owner's Promotions area writes through it), and when the watch below
  // sees the running rules change or the day in Colombo turn (sales run in whole days).
  const promotions = new CachedPromotions(new PostgresPromotionStore(sql), {
    onChange: () => cache.clear(),
  });
  const promotionWatch = promotions.watch(systemClock, {
    onError: (error) =>
      consoleLogger.error("Reading the running promotions failed", { error: String(error) }),
  });

  const secret = await loadOrCreateJwtSecret(config.dataDir, config.jwtSecret);
  const tokens = new TokenService({
    secret,
    clock: systemClock,
    sessions: repositories.sessions,
  });
  const orderKeys = new HmacOrderKeys(secret);
  // Orders older than their keys (salted by migration 0017) get the hash only the secret
  // can make, before the first request can ask for their page.
  const keyed = await fillMissingKeyHashes(sql, orderKeys);
  if (keyed > 0) consoleLogger.info("Gave older orders their keys", { orders: keyed });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dropDir: `${config.dataDir}/mail`,
  });
  // The background jobs' rounds, which /healthz reports.
  const jobs = new JobRounds();
  const receipts = new PdfmakeReceiptRenderer(config.shop);
  const dispatcher = startOutboxDispatcher({
    outbox: repositories.outbox,
    orders: ports.orders,
    renderer: new MessageFormatMailRenderer(config.shop),
    // The payment mail carries the order's receipt (PDF).
    receipts,
    mailer,
    clock: systemClock,
    random: Math.random,
    shop: config.shop,
    bank: config.bank,
    orderKeys,
    notifyEmail: config.orderNotifyEmail,
    sms: config.sms && {
      sender: new NotifyLkSmsSender(config.sms),
      renderer: new MessageFormatSmsRenderer(),
    },
    // The dispatch mail and text carry each parcel's tracking link, read when they go.
    parcels: async (orderId) =>
      customerParcels(
        await repositories.fulfilment.shipmentsOf(orderId),
        await repositories.fulfilment.couriers(),
      ),
    // Back-in-stock mails read their request and product when sent, priced on the shelf now.
    stockAlerts: {
      requests: repositories.stockAlerts,
      catalogue: ports.catalogue,
      promotions,
      keys: orderKeys,
    },
    // Every mail and text held to the owner's message budgets, read each round.
    budget: {
      budgets: repositories.messageBudgets,
      limits: async () => messageLimitsOf(await readSettings(repositories.settings)),
    },
    onRetired: (entry, reason) =>
      consoleLogger.error("Outbox entry retired unsent", {
        id: entry.id,
        channel: entry.channel,
        kind: entry.kind,
        reason,
      }),
  }, {
    dispatch: { baseDelayMs: config.mailRetrySeconds * 1000 },
    onError: (error) => consoleLogger.error("Mail outbox round failed", { error: String(error) }),
    onRound: jobs.counter("outbox"),
  });

  const lapses = startLapseWorker({ orders: ports.orders, clock: systemClock }, {
    intervalMs: config.lapseCheckSeconds * 1000,
    audit,
    onError: (error) => consoleLogger.error("Lapse round failed", { error: String(error) }),
    onLapsed: (ids) => {
      consoleLogger.info("Lapsed unpaid orders", { orders: ids });
      dispatcher.kick();
    },
    onRound: jobs.counter("lapse"),
  });

  // The embedded database has no autovacuum of its own: the shop vacuums and analyses its
  // tables as a server would (adapters/embedded/upkeep.ts). A server does it itself.
  const upkeep: Upkeep | undefined = config.databaseUrl ? undefined : (() => {
    const counted = jobs.counter("upkeep");
    return startUpkeep(sql, {
      onError: (error) => consoleLogger.error("Database upkeep failed", { error: String(error) }),
      onRound: (done) => {
        counted();
        if (done.length === 0) return;
        consoleLogger.info("Database upkeep", {
          vacuumed: done.filter((s) => s.vacuum).map((s) => s.table),
          analysed: done.filter((s) => s.analyse).map((s) => s.table),
        });
      },
    });
  })();

  // Paying online, through each provider configured (PayHere for cards, Koko for
  // instalments), or their local simulators (PAYHERE_SANDBOX=local, KOKO_SANDBOX=local).
  const { providers, simulators } = configuredProviders(
    config,
    (key) => noticeUrl(config.publicUrl, key),
  );
  const pageDeps = providerKeys(providers).length > 0
    ? {
      providers: providerKeys(providers),
      gatewayOrigins: providerList(providers).map((provider) => provider.checkoutOrigin),
      cardPayment: async (id: number, key: string) => {
        const order = await ports.orders.findByKey(id, await orderKeys.hash(key));
        return order &&
          cardPaymentForm(
            { providers, shop: config.shop },
            order,
            await orderUrl({ orderKeys, shop: config.shop }, order),
          );
      },
    }
    : {};

  // What routes go on with after answering, finished before the shop closes.
  const background = new BackgroundWork();
  const app = createApp({
    audit,
    catalogue: ports.catalogue,
    catalogueAdmin: ports.catalogueAdmin,
    locations: ports.locations,
    orders: ports.orders,
    images,
    slips: new PdfmakeSlipRenderer(config.shop),
    receipts,
    covers: new BookCoverMaker(),
    tokens,
    accounts: repositories.accounts,
    hasher,
    adminHasher: adminLane,
    passwordResets: repositories.passwordResets,
    emailVerifications: repositories.emailVerifications,
    customerOrders: repositories.customerOrders,
    background,
    jobs,
    // Account mails wait in the outbox like order mails; the dispatcher is told at once.
    accountMail: {
      async enqueue(mail) {
        await repositories.outbox.enqueue(mail);
        dispatcher.kick();
      },
    },
    bank: config.bank,
    shop: config.shop,
    clock: systemClock,
    logger: consoleLogger,
    trustProxy: config.trustProxy,
    ipv6PrefixLength: config.ipv6PrefixLength,
    orderLimit: config.limits.orders,
    codeRefusalShopLimit: config.limits.codeRefusalsShop,
    notifyEmail: config.orderNotifyEmail,
    orderContactLimit: config.limits.ordersPerContact,
    orderRules: config.orderRules,
    slipRules: config.slipRules,
    orderKeys,
    providers,
    promotions,
    vouchers: repositories.vouchers,
    payments: repositories.payments,
    refunds: repositories.refunds,
    fulfilment: repositories.fulfilment,
    courierApis: configuredCourierApis(config.couriers),
    reports: repositories.reports,
    stockAlerts: repositories.stockAlerts,
    settings: repositories.settings,
    ownerPages,
    // Counted in the database: every instance on it shares the same limits.
    rateLimits: new PostgresRateLimitStore(sql),
    loginLimits: {
      perAccount: config.limits.loginPerAccount,
      perAddress: config.limits.loginPerAddress,
    },
    // An answer past its 2 s may be served for 2 s more while the next one is made.
    responseCache: cache.companion<CachedResponse>({ staleMs: 2_000 }),
    readiness: databaseReadiness(sql, (await readMigrations()).map((m) => m.name)),
    pages: pagesApp({
      catalogue: ports.catalogue,
      promotions,
      locations: ports.locations,
      bank: config.bank,
      shop: config.shop,
      holdRules: config.orderRules,
      maxLineQuantity: config.orderRules.maxLineQuantity,
      ownerPages,
      logger: consoleLogger,
      // The cart page drawn from the cart's cookie, priced as the cart's API prices it.
      cartPricing: { orders: ports.orders, clock: systemClock, promotions },
      customerOrder: async (id, key) => {
        const order = await ports.orders.findByKey(id, await orderKeys.hash(key));
        return order && customerOrderView(order);
      },
      parcels: async (orderId) =>
        customerParcels(
          await repositories.fulfilment.shipmentsOf(orderId),
          await repositories.fulfilment.couriers(),
        ),
      ...pageDeps,
    }),
  });
  const shopFetch = simulators.length > 0 ? withSimulators(app.fetch, simulators) : app.fetch;

  const gate = drainable(options.wrap ? options.wrap(shopFetch) : shopFetch);
  const server = Deno.serve({
    port: config.port,
    hostname: config.host,
    onListen: () => say(`Pothgula is open on ${config.publicUrl}`),
  }, gate.fetch);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    say("Closing the shop: finishing requests under way");
    // New requests are answered 503 while those under way finish; then the listener closes.
    const graceMs = config.stopGraceSeconds * 1000;
    const drained = await gate.drain({ graceMs });
    consoleLogger.info("Requests drained", { ...drained });
    const left = Math.max(1_000, graceMs - drained.waitedMs);
    const closed = await Promise.race([
      server.shutdown().then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), left)),
    ]);
    if (!closed) consoleLogger.error("Connections still open at the end of the grace time", {});
    // The account mails answered requests still queue reach the outbox before it stops.
    await background.idle();
    await lapses.stop();
    await upkeep?.stop();
    await promotionWatch.stop();
    await dispatcher.stop();
    say("Mail outbox stopped");
    await sql.close();
    await release();
    say("Closed");
    Deno.exit(0);
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) Deno.addSignalListener(signal, stop);
}

/**
 * Reads the configuration from `env` and runs the shop until it is stopped; a bad
 * configuration or a failed start ends the process with one line per problem.
 * scripts/start.ts runs it; bench/shop_entry.ts runs it with the benchmark's route in front.
 */
export async function runShop(
  env: Record<string, string>,
  options: { wrap?: HandlerWrapper } = {},
): Promise<void> {
  const result = loadConfig(env);
  if (!result.ok) {
    for (const problem of result.problems) console.error(`Configuration: ${problem}`);
    Deno.exit(1);
  }
  const warning = localPayHereWarning(env);
  if (warning) {
    // The shop starts all the same: the simulator is for trying the shop, never for selling.
    console.error(`Configuration warning: ${warning}`);
  }
  try {
    await start(result.config, options);
  } catch (error) {
    console.error(`The shop could not start: ${error instanceof Error ? error.message : error}`);
    Deno.exit(1);
  }
}

if (import.meta.main) await runShop(Deno.env.toObject());

/**
 * The shop with the local payment simulators in front of it (/payhere-local, /koko-local: the
 * demo's online payments): their notices come back to the shop over loopback, as the
 * providers' would over the internet.
 */
function withSimulators(
  shop: (request: Request, info: Deno.ServeHandlerInfo) => Response | Promise<Response>,
  simulators: LocalSimulator[],
): (request: Request, info: Deno.ServeHandlerInfo) => Response | Promise<Response> {
  return (request, info) => {
    const path = new URL(request.url).pathname;
    const simulator = simulators.find((s) => path.startsWith(`${s.base}/`));
    return simulator ? simulator.app.fetch(request) : shop(request, info);
  };
}
