/**
 * The audit trail over HTTP on the memory ports: an entry for each kind of change (price,
 * stock, product with its sale price and archiving, category, order status, payment status,
 * promotion, admin account), each with who made it and the changed fields' values before and
 * after; shoppers, the lapse job and the card gateway named for theirs; stock moved by
 * orders left out; the log's filters; bad queries 400; no route that writes an entry.
 */
import assert from "node:assert/strict";
import { json, orderBody, type TestApp, testApp } from "../testing/fixture.ts";
import { noticeSignature, PayHereGateway } from "../../adapters/payments/payhere.ts";
import { lapseDueOrders } from "../../domain/orders/lapse_orders.ts";
import { LAPSE_ACTOR } from "../../adapters/jobs/lapse_worker.ts";
import { ADMIN_ROUTES } from "../../contract/routes/mod.ts";

const ADMIN = { kind: "admin", id: 1, email: "admin@pothgula.lk", role: "owner", name: null };

/** Calls the app as the admin with a token of its own (the tests move the clock past the fixture's). */
async function asAdmin(t: TestApp, path: string, init: RequestInit = {}) {
  const { token } = await t.deps.tokens.issueAdminToken({ id: 1, email: "admin@pothgula.lk" });
  const headers = new Headers(init.headers);
  headers.set("Authorization", `Bearer ${token}`);
  return await t.app.request(path, { ...init, headers });
}

// deno-lint-ignore no-explicit-any
type Entry = any;

async function log(t: TestApp, query = ""): Promise<{ data: Entry[]; total: number }> {
  const answer = await asAdmin(t, `/api/audit${query}`);
  assert.equal(answer.status, 200, await answer.clone().text());
  return await answer.json();
}

/** The newest entry of a record. */
async function latest(t: TestApp, type: string, id: number) {
  const { data } = await log(t, `?subjectType=${type}&subjectId=${id}`);
  assert.ok(data.length > 0, `no entry for ${type} ${id}`);
  return data[0];
}

async function ok(response: Response, status = 200) {
  const text = await response.text();
  assert.equal(response.status, status, text);
  return text === "" ? undefined : JSON.parse(text);
}

async function placeOrder(t: TestApp, overrides: Record<string, unknown> = {}) {
  return (await ok(
    await t.app.request("/api/orders", json("POST", orderBody(t.ids.book, overrides))),
    201,
  ))
    .orderId as number;
}

Deno.test("a price, a stock count, a product's fields, its sale price and its archiving are each an entry with the admin and the values before and after", async () => {
  const t = await testApp();
  const book = t.ids.book;
  await ok(await t.asAdmin(`/api/books/price/${book}`, json("PUT", { price: 1000 })));
  let entry = await latest(t, "book", book);
  assert.deepEqual(entry.actor, ADMIN);
  assert.equal(entry.action, "update");
  assert.deepEqual(entry.kinds, ["price"]);
  assert.deepEqual(entry.before, { price_cents: 95_000 });
  assert.deepEqual(entry.after, { price_cents: 100_000 });

  await ok(await t.asAdmin(`/api/books/${book}`, json("PUT", { stock: 9 })));
  entry = await latest(t, "book", book);
  assert.deepEqual([entry.kinds, entry.before, entry.after], [["stock"], { stock: 5 }, {
    stock: 9,
  }]);

  await ok(await t.asAdmin(`/api/books/${book}`, json("PUT", { title: "Madol Duwa" })));
  entry = await latest(t, "book", book);
  assert.deepEqual([entry.kinds, entry.before, entry.after], [
    ["product"],
    { title: "Madol Doova" },
    { title: "Madol Duwa" },
  ]);

  await ok(
    await t.asAdmin(`/api/books/${book}`, json("PUT", { salePrice: 800, saleEnds: "2026-09-25" })),
  );
  entry = await latest(t, "book", book);
  assert.deepEqual([entry.kinds, entry.before, entry.after], [
    ["price"],
    { sale_price_cents: null, sale_ends: null },
    { sale_price_cents: 80_000, sale_ends: "2026-09-25" },
  ]);

  // A book an order refers to is archived when deleted; one no order refers to is erased.
  await placeOrder(t, { items: [{ id: book, quantity: 1, type: "book" }], total: 800 });
  await ok(await t.asAdmin(`/api/books/${book}`, { method: "DELETE" }), 204);
  entry = await latest(t, "book", book);
  assert.deepEqual([entry.action, entry.kinds, entry.before, entry.after], [
    "update",
    ["product"],
    { archived: false },
    { archived: true },
  ]);
  await ok(await t.asAdmin(`/api/stationery/${t.ids.pen}`, { method: "DELETE" }), 204);
  entry = await latest(t, "stationery", t.ids.pen);
  assert.equal(entry.action, "delete");
  assert.equal(entry.before.title, "Atlas pen, blue");
  assert.deepEqual(entry.after, {});
  assert.ok(entry.kinds.includes("price") && entry.kinds.includes("product"));
});

