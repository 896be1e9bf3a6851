/**
 * What search engines read besides the pages: `/robots.txt` (which parts of the shop to
 * leave alone, where the sitemap is) and the sitemap, as the sitemap protocol
 * (sitemaps.org) asks: `/sitemap.xml` is a sitemap index naming `/sitemap-pages.xml` (the
 * store pages) and one `/sitemap-books-N.xml` per 50,000 books on sale, since one sitemap
 * may list at most 50,000 URLs. Stationery items have no page of their own: the Stationery
 * Store page stands for them.
 */
import { type Context, Hono } from "hono";
import type { Catalogue } from "../../domain/ports.ts";
import type { ShopInfo } from "../../domain/shop.ts";

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
    const books = Array.from(
      { length: bookSitemapCount(total, per) },
      (_, i) => `${base}/sitemap-books-${i + 1}.xml`,
    );
    return xml(c, sitemapIndex([`${base}/sitemap-pages.xml`, ...books]));
  });

  app.get("/sitemap-pages.xml", (c) => xml(c, urlSet(STORE_PAGES.map((p) => `${base}${p}`))));

  app.get("/:name{sitemap-books-[1-9][0-9]{0,5}\\.xml}", async (c) => {
    const n = Number(/\d+/.exec(c.req.param("name"))![0]);
    const page = await deps.catalogue.listIds("book", { page: n, pageSize: per });
    if (n > bookSitemapCount(page.total, per)) return c.notFound();
    return xml(c, urlSet(page.items.map((id) => `${base}/books/${id}`)));
  });
  return app;
}
