/**
 * /api/stock-alerts over the in-memory shop: every bad input is a 400 naming its field; a
 * product in stock, archived or unknown is refused; a new request and a repeated one get
 * the same answer; each client's requests are limited (refusals not counted, IPv6 by
 * /64); the mail that goes when the product is back is read as the shopper reads it (in
 * Sinhala and Tamil, through the real renderer and an .eml file), and its unsubscribe link
 * works once and again alike; the owner's list counts who waits.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
// @ts-types="@types/mailparser"
import { simpleParser } from "mailparser";
import { json, testApp } from "../testing/fixture.ts";
import { MemoryRateLimitStore } from "../auth/rate_limit.ts";
import { dispatchDueMail } from "../../domain/orders/dispatch_outbox.ts";
import { MessageFormatMailRenderer } from "../../adapters/mail/render/mod.ts";
import { EmlFileMailer } from "../../adapters/mail/eml_file_mailer.ts";
import { RecordingMailer } from "../../domain/notifications/testing/outbox_fakes.ts";
import { MemoryOrderLookup } from "../../domain/notifications/testing/outbox_fakes.ts";
import type { Mailer } from "../../domain/ports.ts";

const PATH = "/api/stock-alerts";

/** The test shop with its first book sold out, trusting X-Forwarded-For for the client. */
async function shop() {
  const t = await testApp({ trustProxy: true, rateLimits: new MemoryRateLimitStore() });
  assert.equal((await t.catalogue.updateBook(t.ids.book, { stock: 0 })).kind, "ok");
  const ask = (body: unknown, address = "192.0.2.10") =>
    t.app.request(PATH, json("POST", body, { "X-Forwarded-For": address }));
  const body = (overrides: Record<string, unknown> = {}) => ({
    type: "book",
    id: t.ids.book,
    email: "nimal@example.lk",
    language: "si",
    ...overrides,
  });
  return { ...t, ask, body };
}

Deno.test("asking for a sold-out product answers 202, and asking again answers exactly the same", async () => {
  const t = await shop();
  const first = await t.ask(t.body());
  const again = await t.ask(t.body({ email: " NIMAL@example.lk " }));
  const other = await t.ask(t.body({ email: "kamala@example.lk" }));
  assert.equal(first.status, 202);
  const answer = await first.text();
  assert.equal(await again.text(), answer, "a repeated request tells nothing");
  assert.equal(again.status, 202);
  assert.equal(await other.text(), answer);
  assert.deepEqual(JSON.parse(answer), { data: { accepted: true } });
  assert.equal(first.headers.get("Cache-Control"), "no-store");
  const waiting = await (await t.asAdmin(`${PATH}/waiting`)).json();
  assert.deepEqual(waiting.data.map((w: { id: number; waiting: number }) => [w.id, w.waiting]), [
    [t.ids.book, 2],
  ]);
});

Deno.test("every bad input is a 400 naming its field", async () => {
  const t = await shop();
  const cases: [Record<string, unknown>, string][] = [
    [t.body({ email: undefined }), "email"],
    [t.body({ email: "not an address" }), "email"],
    [t.body({ email: "a@b" }), "email"],
    [t.body({ email: `${"a".repeat(250)}@example.lk` }), "email"],
    [t.body({ email: 42 }), "email"],
    [t.body({ type: "pen" }), "type"],
    [t.body({ type: undefined }), "type"],
    [t.body({ id: 0 }), "id"],
    [t.body({ id: -3 }), "id"],
    [t.body({ id: "three" }), "id"],
    [t.body({ id: 1.5 }), "id"],
    [t.body({ language: "fr" }), "language"],
  ];
  for (const [body, field] of cases) {
    const response = await t.ask(body);
    assert.equal(response.status, 400, JSON.stringify(body));
    const error = (await response.json()).error;
    assert.ok(JSON.stringify(error.details).includes(field), `${field}: ${JSON.stringify(error)}`);
  }
  const notJson = await t.app.request(PATH, {
    method: "POST",
    headers: { "Content-Type": "text/plain", "X-Forwarded-For": "192.0.2.10" },
    body: "nimal@example.lk",
  });
  assert.equal(notJson.status, 415);
  const broken = await t.app.request(PATH, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": "192.0.2.10" },
    body: "{",
  });
  assert.equal(broken.status, 400);
  assert.deepEqual((await (await t.asAdmin(`${PATH}/waiting`)).json()).data, []);
});

