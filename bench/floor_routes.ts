/**
 * The least a page of a random book can cost in this process, measured beside the bare
 * route: two yardsticks that do only the work such a page cannot do without, in front of
 * the shop's handler and untouched by its middleware, render and caches.
 *
 * - `/__bench/floor/row/{id}`: the book's row, read by id from PostgreSQL with the shop's
 *   own columns and join, answered as JSON;
 * - `/__bench/floor/page/{id}`: that book's id and title written into a real book page (the
 *   shop's own page of the first book asked for, read once, the same size as any other) and
 *   compressed as the shop compresses a page it has not sent before for the same client
 *   (zstd for one that takes it, else gzip, at the shop's levels).
 *
 * A distinct book page of the shop cannot be cheaper than the second, so its share of the
 * bare route bounds what the shop's own page can reach on the machine of the run.
 *
 * The same for distinct listings (pages, searches, filters):
 *
 * - `/__bench/floor/list?{query}`: the listing's own statements (the catalogue adapter's
 *   `listBooks`, with no cache in front of it, the query read as the storefront reads it),
 *   its rows and total answered as JSON: the floor of `GET /api/books?{query}`;
 * - `/__bench/floor/listing?{query}`: those rows written into a real listing page (the
 *   shop's own `/`, read once: each of its cards' titles, authors and ids replaced by a row's)
 *   and compressed the same way: the floor of `GET /?{query}`. A search that finds nothing
 *   costs the shop its suggestions too, which no floor pays.
 */
import { Hono } from "hono";
import type { SqlClient } from "../adapters/postgres/mod.ts";
import { BOOK_COLUMNS, BOOKS_FROM } from "../adapters/postgres/catalogue_rows.ts";
import { chosenEncoding, compressText } from "../http/middleware/compression.ts";
import { escapeHtml } from "../web/pages/document.ts";
import { PostgresCatalogue } from "../adapters/postgres/catalogue.ts";
import { bookFilter, catalogueSort, pageRequest, parseListQuery } from "../web/lib/list_query.ts";

export const FLOOR_PREFIX = "/__bench/floor/";

type Handler = (
  request: Request,
  info: Deno.ServeHandlerInfo<Deno.NetAddr>,
) => Response | Promise<Response>;

interface BookRow {
  id: number;
  title: string;
}

/** A book page to write other books into: its HTML and the book it shows. */
interface PageTemplate {
  id: number;
  title: string;
  html: string;
}

type Info = Deno.ServeHandlerInfo<Deno.NetAddr>;

/** A listing page to write other rows into: its HTML and the books its cards show. */
interface ListingTemplate {
  html: string;
  books: { id: number; title: string; author: string }[];
}

/** The page compressed as the shop compresses it for the same client (zstd or gzip). */
const compressed = (html: string, acceptEncoding: string | undefined) => {
  const encoding = chosenEncoding(acceptEncoding) ?? "gzip";
  return new Response(compressText(html, encoding), {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Encoding": encoding,
      "Vary": "Accept-Encoding",
    },
  });
};

/** The shop's handler with the floor routes in front of it. */
export function withBenchFloors(shop: Handler, sql: SqlClient): Handler {
  const catalogue = new PostgresCatalogue(sql);
  const list = (search: URLSearchParams) => {
    const query = parseListQuery(search);
    return catalogue.listBooks(bookFilter(query), pageRequest(query), catalogueSort(query));
  };
  let listing: Promise<ListingTemplate> | undefined;
  const listingFrom = (info: Info) =>
    listing ??= (async () => {
      const page = await shop(new Request("http://127.0.0.1/"), info);
      const html = await page.text();
      if (page.status !== 200) throw new Error(`GET /: ${page.status}`);
      const first = await list(new URLSearchParams());
      const books = first.items.map((b) => ({
        id: b.id,
        title: escapeHtml(b.title),
        author: escapeHtml(b.author),
      }));
      return { html, books };
    })().catch((error) => {
      listing = undefined;
      throw error;
    });
  const read = async (id: number) =>
    (await sql.query<BookRow>(`SELECT ${BOOK_COLUMNS} FROM ${BOOKS_FROM} WHERE b.id = $1`, [
      id,
    ]))[0];
  let template: Promise<PageTemplate> | undefined;
  const templateFrom = (book: BookRow, info: Info) =>
    template ??= (async () => {
      const page = await shop(new Request(`http://127.0.0.1/books/${book.id}`), info);
      const html = await page.text();
      if (page.status !== 200) throw new Error(`GET /books/${book.id}: ${page.status}`);
      return { id: book.id, title: escapeHtml(book.title), html };
    })().catch((error) => {
      template = undefined;
      throw error;
    });

  const floors = new Hono<{ Bindings: { info: Info } }>();
  // A failure is counted by the load as a 500, and says what it was.
  floors.onError((error, c) => c.text(error instanceof Error ? error.message : String(error), 500));
  floors.get(`${FLOOR_PREFIX}row/:id{[0-9]{1,9}}`, async (c) => {
    const row = await read(Number(c.req.param("id")));
    return row ? c.json(row) : c.notFound();
  });
  floors.get(`${FLOOR_PREFIX}page/:id{[0-9]{1,9}}`, async (c) => {
    const row = await read(Number(c.req.param("id")));
    if (!row) return c.notFound();
    const page = await templateFrom(row, c.env.info);
    const html = page.html.replaceAll(page.title, escapeHtml(row.title))
      .replaceAll(`/books/${page.id}"`, `/books/${row.id}"`)
      .replaceAll(`"id":${page.id},`, `"id":${row.id},`);
    return compressed(html, c.req.header("Accept-Encoding"));
  });
  floors.get(`${FLOOR_PREFIX}list`, async (c) => {
    const page = await list(new URL(c.req.url).searchParams);
    return c.json({ data: page.items, total: page.total });
  });
  floors.get(`${FLOOR_PREFIX}listing`, async (c) => {
    const page = await list(new URL(c.req.url).searchParams);
    const template = await listingFrom(c.env.info);
    let html = template.html;
    template.books.forEach((card, i) => {
      const row = page.items[i];
      // A card with no row left keeps the template's book: the page keeps its size.
      if (!row) return;
      html = html.replaceAll(card.title, escapeHtml(row.title))
        .replaceAll(card.author, escapeHtml(row.author))
        .replaceAll(`/books/${card.id}"`, `/books/${row.id}"`)
        .replaceAll(`"id":${card.id},`, `"id":${row.id},`);
    });
    return compressed(html, c.req.header("Accept-Encoding"));
  });

  return (request, info) => {
    const path = request.url.slice(request.url.indexOf("/", request.url.indexOf("//") + 2));
    return path.startsWith(FLOOR_PREFIX) ? floors.fetch(request, { info }) : shop(request, info);
  };
}
