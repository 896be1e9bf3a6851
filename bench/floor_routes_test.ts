import assert from "node:assert/strict";
import { gunzipSync, zstdDecompressSync } from "node:zlib";
import { testOnBothEngines } from "../adapters/postgres/testing/databases.ts";
import { aBook, insertCategory } from "../adapters/postgres/testing/builders.ts";
import { PostgresCatalogueAdmin } from "../adapters/postgres/catalogue_admin.ts";
import type { SqlClient } from "../adapters/postgres/mod.ts";
import { FLOOR_PREFIX, withBenchFloors } from "./floor_routes.ts";

const info = {} as Deno.ServeHandlerInfo<Deno.NetAddr>;
const at = (path: string) => new Request(`http://127.0.0.1:8000${path}`);

/** Two books on sale; their ids, first and second. */
async function twoBooks(sql: SqlClient): Promise<[number, number]> {
  const novels = await insertCategory(sql, "book_categories", "Novels");
  const admin = new PostgresCatalogueAdmin(sql);
  const ids: number[] = [];
  for (const title of ["Gamperaliya", "Kaliyugaya & <Yuganthaya>"]) {
    const made = await admin.createBook(aBook(novels, { title }));
    assert.equal(made.kind, "ok", JSON.stringify(made));
    if (made.kind === "ok") ids.push(made.value.id);
  }
  return [ids[0], ids[1]];
}

/** A shop whose book pages name their book, counting what it was asked. */
function pagesOfBooks(titles: Map<number, string>, status = 200) {
  const asked: string[] = [];
  const shop = (request: Request) => {
    const path = new URL(request.url).pathname;
    asked.push(path);
    const id = Number(path.split("/").pop());
    const title = titles.get(id) ?? "?";
    return new Response(
      `<html><head><title>${title} | Pothgula</title><link rel="canonical" href="/books/${id}"/>` +
        `</head><body><main><h1>${title}</h1></main><script>[{"book":{"id":${id},"title":"${title}"}}]` +
        `</script></body></html>`,
      { status },
    );
  };
  return { shop, asked };
}

testOnBothEngines(
  "the row floor answers a book's row by id as JSON, and 404 for none",
  async (sql) => {
    const [first] = await twoBooks(sql);
    const { shop, asked } = pagesOfBooks(new Map());
    const handler = withBenchFloors(shop, sql);
    const found = await handler(at(`${FLOOR_PREFIX}row/${first}`), info);
    assert.equal(found.status, 200);
    const row = await found.json();
    assert.equal(row.id, first);
    assert.equal(row.title, "Gamperaliya");
    assert.equal(row.category_name, "Novels");
    assert.equal((await handler(at(`${FLOOR_PREFIX}row/999999`), info)).status, 404);
    assert.equal((await handler(at(`${FLOOR_PREFIX}row/x`), info)).status, 404);
    assert.deepEqual(asked, []);
  },
);

testOnBothEngines(
  "the page floor writes each book into the shop's own page of the first, compressed as the shop would",
  async (sql) => {
    const [first, second] = await twoBooks(sql);
    const titles = new Map([[first, "Gamperaliya"], [second, "unused"]]);
    const { shop, asked } = pagesOfBooks(titles);
    const handler = withBenchFloors(shop, sql);

    const own = await handler(at(`${FLOOR_PREFIX}page/${first}`), info);
    assert.equal(own.status, 200);
    assert.equal(own.headers.get("Content-Encoding"), "gzip");
    assert.match(own.headers.get("Content-Type") ?? "", /^text\/html/);
    const ownHtml = gunzipSync(new Uint8Array(await own.arrayBuffer())).toString();
    assert.equal(ownHtml, await shop(at(`/books/${first}`)).text());

    const other = await handler(at(`${FLOOR_PREFIX}page/${second}`), info);
    const html = gunzipSync(new Uint8Array(await other.arrayBuffer())).toString();
    assert.ok(!html.includes("Gamperaliya"), html);
    assert.ok(!html.includes(`/books/${first}"`), html);
    assert.ok(!html.includes(`"id":${first},`), html);
    assert.match(html, /<h1>Kaliyugaya &amp; &lt;Yuganthaya&gt;<\/h1>/);
    // Compressed as the shop compresses it for the client: zstd for a browser that takes it.
    const chrome = new Request(at(`${FLOOR_PREFIX}page/${second}`).url, {
      headers: { "Accept-Encoding": "gzip, deflate, br, zstd" },
    });
    const zstd = await handler(chrome, info);
    assert.equal(zstd.headers.get("Content-Encoding"), "zstd");
    const decoded = zstdDecompressSync(new Uint8Array(await zstd.arrayBuffer())).toString();
    assert.equal(decoded, html);
    assert.ok(html.includes(`href="/books/${second}"`), html);
    assert.ok(html.includes(`"id":${second},`), html);
    // The template was read once, besides this test's own reading.
    assert.deepEqual(asked, [`/books/${first}`, `/books/${first}`]);
    assert.equal((await handler(at(`${FLOOR_PREFIX}page/999999`), info)).status, 404);
  },
);

