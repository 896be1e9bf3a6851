/**
 * What search engines read besides the pages: `/robots.txt` (which parts of the shop to
 * leave alone, where the sitemap is) and the sitemap, as the sitemap protocol
 * (sitemaps.org) asks: `/sitemap.xml` is a sitemap index naming `/sitemap-pages.xml` (the
 * store pages in every language) and, for each language, one book sitemap per 50,000 books
 * on sale (`/sitemap-books-N.xml` in English, `/sitemap-books-si-N.xml` in Sinhala,
 * `/sitemap-books-ta-N.xml` in Tamil), since one sitemap may list at most 50,000 URLs.
 * Stationery items have no page of their own: the Stationery Store page stands for them.
 */
import { type Context, Hono } from "hono";
import type { Catalogue } from "../../domain/ports.ts";
import type { ShopInfo } from "../../domain/shop.ts";
import { type Locale, localizedPath, SHOP_LANGUAGES } from "../../domain/i18n/language.ts";

/** The most URLs one sitemap may list (sitemaps.org). */
export const SITEMAP_MAX_URLS = 50_000;

/** Where crawlers have nothing to read: the admin, the API, a shopper's own pages. */
export const CRAWLER_DISALLOWED = ["/admin", "/api", "/cart", "/checkout", "/account", "/orders"];

/** The store pages every sitemap lists, besides the books. */
const STORE_PAGES = ["/", "/stationery", "/privacy", "/terms"];

const XML = "application/xml; charset=utf-8";
/** Crawlers come back often enough; a day keeps the database out of their way. */
const CACHE = "public, max-age=3600";

/** Escapes the five characters XML gives a meaning. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The robots.txt of a shop at `publicUrl`. */
export function robotsTxt(publicUrl: string): string {
  return [
    "User-agent: *",
    ...CRAWLER_DISALLOWED.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

/** A `<urlset>` of absolute URLs. */
export function urlSet(urls: readonly string[]): string {
  const entries = urls.map((url) => `<url><loc>${escapeXml(url)}</loc></url>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n` +
    `</urlset>\n`;
}

/** A `<sitemapindex>` of absolute sitemap URLs. */
export function sitemapIndex(sitemaps: readonly string[]): string {
  const entries = sitemaps.map((url) => `<sitemap><loc>${escapeXml(url)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n` +
    `${entries.join("\n")}\n</sitemapindex>\n`;
}

/** The name of a language's Nth book sitemap: English has no language in it. */
export function bookSitemapName(language: Locale, n: number): string {
  return language === "en" ? `sitemap-books-${n}.xml` : `sitemap-books-${language}-${n}.xml`;
}

/** How many book sitemaps `total` books fill (at least one, so the index never lies). */
export function bookSitemapCount(total: number, perSitemap = SITEMAP_MAX_URLS): number {
  return Math.max(1, Math.ceil(total / perSitemap));
}

export interface SeoDeps {
  catalogue: Pick<Catalogue, "listIds">;
  shop: Pick<ShopInfo, "publicUrl">;
  /** URLs per book sitemap; the protocol's 50,000 unless a test asks for fewer. */
  perSitemap?: number;
}

/** The robots.txt and sitemap routes, mounted by the pages app. */
export function seoApp(deps: SeoDeps): Hono {
  const base = deps.shop.publicUrl;
  const per = deps.perSitemap ?? SITEMAP_MAX_URLS;
  const app = new Hono();
  const xml = (c: Context, body: string) =>
    c.body(body, 200, { "Content-Type": XML, "Cache-Control": CACHE });

  app.get("/robots.txt", (c) => c.text(robotsTxt(base), 200, { "Cache-Control": CACHE }));

  app.get("/sitemap.xml", async (c) => {
    const { total } = await deps.catalogue.listIds("book", { page: 1, pageSize: 1 });
    const count = bookSitemapCount(total, per);
    const books = SHOP_LANGUAGES.flatMap((language) =>
      Array.from({ length: count }, (_, i) => `${base}/${bookSitemapName(language, i + 1)}`)
    );
    return xml(c, sitemapIndex([`${base}/sitemap-pages.xml`, ...books]));
  });

  app.get("/sitemap-pages.xml", (c) => {
    const urls = SHOP_LANGUAGES.flatMap((language) =>
      STORE_PAGES.map((p) => `${base}${localizedPath(language, p)}`)
    );
    return xml(c, urlSet(urls));
  });

  for (const language of SHOP_LANGUAGES) {
    const infix = language === "en" ? "" : `${language}-`;
    app.get(`/:name{sitemap-books-${infix}[1-9][0-9]{0,5}\\.xml}`, async (c) => {
      const n = Number(/(\d+)\.xml$/.exec(c.req.param("name") ?? "")?.[1]);
      const page = await deps.catalogue.listIds("book", { page: n, pageSize: per });
      if (n > bookSitemapCount(page.total, per)) return c.notFound();
      const urls = page.items.map((id) => `${base}${localizedPath(language, `/books/${id}`)}`);
      return xml(c, urlSet(urls));
    });
  }
  return app;
}