Deno.test("a stationery item's change and a stock adjustment are entries of the item", async () => {
  const t = await testApp();
  await ok(
    await t.asAdmin(
      `/api/stationery/${t.ids.pen}`,
      json("PUT", { title: "Atlas pen, black", price: 55 }),
    ),
  );
  let entry = await latest(t, "stationery", t.ids.pen);
  assert.deepEqual([entry.kinds, entry.before, entry.after], [
    ["price", "product"],
    { price_cents: 5_000, title: "Atlas pen, blue" },
    { price_cents: 5_500, title: "Atlas pen, black" },
  ]);
  const adjusted = await t.asAdmin(
    `/api/stationery/${t.ids.pen}/stock-adjustments`,
    json("POST", { quantity: -2, reason: "damaged" }),
  );
  assert.equal(adjusted.status, 201, await adjusted.clone().text());
  entry = await latest(t, "stationery", t.ids.pen);
  assert.deepEqual([entry.kinds, entry.before, entry.after], [["stock"], { stock: 20 }, {
    stock: 18,
  }]);
});

Deno.test("a category's creation and renaming are entries with the admin", async () => {
  const t = await testApp();
  const created = await ok(
    await t.asAdmin("/api/categories", json("POST", { name: "Poetry" })),
    201,
  );
  const id = created.data.id;
  let entry = await latest(t, "book_category", id);
  assert.deepEqual([entry.action, entry.kinds, entry.before, entry.after], [
    "create",
    ["category"],
    {},
    { name: "Poetry" },
  ]);
  await ok(await t.asAdmin(`/api/categories/${id}`, json("PUT", { name: "Verse" })));
  entry = await latest(t, "book_category", id);
  assert.deepEqual([entry.actor, entry.before, entry.after], [ADMIN, { name: "Poetry" }, {
    name: "Verse",
  }]);
});

Deno.test("an order's placement names the shopper and leaves the stock it took out; its confirmation and payment name the admin", async () => {
  const t = await testApp();
  const order = await placeOrder(t);
  let entry = await latest(t, "order", order);
  assert.deepEqual(entry.actor, {
    kind: "shopper",
    id: null,
    email: "nimal@example.lk",
    role: null,
    name: null,
  });
  assert.deepEqual([entry.action, entry.kinds, entry.after], [
    "create",
    ["order_status", "payment_status"],
    { status: "pending", payment_status: "unpaid" },
  ]);
  // The two copies the order took are the order's, not an entry of the book.
  assert.equal((await log(t, `?subjectType=book&subjectId=${t.ids.book}`)).total, 0);

  await ok(
    await t.asAdmin(
      "/api/orders/status",
      json("PUT", {
        id: order,
        status: "completed",
        courier: "Pronto",
        trackingNumber: "PR-1",
      }),
    ),
  );
  entry = await latest(t, "order", order);
  assert.deepEqual(entry.actor, ADMIN);
  assert.deepEqual([entry.kinds, entry.before, entry.after], [
    ["order_status"],
    { status: "pending", courier: null, tracking_number: null },
    { status: "completed", courier: "Pronto", tracking_number: "PR-1" },
  ]);
  await ok(await t.asAdmin(`/api/orders/${order}/payment`, json("PUT", { status: "paid" })));
  entry = await latest(t, "order", order);
  assert.deepEqual([entry.kinds, entry.before, entry.after], [
    ["payment_status"],
    { payment_status: "unpaid" },
    { payment_status: "paid" },
  ]);
});