testOnBothEngines("the page floor asks again for a template that failed", async (sql) => {
  const [first] = await twoBooks(sql);
  const failing = pagesOfBooks(new Map(), 503);
  let shop = failing.shop;
  const handler = withBenchFloors((request) => shop(request), sql);
  assert.equal((await handler(at(`${FLOOR_PREFIX}page/${first}`), info)).status, 500);
  shop = pagesOfBooks(new Map([[first, "Gamperaliya"]])).shop;
  assert.equal((await handler(at(`${FLOOR_PREFIX}page/${first}`), info)).status, 200);
  assert.deepEqual(failing.asked, [`/books/${first}`]);
});

Deno.test("every other path goes to the shop untouched", async () => {
  const { shop, asked } = pagesOfBooks(new Map([[7, "Seven"]]));
  const unused = {} as SqlClient;
  const handler = withBenchFloors(shop, unused);
  for (const path of ["/", "/books/7", "/__bench/baseline", "/__bench/floorx/row/1"]) {
    assert.equal((await handler(at(path), info)).status, 200, path);
  }
  assert.deepEqual(asked, ["/", "/books/7", "/__bench/baseline", "/__bench/floorx/row/1"]);
});

testOnBothEngines(
  "the list floor answers a listing's rows and total as JSON, read as the storefront reads its query",
  async (sql) => {
    const [first, second] = await twoBooks(sql);
    const { shop, asked } = pagesOfBooks(new Map());
    const handler = withBenchFloors(shop, sql);
    const all = await (await handler(at(`${FLOOR_PREFIX}list`), info)).json();
    assert.equal(all.total, 2);
    assert.deepEqual(all.data.map((b: { id: number }) => b.id), [first, second]);
    const found = await (await handler(at(`${FLOOR_PREFIX}list?q=kaliyug`), info)).json();
    assert.deepEqual([found.total, found.data[0].id], [1, second]);
    const none = await (await handler(at(`${FLOOR_PREFIX}list?page=9&minPrice=x`), info)).json();
    assert.deepEqual([none.total, none.data], [2, []]);
    assert.deepEqual(asked, []);
  },
);

testOnBothEngines(
  "the listing floor writes a listing's rows into the shop's own front page, compressed as the shop would",
  async (sql) => {
    const [first, second] = await twoBooks(sql);
    const asked: string[] = [];
    // The shop's front page: a card for each book of the first page, and their island data.
    const front = `<html><body><ul class="grid">` +
      `<li><a href="/books/${first}">Gamperaliya</a> <span>Test Author</span></li>` +
      `<li><a href="/books/${second}">Kaliyugaya &amp; &lt;Yuganthaya&gt;</a></li></ul>` +
      `<script>[{"id":${first},"title":"Gamperaliya"},{"id":${second},"title":"x"}]</script>` +
      `</body></html>`;
    const handler = withBenchFloors((request) => {
      asked.push(new URL(request.url).pathname);
      return new Response(front);
    }, sql);
    const answer = await handler(at(`${FLOOR_PREFIX}listing?q=kaliyug`), info);
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get("Content-Encoding"), "gzip");
    const html = gunzipSync(new Uint8Array(await answer.arrayBuffer())).toString();
    // The first card now shows the one row found; the second card has no row and stays.
    assert.ok(!html.includes("Gamperaliya"), html);
    assert.ok(!html.includes(`"id":${first},`), html);
    assert.equal(html.split(`href="/books/${second}"`).length - 1, 2, html);
    // Twice in the cards, once more where the island data held the first card's title.
    assert.equal(html.split("Kaliyugaya &amp; &lt;Yuganthaya&gt;").length - 1, 3, html);
    await handler(at(`${FLOOR_PREFIX}listing?page=2`), info);
    // The front page was read once.
    assert.deepEqual(asked, ["/"]);
  },
);
