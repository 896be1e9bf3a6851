/**
 * Signed bearer tokens for the admin API (JWT, HS256 only) and the signing secret.
 *
 * Tokens carry `sub` (the account id), `email`, `role`, an admin's `adminRole` (owner or
 * staff) and `sid`, the session the shop keeps for them (SessionStore). A change of an
 * admin's role ends their sessions, so the role a live token names is the account's. Verification pins the algorithm, issuer and audience,
 * reads the time from the injected clock and then asks for the session, so `alg: none`,
 * other algorithms, foreign keys, tampered payloads, expired tokens and tokens whose
 * session ended (logout, a new password) all come back as `{ kind: "invalid" }`.
 */
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import type {
  AccountRole,
  AdminAccount,
  AdminRole,
  Clock,
  SessionStore,
} from "../../domain/ports.ts";
import { isAdminRole } from "../../domain/accounts/admin_roles.ts";

export const TOKEN_ISSUER = "pothgula";
export const TOKEN_AUDIENCE = "pothgula-admin";
/** Two hours: long enough for a working session, short enough that a leaked token dies soon. */
export const DEFAULT_TOKEN_TTL_SECONDS = 2 * 60 * 60;
const ALGORITHM = "HS256";
const MIN_SECRET_BYTES = 32;

export type TokenRole = AccountRole;

/** What a valid token says about its bearer. */
export interface TokenClaims {
  /** The account id, as in the `sub` claim. */
  id: number;
  email: string;
  role: TokenRole;
  /** An admin's role (what the admin guard admits them to); absent for a customer. */
  adminRole?: AdminRole;
  /** ISO 8601 */
  expiresAt: string;
  /** The session the token belongs to: ending it ends the token. */
  sessionId: string;
}

/** Whom a token is issued to: an admin names their role (owner or staff). */
export interface TokenSubject {
  id: number;
  email: string;
  role: TokenRole;
  adminRole?: AdminRole;
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
  /** Where the sessions behind the tokens are kept (the database, shared by every instance). */
  sessions: SessionStore;
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
  readonly #sessions: SessionStore;
  readonly #ttlSeconds: number;

  constructor(options: TokenServiceOptions) {
    if (options.secret.length < MIN_SECRET_BYTES) {
      throw new Error(`The token secret must be at least ${MIN_SECRET_BYTES} bytes`);
    }
    const ttl = options.ttlSeconds ?? DEFAULT_TOKEN_TTL_SECONDS;
    if (!Number.isInteger(ttl) || ttl <= 0) throw new Error("The token lifetime must be positive");
    this.#secret = options.secret;
    this.#clock = options.clock;
    this.#sessions = options.sessions;
    this.#ttlSeconds = ttl;
  }

  /** A token with `role: "admin"` for this admin account, of its role (an owner's when absent). */
  issueAdminToken(
    admin: Pick<AdminAccount, "id" | "email"> & { role?: AdminRole },
  ): Promise<IssuedToken> {
    return this.issue({
      id: admin.id,
      email: admin.email,
      role: "admin",
      adminRole: admin.role ?? "owner",
    });
  }

  /**
   * A token for any role, with a new session; the admin guard accepts only `role: "admin"`,
   * which must name its `adminRole`.
   */
  async issue(subject: TokenSubject): Promise<IssuedToken> {
    if ((subject.role === "admin") !== (subject.adminRole !== undefined)) {
      throw new Error("An admin's token names its admin role, and only an admin's does");
    }
    const now = this.#clock.now();
    const nowSeconds = Math.floor(now.getTime() / 1000);
    const expSeconds = nowSeconds + this.#ttlSeconds;
    const sessionId = newSessionId();
    await this.#sessions.open({
      id: sessionId,
      role: subject.role,
      accountId: subject.id,
      expiresAt: new Date(expSeconds * 1000),
      ...(subject.adminRole ? { adminRole: subject.adminRole } : {}),
    }, now);
    const claims = subject.adminRole === undefined
      ? { email: subject.email, role: subject.role, sid: sessionId }
      : { email: subject.email, role: subject.role, adminRole: subject.adminRole, sid: sessionId };
    const token = await new SignJWT(claims)
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
      if (!claims) return { kind: "invalid" };
      const session = await this.#sessions.find(claims.sessionId, this.#clock.now());
      // An admin's session is of the role the token names (the store ends it when the
      // account's role changes).
      const same = session?.role === claims.role && session.accountId === claims.id &&
        (session.role !== "admin" || session.adminRole === claims.adminRole);
      return same ? { kind: "valid", claims } : { kind: "invalid" };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError) return { kind: "invalid" };
      throw error;
    }
  }

  /** Ends the session of these claims: the token stops working at once (logout). */
  end(claims: TokenClaims): Promise<void> {
    return this.#sessions.end(claims.sessionId);
  }

  /** Ends every session of one account (its password changed): each of its tokens stops. */
  endAll(role: TokenRole, accountId: number): Promise<number> {
    return this.#sessions.endAll(role, accountId);
  }
}

/** 128 random bits, base64url: the session's name, unguessable like the token's signature. */
function newSessionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_")
    .replace(/=+$/, "");
}

function readClaims(payload: Record<string, unknown>): TokenClaims | undefined {
  const { sub, email, role, adminRole, exp, sid } = payload;
  if (typeof sub !== "string" || !/^[1-9]\d{0,15}$/.test(sub)) return undefined;
  if (typeof email !== "string" || (role !== "admin" && role !== "customer")) return undefined;
  // An admin's token names the admin's role; one that does not (made before roles) is
  // refused: its admin signs in again and gets one that does.
  if (role === "admin" ? !isAdminRole(adminRole) : adminRole !== undefined) return undefined;
  if (typeof exp !== "number") return undefined;
  if (typeof sid !== "string" || !/^[A-Za-z0-9_-]{16,64}$/.test(sid)) return undefined;
  const expiresAt = new Date(exp * 1000).toISOString();
  const claims: TokenClaims = { id: Number(sub), email, role, expiresAt, sessionId: sid };
  if (isAdminRole(adminRole)) claims.adminRole = adminRole;
  return claims;
}
