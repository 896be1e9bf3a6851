/**
 * The benchmark's yardstick: a bare Hono route answering a fixed page of 10 books as
 * JSON, served by the same process as the shop so that every figure can be divided by
 * it. bench/shop_entry.ts puts it in front of the shop; it reads nothing and writes nothing
 * (the floors of floor_routes.ts, beside it, read one row).
 */
import { Hono } from "hono";

export const BASELINE_PATH = "/__bench/baseline";

/** Ten books in the API's wire shape: what a catalogue page looks like. */
export const BASELINE_PAGE = {
  data: Array.from({ length: 10 }, (_, i) => ({
    id: i + 1,
    title: `Silent Garden of the River ${i + 1}`,
    author: "Nimal Perera",
    price: 1250.5,
    stock: 12,
    category_id: 1,
    category_name: "Novels",
    isbn13: `978000000${String(i + 1).padStart(3, "0")}0`,
    language: "Sinhala",
    binding: "Paperback",
    publisher: "Sarasavi",
    publishing_date: "2020-01-01",
    product_edition: "1st",
    weight: 0.35,
    description: "A story of a family across three generations told with warmth and humour.",
    images: ["/uploads/00000000-0000-4000-8000-000000000000.png"],
    preorder: 0,
    preorder_date: null,
    preordered_stock: 0,
  })),
  page: 1,
  pageSize: 10,
  total: 100_000,
};

type Handler = (
  request: Request,
  info: Deno.ServeHandlerInfo<Deno.NetAddr>,
) => Response | Promise<Response>;

/** The shop's handler with the baseline route in front of it, untouched by its middleware. */
export function withBenchBaseline(shop: Handler): Handler {
  const baseline = new Hono();
  baseline.get(BASELINE_PATH, (c) => c.json(BASELINE_PAGE));
  return (request, info) => {
    const path = request.url.slice(request.url.indexOf("/", request.url.indexOf("//") + 2));
    return path === BASELINE_PATH ? baseline.fetch(request) : shop(request, info);
  };
}
