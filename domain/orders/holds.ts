/**
 * Stock cannot be hoarded: the unpaid orders of one client hold at most a bounded number of
 * copies and a bounded value at once. A client is known by each of the marks an order
 * carries: the address it came from (an IPv6 client by its network, as every per-address
 * limit), its e-mail address and its phone number; every mark is bounded on its own, so
 * new contact details each time do not help from one address, nor new addresses with one
 * phone. An order counts while it holds stock: pending and not yet paid. Its hold ends
 * when it is paid, confirmed, rejected or lapses (payment_policy.ts: every hold ends).
 */
import type { Cents } from "../money.ts";
import { sha256Hex } from "../sha256.ts";
import type { OrderLine } from "./model.ts";
import { lineTotalCents } from "./line_total.ts";

/** The bound on what one client's unpaid orders hold at once (`HOLD_MAX_UNITS`, `HOLD_MAX_LKR`). */
export interface HoldLimits {
  /** Copies, all items together. */
  maxUnits: number;
  /** The items' value, before delivery. */
  maxCents: Cents;
}

/** Ten full lines of MAX_LINE_QUANTITY: a school's or a family's order, not a shelf. */
export const DEFAULT_HOLD_MAX_UNITS = 200;
/** LKR 500,000. */
export const DEFAULT_HOLD_MAX_CENTS = 500_000_00;

export const DEFAULT_HOLD_LIMITS: Readonly<HoldLimits> = Object.freeze({
  maxUnits: DEFAULT_HOLD_MAX_UNITS,
  maxCents: DEFAULT_HOLD_MAX_CENTS,
});

/** What unpaid orders hold: copies and value. */
export interface Holding {
  units: number;
  cents: Cents;
}

/** Who places an order, as far as the shop can tell. */
export interface HoldClient {
  /** The client's address as the limits count it (an IPv6 /64); null when unknown. */
  address: string | null;
  email: string;
  phone: string;
}

/** What a placement must check and record: the client's marks and what the order holds. */
export interface HoldClaim extends Holding {
  keys: string[];
  limits: HoldLimits;
}

/** The first 128 bits of a text's SHA-256: a mark that keeps no personal data in the clear. */
async function digest(text: string): Promise<string> {
  return (await sha256Hex(text)).slice(0, 32);
}

/**
 * The marks a client's orders are counted under: its address, and its e-mail and phone
 * (hashed; the phone by its digits, without 0 or 94, as the order limits read it).
 *
 * @example await holdKeys({ address: "2001:db8:1:2::/64", email: "A@x.lk", phone: "077 1234567" }) // ["address:2001:db8:1:2::/64", "email:…", "phone:…"]
 */
export async function holdKeys(client: HoldClient): Promise<string[]> {
  const email = await digest(client.email.trim().toLowerCase());
  const phone = await digest(client.phone.replace(/\D/g, "").replace(/^(94|0)/, ""));
  return [
    ...(client.address === null ? [] : [`address:${client.address}`]),
    `email:${email}`,
    `phone:${phone}`,
  ];
}

/** What an order's lines hold: their copies and their value. */
export function holdingOf(lines: readonly OrderLine[]): Holding {
  return {
    units: lines.reduce((sum, line) => sum + line.quantity, 0),
    cents: lines.reduce((sum, line) => sum + lineTotalCents(line), 0),
  };
}

/** Why an order would hold too much: which bound, its limit and what the client holds already. */
export interface HoldRefusal {
  bound: "units" | "value";
  limit: number;
  held: Holding;
}

/**
 * Whether an order holding `adding` must be refused, given what each of its client's marks
 * holds already (a mark holding nothing may be missing): copies first, then value.
 *
 * @example holdRefusal([{ units: 190, cents: 0 }], { units: 20, cents: 1000 }, { maxUnits: 200, maxCents: 50_000_000 }) // { bound: "units", limit: 200, held: { units: 190, cents: 0 } }
 */
export function holdRefusal(
  heldByKey: readonly Holding[],
  adding: Holding,
  limits: HoldLimits,
): HoldRefusal | undefined {
  const marks = heldByKey.length > 0 ? heldByKey : [{ units: 0, cents: 0 }];
  for (const held of marks) {
    if (held.units + adding.units > limits.maxUnits) {
      return { bound: "units", limit: limits.maxUnits, held };
    }
  }
  for (const held of marks) {
    if (held.cents + adding.cents > limits.maxCents) {
      return { bound: "value", limit: limits.maxCents, held };
    }
  }
  return undefined;
}
