/**
 * What the admin's browser tests find in the shop when they start, put there as the shop
 * itself would have it: products through the catalogue port, orders placed at the
 * checkout's route as a shopper places them (the shop prices them) and moved on through
 * the admin's own routes.
 */
import { json, newBook, orderBody } from "../../../http/testing/fixture.ts";
import { TINY_PNG } from "../../../http/uploads/testing/images.ts";
import type { PaymentMethod } from "../../../domain/orders/model.ts";
import type { AdminShop } from "./admin_shop.ts";

/** An ISBN-13 with its check digit, from its first twelve digits. */
export function isbn13(first12: string): string {
  const sum = [...first12].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return first12 + String((10 - sum % 10) % 10);
}

function ok<T>(result: { kind: string; value?: T }, what: string): T {
  if (result.kind !== "ok" || result.value === undefined) {
    throw new Error(`${what} could not be seeded: ${result.kind}`);
  }
  return result.value;
}

/**
 * The catalogue most screens are tested on: the fixture's books (Madol Doova, 5 in stock,
 * and the pre-order Gamperaliya, 3 in stock) and pen, a second book category "Children",
 * and "Book 3" to "Book 23" in "Novels" (LKR 950, 10 in stock each), so that the books'
 * table has two pages of 20.
 */
export async function seedCatalogue(shop: AdminShop): Promise<void> {
  ok(await shop.catalogue.createCategory("Children"), "Children");
  shop.images.images.set("cover.png", { bytes: TINY_PNG.slice(), contentType: "image/png" });
  const [novels] = await shop.catalogue.listCategories();
  for (let n = 3; n <= 23; n++) {
    ok(
      await shop.catalogue.createBook(newBook({
        title: `Book ${n}`,
        isbn13: isbn13(`978955100${String(n).padStart(3, "0")}`),
        priceCents: 95_000,
        stock: 10,
        categoryId: novels.id,
        description: null,
        images: ["/uploads/cover.png"],
      })),
      `Book ${n}`,
    );
  }
}

/** The id of the live book with this title. */
export async function bookId(shop: AdminShop, title: string): Promise<number> {
  const page = await shop.catalogue.listBooks(
    { q: title, inStock: true, outOfStock: true },
    { page: 1, pageSize: 100 },
  );
  const found = page.items.find((book) => book.title === title);
  if (!found) throw new Error(`No book "${title}"`);
  return found.id;
}

async function expect(response: Response, status: number, what: string): Promise<Response> {
  if (response.status !== status) {
    throw new Error(`${what}: ${response.status} ${await response.text()}`);
  }
  return response;
}

export interface PlacedOrder {
  id: number;
  /** The key of the order's page, which the shopper keeps. */
  key: string;
  /** What the shopper pays: the items and the delivery fee, in rupees. */
  subtotal: number;
}

export interface OrderPlacement {
  /** Books and how many copies of each. */
  books: { id: number; quantity: number }[];
  name?: string;
  email?: string;
  phone?: string;
  paymentMethod?: PaymentMethod;
}

/** Places a guest order to Mount Lavinia at the checkout's route, as a shopper does. */
export async function placeOrder(shop: AdminShop, order: OrderPlacement): Promise<PlacedOrder> {
  let totalCents = 0;
  for (const { id, quantity } of order.books) {
    const book = await shop.catalogue.findBook(id);
    if (!book) throw new Error(`No book ${id} to order`);
    totalCents += book.priceCents * quantity;
  }
  const { books, ...contact } = order;
  const body = orderBody(books[0].id, {
    ...Object.fromEntries(Object.entries(contact).filter(([, v]) => v !== undefined)),
    total: totalCents / 100,
    items: books.map(({ id, quantity }) => ({ id, quantity, type: "book" })),
  });
  const response = await expect(
    await shop.app.request("/api/orders", json("POST", body)),
    201,
    "The order was not placed",
  );
  const placed = await response.json() as { orderId: number; orderUrl: string; subtotal: number };
  const key = new URL(placed.orderUrl).searchParams.get("key") ?? "";
  return { id: placed.orderId, key, subtotal: placed.subtotal };
}

/** Confirms (completes) or rejects a pending order, as the admin does. */
export async function moveOrder(
  shop: AdminShop,
  id: number,
  status: "completed" | "rejected",
): Promise<void> {
  await expect(
    await shop.asAdmin("/api/orders/status", json("PUT", { id, status })),
    200,
    `Order ${id} was not ${status}`,
  );
}

/** Records an order paid, as the admin does when the money has come. */
export async function markPaid(shop: AdminShop, id: number): Promise<void> {
  await expect(
    await shop.asAdmin(`/api/orders/${id}/payment`, json("PUT", { status: "paid" })),
    200,
    `Order ${id} was not marked paid`,
  );
}

/** Sends a PDF deposit slip for a Bank Deposit order, as its shopper does; its proof id. */
export async function sendDepositSlip(shop: AdminShop, order: PlacedOrder): Promise<number> {
  const form = new FormData();
  const pdf = new TextEncoder().encode(`%PDF-1.4\n% deposit slip of order ${order.id}\n%%EOF\n`);
  form.append("proof", new File([pdf], "slip.pdf", { type: "application/pdf" }));
  await expect(
    await shop.app.request(
      `/api/orders/${order.id}/payment-proof?key=${encodeURIComponent(order.key)}`,
      { method: "POST", body: form },
    ),
    201,
    `No deposit slip for order ${order.id}`,
  );
  const stored = await shop.orders.findById(order.id);
  const proof = stored?.paymentProofs.at(-1);
  if (!proof) throw new Error(`Order ${order.id} kept no deposit slip`);
  return proof.id;
}
