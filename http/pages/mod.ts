/**
 * The storefront pages, rendered on the server by the web build's render entry
 * (dist/server/entry_server.js) with data read straight from the ports, plus the built
 * files under /assets/ and /static/. Mounted last at "/" by createApp.
 */
import { preorderMethods } from "../../domain/orders/preorder_policy.ts";
import { type Context, Hono } from "hono";
import { answerEncoder, compression } from "../middleware/compression.ts";
import { CACHEABLE_PATH } from "../middleware/response_cache.ts";
import type { OwnerPageStore } from "../../domain/pages/ports.ts";
import { type OwnerPageSlug, pageBlocks } from "../../domain/pages/owner_page.ts";
import type { WrittenPage } from "../../web/pages/model.ts";
import type { Catalogue, Locations } from "../../domain/ports.ts";
import type { BankDetails, ShopInfo } from "../../domain/shop.ts";
import type { FeeRules } from "../../domain/fulfilment/delivery_fees.ts";
import {
  DEFAULT_HOLD_RULES,
  type HoldRules,
  offeredMethods,
  PAYMENT_POLICIES,
} from "../../domain/orders/payment_policy.ts";
import type { GatewayForm } from "../../domain/payments/gateway.ts";
import type { ProviderKey } from "../../domain/payments/providers.ts";
import { withShownStock } from "../../domain/catalogue/stock.ts";
import { buildCsp } from "../middleware/security.ts";
import {
  adminAssets,
  type Manifest,
  readManifest,
  readWordIndex,
  serveFile,
  storefrontAssetsOf,
} from "./assets.ts";
import { areaRecords, placedAreaRecords } from "./cities.ts";
import { citiesCalled } from "../../domain/catalogue/city_names.ts";
import { parseId } from "../../contract/ids.ts";
import { helpForEmptySearch } from "../../domain/catalogue/search_help.ts";
import { searchHelpRecord } from "../routes/answers.ts";
import { seoApp } from "./seo.ts";
import { DEFAULT_MAX_LINE_QUANTITY } from "../../domain/orders/place_order.ts";
import { whatsappQrRoute } from "./whatsapp_qr.ts";
import type { CustomerOrder } from "../../domain/orders/customer_view.ts";
import type { CustomerParcel } from "../../domain/fulfilment/customer_parcels.ts";
import { languageOfPath, pathsInEveryLanguage, SHOP_PATHS } from "../../domain/i18n/language.ts";
import { type Logger, toErrorResponse } from "../middleware/errors.ts";
import type { PromotionStore } from "../../domain/promotions/ports.ts";
import type { ItemType, PaymentMethod } from "../../domain/orders/model.ts";
import { shelfPricing, type ShelvedProduct } from "../routes/shelf.ts";
import { getCookie } from "hono/cookie";
import type { PriceCartDeps } from "../../domain/promotions/price_cart.ts";
import { CART_COOKIE } from "../../domain/cart/cookie.ts";
import { drawCart } from "./drawn_cart.ts";

type Renderer = typeof import("../../web/entry_server.tsx");
type PageModel = Parameters<Renderer["renderPage"]>[0];
type ShellFrames = ReturnType<Renderer["shellFrames"]>;
type AssetsFor = ReturnType<typeof storefrontAssetsOf>;

export interface PagesDeps {
  /** The pages the owner writes (FAQ, Terms, ...); the shop's fixed Terms and Privacy when absent. */
  ownerPages?: Pick<OwnerPageStore, "find">;
  catalogue: Catalogue;
  locations: Locations;
  /**
   * The running campaigns the storefront's prices are shown under (main.ts gives the cached
   * store); only sale prices when absent.
   */
  promotions?: Pick<PromotionStore, "runningRules">;
  bank: BankDetails;
  shop: ShopInfo;
  /** The delivery fee table the checkout previews with; the shop's own when absent. */
  feeRules?: FeeRules;
  /**
   * How long an unpaid order holds its stock (BANK_DEPOSIT_HOURS, ...), which checkout and
   * the terms tell the shopper; the shop's defaults for those not given.
   */
  holdRules?: Partial<HoldRules>;
  /**
   * The copies of one item an order may hold (`MAX_LINE_QUANTITY`), where the cart and the
   * quantity popup stop, and the most stock a page tells a shopper (`shownStock`); the
   * shop's default when absent.
   */
  maxLineQuantity?: number;
  /** Where the web build is; the project's dist/ when absent. */
  distDir?: string;
  /** The clock for the copyright year. */
  now?: () => Date;
  /** The customer's view of an order its key opens; undefined for a wrong key or none. */
  customerOrder?: (id: number, key: string) => Promise<CustomerOrder | undefined>;
  /** Where a page that failed is logged (with the request id); nowhere when absent. */
  logger?: Logger;
  /**
   * The form of the provider that serves an order's method, for an order its key opens,
   * while it waits for its payment online; absent when no provider is configured.
   */
  cardPayment?: (id: number, key: string) => Promise<GatewayForm | undefined>;
  /** The providers configured: the methods they serve are offered (none when absent). */
  providers?: readonly ProviderKey[];
  /** Where the providers' forms post (their origins), allowed by the pages' form-action. */
  gatewayOrigins?: readonly string[];
  /** The parcels of an order that have left the shop, for its page; none when absent. */
  parcels?: (orderId: number) => Promise<CustomerParcel[]>;
  /**
   * How the shop prices a cart (as POST /api/cart/price does): with it the cart page is drawn
   * from the stored cart's cookie (drawn_cart.ts); without it the browser draws every cart.
   */
  cartPricing?: PriceCartDeps;
}

