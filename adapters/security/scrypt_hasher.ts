/**
 * Password hashing with scrypt (node:crypto). Hashes are self-describing strings
 * `scrypt$N$r$p$salt$hash` (salt and hash in base64), so the cost can be raised later
 * while old hashes keep verifying with the parameters they were made with.
 */
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { Buffer } from "node:buffer";
import { type PasswordHasher, UnavailableError } from "../../domain/ports.ts";

export interface ScryptParams {
  /** CPU/memory cost, a power of two. */
  N: number;
  r: number;
  p: number;
}

/** The production cost: about 128 MiB of memory per hash. */
export const DEFAULT_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };

const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Hashes made with more than this are refused: a stored string must not exhaust the server. */
const MAX_N = 2 ** 20;

function scryptAsync(
  password: string,
  salt: Uint8Array,
  keyLength: number,
  params: ScryptParams,
): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; leave headroom above Node's 32 MiB default.
  const maxmem = 256 * params.N * params.r;
  return new Promise((resolve, reject) => {
    scrypt(
      password,
      salt,
      keyLength,
      { N: params.N, r: params.r, p: params.p, maxmem },
      (error, key) => error ? reject(error) : resolve(key),
    );
  });
}

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  hash: Buffer;
}

function isPowerOfTwo(n: number): boolean {
  return Number.isInteger(n) && n > 1 && (n & (n - 1)) === 0;
}

/** Reads `scrypt$N$r$p$salt$hash`; anything else (or absurd parameters) is undefined. */
export function parseScryptHash(encoded: string): ParsedHash | undefined {
  const parts = encoded.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return undefined;
  const [N, r, p] = parts.slice(1, 4).map((part) => /^\d{1,8}$/.test(part) ? Number(part) : NaN);
  if (!isPowerOfTwo(N) || N > MAX_N || !(r >= 1 && r <= 32) || !(p >= 1 && p <= 16)) {
    return undefined;
  }
  const salt = Buffer.from(parts[4], "base64");
  const hash = Buffer.from(parts[5], "base64");
  if (salt.length < 8 || hash.length < 16) return undefined;
  return { params: { N, r, p }, salt, hash };
}

/** Encodes a derived key with its parameters. */
export function formatScryptHash(params: ScryptParams, salt: Uint8Array, hash: Uint8Array): string {
  const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");
  return `scrypt$${params.N}$${params.r}$${params.p}$${b64(salt)}$${b64(hash)}`;
}

/**
 * Lets at most `max` tasks run at once; up to `maxWaiting` others wait in line, and a task
 * past that is refused at once with UnavailableError (503 with Retry-After): a flood of
 * logins cannot queue without bound, each holding a request and later 128 MiB.
 */
export class Gate {
  #running = 0;
  readonly #waiting: (() => void)[] = [];
  constructor(readonly max: number, readonly maxWaiting = Infinity) {}

  /** Tasks waiting for their turn. */
  get waiting(): number {
    return this.#waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.#running >= this.max) {
      if (this.#waiting.length >= this.maxWaiting) {
        throw new UnavailableError("Too many password checks at once", 2);
      }
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running++;
    }
    try {
      return await task();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running--;
    }
  }
}

/**
 * PasswordHasher over scrypt. The default cost is the production one; tests may pass a
 * cheaper `params` explicitly. At most `maxConcurrent` (default 4) hashes run at once,
 * so a burst of logins cannot take 128 MiB each without bound, and at most `maxWaiting`
 * (default 32) wait; more are refused with UnavailableError. The shop keeps two: one
 * for admins and one for customers, so admins never wait behind customers.
 *
 * @example
 * const hasher = new ScryptPasswordHasher();
 * const stored = await hasher.hash("correct horse");
 * await hasher.verify("correct horse", stored); // true
 */
export class ScryptPasswordHasher implements PasswordHasher {
  readonly #params: ScryptParams;
  readonly #gate: Gate;

  constructor(
    options: { params?: ScryptParams; maxConcurrent?: number; maxWaiting?: number } = {},
  ) {
    this.#params = options.params ?? DEFAULT_SCRYPT_PARAMS;
    if (!isPowerOfTwo(this.#params.N)) throw new Error("scrypt N must be a power of two");
    const maxConcurrent = options.maxConcurrent ?? 4;
    if (!Number.isInteger(maxConcurrent) || maxConcurrent < 1) {
      throw new Error("maxConcurrent must be a positive integer");
    }
    this.#gate = new Gate(maxConcurrent, options.maxWaiting ?? 32);
  }

  async hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_BYTES);
    const key = await this.#gate.run(() => scryptAsync(password, salt, KEY_BYTES, this.#params));
    return formatScryptHash(this.#params, salt, key);
  }

  /** False for a wrong password and for a hash this hasher cannot read. */
  async verify(password: string, encoded: string): Promise<boolean> {
    const parsed = parseScryptHash(encoded);
    if (!parsed) return false;
    const key = await this.#gate.run(() =>
      scryptAsync(password, parsed.salt, parsed.hash.length, parsed.params)
    );
    return key.length === parsed.hash.length && timingSafeEqual(key, parsed.hash);
  }
}
