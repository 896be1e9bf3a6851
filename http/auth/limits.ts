/**
 * The limits of logging in, registering and changing a password: what each counts and
 * after how many events in which window (attempts.ts says what a full limit does).
 */

export interface LimitRule {
  limit: number;
  windowMs: number;
}

export interface AuthLimits {
  /** Failed logins for one account from one address (429 for that pair). Default 5 in 15 minutes. */
  perAccount?: LimitRule;
  /**
   * Failed logins from one address, any account, after which each attempt from it is slowed
   * by `slowDownMs`, never refused. Default 20 in 15 minutes.
   */
  perAddress?: LimitRule;
  /**
   * Failed logins for one account from all addresses after which each attempt for it is
   * slowed by `slowDownMs`, never refused. Default 10 in 15 minutes.
   */
  slowAccountAfter?: LimitRule;
  /** How long a slowed attempt waits before its password is checked. Default 2 s. */
  slowDownMs?: number;
  /** Registrations from one address. Default 20 an hour. */
  registerPerAddress?: LimitRule;
  /** Wrong current passwords in a password change for one account (429). Default 5 in 15 minutes. */
  passwordPerAccount?: LimitRule;
  /** Wrong current passwords from one address, after which changes are slowed. Default 20 in 15 minutes. */
  passwordPerAddress?: LimitRule;
  /** "You already have an account" mails to one address book entry. Default 3 an hour. */
  takenMailPerAccount?: LimitRule;
  /** "You already have an account" mails for registrations from one client. Default 10 an hour. */
  takenMailPerAddress?: LimitRule;
}

const FIFTEEN_MINUTES = 15 * 60_000;
export const DEFAULT_AUTH_LIMITS: Required<AuthLimits> = {
  perAccount: { limit: 5, windowMs: FIFTEEN_MINUTES },
  perAddress: { limit: 20, windowMs: FIFTEEN_MINUTES },
  slowAccountAfter: { limit: 10, windowMs: FIFTEEN_MINUTES },
  slowDownMs: 2_000,
  registerPerAddress: { limit: 20, windowMs: 60 * 60_000 },
  passwordPerAccount: { limit: 5, windowMs: FIFTEEN_MINUTES },
  passwordPerAddress: { limit: 20, windowMs: FIFTEEN_MINUTES },
  takenMailPerAccount: { limit: 3, windowMs: 60 * 60_000 },
  takenMailPerAddress: { limit: 10, windowMs: 60 * 60_000 },
};
