/** The contract of the SettingsStore port, on memory, PGlite and a PostgreSQL server. */
import assert from "node:assert/strict";
import { DEFAULT_SETTINGS, readSettings, type SettingsStore } from "../domain/settings/settings.ts";
import { MemorySettings } from "../domain/settings/memory_settings.ts";
import { PostgresSettings } from "./postgres/settings.ts";
import { testOnBothEngines } from "./postgres/testing/databases.ts";

function contract(name: string, fn: (store: SettingsStore) => Promise<void>): void {
  Deno.test(`${name} [memory]`, () => fn(new MemorySettings()));
  testOnBothEngines(name, (sql) => fn(new PostgresSettings(sql)));
}

contract("a settings store gives the defaults, then each setting as last saved", async (store) => {
  assert.deepEqual(await readSettings(store), DEFAULT_SETTINGS);
  await store.save({ textsPerDay: 40, staffContactsInLists: true });
  await store.save({ textsPerDay: 30 });
  assert.deepEqual(await readSettings(store), {
    ...DEFAULT_SETTINGS,
    textsPerDay: 30,
    staffContactsInLists: true,
  });
  assert.deepEqual(
    (await store.rows()).map((r) => r.name).sort(),
    ["staffContactsInLists", "textsPerDay"],
    "a row per setting changed, no more",
  );
});
