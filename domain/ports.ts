/**
 * The ports: what the domain needs from the outside world, shaped by the domain, each
 * area's in its own file (catalogue/, orders/, notifications/, accounts/ports.ts) and all
 * of them named here, with the clock and the errors every area shares.
 * Adapters implement them (adapters/postgres, adapters/mail, adapters/pdf,
 * adapters/storage, ...); main.ts wires them together.
 *
 * Expected outcomes (not found, duplicate, out of stock, wrong state) are returned as
 * discriminated unions. Infrastructure failures are thrown, never turned into
 * "not found".
 */
export type * from "./catalogue/ports.ts";
export type * from "./orders/ports.ts";
export type * from "./notifications/ports.ts";
export type * from "./accounts/ports.ts";

export interface Clock {
  now(): Date;
}

/**
 * Thrown by an adapter when a store it needs cannot be reached for now (a database
 * that is restarting, a connection that dropped): the request may be tried again after
 * `retryAfterSeconds`, with the same Idempotency-Key for an order.
 */
export class UnavailableError extends Error {
  override name = "UnavailableError";
  constructor(message: string, readonly retryAfterSeconds = 5, options?: ErrorOptions) {
    super(message, options);
  }
}

/**
 * A store took longer than its time limit for one statement (PostgreSQL's
 * statement_timeout): the store is there, the work was too slow. Not an outage.
 */
export class TimedOutError extends Error {
  override name = "TimedOutError";
  constructor(message: string, readonly retryAfterSeconds = 2, options?: ErrorOptions) {
    super(message, options);
  }
}
