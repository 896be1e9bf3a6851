/**
 * An in-memory shop API speaking the HTTP contract, for the admin's browser tests: it
 * records every request it gets so that a test can check what the screens sent.
 */
import type {
  WireBook,
  WireCategory,
  WireOrder,
  WireStationery,
} from "../../../contract/records.ts";
import { listPage } from "./fake_list_page.ts";

export const ADMIN_EMAIL = "admin@pothgula.lk";
export const ADMIN_PASSWORD = "correct horse";
/** The password that the fake answers with 429 and Retry-After: 900. */
export const HAMMERED_PASSWORD = "hammered";
const TOKEN = "admin-token";

export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | null;
  /** The query parameters, by name. */
  query: Record<string, string>;
  json?: unknown;
  form?: Record<string, string | string[]>;
}

function error(status: number, code: string, message: string, details?: unknown, headers = {}) {
  return Response.json({
    error: details === undefined ? { code, message } : { code, message, details },
  }, {
    status,
    headers,
  });
}

export function book(id: number, overrides: Partial<WireBook> = {}): WireBook {
  return {
    id,
    title: `Book ${id}`,
    author: "Martin Wickramasinghe",
    price: 950,
    stock: 10,
    category_id: 1,
    category_name: "Novels",
    isbn13: `978000000${String(id).padStart(4, "0")}`,
    language: "Sinhala",
    binding: "Paperback",
    publisher: "Sarasa",
    publishing_date: "2019-05-01",
    product_edition: "1",
    weight: 0.35,
    description: null,
    images: ["/uploads/cover.png"],
    preorder: 0,
    preorder_date: null,
    preordered_stock: 0,
    ...overrides,
  };
}

export function order(id: number, overrides: Partial<WireOrder> = {}): WireOrder {
  return {
    id,
    user_id: null,
    status: "pending",
    order_date: "2026-11-20T09:30:00Z",
    name: "Nimal Perera",
    address: "12 Galle Road",
    email: "nimal@example.lk",
    phone: "0771234567",
    postal_code: "10400",
    province_name: "Western",
    district_name: "Colombo",
    area_name: "Moratuwa",
    total: 1900,
    delivery_fee: 400,
    payment_method: "COD",
    payment_status: "unpaid",
    items: [
      {
        id: id * 10,
        type: "book",
        book_id: 1,
        title: "Book 1",
        isbn13: "9780000000001",
        quantity: 2,
        price: 950,
        line_total: 1900,
      },
    ],
    courier: null,
    tracking_number: null,
    reject_reason: null,
    expires_at: null,
    locale: "en",
    events: [],
    payment_proofs: [],
    ...overrides,
  };
}

/** The fake's state: tests seed and inspect it. */
export class FakeShopApi {
  categories: WireCategory[] = [{ id: 1, name: "Novels" }, { id: 2, name: "Children" }];
  stationeryCategories: WireCategory[] = [{ id: 1, name: "Pens" }];
  books: WireBook[] = [];
  stationery: WireStationery[] = [];
  orders: WireOrder[] = [];
  requests: RecordedRequest[] = [];
  /** When true every call with a token answers 401, as after a server restart with a new key. */
  revokeTokens = false;
  #nextId = 100;

  async handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname;
    const method = request.method;
    const recorded: RecordedRequest = {
      method,
      path,
      authorization: request.headers.get("Authorization"),
      query: Object.fromEntries(url.searchParams),
    };
    this.requests.push(recorded);
    if ((request.headers.get("Content-Type") ?? "").startsWith("multipart/form-data")) {
      const form: Record<string, string | string[]> = {};
      for (const [name, value] of (await request.formData()).entries()) {
        const text = typeof value === "string" ? value : `file:${value.name}:${value.type}`;
        const before = form[name];
        form[name] = before === undefined ? text : [...[before].flat(), text];
      }
      recorded.form = form;
    } else if (method !== "GET" && method !== "DELETE") {
      const text = await request.text();
      recorded.json = text === "" ? undefined : JSON.parse(text); // logout sends no body
    }

