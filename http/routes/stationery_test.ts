import assert from "node:assert/strict";
import { json, PNG_BYTES, testApp } from "../testing/fixture.ts";

async function body(response: Response, status: number) {
  assert.equal(response.status, status, await response.clone().text());
  return await response.json();
}

function penForm(overrides: Record<string, string> = {}, withImage = true): FormData {
  const form = new FormData();
  const fields = {
    title: "Pencil HB",
    price: "45",
    stock: "100",
    weight: "0.005",
    categoryId: "2",
  };
  for (const [name, value] of Object.entries({ ...fields, ...overrides })) form.set(name, value);
  if (withImage) form.set("image", new File([PNG_BYTES], "pencil.png", { type: "image/png" }));
  return form;
}

Deno.test("GET /api/stationery answers a page of stationery records", async () => {
  const t = await testApp();
  const page = await body(await t.app.request("/api/stationery?q=pen&categoryId=2"), 200);
  assert.deepEqual(page, {
    data: [{
      id: t.ids.pen,
      title: "Atlas pen, blue",
      price: 50,
      sale_price: null,
      sale_starts: null,
      sale_ends: null,
      stock: 20,
      weight: 0.01,
      category_id: 2,
      category_name: "Pens",
      image: "/uploads/pen.png",
      shelf: null,
    }],
    page: 1,
    pageSize: 10,
    total: 1,
  });
  const refused = await body(await t.app.request("/api/stationery?author=x&pageSize=0"), 400);
  assert.deepEqual(refused.error.details.map((d: { field: string }) => d.field), ["pageSize"]);
});

Deno.test("GET /api/stationery/{id} answers the item or 404", async () => {
  const t = await testApp();
  assert.equal(
    (await body(await t.app.request(`/api/stationery/${t.ids.pen}`), 200)).data.price,
    50,
  );
  await body(await t.app.request("/api/stationery/9999"), 404);
});

Deno.test("POST /api/stationery stores one image and answers 201", async () => {
  const t = await testApp();
  const created = await body(
    await t.asAdmin("/api/stationery", { method: "POST", body: penForm() }),
    201,
  );
  assert.equal(created.data.title, "Pencil HB");
  assert.equal(created.data.weight, 0.005);
  assert.match(created.data.image, /^\/uploads\//);
  const noImage = await body(
    await t.asAdmin("/api/stationery", { method: "POST", body: penForm({}, false) }),
    400,
  );
  assert.equal(noImage.error.details[0].field, "image");
  const bad = await body(
    await t.asAdmin("/api/stationery", {
      method: "POST",
      body: penForm({ stock: "-1", weight: "0" }),
    }),
    400,
  );
  assert.deepEqual(bad.error.details.map((d: { field: string }) => d.field).sort(), [
    "stock",
    "weight",
  ]);
});

Deno.test("PUT /api/stationery/price/{id} and /{id} change price and stock", async () => {
  const t = await testApp();
  const priced = await body(
    await t.asAdmin(`/api/stationery/price/${t.ids.pen}`, json("PUT", { price: 55.5 })),
    200,
  );
  assert.equal(priced.data.price, 55.5);
  const restocked = await body(
    await t.asAdmin(`/api/stationery/${t.ids.pen}`, json("PUT", { addStock: -20 })),
    200,
  );
  assert.equal(restocked.data.stock, 0);
  await body(await t.asAdmin(`/api/stationery/${t.ids.pen}`, json("PUT", { addStock: -1 })), 409);
  await body(await t.asAdmin(`/api/stationery/${t.ids.pen}`, json("PUT", { preorder: true })), 400);
  await body(await t.asAdmin("/api/stationery/9999", json("PUT", { stock: 3 })), 404);
});

Deno.test("DELETE /api/stationery/{id} answers 204, then 404", async () => {
  const t = await testApp();
  assert.equal((await t.asAdmin(`/api/stationery/${t.ids.pen}`, { method: "DELETE" })).status, 204);
  await body(await t.asAdmin(`/api/stationery/${t.ids.pen}`, { method: "DELETE" }), 404);
});
