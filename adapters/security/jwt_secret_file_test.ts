import assert from "node:assert/strict";
import { JWT_SECRET_FILE, loadOrCreateJwtSecret } from "./jwt_secret_file.ts";

async function withTempDir(run: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "pothgula-secret-" });
  try {
    await run(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("loadOrCreateJwtSecret() uses JWT_SECRET when it is set and writes nothing", async () => {
  await withTempDir(async (dir) => {
    const value = "x".repeat(40);
    const secret = await loadOrCreateJwtSecret(dir, value);
    assert.deepEqual(secret, new TextEncoder().encode(value));
    await assert.rejects(Deno.stat(`${dir}/${JWT_SECRET_FILE}`), Deno.errors.NotFound);
  });
});

Deno.test("loadOrCreateJwtSecret() refuses a JWT_SECRET shorter than 32 characters", async () => {
  await withTempDir(async (dir) => {
    await assert.rejects(loadOrCreateJwtSecret(dir, "short"), /JWT_SECRET must be at least 32/);
  });
});

Deno.test("loadOrCreateJwtSecret() generates 32 bytes once, mode 0600, and reuses them", async () => {
  await withTempDir(async (dir) => {
    const dataDir = `${dir}/data`;
    const first = await loadOrCreateJwtSecret(dataDir);
    assert.equal(first.length, 32);
    const info = await Deno.stat(`${dataDir}/${JWT_SECRET_FILE}`);
    assert.equal((info.mode ?? 0) & 0o777, 0o600);
    const second = await loadOrCreateJwtSecret(dataDir);
    assert.deepEqual(second, first);
    assert.deepEqual([...Deno.readDirSync(dataDir)].map((e) => e.name), [JWT_SECRET_FILE]);
  });
});

Deno.test("loadOrCreateJwtSecret() gives concurrent first starts the same secret", async () => {
  await withTempDir(async (dir) => {
    const secrets = await Promise.all([1, 2, 3, 4].map(() => loadOrCreateJwtSecret(dir)));
    for (const secret of secrets) assert.deepEqual(secret, secrets[0]);
  });
});

Deno.test("loadOrCreateJwtSecret() refuses a damaged secret file instead of replacing it", async () => {
  await withTempDir(async (dir) => {
    await Deno.writeTextFile(`${dir}/${JWT_SECRET_FILE}`, "abc\n");
    await assert.rejects(loadOrCreateJwtSecret(dir), /does not hold a usable secret/);
  });
});
