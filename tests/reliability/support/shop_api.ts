/** The shop's HTTP API as a shopper and the admin call it, for tests against a running shop. */
import { TINY_PNG } from "../../../http/uploads/testing/images.ts";
import { isbn13CheckDigit } from "../../../domain/catalogue/isbn.ts";

export const ADMIN = { email: "ops@pothgula.lk", password: "a long test password" };

/** The environment every test process of the shop gets. */
export function shopEnv(databaseUrl: string, dataDir: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    JWT_SECRET: "reliability-tests-secret-of-at-least-32-characters",
  };
}

/** An ISBN-13 with a right check digit, from a 12-digit stem. */
export function isbn13(stem: number): string {
  const digits = String(978_000_000_000 + stem).padStart(12, "0").slice(0, 12);
  return digits + String(isbn13CheckDigit(digits));
}

async function ok(response: Response, what: string): Promise<unknown> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what}: ${response.status} ${text.slice(0, 500)}`);
  return text ? JSON.parse(text) : undefined;
}

export async function login(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  return ((await ok(response, "login")) as { token: string }).token;
}

export async function createCategory(url: string, token: string, name: string): Promise<number> {
  const response = await fetch(`${url}/api/categories`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({ name }),
  });
  return ((await ok(response, "create category")) as { data: { id: number } }).data.id;
}

export interface CreatedBook {
  id: number;
  price: number;
  images: string[];
}

/** A book at LKR 1,000 and 0.35 kg with one PNG cover, uploaded through `url`. */
export async function createBook(
  url: string,
  token: string,
  fields: { title: string; stock: number; categoryId: number; isbnStem: number },
): Promise<CreatedBook> {
  const form = new FormData();
  const text: Record<string, string> = {
    title: fields.title,
    author: "Martin Wickramasinghe",
    price: "1000",
    stock: String(fields.stock),
    categoryId: String(fields.categoryId),
    isbn13: isbn13(fields.isbnStem),
    language: "Sinhala",
    binding: "Paperback",
    publisher: "Sarasa",
    publishingDate: "1947-01-01",
    productEdition: "1st",
    weight: "0.35",
    description: "A boy's adventures in the south",
    preorder: "0",
  };
  for (const [name, value] of Object.entries(text)) form.append(name, value);
  form.append("images", new Blob([new Uint8Array(TINY_PNG)], { type: "image/png" }), "cover.png");
  const response = await fetch(`${url}/api/books`, {
    method: "POST",
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  return ((await ok(response, "create book")) as { data: CreatedBook }).data;
}

export interface Destination {
  province: number;
  district: number;
  area: number;
}

/** The first area of the first district of the first province. */
export async function firstDestination(url: string): Promise<Destination> {
  const first = async (path: string) =>
    ((await ok(await fetch(`${url}${path}`), path)) as { data: { id: number }[] }).data[0].id;
  const province = await first("/api/locations/provinces");
  const district = await first(`/api/locations/districts?provinceId=${province}`);
  const area = await first(`/api/locations/areas?districtId=${district}`);
  return { province, district, area };
}

/** One copy of `book`, paid by Bank Deposit, by a shopper told apart by `email`. */
export function orderBody(book: CreatedBook, destination: Destination, email: string) {
  return {
    total: book.price,
    name: "Nimal Perera",
    address: "12 Galle Road",
    email,
    phone: "077 123 4567",
    postalCode: "10370",
    ...destination,
    paymentMethod: "Bank Deposit",
    items: [{ id: book.id, quantity: 1, type: "book" }],
  };
}

export interface Answer {
  /** 0 when no answer came (connection refused or dropped, or the time limit passed). */
  status: number;
  code?: string;
  orderId?: number;
  retryAfter?: string | null;
  error?: string;
}

/** Places an order; never throws: a missing answer is status 0 with the reason. */
export async function placeOrder(
  url: string,
  body: unknown,
  options: { timeoutMs?: number } = {},
): Promise<Answer> {
  try {
    const response = await fetch(`${url}/api/orders`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    const text = await response.text();
    let json: { orderId?: number; error?: { code?: string } } = {};
    try {
      json = JSON.parse(text);
    } catch {
      // A non-JSON answer keeps only its status.
    }
    return {
      status: response.status,
      code: json.error?.code,
      orderId: json.orderId,
      retryAfter: response.headers.get("Retry-After"),
    };
  } catch (error) {
    return {
      status: 0,
      error: error instanceof Error ? error.name + ": " + error.message : String(error),
    };
  }
}

/** Counts answers by status: `{201: 100, 409: 1900}`. */
export function tally(answers: readonly Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
}
