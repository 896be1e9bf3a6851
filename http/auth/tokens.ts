/**
 * Signed bearer tokens for the admin API (JWT, HS256 only) and the signing secret.
 *
 * Tokens carry `sub` (the account id), `email` and `role`. Verification pins the
 * algorithm, issuer and audience, and reads the time from the injected clock, so
 * `alg: none`, other algorithms, foreign keys, tampered payloads and expired tokens all
 * come back as `{ kind: "invalid" }`.
 */
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import type { AdminAccount, Clock } from "../../domain/ports.ts";

export const TOKEN_ISSUER = "pothgula";
export const TOKEN_AUDIENCE = "pothgula-admin";
/** Two hours: long enough for a working session, short enough that a leaked token dies soon. */
export const DEFAULT_TOKEN_TTL_SECONDS = 2 * 60 * 60;
const ALGORITHM = "HS256";
const MIN_SECRET_BYTES = 32;

export type TokenRole = "admin" | "customer";

/** What a valid token says about its bearer. */
export interface TokenClaims {
  /** The account id, as in the `sub` claim. */
  id: number;
  email: string;
  role: TokenRole;
  /** ISO 8601 */
  expiresAt: string;
}

export type VerifyResult = { kind: "valid"; claims: TokenClaims } | { kind: "invalid" };

export interface IssuedToken {
  token: string;
  /** ISO 8601 */
  expiresAt: string;
}

export interface TokenServiceOptions {
  /** At least 32 bytes; see adapters/security/jwt_secret_file.ts. */
  secret: Uint8Array;
  clock: Clock;
  ttlSeconds?: number;
}

/**
 * Issues and verifies the shop's bearer tokens.
 *
 * @example
 * const tokens = new TokenService({ secret, clock: { now: () => new Date() } });
 * const { token } = await tokens.issueAdminToken(admin);
 * (await tokens.verify(token)).kind; // "valid"
 */
export class TokenService {
  readonly #secret: Uint8Array;
  readonly #clock: Clock;
  readonly #ttlSeconds: number;

  constructor(options: TokenServiceOptions) {
    if (options.secret.length < MIN_SECRET_BYTES) {
      throw new Error(`The token secret must be at least ${MIN_SECRET_BYTES} bytes`);
    }
    const ttl = options.ttlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS;
    if (!Number.isInteger(ttl) || ttl <= 0) throw new Error("The token lifetime must be positive");
    this.#secret = options.secret;
    this.#clock = options.clock;
    this.#ttlSeconds = ttl;
  }

  /** A token with `role: "admin"` for this admin account. */
  issueAdminToken(admin: Pick<AdminAccount, "id" | "email">): Promise<IssuedToken> {
    return this.issue({ id: admin.id, email: admin.email, role: "admin" });
  }

  /** A token for any role; the admin guard accepts only `role: "admin"`. */
  async issue(subject: { id: number; email: string; role: TokenRole }): Promise<IssuedToken> {
    const nowSeconds = Math.floor(this.#clock.now().getTime() / 1000);
    const expSeconds = nowSeconds + this.#ttlSeconds;
    const token = await new SignJWT({ email: subject.email, role: subject.role })
      .setProtectedHeader({ alg: ALGORITHM, typ: "JWT" })
      .setSubject(String(subject.id))
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(nowSeconds)
      .setExpirationTime(expSeconds)
      .sign(this.#secret);
    return { token, expiresAt: new Date(expSeconds * 1000).toISOString() };
  }

  /** Valid claims, or `invalid` for anything that is not a live token signed by us. */
  async verify(token: string): Promise<VerifyResult> {
    try {
      const { payload } = await jwtVerify(token, this.#secret, {
        algorithms: [ALGORITHM],
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        currentDate: this.#clock.now(),
        requiredClaims: ["sub", "exp", "iat"],
      });
      const claims = readClaims(payload);
      return claims ? { kind: "valid", claims } : { kind: "invalid" };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return { kind: "invalid" };
      throw error;
    }
  }
}

function readClaims(payload: Record<string, unknown>): TokenClaims | undefined {
  const { sub, email, role, exp } = payload;
  if (typeof sub !== "string" || !/^[1-9]\d{0,15}$/.test(sub)) return undefined;
  if (typeof email !== "string" || (role !== "admin" && role !== "customer")) return undefined;
  if (typeof exp !== "number") return undefined;
  return { id: Number(sub), email, role, expiresAt: new Date(exp * 1000).toISOString() };
}
