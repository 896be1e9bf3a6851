import assert from "node:assert/strict";
import { json, testApp } from "../testing/fixture.ts";

async function body(response: Response, status: number) {
  assert.equal(response.status, status, await response.clone().text());
  return await response.json();
}

Deno.test("GET /api/categories and /api/stationery-categories list each kind", async () => {
  const t = await testApp();
  assert.deepEqual(await body(await t.app.request("/api/categories"), 200), {
    data: [{ id: 1, name: "Novels", name_si: null, name_ta: null }],
  });
  assert.deepEqual(await body(await t.app.request("/api/stationery-categories"), 200), {
    data: [{ id: 2, name: "Pens", name_si: null, name_ta: null }],
  });
});

Deno.test("POST /api/categories adds a category, 409 for a name taken in any case", async () => {
  const t = await testApp();
  const created = await body(
    await t.asAdmin("/api/categories", json("POST", { name: " Poetry " })),
    201,
  );
  assert.equal(created.data.name, "Poetry");
  const taken = await body(
    await t.asAdmin("/api/categories", json("POST", { name: "novels" })),
    409,
  );
  assert.equal(taken.error.code, "DUPLICATE");
  const blank = await body(await t.asAdmin("/api/categories", json("POST", { name: "  " })), 400);
  assert.equal(blank.error.details[0].field, "name");
});

Deno.test("POST /api/stationery-categories adds to the stationery kind only", async () => {
  const t = await testApp();
  await body(await t.asAdmin("/api/stationery-categories", json("POST", { name: "Novels" })), 201);
  const listed = await body(await t.app.request("/api/stationery-categories"), 200);
  // In id order, as the database lists them.
  assert.deepEqual(listed.data.map((c: { name: string }) => c.name), ["Pens", "Novels"]);
});

Deno.test("a category is added and renamed with its Sinhala and Tamil names, kept when a rename leaves them out", async () => {
  const t = await testApp();
  const created = await body(
    await t.asAdmin(
      "/api/categories",
      json("POST", { name: "Poetry", name_si: " කාව්‍ය ", name_ta: "" }),
    ),
    201,
  );
  assert.deepEqual(
    [created.data.name, created.data.name_si, created.data.name_ta],
    ["Poetry", "කාව්‍ය", null],
  );
  const id = created.data.id;
  const renamed = await body(
    await t.asAdmin(`/api/categories/${id}`, json("PUT", { name: "Poems" })),
    200,
  );
  assert.deepEqual([renamed.data.name, renamed.data.name_si], ["Poems", "කාව්‍ය"]);
  const named = await body(
    await t.asAdmin(
      `/api/categories/${id}`,
      json("PUT", { name: "Poems", name_si: null, name_ta: "கவிதை" }),
    ),
    200,
  );
  assert.deepEqual([named.data.name_si, named.data.name_ta], [null, "கவிதை"]);
  const listed = await body(await t.app.request("/api/categories"), 200);
  assert.equal(listed.data.find((c: { id: number }) => c.id === id).name_ta, "கவிதை");
  const long = await body(
    await t.asAdmin("/api/categories", json("POST", { name: "Long", name_si: "ක".repeat(101) })),
    400,
  );
  assert.equal(long.error.details[0].field, "name_si");
});
