/**
 * Screenshots of every storefront page at phone and desktop widths, over the preview
 * server, with text typed into the search box and the forms and a filled cart:
 * `deno run -A web/dev/screenshots.ts` writes test-artifacts/screens/*.png.
 */
import type { Page } from "playwright-core";
import { launchBrowser } from "../../tests/support/browser.ts";
import { ensureBuilt } from "../../scripts/build_web.ts";
import { previewApp } from "./preview.ts";

const OUT = "test-artifacts/screens";

/** Fills the cart the way the shop stores it, from the live API. */
async function fillCart(page: Page, base: string, ids: Ids) {
  const lines = [
    { type: "book", id: ids.book, quantity: 2 },
    { type: "book", id: ids.preorder, quantity: 1 },
    { type: "stationery", id: ids.pen, quantity: 3 },
  ];
  await page.goto(`${base}/privacy`);
  await page.evaluate(async (lines) => {
    const cart = [];
    for (const l of lines) {
      const res = await fetch(`/api/${l.type === "book" ? "books" : "stationery"}/${l.id}`);
      const { data } = await res.json();
      cart.push({
        type: l.type,
        id: data.id,
        title: data.title,
        unitPriceCents: Math.round(data.price * 100),
        stock: data.stock,
        weightGrams: Math.round(data.weight * 1000),
        image: l.type === "book" ? data.images[0] ?? null : data.image,
        preorder: data.preorder === 1,
        quantity: l.quantity,
      });
    }
    localStorage.setItem("cart", JSON.stringify(cart));
  }, lines);
}

interface Ids {
  book: number;
  preorder: number;
  pen: number;
}

async function findIds(base: string): Promise<Ids> {
  const books = (await (await fetch(`${base}/api/books?pageSize=20`)).json()).data;
  const pens = (await (await fetch(`${base}/api/stationery`)).json()).data;
  return {
    book: books[0].id,
    preorder: books.find((b: { preorder: number }) => b.preorder === 1).id,
    pen: pens[0].id,
  };
}

async function fillCheckout(p: Page) {
  await p.getByLabel("Name").fill("Nimal Perera");
  await p.getByLabel("Email").fill("nimal@example.lk");
  await p.getByLabel("Phone").fill("077 123 4567");
  await p.getByLabel("Address").fill("12 Galle Road");
  await p.getByLabel("Province").selectOption({ label: "Western" });
  await p.getByLabel("District").selectOption({ label: "Colombo" });
  await p.getByLabel("City").fill("colombo 7");
  await p.getByText("Delivering to").waitFor();
}

const pages = (ids: Ids): [string, string, ((p: Page) => Promise<void>)?][] => [
  ["books", "/"],
  ["books-filtered", "/?categoryId=1&maxPrice=2000&page=1"],
  ["books-page2", "/?page=2"],
  ["books-empty", "/?q=zzzz"],
  ["stationery", "/stationery"],
  ["stationery-popup", "/stationery", async (p) => {
    await p.getByRole("button", { name: /Add to Cart.*Atlas Chooty pen, blue/ }).click();
  }],
  ["book", `/books/${ids.book}`],
  ["book-preorder", `/books/${ids.preorder}`, async (p) => {
    await p.getByText("Show Bank Details").click();
  }],
  ["cart", "/cart"],
  ["checkout", "/checkout", fillCheckout],
  ["register", "/register", async (p) => {
    await p.getByLabel("Name").fill("Nimal Perera");
    await p.getByLabel("Email").fill("nimal@example.lk");
  }],
  ["privacy", "/privacy"],
  ["terms", "/terms"],
  ["not-found", "/nowhere"],
];

if (import.meta.main) {
  await ensureBuilt();
  await Deno.mkdir(OUT, { recursive: true });
  const app = await previewApp();
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, app.fetch);
  const base = `http://127.0.0.1:${server.addr.port}`;
  const browser = await launchBrowser();
  const only = Deno.args[0];
  const ids = await findIds(base);
  try {
    for (const width of [375, 1280]) {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      page.on(
        "console",
        (m) => m.type() === "error" && console.log(`[${width}] console:`, m.text()),
      );
      page.on("pageerror", (e) => console.log(`[${width}] page error:`, e.message));
      await fillCart(page, base, ids);
      for (const [name, path, act] of pages(ids)) {
        if (only && !name.startsWith(only)) continue;
        await page.goto(`${base}${path}`, { waitUntil: "networkidle" });
        await page.getByRole("searchbox").fill("Madol Doova");
        if (act) await act(page);
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${OUT}/${name}-${width}.png`, fullPage: true });
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await server.shutdown();
  }
  console.log(`screenshots in ${OUT}`);
}
