import assert from "node:assert/strict";
import { json, testApp } from "../testing/fixture.ts";

async function body(response: Response, status: number) {
  assert.equal(response.status, status, await response.clone().text());
  return await response.json();
}

Deno.test("GET /api/categories and /api/stationery-categories list each kind", async () => {
  const t = await testApp();
  assert.deepEqual(await body(await t.app.request("/api/categories"), 200), {
    data: [{ id: 1, name: "Novels" }],
  });
  assert.deepEqual(await body(await t.app.request("/api/stationery-categories"), 200), {
    data: [{ id: 2, name: "Pens" }],
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