Deno.test("a product in stock, an archived one and an unknown one are refused with a clear message", async () => {
  const t = await shop();
  const inStock = await t.ask(t.body({ id: t.ids.preorderBook }));
  assert.equal(inStock.status, 409);
  assert.equal((await inStock.json()).error.code, "IN_STOCK");
  const pen = await t.ask(t.body({ type: "stationery", id: t.ids.pen }));
  assert.equal(pen.status, 409);
  const unknown = await t.ask(t.body({ id: 9999 }));
  assert.equal(unknown.status, 404);
  // A book some order named is archived when deleted.
  t.catalogue.ordered.add(`book:${t.ids.book}`);
  assert.equal((await t.catalogue.deleteBook(t.ids.book)).kind, "archived");
  const archived = await t.ask(t.body());
  assert.equal(archived.status, 409);
  const error = (await archived.json()).error;
  assert.equal(error.code, "NOT_ON_SALE");
  assert.match(error.message, /no longer sold/);
});

Deno.test("each client may ask 10 times in 10 minutes; refusals do not count; an IPv6 client counts by its /64", async () => {
  const t = await shop();
  // Refused requests are taken back: they never hold back an honest one.
  for (let i = 0; i < 15; i++) {
    assert.equal((await t.ask(t.body({ id: t.ids.preorderBook }))).status, 409);
  }
  for (let i = 0; i < 10; i++) {
    assert.equal((await t.ask(t.body({ email: `r${i}@example.lk` }))).status, 202);
  }
  const blocked = await t.ask(t.body({ email: "r10@example.lk" }));
  assert.equal(blocked.status, 429);
  assert.ok(Number(blocked.headers.get("Retry-After")) > 0);
  assert.equal((await t.ask(t.body(), "192.0.2.11")).status, 202, "another client is not held");
  for (let i = 0; i < 10; i++) {
    assert.equal(
      (await t.ask(t.body({ email: `v${i}@example.lk` }), `2001:db8:1:2::${i}`)).status,
      202,
    );
  }
  assert.equal((await t.ask(t.body(), "2001:db8:1:2:ffff::1")).status, 429, "same /64");
  assert.equal((await t.ask(t.body(), "2001:db8:1:3::1")).status, 202, "another /64");
  t.clock.advance(10 * 60_000 + 1);
  assert.equal((await t.ask(t.body({ email: "later@example.lk" }))).status, 202);
});

Deno.test("the owner's list of who waits is for admins alone", async () => {
  const t = await shop();
  assert.equal((await t.app.request(`${PATH}/waiting`)).status, 401);
  const customer = await t.app.request(`${PATH}/waiting`, {
    headers: { Authorization: `Bearer ${t.customerToken}` },
  });
  assert.equal(customer.status, 403);
  await t.ask(t.body());
  const pen = await t.ask(
    t.body({ type: "stationery", id: t.ids.pen, email: "x@example.lk" }),
    "192.0.2.12",
  );
  assert.equal(pen.status, 409);
  const list = await (await t.asAdmin(`${PATH}/waiting`)).json();
  assert.equal(list.data.length, 1);
  assert.equal(list.data[0].title, "Madol Doova");
  assert.equal(list.data[0].stock, 0);
  assert.equal(list.data[0].type, "book");
});

/** Sends what the outbox holds through the real renderer, into `mailer`. */
async function dispatch(t: Awaited<ReturnType<typeof shop>>, mailer: Mailer) {
  return await dispatchDueMail({
    outbox: t.outbox,
    orders: new MemoryOrderLookup(),
    renderer: new MessageFormatMailRenderer(t.deps.shop),
    mailer,
    clock: t.clock,
    random: () => 0.5,
    shop: t.deps.shop,
    bank: t.deps.bank,
    stockAlerts: {
      requests: t.stockAlerts,
      catalogue: t.catalogue,
      promotions: t.promotions,
      keys: t.deps.orderKeys,
    },
  });
}

