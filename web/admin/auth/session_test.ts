import assert from "node:assert/strict";
import {
  AUTH_FLAG_KEY,
  clearSession,
  readSession,
  ROLE_KEY,
  saveSession,
  TOKEN_KEY,
} from "./session.ts";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const NOW = new Date("2026-11-21T10:00:00Z");

Deno.test("saveSession() keeps the token and the isAuthenticated flag, readSession() restores them", () => {
  const storage = memoryStorage();
  saveSession(storage, { token: "abc", expiresAt: "2026-11-21T18:00:00Z", role: "staff" });
  assert.equal(storage.items.get(TOKEN_KEY), "abc");
  assert.equal(storage.items.get(AUTH_FLAG_KEY), "true");
  assert.equal(storage.items.get(ROLE_KEY), "staff");
  assert.deepEqual(readSession(storage, NOW), {
    token: "abc",
    expiresAt: "2026-11-21T18:00:00Z",
    role: "staff",
  });
});

Deno.test("readSession() finds no session without the flag or after expiry", () => {
  const storage = memoryStorage();
  storage.setItem(TOKEN_KEY, "abc");
  assert.equal(readSession(storage, NOW), null);
  saveSession(storage, { token: "abc", expiresAt: "2026-11-21T09:59:59Z", role: "owner" });
  assert.equal(readSession(storage, NOW), null);
});

Deno.test("readSession() finds no session kept without a role (from before roles)", () => {
  const storage = memoryStorage();
  saveSession(storage, { token: "abc", expiresAt: null, role: "owner" });
  storage.removeItem(ROLE_KEY);
  assert.equal(readSession(storage, NOW), null);
  storage.setItem(ROLE_KEY, "admin");
  assert.equal(readSession(storage, NOW), null);
});

Deno.test("clearSession() forgets the token and the flag", () => {
  const storage = memoryStorage();
  saveSession(storage, { token: "abc", expiresAt: null, role: "owner" });
  clearSession(storage);
  assert.equal(storage.items.size, 0);
  assert.equal(readSession(storage, NOW), null);
});
