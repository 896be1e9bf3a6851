import assert from "node:assert/strict";
import { json, testApp } from "../testing/fixture.ts";
import { DEFAULT_SETTINGS, SETTING_NAMES } from "../../domain/settings/settings.ts";

Deno.test("GET /api/settings names every setting with its value, bounds, default and words", async () => {
  const t = await testApp();
  const response = await t.asAdmin("/api/settings");
  assert.equal(response.status, 200);
  const { data } = await response.json();
  assert.deepEqual(data.map((s: { name: string }) => s.name), SETTING_NAMES);
  const texts = data.find((s: { name: string }) => s.name === "textsPerDay");
  assert.deepEqual(
    { value: texts.value, default: texts.default, min: texts.min, max: texts.max },
    { value: DEFAULT_SETTINGS.textsPerDay, default: 200, min: 0, max: 100_000 },
  );
});

Deno.test("PUT /api/settings changes only the settings named, and refuses 400 naming one out of bounds", async () => {
  const t = await testApp();
  const changed = await t.asAdmin(
    "/api/settings",
    json("PUT", { textsPerDay: 50, staffContactsInLists: true }),
  );
  assert.equal(changed.status, 200);
  const values = Object.fromEntries(
    (await changed.json()).data.map((s: { name: string; value: unknown }) => [s.name, s.value]),
  );
  assert.equal(values.textsPerDay, 50);
  assert.equal(values.staffContactsInLists, true);
  assert.equal(values.mailsPerAddress, DEFAULT_SETTINGS.mailsPerAddress);

  for (
    const [body, field] of [
      [{ textsPerPhone: 0 }, "textsPerPhone"],
      [{ mailsPerAddress: 1.5 }, "mailsPerAddress"],
      [{ staffOrderDetails: "yes" }, "staffOrderDetails"],
      [{ unknown: 1 }, ""],
      [{}, ""],
    ] as const
  ) {
    const refused = await t.asAdmin("/api/settings", json("PUT", body));
    assert.equal(refused.status, 400, JSON.stringify(body));
    const { error } = await refused.json();
    if (field) assert.ok(error.details.some((d: { field: string }) => d.field === field), field);
  }
  const after = await (await t.asAdmin("/api/settings")).json();
  assert.equal(
    after.data.find((s: { name: string }) => s.name === "textsPerPhone").value,
    DEFAULT_SETTINGS.textsPerPhone,
    "a refused change changed nothing",
  );
});