Deno.test("a rejection is the admin's and gives the stock back without a book entry; a lapse is the job's", async () => {
  const t = await testApp();
  const rejected = await placeOrder(t);
  await ok(
    await t.asAdmin(
      "/api/orders/status",
      json("PUT", { id: rejected, status: "rejected", reason: "No stock" }),
    ),
  );
  const entry = await latest(t, "order", rejected);
  assert.deepEqual([entry.actor, entry.before, entry.after], [
    ADMIN,
    { status: "pending", reject_reason: null },
    { status: "rejected", reject_reason: "No stock" },
  ]);
  assert.equal((await log(t, `?subjectType=book&subjectId=${t.ids.book}`)).total, 0);

  const lapsing = await placeOrder(t, { paymentMethod: "Bank Deposit", total: 1900 });
  t.clock.advance(49 * 3_600_000);
  const lapsed = await t.audit.actingAs(
    LAPSE_ACTOR,
    () => lapseDueOrders({ orders: t.deps.orders, clock: t.clock }, 10),
  );
  assert.deepEqual(lapsed, [lapsing]);
  const lapse = await latest(t, "order", lapsing);
  assert.deepEqual(lapse.actor, { kind: "job", id: null, email: null, role: null, name: "lapse" });
  assert.equal(lapse.after.status, "rejected");
  assert.equal((await log(t, "?who=job")).total, 1);
});

Deno.test("a card gateway's notice that pays an order is the gateway's", async () => {
  const merchant = { merchantId: "1211149", merchantSecret: "a-merchant-secret-for-tests" };
  const t = await testApp({
    providers: {
      payhere: new PayHereGateway({
        ...merchant,
        checkoutUrl: "https://sandbox.payhere.lk/pay/checkout",
      }),
    },
  });
  const placed = await ok(
    await t.app.request(
      "/api/orders",
      json(
        "POST",
        orderBody(t.ids.book, {
          paymentMethod: "Card",
          total: 950,
          items: [{ id: t.ids.book, quantity: 1, type: "book" }],
        }),
      ),
    ),
    201,
  );
  const order = placed.orderId;
  const fields = {
    merchant_id: merchant.merchantId,
    order_id: String(order),
    payment_id: "320027150501",
    payhere_amount: placed.subtotal.toFixed(2),
    payhere_currency: "LKR",
    status_code: "2",
    method: "VISA",
  };
  const signed = { ...fields, md5sig: noticeSignature(fields, merchant.merchantSecret) };
  const answer = await t.app.request("/api/payments/payhere/notify", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(signed).toString(),
  });
  assert.equal(await answer.text(), "OK", JSON.stringify(t.logger.lines));
  const entry = await latest(t, "order", order);
  assert.deepEqual(entry.actor, {
    kind: "gateway",
    id: null,
    email: null,
    role: null,
    name: "PayHere",
  });
  assert.deepEqual([entry.kinds, entry.before, entry.after], [
    ["payment_status"],
    { payment_status: "unpaid" },
    { payment_status: "paid" },
  ]);
});

