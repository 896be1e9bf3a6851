/**
 * What staff see of shoppers on the order desk, replaying issue 46: staff paged through
 * every order with its name, e-mail, phone and address, and no audit entry said so.
 */
import assert from "node:assert/strict";
import { json, orderBody, testApp } from "../testing/fixture.ts";

async function world() {
  const t = await testApp();
  const staff = (await t.deps.tokens.issueAdminToken({
    id: 50,
    email: "packer@pothgula.lk",
    role: "staff",
  })).token;
  const asStaff = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("Authorization", `Bearer ${staff}`);
    return t.app.request(path, { ...init, headers });
  };
  const ids: number[] = [];
  for (let i = 0; i < 4; i++) {
    const placed = await t.app.request("/api/orders", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.0.1.${i}` },
      body: JSON.stringify(orderBody(t.ids.book, {
        email: `shopper${i}@example.lk`,
        phone: `077 555 010${i}`,
        total: 950,
        items: [{ id: t.ids.book, quantity: 1, type: "book" }],
      })),
    });
    const body = await placed.json();
    assert.equal(placed.status, 201, JSON.stringify(body));
    ids.push(body.orderId);
  }
  const reads = async () =>
    (await t.audit.entries({ page: 1, pageSize: 100, kind: "customer_data" })).entries;
  return { t, asStaff, ids, reads };
}

Deno.test("staff page the orders with the name and town, never the e-mail, phone or street; nothing read, nothing kept", async () => {
  const { t, asStaff, reads } = await world();
  const page = await (await asStaff("/api/orders?pageSize=100")).json();
  assert.equal(page.data.length, 4);
  for (const order of page.data) {
    assert.equal(order.name, "Nimal Perera");
    assert.ok(order.area_name, "where it goes");
    assert.deepEqual([order.email, order.phone, order.address, order.postal_code], [
      "",
      "",
      "",
      "",
    ]);
  }
  assert.deepEqual(await reads(), []);
  // The owner's list is whole, and the owner's reading is not staff's to keep.
  const owners = await (await t.asAdmin("/api/orders?pageSize=100")).json();
  assert.ok(owners.data.every((o: { email: string }) => o.email.endsWith("@example.lk")));
  assert.deepEqual(await reads(), []);
});

Deno.test("an order staff open shows where to send it, not the e-mail, and the read is in the audit trail", async () => {
  const { asStaff, ids, reads } = await world();
  const order = (await (await asStaff(`/api/orders/${ids[2]}`)).json()).data;
  assert.equal(order.address, "12 Galle Road");
  assert.equal(order.phone, "077 555 0102");
  assert.equal(order.postal_code, "10370");
  assert.equal(order.email, "");
  const [read] = await reads();
  assert.deepEqual(
    {
      actor: read.actor,
      subject: read.subject,
      action: read.action,
      kinds: read.kinds,
      after: read.after,
    },
    {
      actor: { kind: "admin", id: 50, email: "packer@pothgula.lk", role: "staff" },
      subject: { type: "order", id: ids[2] },
      action: "read",
      kinds: ["customer_data"],
      after: { fields: ["address", "postal_code", "phone"] },
    },
  );
  // A change's answer shows the same, and is a read too.
  const noted = await asStaff(`/api/orders/${ids[2]}/notes`, json("POST", { note: "Packed" }));
  assert.equal(noted.status, 201);
  assert.equal((await noted.json()).data.email, "");
  assert.equal((await reads()).length, 2);
});

Deno.test("the owner decides: contacts in lists (each order listed a read), or no details for staff at all", async () => {
  const { t, asStaff, ids, reads } = await world();
  await t.asAdmin("/api/settings", json("PUT", { staffContactsInLists: true }));
  const page = await (await asStaff("/api/orders?pageSize=2")).json();
  assert.ok(page.data.every((o: { email: string }) => o.email.endsWith("@example.lk")));
  assert.equal((await reads()).length, 2, "one read an order shown");

  await t.asAdmin(
    "/api/settings",
    json("PUT", { staffContactsInLists: false, staffOrderDetails: false }),
  );
  const order = (await (await asStaff(`/api/orders/${ids[0]}`)).json()).data;
  assert.deepEqual([order.email, order.phone, order.address], ["", "", ""]);
  const slip = await asStaff(`/api/orders/${ids[0]}/slip`);
  assert.equal(slip.status, 403);
  assert.match((await slip.json()).error.message, /Only the shop's owner may open order_slip/);
  assert.equal((await reads()).length, 2, "nothing shown, nothing kept");
});

Deno.test("staff may not change the settings that decide what they see", async () => {
  const { asStaff } = await world();
  const refused = await asStaff("/api/settings", json("PUT", { staffContactsInLists: true }));
  assert.equal(refused.status, 403);
});
