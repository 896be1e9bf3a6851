/** What only the database storage must do; the rest is adapters/image_storage_contract_test.ts. */
import assert from "node:assert/strict";
import { PostgresImageStorage } from "./postgres_image_storage.ts";
import { testOnBothEngines } from "../postgres/testing/databases.ts";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 255, 1, 2]);

testOnBothEngines(
  "PostgresImageStorage reads one storage's upload through another",
  async (sql) => {
    const url = await new PostgresImageStorage(sql).put(PNG, "image/gif");
    const stored = await new PostgresImageStorage(sql).get(url.slice("/uploads/".length));
    assert.equal(stored?.contentType, "image/gif");
  },
);