Deno.test("a campaign, an offer and a code are entries when added, paused and changed", async () => {
  const t = await testApp();
  const campaign = await ok(
    await t.asAdmin(
      "/api/promotions/campaigns",
      json("POST", {
        name: "Book Fair: 20% off",
        scope: { kind: "store", store: "book" },
        benefit: { kind: "percent", percent: 20 },
        startsAt: "2026-03-01T09:00",
        endsAt: "2026-03-10T00:00",
      }),
    ),
    201,
  );
  let entry = await latest(t, "campaign", campaign.data.id);
  assert.deepEqual([entry.action, entry.kinds, entry.after.name, entry.after.benefit_value], [
    "create",
    ["promotion"],
    "Book Fair: 20% off",
    2000,
  ]);
  const code = await ok(
    await t.asAdmin(
      "/api/promotions/codes",
      json("POST", {
        code: "reading-club",
        benefit: { kind: "amount", amount: 100 },
        minimum: 0,
        maxUses: 10,
        maxUsesPerCustomer: null,
      }),
    ),
    201,
  );
  entry = await latest(t, "code", code.data.id);
  assert.deepEqual([entry.action, entry.after.code, entry.after.max_uses], [
    "create",
    "READING-CLUB",
    10,
  ]);
  const offer = await ok(
    await t.asAdmin(
      "/api/promotions/offers",
      json("POST", {
        name: "Free delivery over 5,000",
        minimum: 5000,
        benefit: { kind: "free_delivery" },
      }),
    ),
    201,
  );
  await ok(await t.asAdmin(`/api/promotions/offers/${offer.data.id}/pause`, { method: "POST" }));
  entry = await latest(t, "offer", offer.data.id);
  assert.deepEqual([entry.actor, entry.before, entry.after], [ADMIN, { paused: false }, {
    paused: true,
  }]);
  assert.equal((await log(t, "?kind=promotion")).total, 4);
});

Deno.test("an admin's password change is an entry of the account, its hash never copied", async () => {
  const t = await testApp();
  await t.deps.accounts.upsertAdmin(
    "owner@pothgula.lk",
    await t.deps.hasher.hash("kandy-lake-1807"),
  );
  const login = await ok(
    await t.app.request(
      "/api/auth/login",
      json("POST", {
        email: "owner@pothgula.lk",
        password: "kandy-lake-1807",
      }),
    ),
  );
  await ok(
    await t.app.request(
      "/api/auth/password",
      json("POST", {
        currentPassword: "kandy-lake-1807",
        newPassword: "galle-fort-1663",
      }, { Authorization: `Bearer ${login.token}` }),
    ),
  );
  // The account's creation above was the system's; the change of password is the owner's.
  assert.equal((await log(t, "?kind=admin_account&who=system")).data[0].action, "create");
  const { data } = await log(t, "?kind=admin_account&who=owner@pothgula.lk");
  assert.equal(data.length, 1);
  assert.equal(data[0].actor.email, "owner@pothgula.lk");
  assert.deepEqual([data[0].before, data[0].after], [{ password_hash: "hidden" }, {
    password_hash: "hidden",
  }]);
});

Deno.test("the log filters by kind, who, record and Colombo days, newest first and a page at a time", async () => {
  const t = await testApp(); // The clock: 2026-03-01 10:00 UTC, 15:30 in Colombo.
  await ok(await asAdmin(t, `/api/books/price/${t.ids.book}`, json("PUT", { price: 1000 })));
  t.clock.advance(10 * 3_600_000); // 2026-03-02 01:30 in Colombo (20:00 UTC on the 1st).
  await ok(await asAdmin(t, `/api/books/price/${t.ids.book}`, json("PUT", { price: 1100 })));
  await placeOrder(t, { total: 2200 });
  const all = await log(t);
  assert.equal(all.total, 3);
  assert.deepEqual(all.data.map((e: { id: number }) => e.id), [3, 2, 1]);
  assert.equal((await log(t, "?kind=price")).total, 2);
  assert.equal((await log(t, "?who=ADMIN@pothgula.lk")).total, 2);
  assert.equal((await log(t, "?who=shopper")).total, 1);
  assert.equal((await log(t, "?who=someone@else.lk")).total, 0);
  // The second price change was on 2 March in Colombo though still 1 March in UTC.
  const first = await log(t, "?from=2026-03-01&to=2026-03-01");
  assert.deepEqual(first.data.map((e: { after: unknown }) => e.after), [{ price_cents: 100_000 }]);
  assert.equal((await log(t, "?from=2026-03-02")).total, 2);
  const paged = await log(t, "?pageSize=2&page=2");
  assert.deepEqual([paged.data.length, paged.total], [1, 3]);
});

