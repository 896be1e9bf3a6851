/** Doubles for the auth tests: a settable clock, accounts in memory and a fast real hasher. */
export { MemoryAccounts } from "../../../domain/accounts/testing/memory_accounts.ts";
export { MemorySessions } from "../../../domain/accounts/testing/memory_sessions.ts";
import type { Clock, PasswordHasher } from "../../../domain/ports.ts";
import { ScryptPasswordHasher } from "../../../adapters/security/scrypt_hasher.ts";

/** A clock that stands still until moved. */
export class FakeClock implements Clock {
  #ms: number;
  constructor(start = "2026-03-01T10:00:00.000Z") {
    this.#ms = Date.parse(start);
  }
  now(): Date {
    return new Date(this.#ms);
  }
  advance(ms: number): void {
    this.#ms += ms;
  }
}

/** A 32-byte secret filled with one value. */
export function testSecret(fill = 7): Uint8Array {
  return new Uint8Array(32).fill(fill);
}

/** Real scrypt at a cost low enough for tests. */
export function cheapHasher(): PasswordHasher {
  return new ScryptPasswordHasher({ params: { N: 2 ** 10, r: 8, p: 1 } });
}