    if (path === "/api/auth/login" && method === "POST") return this.#login(recorded.json);
    const isPublicRead = method === "GET" && !path.startsWith("/api/orders");
    if (!isPublicRead && (this.revokeTokens || recorded.authorization !== `Bearer ${TOKEN}`)) {
      return error(401, "UNAUTHORIZED", "Missing or invalid token");
    }
    return this.#route(method, path, url.searchParams, recorded) ??
      error(404, "NOT_FOUND", `No route ${method} ${path}`);
  }

  #login(body: unknown): Response {
    const { email, password } = body as { email: string; password: string };
    if (password === HAMMERED_PASSWORD) {
      return error(429, "TOO_MANY_REQUESTS", "Too many attempts", { retryAfterSeconds: 900 }, {
        "Retry-After": "900",
      });
    }
    if (email !== ADMIN_EMAIL || password !== ADMIN_PASSWORD) {
      return error(401, "UNAUTHORIZED", "Invalid credentials");
    }
    return Response.json({
      token: TOKEN,
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    });
  }

  #route(
    method: string,
    path: string,
    query: URLSearchParams,
    req: RecordedRequest,
  ): Response | undefined {
    if (method === "POST" && path === "/api/auth/logout") {
      return new Response(null, { status: 204 });
    }
    if (method === "POST" && path === "/api/auth/password") {
      const body = req.json as { currentPassword?: string; newPassword?: string };
      if (body.currentPassword !== ADMIN_PASSWORD) {
        const message = "Current password is not right";
        return error(400, "VALIDATION_FAILED", message, [{ field: "currentPassword", message }]);
      }
      return Response.json({
        token: TOKEN,
        expiresAt: new Date(Date.now() + 3600_000).toISOString(),
        role: "admin",
      });
    }
    const id = Number(path.split("/").pop());
    const kind = path.startsWith("/api/books")
      ? "books"
      : path.startsWith("/api/stationery/") || path === "/api/stationery"
      ? "stationery"
      : undefined;
    const list = (kind === "books" ? this.books : this.stationery) as (WireBook | WireStationery)[];
    if (method === "GET" && kind) return listPage(kind, list, query);
    if (method === "GET" && path === "/api/categories") {
      return Response.json({ data: this.categories });
    }
    if (method === "GET" && path === "/api/stationery-categories") {
      return Response.json({ data: this.stationeryCategories });
    }
    if (
      method === "POST" && (path === "/api/categories" || path === "/api/stationery-categories")
    ) {
      const all = path === "/api/categories" ? this.categories : this.stationeryCategories;
      const name = (req.json as { name: string }).name;
      if (all.some((c) => c.name.toLowerCase() === name.toLowerCase())) {
        const message = "Category with this name already exists";
        return error(409, "DUPLICATE", message, [{ field: "name", message }]);
      }
      const created = { id: this.#nextId++, name };
      all.push(created);
      return Response.json({ data: created }, { status: 201 });
    }
    if (method === "POST" && path === "/api/books") return this.#addBook(req.form ?? {});
    if (method === "POST" && path === "/api/stationery") {
      const f = req.form ?? {};
      const item: WireStationery = {
        id: this.#nextId++,
        title: String(f.title),
        price: Number(f.price),
        stock: Number(f.stock),
        weight: Number(f.weight),
        category_id: Number(f.categoryId),
        category_name: "Pens",
        image: "/uploads/x.png",
      };
      this.stationery.push(item);
      return Response.json({ data: item }, { status: 201 });
    }
    const found = list.find((item) => item.id === id);
    if (kind && !found) return error(404, "NOT_FOUND", "No such item");
    if (method === "PUT" && found && path.includes("/price/")) {
      found.price = (req.json as { price: number }).price;
      return Response.json({ data: found });
    }
    if (method === "PUT" && found) {
      const changes = req.json as Record<string, unknown>;
      if (typeof changes.addStock === "number") found.stock += changes.addStock;
      if (typeof changes.price === "number") found.price = changes.price;
      const b = found as WireBook;
      if (changes.preorder !== undefined) b.preorder = changes.preorder ? 1 : 0;
      if (changes.preorderDate !== undefined) b.preorder_date = changes.preorderDate as string;
      if (changes.preorderedStock !== undefined) {
        b.preordered_stock = changes.preorderedStock as number;
      }
      return Response.json({ data: found });
    }
    if (method === "DELETE" && found) {
      list.splice(list.indexOf(found), 1);
      return new Response(null, { status: 204 });
    }
    return this.#orders(method, path, req);
  }

  #addBook(f: Record<string, string | string[]>): Response {
    if (this.books.some((b) => b.isbn13 === f.isbn13)) {
      const message = "Book with this ISBN-13 already exists";
      return error(409, "DUPLICATE", message, [{ field: "isbn13", message }]);
    }
    const created = book(this.#nextId++, {
      title: String(f.title),
      author: String(f.author),
      price: Number(f.price),
      stock: Number(f.stock),
      isbn13: String(f.isbn13),
      preorder: f.preorder === "1" ? 1 : 0,
    });
    this.books.push(created);
    return Response.json({ data: created }, { status: 201 });
  }

  #orders(method: string, path: string, req: RecordedRequest): Response | undefined {
    if (method === "GET" && (path === "/api/orders" || path === "/api/orders/export")) {
      // As the shop reads a term: part of a name or e-mail, an order number, phone digits.
      const q = (req.query.q ?? "").trim().toLowerCase();
      const digits = q.replace(/\D/g, "").replace(/^(94|0)/, "");
      const found = this.orders.filter((o) =>
        (q === "" || o.name.toLowerCase().includes(q) || o.email.toLowerCase().includes(q) ||
          String(o.id) === q.replace(/^#/, "") ||
          (digits !== "" && o.phone.replace(/\D/g, "").replace(/^(94|0)/, "").includes(digits))) &&
        (!req.query.status || o.status === req.query.status) &&
        (!req.query.paymentStatus || o.payment_status === req.query.paymentStatus) &&
        (!req.query.paymentMethod || o.payment_method === req.query.paymentMethod) &&
        (!req.query.from || o.order_date.slice(0, 10) >= req.query.from) &&
        (!req.query.to || o.order_date.slice(0, 10) <= req.query.to)
      );
      if (path === "/api/orders/export") {
        const rows = found.map((o) => `${o.id},${o.name}`).join("\r\n");
        return new Response(`\ufefforderId,name\r\n${rows}\r\n`, {
          headers: { "Content-Type": "text/csv; charset=utf-8" },
        });
      }
      const page = Number(req.query.page ?? 1);
      const pageSize = Number(req.query.pageSize ?? 20);
      const data = found.slice((page - 1) * pageSize, page * pageSize);
      return Response.json({ data, page, pageSize, total: found.length });
    }
    const one = /^\/api\/orders\/(\d+)$/.exec(path);
    if (method === "GET" && one) {
      const found = this.orders.find((o) => o.id === Number(one[1]));
      if (!found) return error(404, "NOT_FOUND", `Order ${one[1]} not found`);
      return Response.json({ data: found });
    }
    const notes = /^\/api\/orders\/(\d+)\/notes$/.exec(path);
    if (method === "POST" && notes) {
      const found = this.orders.find((o) => o.id === Number(notes[1]));
      if (!found) return error(404, "NOT_FOUND", `Order ${notes[1]} not found`);
      found.events = [...found.events ?? [], {
        at: "2026-11-21T06:00:00Z",
        kind: "note",
        actor: "admin",
        note: (req.json as { note: string }).note,
      }];
      return Response.json({ data: found }, { status: 201 });
    }
    const proof = /^\/api\/orders\/(\d+)\/payment-proofs\/(\d+)$/.exec(path);
    if (method === "GET" && proof) {
      const pdf = `%PDF-1.4\n% deposit slip ${proof[2]} of order ${proof[1]}\n%%EOF\n`;
      return new Response(pdf, { headers: { "Content-Type": "application/pdf" } });
    }
    const payment = /^\/api\/orders\/(\d+)\/payment$/.exec(path);
    if (method === "PUT" && payment) {
      const found = this.orders.find((o) => o.id === Number(payment[1]));
      if (!found) return error(404, "NOT_FOUND", "No such order");
      if (found.status === "rejected") return error(409, "INVALID_STATE", "Order is rejected");
      const status = (req.json as { status: "paid" | "unpaid" }).status;
      found.payment_status = status;
      found.events = [...found.events ?? [], {
        at: "2026-11-21T06:05:00Z",
        kind: status,
        actor: "admin",
        note: null,
      }];
      return Response.json({ data: found });
    }
    if (method === "GET" && path === "/api/orders/stats") {
      const completed = this.orders.filter((o) => o.status === "completed");
      const completedItemsTotal = completed.reduce((sum, o) => sum + o.total, 0);
      const count = (s: string) => this.orders.filter((o) => o.status === s).length;
      return Response.json({
        data: {
          completedItemsTotal,
          pending: count("pending"),
          completed: completed.length,
          rejected: count("rejected"),
          awaitingPayment: this.orders.filter((o) =>
            o.status === "pending" && o.payment_status !== "paid"
          ).length,
          proofsToCheck: this.orders.filter((o) =>
            o.status === "pending" && o.payment_status === "proof_submitted"
          ).length,
          today: { orders: 0, subtotal: 0 },
        },
      });
    }
    if (method === "PUT" && path === "/api/orders/status") {
      const { id, status } = req.json as { id: number; status: "completed" | "rejected" };
      const found = this.orders.find((o) => o.id === id);
      if (!found) return error(404, "NOT_FOUND", "No such order");
      if (found.status !== "pending") return error(409, "INVALID_STATE", "Order is not pending");
      found.status = status;
      return Response.json({ data: found });
    }
    const slip = /^\/api\/orders\/(\d+)\/slip$/.exec(path);
    if (method === "GET" && slip) {
      const pdf = `%PDF-1.4\n% slip of order ${slip[1]}\n%%EOF\n`;
      return new Response(pdf, { headers: { "Content-Type": "application/pdf" } });
    }
    return undefined;
  }
}