Deno.test("bad log queries are 400, and no route writes, changes or removes an entry", async () => {
  const t = await testApp();
  for (
    const query of [
      "?from=2026-03-05&to=2026-03-01",
      "?from=2026-02-30",
      "?kind=colour",
      "?subjectId=3",
      "?pageSize=500",
    ]
  ) {
    const answer = await t.asAdmin(`/api/audit${query}`);
    assert.equal(answer.status, 400, query);
    await answer.body?.cancel();
  }
  const unauthenticated = await t.app.request("/api/audit");
  assert.equal(unauthenticated.status, 401);
  await unauthenticated.body?.cancel();
  const auditRoutes = ADMIN_ROUTES.filter((r) => r.path.startsWith("/api/audit"));
  assert.deepEqual(auditRoutes.map((r) => r.method), ["GET"]);
  for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
    const answer = await t.asAdmin("/api/audit", { method });
    assert.equal(answer.status, 404, method);
    await answer.body?.cancel();
  }
});

Deno.test("a staff member setting their own password from the invitation link is that member's entry, not the owner's", async () => {
  const t = await testApp();
  const invited = await ok(
    await asAdmin(t, "/api/staff", json("POST", { email: "packer@pothgula.lk" })),
    201,
  );
  const mail = t.outbox.queuedAccountMail().find((m) => m.kind === "staff_invitation")!;
  const token = /token=([A-Za-z0-9_-]+)$/.exec((mail.payload as { link: string }).link)![1];
  await ok(
    await t.app.request(
      "/api/auth/password-reset/confirm",
      json("POST", { token, password: "packer password" }),
    ),
    204,
  );
  const { data } = await log(t, `?subjectType=admin&subjectId=${invited.data.id}`);
  assert.deepEqual(data.map((e: Entry) => [e.action, e.actor.kind, e.actor.email]), [
    ["update", "admin", "packer@pothgula.lk"],
    ["create", "admin", "admin@pothgula.lk"],
  ]);
});

Deno.test("an entry names its record and the categories its values give, and says what a benefit counts", async () => {
  const t = await testApp();
  const code = await ok(
    await t.asAdmin(
      "/api/promotions/codes",
      json("POST", {
        code: "reading-club",
        benefit: { kind: "amount", amount: 500 },
        minimum: 0,
        maxUses: 10,
        maxUsesPerCustomer: null,
      }),
    ),
    201,
  );
  await ok(await t.asAdmin(`/api/promotions/codes/${code.data.id}/pause`, { method: "POST" }));
  const paused = await latest(t, "code", code.data.id);
  assert.deepEqual([paused.subject_name, paused.benefit_kind], ["READING-CLUB", "amount"]);
  const created = (await log(t, `?subjectType=code&subjectId=${code.data.id}`)).data.at(-1);
  assert.deepEqual([created.after.benefit_value, created.benefit_kind], [50_000, "amount"]);

  const category = await ok(
    await t.asAdmin("/api/categories", json("POST", { name: "Poetry" })),
    201,
  );
  await ok(
    await t.asAdmin(`/api/books/${t.ids.book}`, json("PUT", { categoryId: category.data.id })),
  );
  const moved = await latest(t, "book", t.ids.book);
  assert.equal(moved.subject_name, "Madol Doova");
  assert.equal(moved.category_names[String(category.data.id)], "Poetry");
  assert.equal(moved.category_names[String(moved.before.category_id)], "Novels");
});