const SILENT: Logger = { info: () => {}, error: () => {} };

const IMMUTABLE = "public, max-age=31536000, immutable";
const STATIC = "public, max-age=86400";
const PAGE_CSP = buildCsp();
/** Every address of the admin island (web/admin/router.ts): a reload or a link opens it. */
const ADMIN_PATHS = [
  "/admin",
  "/admin/login",
  "/admin/reset-password",
  "/admin/dashboard",
  "/admin/orders",
  "/admin/stock",
  "/admin/catalogue",
  "/admin/promotions",
  "/admin/reports",
  "/admin/vouchers",
  "/admin/staff",
  "/admin/invitation",
  "/admin/audit",
  "/admin/settings",
  "/admin/books/:id{[1-9][0-9]{0,9}}",
  "/admin/stationery/:id{[1-9][0-9]{0,9}}",
  "/admin/orders/:id{[1-9][0-9]{0,9}}",
];

/** Query parameters that are secrets: a reset link's token, an order's key. */
const SECRET_PARAMETERS: readonly string[] = ["token", "key"];

/**
 * The query a page's language links keep, and whether it holds a secret. The links keep
 * the whole query, the secret too: an order's page or a reset form opens only with it, so
 * a language link without it would lead to the not-found page. Such a page is kept by no
 * cache and sends its address to no other site (no-referrer), and its canonical address
 * and hreflang alternates (built from the path, never from the query) never carry it.
 *
 * @example linkQuery(new URL("http://x/reset-password?token=abc&x=1")) // {search: "?token=abc&x=1", secret: true}
 */
export function linkQuery(url: URL): { search: string; secret: boolean } {
  const params = new URLSearchParams(url.search);
  return { search: url.search, secret: SECRET_PARAMETERS.some((name) => params.has(name)) };
}

function defaultDistDir(): string {
  return decodeURIComponent(new URL("../../dist", import.meta.url).pathname);
}