Deno.test("the product back, each shopper gets one mail in their language, with its price, link and a one-click unsubscribe", async () => {
  const t = await shop();
  assert.equal((await t.ask(t.body({ language: "si" }))).status, 202);
  assert.equal((await t.ask(t.body({ email: "kumar@example.lk", language: "ta" }))).status, 202);
  assert.equal((await t.ask(t.body({ type: "stationery", id: t.ids.pen }))).status, 409);
  const restock = await t.asAdmin(
    `/api/books/${t.ids.book}`,
    json("PUT", { addStock: 2 }),
  );
  assert.equal(restock.status, 200);
  // More stock while on sale queues nothing more.
  await t.asAdmin(`/api/books/${t.ids.book}`, json("PUT", { addStock: 1 }));
  const mailer = new RecordingMailer();
  assert.deepEqual(await dispatch(t, mailer), { sent: 2, failed: 0 });
  assert.deepEqual(await dispatch(t, mailer), { sent: 0, failed: 0 }, "each goes once");
  const [si, ta] = mailer.sent;
  assert.equal(si.to, "nimal@example.lk");
  assert.equal(si.subject, "Pothgula: Madol Doova නැවත ලැබී ඇත");
  assert.match(si.text, /සුබ පණිවිඩයක්: ඔබ අපෙන් විමසූ Madol Doova දැන් නැවත මිලදී ගත හැක\./);
  assert.match(si.text, /මිල: LKR 950\.00/);
  assert.match(si.text, /සාප්පුවේ බලන්න: http:\/\/localhost:8000\/si\/books\/\d+/);
  assert.match(si.html, /<html lang="si">/);
  assert.equal(ta.to, "kumar@example.lk");
  assert.equal(ta.subject, "Pothgula: Madol Doova மீண்டும் கிடைக்கிறது");
  assert.match(ta.text, /விலை: LKR 950\.00/);
  assert.match(ta.text, /கடையில் பாருங்கள்: http:\/\/localhost:8000\/ta\/books\/\d+/);
  assert.match(
    ta.text,
    /குழுவிலகுங்கள்:\n\nhttp:\/\/localhost:8000\/ta\/stock-alerts\/unsubscribe\?token=/,
  );
  // The mail program's one-click unsubscribe (RFC 8058): a POST with the form body.
  const oneClick = si.listUnsubscribe!;
  assert.match(oneClick, /^http:\/\/localhost:8000\/api\/stock-alerts\/unsubscribe\?token=\d+\./);
  const post = () =>
    t.app.request(oneClick.replace("http://localhost:8000", ""), {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
  const first = await post();
  assert.equal(first.status, 200);
  assert.deepEqual(await first.json(), { data: { unsubscribed: true } });
  const again = await post();
  assert.equal(again.status, 200, "a second click is no error");
  // The link in the body names the same token.
  const pageToken = /stock-alerts\/unsubscribe\?token=([^\s]+)/.exec(si.text)![1];
  assert.equal(new URL(oneClick).searchParams.get("token"), decodeURIComponent(pageToken));
  const request = await t.stockAlerts.find(1);
  assert.ok(request?.unsubscribedAt);
  // A forged or mangled token is refused, and tells nothing.
  for (const token of ["1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "1", "x.y", "2.abc"]) {
    const forged = await t.app.request(`${PATH}/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: "POST",
    });
    assert.equal(forged.status, 404, token);
  }
  assert.equal((await t.app.request(`${PATH}/unsubscribe`, { method: "POST" })).status, 400);
});

Deno.test("the mail written to an .eml file carries List-Unsubscribe and List-Unsubscribe-Post", async () => {
  const t = await shop();
  await t.ask(t.body({ language: "ta" }));
  await t.catalogue.updateBook(t.ids.book, { stock: 1 });
  const dir = await Deno.makeTempDir();
  try {
    const mailer = new EmlFileMailer({ dir, from: "Pothgula <orders@pothgula.lk>" });
    assert.deepEqual(await dispatch(t, mailer), { sent: 1, failed: 0 });
    const [entry] = [...Deno.readDirSync(dir)];
    const parsed = await simpleParser(Buffer.from(await Deno.readFile(`${dir}/${entry.name}`)));
    assert.equal(parsed.subject, "Pothgula: Madol Doova மீண்டும் கிடைக்கிறது");
    // Headers unfolded, as a mail program reads them.
    const raw = new TextDecoder().decode(await Deno.readFile(`${dir}/${entry.name}`))
      .replace(/\r?\n[ \t]+/g, " ");
    assert.match(
      raw,
      /List-Unsubscribe: <http:\/\/localhost:8000\/api\/stock-alerts\/unsubscribe\?token=/,
    );
    assert.match(raw, /List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a shopper who unsubscribed before the mail went gets none", async () => {
  const t = await shop();
  await t.ask(t.body());
  await t.catalogue.updateBook(t.ids.book, { stock: 1 });
  assert.deepEqual(await t.stockAlerts.unsubscribe(1, t.clock.now()), { kind: "done", ended: 0 });
  const mailer = new RecordingMailer();
  assert.deepEqual(await dispatch(t, mailer), { sent: 0, failed: 1 });
  assert.equal(mailer.sent.length, 0);
});
