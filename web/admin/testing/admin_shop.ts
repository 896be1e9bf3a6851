/**
 * The shop itself for the admin's browser tests: the real HTTP app (`createApp`) over the
 * in-memory ports of http/testing/fixture.ts, with the real pages (the admin shell, the
 * built bundle under /assets/) and /uploads/, and an admin account that logs in with its
 * password. `serveShop` puts it on a loopback port and keeps what the browser sent.
 */
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../../http/deps.ts";
import { pagesApp } from "../../../http/pages/mod.ts";
import { json, type TestApp, testApp } from "../../../http/testing/fixture.ts";
import { FakeClock, MemorySessions, testSecret } from "../../../http/auth/testing/fakes.ts";
import { TokenService } from "../../../http/auth/tokens.ts";
import { TINY_PNG } from "../../../http/uploads/testing/images.ts";

export const ADMIN_EMAIL = "admin@pothgula.lk";
export const ADMIN_PASSWORD = "correct horse";

/** One call the browser made to the API, as the shop received it. */
export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | null;
  /** The query parameters, by name. */
  query: Record<string, string>;
  json?: unknown;
  /** A multipart form's fields; a file is written `file:{name}:{type}`. */
  form?: Record<string, string | string[]>;
}

export interface AdminShop {
  /** The whole app: the API, the pages and the uploaded images. */
  app: Hono<AppEnv>;
  deps: AppDeps;
  catalogue: TestApp["catalogue"];
  orders: TestApp["orders"];
  images: TestApp["images"];
  slips: TestApp["slips"];
  /** The mails waiting to be sent (an admin's reset link among them). */
  outbox: TestApp["outbox"];
  /** Stands still at the moment the shop was made (the browser checks a token's expiry). */
  clock: FakeClock;
  tokens: TokenService;
  /** The fixture's products: the books Madol Doova and Gamperaliya, the pen Atlas pen, blue. */
  ids: TestApp["ids"];
  admin: { id: number; email: string };
  /** Calls the app in-process with the token of a real login as the admin. */
  asAdmin(path: string, init?: RequestInit): Promise<Response>;
  /** The API calls the browser made, in order. */
  requests: RecordedRequest[];
}

/**
 * A fresh shop: the fixture's catalogue (category "Novels" with Madol Doova and the
 * pre-order Gamperaliya, category "Pens" with a pen), their images stored, and the admin.
 */
export async function adminShop(overrides: Partial<AppDeps> = {}): Promise<AdminShop> {
  // Now, not the fixture's fixed day: the admin's browser drops a session whose expiry it
  // reads as past on its own clock.
  const clock = new FakeClock(new Date().toISOString());
  const tokens = new TokenService({ secret: testSecret(), clock, sessions: new MemorySessions() });
  // The pages read the catalogue that testApp makes: the app mounts this front, which hands
  // each request to them once they are made.
  const made: { pages?: Hono } = {};
  const front = new Hono();
  front.all("*", (c) => made.pages!.fetch(c.req.raw, c.env));
  const base = await testApp({ clock, tokens, pages: front, ...overrides });
  const { app, deps, catalogue, images } = base;
  made.pages = pagesApp({
    catalogue: deps.catalogue,
    locations: deps.locations,
    bank: deps.bank,
    shop: deps.shop,
    logger: deps.logger,
    ownerPages: deps.ownerPages,
  });
  for (const key of ["madol.png", "pen.png"]) {
    images.images.set(key, { bytes: TINY_PNG.slice(), contentType: "image/png" });
  }
  const admin = await deps.accounts.upsertAdmin(
    ADMIN_EMAIL,
    await deps.hasher.hash(ADMIN_PASSWORD),
    "environment",
  );
  let token: Promise<string> | undefined;
  const logIn = async () => {
    const login = await app.request(
      "/api/auth/login",
      json("POST", { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    );
    if (login.status !== 200) throw new Error(`The admin could not log in: ${login.status}`);
    return (await login.json() as { token: string }).token;
  };
  return {
    app,
    deps,
    catalogue,
    orders: base.orders,
    images,
    slips: base.slips,
    outbox: base.outbox,
    clock,
    tokens,
    ids: base.ids,
    admin: { id: admin.id, email: admin.email },
    async asAdmin(path, init = {}) {
      const headers = new Headers(init.headers);
      headers.set("Authorization", `Bearer ${await (token ??= logIn())}`);
      return await app.request(path, { ...init, headers });
    },
    requests: [],
  };
}

async function record(request: Request): Promise<RecordedRequest> {
  const url = new URL(request.url);
  const recorded: RecordedRequest = {
    method: request.method,
    path: url.pathname,
    authorization: request.headers.get("Authorization"),
    query: Object.fromEntries(url.searchParams),
  };
  const type = request.headers.get("Content-Type") ?? "";
  if (type.startsWith("multipart/form-data")) {
    const form: Record<string, string | string[]> = {};
    for (const [name, value] of (await request.formData()).entries()) {
      const text = typeof value === "string" ? value : `file:${value.name}:${value.type}`;
      const before = form[name];
      form[name] = before === undefined ? text : [...[before].flat(), text];
    }
    recorded.form = form;
  } else if (type.startsWith("application/json")) {
    const text = await request.text();
    recorded.json = text === "" ? undefined : JSON.parse(text);
  }
  return recorded;
}

/** Serves the shop on a free loopback port; `close()` stops it. */
export function serveShop(shop: AdminShop): { url: string; close(): Promise<void> } {
  const server = Deno.serve(
    { port: 0, hostname: "127.0.0.1", onListen: () => {} },
    async (request, info) => {
      if (new URL(request.url).pathname.startsWith("/api/")) {
        shop.requests.push(await record(request.clone()));
      }
      // The connection's address goes along, as Deno.serve gives it to the shop in production.
      return await shop.app.fetch(request, info);
    },
  );
  return { url: `http://127.0.0.1:${server.addr.port}`, close: () => server.shutdown() };
}
