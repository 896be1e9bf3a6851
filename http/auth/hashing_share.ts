/**
 * A client address's share of the password hashing lanes: at most `perAddress` requests
 * that hash (a login, a registration, a password change or reset) under way at once from
 * one address (an IPv6 /64), so that one client flooding them cannot fill the lane's line
 * and have everyone else's logins answered 503. One more from that address is answered
 * 429 at once, before its body is read. Counted in this process, as the lanes are.
 * Requests with no address (in-process calls) are not held to it.
 */
import type { MiddlewareHandler } from "hono";
import { errorResponse, tooManyRequests } from "../middleware/errors.ts";
import { clientAddress, type ClientAddressOptions } from "./rate_limit.ts";

/** Requests that hash, under way at once from one address. */
export const DEFAULT_HASHING_SHARE = 4;

export class HashingShare {
  readonly #underWay = new Map<string, number>();

  constructor(readonly perAddress: number = DEFAULT_HASHING_SHARE) {
    if (!Number.isInteger(perAddress) || perAddress < 1) {
      throw new Error("A hashing share must allow at least one request");
    }
  }

  /** Requests under way from `address` (for tests and monitoring). */
  underWay(address: string): number {
    return this.#underWay.get(address) ?? 0;
  }

  /** The middleware of one route, reading the address as the limits do. */
  guard(options: ClientAddressOptions): MiddlewareHandler {
    return async (c, next) => {
      const address = clientAddress(c, options);
      if (address === "unknown") return await next();
      const now = this.underWay(address);
      if (now >= this.perAddress) {
        return errorResponse(
          c,
          tooManyRequests(
            "Too many sign-in requests at once from this address, try again shortly",
            2,
          ),
        );
      }
      this.#underWay.set(address, now + 1);
      try {
        await next();
      } finally {
        const left = this.underWay(address) - 1;
        if (left > 0) this.#underWay.set(address, left);
        else this.#underWay.delete(address);
      }
    };
  }
}