export function pagesApp(deps: PagesDeps): Hono {
  // An order's page paid online posts its form to its provider: the one other place a form
  // may go.
  const pageCsp = deps.gatewayOrigins?.length
    ? buildCsp({ "form-action": [...deps.gatewayOrigins] })
    : PAGE_CSP;
  const methods = offeredMethods(deps.providers ?? []);
  const distDir = deps.distDir ?? defaultDistDir();
  const now = deps.now ?? (() => new Date());
  const maxPerLine = deps.maxLineQuantity ?? DEFAULT_MAX_LINE_QUANTITY;
  const holdRules: HoldRules = { ...DEFAULT_HOLD_RULES, ...deps.holdRules };
  const shelfPricer = shelfPricing(deps.promotions);
  /** A page's products with the stock shoppers are told and what one copy costs now. */
  const shown = async <P extends ShelvedProduct & { stock: number }, T extends { items: P[] }>(
    type: ItemType,
    page: T,
  ): Promise<T> => {
    const shelve = await shelfPricer(now().toISOString());
    return {
      ...page,
      items: page.items.map((item) => {
        const shelf = shelve(type, item);
        // Only a price that saves something is carried to the page (and its island data).
        return { ...withShownStock(item, maxPerLine), shelf: shelf.savingCents > 0 ? shelf : null };
      }),
    };
  };
  let built:
    | Promise<
      { renderer: Renderer; manifest: Manifest; assetsFor: AssetsFor; frames: ShellFrames }
    >
    | undefined;
  const load = () => {
    built ??= Promise.all([
      import(new URL(`file://${distDir}/server/entry_server.js`).href) as Promise<Renderer>,
      readManifest(distDir),
      readWordIndex(distDir),
    ]).then(([renderer, manifest, words]) => ({
      renderer,
      manifest,
      // Each page carries the words of its islands (web/i18n/page_words.ts, item 39).
      assetsFor: storefrontAssetsOf(
        manifest,
        (islands, language) => renderer.pageWordsJson(words, language, islands),
        // An island that waits to be seen or used is not preloaded (issue 50).
        renderer.HYDRATE_WHEN,
      ),
      // The pages' header, tabs and footer, rendered once per language (item 29).
      frames: renderer.shellFrames(),
    }));
    built.catch(() => built = undefined);
    return built;
  };

  async function renderPage(
    c: Context,
    model: PageModel,
    status: 200 | 404 | 500 = 200,
  ): Promise<Response> {
    const { renderer, assetsFor, frames } = await load();
    const q = c.req.query("q");
    const { language, path } = languageOfPath(c.req.path);
    const { search, secret } = linkQuery(new URL(c.req.url));
    const html = renderer.renderPage(
      model,
      { shop: deps.shop, path, language, search, q: q?.slice(0, 200), year: now().getFullYear() },
      (islands, waiting) => assetsFor(islands, language, waiting),
      frames,
    );
    // One answer with its final bytes: the compression, the answer cache and the ETag take
    // them as they are instead of reading the page back (docs/benchmarks.md, item 22).
    const response = encodeAnswer(c, html, status, {
      "Content-Type": "text/html; charset=UTF-8",
      "Content-Security-Policy": pageCsp,
      "Cache-Control": "no-cache",
    }, !CACHEABLE_PATH.test(c.req.path));
    if (secret) {
      // Kept by no cache, and the address (with its secret) sent on to no other site.
      response.headers.set("Cache-Control", "no-store");
      response.headers.set("Referrer-Policy", "no-referrer");
    }
    return response;
  }

  // Catalogue pages are kept whole by the answer cache (CACHEABLE_PATH), so compressed once
  // there; the others (the cart, checkout, sign-in and help pages) are the same text again
  // and again, and the encoder remembers their recent compressed bytes.
  const encodeAnswer = answerEncoder();
  const app = new Hono();
  app.use("*", compression());
  // A page that fails is logged as any failure is, and shown as the error page in the
  // page's language; when even that cannot be drawn, the plain error answer stands.
  app.onError(async (error, c) => {
    const requestId = (c.get as (key: string) => unknown)("requestId");
    const answer = toErrorResponse(c, error, {
      logger: deps.logger ?? SILENT,
      requestId: typeof requestId === "string" ? requestId : "none",
    });
    if (answer.status < 500 || c.req.path.startsWith("/checkout/")) return answer;
    try {
      const page = await renderPage(c, { kind: "error" }, 500);
      page.headers.set("Cache-Control", "no-store");
      return page;
    } catch {
      return answer;
    }
  });

  // A language's home typed with a slash ("/si/") goes to the home ("/si"), query kept.
  for (const language of SHOP_PATHS.prefixed) {
    app.get(`/${language}/`, (c) => {
      const url = new URL(c.req.url);
      return c.redirect(`/${language}${url.search}`, 301);
    });
  }

  // Each storefront page answers in English, under /si in Sinhala and under /ta in Tamil.
  app.on("GET", pathsInEveryLanguage("/"), async (c) => {
    const { renderer } = await load();
    const query = renderer.parseListQuery(new URL(c.req.url).searchParams);
    // No authors: the author filter fetches them in the browser (web/components/AuthorField.tsx).
    const [page, categories] = await Promise.all([
      deps.catalogue.listBooks(
        renderer.bookFilter(query),
        renderer.pageRequest(query),
        renderer.catalogueSort(query),
      ),
      deps.catalogue.listCategories(),
    ]);
    const help = page.total === 0
      ? searchHelpRecord(await helpForEmptySearch(deps.catalogue, { kind: "book", q: query.q }))
      : {};
    return renderPage(c, {
      kind: "books",
      list: { query, page: { ...await shown("book", page), help }, categories },
    });
  });

  app.on("GET", pathsInEveryLanguage("/stationery"), async (c) => {
    const { renderer } = await load();
    const query = renderer.parseListQuery(new URL(c.req.url).searchParams);
    const { author: _author, ...filter } = renderer.bookFilter(query);
    const [page, categories] = await Promise.all([
      deps.catalogue.listStationery(
        filter,
        renderer.pageRequest(query),
        renderer.catalogueSort(query),
      ),
      deps.catalogue.listStationeryCategories(),
    ]);
    const help = page.total === 0
      ? searchHelpRecord(
        await helpForEmptySearch(deps.catalogue, { kind: "stationery", q: query.q }),
      )
      : {};
    const { author: _ignored, ...stationeryQuery } = query;
    return renderPage(c, {
      kind: "stationery",
      list: {
        query: stationeryQuery,
        page: { ...await shown("stationery", page), help },
        categories,
        maxPerLine,
      },
    });
  });

  app.on("GET", pathsInEveryLanguage("/books/:id"), async (c) => {
    const id = parseId(c.req.param("id") ?? "");
    const book = id === undefined ? undefined : await deps.catalogue.findBook(id);
    if (!book) return renderPage(c, { kind: "not_found" }, 404);
    const shelve = await shelfPricer(now().toISOString());
    const shelf = shelve("book", book);
    const category = (await deps.catalogue.listCategories()).find((k) => k.id === book.categoryId);
    return renderPage(c, {
      kind: "book",
      book: withShownStock(book, maxPerLine),
      ...(category ? { category } : {}),
      shelf: shelf.savingCents > 0 ? shelf : null,
      bank: deps.bank,
      maxPerLine,
      preorderMethods: preorderMethods(methods),
    });
  });

  /**
   * The stored cart the cookie names, drawn here (drawn_cart.ts); undefined when the browser
   * draws it: no pricing given, nothing drawable, or a fault reading it (logged).
   */
  const drawnCart = (c: Context, checkout?: { methods: readonly PaymentMethod[] }) => {
    const pricing = deps.cartPricing;
    if (!pricing) return Promise.resolve(undefined);
    return drawCart(
      { ...pricing, catalogue: deps.catalogue, maxPerLine },
      getCookie(c, CART_COOKIE),
      languageOfPath(c.req.path).language,
      checkout,
    ).catch((error) => {
      (deps.logger ?? SILENT).error("a page could not draw the stored cart", {
        path: c.req.path,
        error: error instanceof Error ? error.message : String(error),
      });
      return undefined;
    });
  };

  // Kept by no cache, as every cart and checkout page (http_caching.ts: PRIVATE_PREFIXES).
  app.on("GET", pathsInEveryLanguage("/cart"), async (c) => {
    const drawn = await drawnCart(c);
    return renderPage(c, { kind: "cart", maxPerLine, ...(drawn ? { drawn } : {}) });
  });
  app.on("GET", pathsInEveryLanguage("/checkout"), async (c) => {
    const [provinces, drawn] = await Promise.all([
      deps.locations.provinces(),
      drawnCart(c, { methods }),
    ]);
    return renderPage(c, {
      kind: "checkout",
      provinces,
      bank: deps.bank,
      maxPerLine,
      feeRules: deps.feeRules,
      holdRules,
      methods,
      ...(drawn ? { drawn } : {}),
    });
  });
  app.on("GET", pathsInEveryLanguage("/register"), (c) => renderPage(c, { kind: "register" }));
  app.on("GET", pathsInEveryLanguage("/track"), (c) => renderPage(c, { kind: "track" }));
  app.on(
    "GET",
    pathsInEveryLanguage("/gift-voucher"),
    (c) => renderPage(c, { kind: "gift_voucher" }),
  );
  app.on("GET", pathsInEveryLanguage("/orders/:id"), async (c) => {
    const id = parseId(c.req.param("id") ?? "");
    const key = (c.req.query("key") ?? "").slice(0, 200);
    const order = id === undefined || !key || !deps.customerOrder
      ? undefined
      : await deps.customerOrder(id, key);
    // A wrong key is a missing page, never a hint that the order exists.
    if (!order) return renderPage(c, { kind: "not_found" }, 404);
    // The key in the address makes the page no-store and no-referrer (renderPage).
    const [cardPayment, parcels] = await Promise.all([
      deps.cardPayment?.(order.id, key),
      deps.parcels?.(order.id),
    ]);
    return renderPage(c, {
      kind: "order",
      order,
      orderKey: key,
      bank: deps.bank,
      ...(cardPayment
        ? {
          cardPayment,
          cardCancelled: c.req.query("card") === "cancelled",
          // The gateway sends the shopper back with its order_id added.
          cardReturned: c.req.query("order_id") !== undefined,
        }
        : {}),
      ...(parcels && parcels.length > 0 ? { parcels } : {}),
    });
  });
  app.on("GET", pathsInEveryLanguage("/login"), (c) => renderPage(c, { kind: "login" }));
  app.on(
    "GET",
    pathsInEveryLanguage("/reset-password"),
    (c) => renderPage(c, { kind: "reset_password" }),
  );
  app.on("GET", pathsInEveryLanguage("/account"), async (c) => {
    const provinces = await deps.locations.provinces();
    return renderPage(c, { kind: "account", provinces });
  });
  // A confirmation mail's link: the page asks before it confirms, since mail scanners open links.
  app.on("GET", pathsInEveryLanguage("/verify-email"), (c) =>
    renderPage(c, {
      kind: "verify_email",
      token: (c.req.query("token") ?? "").slice(0, 200),
    }));
  // A back-in-stock mail's unsubscribe link: the page asks before it stops anything, since
  // mail scanners open links; a mail program's one-click POST goes to the API (RFC 8058).
  app.on("GET", pathsInEveryLanguage("/stock-alerts/unsubscribe"), (c) =>
    renderPage(c, {
      kind: "stock_alert_stop",
      token: (c.req.query("token") ?? "").slice(0, 200),
    }));
  /** The page the owner wrote in the page's language, read for the storefront; none unwritten. */
  const written = async (c: Context, slug: OwnerPageSlug): Promise<WrittenPage | undefined> => {
    const page = await deps.ownerPages?.find(slug, languageOfPath(c.req.path).language);
    return page && {
      title: page.title,
      blocks: pageBlocks(page.body),
      policies: { methods: methods.map((m) => PAYMENT_POLICIES[m].words.name), holdRules },
    };
  };
  app.on(
    "GET",
    pathsInEveryLanguage("/privacy"),
    async (c) => renderPage(c, { kind: "privacy", written: await written(c, "privacy") }),
  );
  app.on(
    "GET",
    pathsInEveryLanguage("/terms"),
    async (c) =>
      renderPage(c, {
        kind: "terms",
        holdRules,
        written: await written(c, "terms"),
        methods,
      }),
  );
  // The FAQ, Delivery and Returns exist once the owner writes them; 404 until then.
  for (const slug of ["faq", "delivery", "returns"] as const) {
    app.on("GET", pathsInEveryLanguage(`/${slug}`), async (c) => {
      const page = await written(c, slug);
      return page
        ? renderPage(c, { kind: "owner_page", written: page })
        : renderPage(c, { kind: "not_found" }, 404);
    });
  }

  /**
   * The cities of a district with their postcodes, for the checkout's city picker; or, with
   * `name`, the cities of that name in any district (with the district and province), to
   * point a shopper who chose the wrong district to the right one.
   */
  app.get("/checkout/cities", async (c) => {
    const name = c.req.query("name");
    if (name !== undefined) {
      const typed = name.slice(0, 100);
      const [areas, districts, provinces] = await Promise.all([
        deps.locations.areas(),
        deps.locations.districts(),
        deps.locations.provinces(),
      ]);
      return c.json({ data: placedAreaRecords(citiesCalled(areas, typed), districts, provinces) });
    }
    const districtId = parseId(c.req.query("districtId") ?? "");
    if (districtId === undefined) return c.json({ data: [] });
    return c.json({ data: areaRecords(await deps.locations.areas(districtId)) }, 200, {
      "Cache-Control": STATIC,
    });
  });

  for (const path of ADMIN_PATHS) {
    app.get(path, async (c) => {
      const { renderer, manifest } = await load();
      // A reset link's token is a secret: its page sends its address to no other site.
      const { secret } = linkQuery(new URL(c.req.url));
      return c.html(renderer.renderAdminShell(deps.shop, adminAssets(manifest)), 200, {
        "Content-Security-Policy": PAGE_CSP,
        "Cache-Control": "no-cache",
        ...(secret ? { "Referrer-Policy": "no-referrer" } : {}),
      });
    });
  }

  app.get("/assets/*", async (c) => {
    const file = c.req.path.slice("/assets/".length);
    return await serveFile(c, `${distDir}/client/assets`, file, IMMUTABLE) ??
      c.text("Not found", 404);
  });
  app.get("/static/*", async (c) => {
    const file = c.req.path.slice("/static/".length);
    return await serveFile(c, `${distDir}/client/static`, file, STATIC) ?? c.text("Not found", 404);
  });
  // The order popup's QR code, of the configured number only (whatsapp_qr.ts).
  const qr = whatsappQrRoute(deps.bank.whatsappNumber);
  if (qr) app.get(qr.path, qr.answer);
  app.get("/favicon.ico", (c) => c.redirect("/static/favicon.svg", 301));
  app.route("/", seoApp({ catalogue: deps.catalogue, shop: deps.shop }));

  // Mounted into the API app, whose own notFound answers JSON: every other page is claimed here.
  app.get("*", (c) => renderPage(c, { kind: "not_found" }, 404));
  app.notFound((c) => renderPage(c, { kind: "not_found" }, 404));
  return app;
}
