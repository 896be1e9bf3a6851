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
import { type MarkMaker, sha256Mark } from "../sha256.ts";
import type { OrderLine } from "./model.ts";
import { lineTotalCents } from "./line_total.ts";

/**
 * The bound on what one client's unpaid orders hold at once: per e-mail and per phone
 * (`HOLD_MAX_UNITS`, `HOLD_MAX_LKR`), and a higher one per address (`HOLD_MAX_UNITS_ADDRESS`,
 * `HOLD_MAX_LKR_ADDRESS`): many honest shoppers share one address behind a carrier-grade NAT
 * (a phone network, an office), each with an e-mail and a phone of their own.
 */
export interface HoldLimits {
  /** Copies, all items together, per e-mail and per phone. */
  maxUnits: number;
  /** The items' value, before delivery, per e-mail and per phone. */
  maxCents: Cents;
  /** Copies per address (an IPv6 /64). */
  addressMaxUnits: number;
  /** The items' value per address. */
  addressMaxCents: Cents;
}

/** Ten full lines of MAX_LINE_QUANTITY: a school's or a family's order, not a shelf. */
export const DEFAULT_HOLD_MAX_UNITS = 200;
/** LKR 500,000. */
export const DEFAULT_HOLD_MAX_CENTS = 500_000_00;
/** Five contacts' worth behind one address. */
export const DEFAULT_ADDRESS_HOLD_MAX_UNITS = 1_000;
/** LKR 2,500,000. */
export const DEFAULT_ADDRESS_HOLD_MAX_CENTS = 2_500_000_00;

export const DEFAULT_HOLD_LIMITS: Readonly<HoldLimits> = Object.freeze({
  maxUnits: DEFAULT_HOLD_MAX_UNITS,
  maxCents: DEFAULT_HOLD_MAX_CENTS,
  addressMaxUnits: DEFAULT_ADDRESS_HOLD_MAX_UNITS,
  addressMaxCents: DEFAULT_ADDRESS_HOLD_MAX_CENTS,
});

/** The prefix of the mark of a client's address (the others are its e-mail and phone). */
const ADDRESS_MARK = "address:";

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

/**
 * The marks a client's orders are counted under: its address, and its e-mail and phone
 * (hashed; the phone by its digits, without 0 or 94, as the order limits read it).
 *
 * @example await holdKeys({ address: "2001:db8:1:2::/64", email: "A@x.lk", phone: "077 1234567" }) // ["address:2001:db8:1:2::/64", "email:…", "phone:…"]
 */
export async function holdKeys(
  client: HoldClient,
  mark: MarkMaker = sha256Mark,
): Promise<string[]> {
  const email = await mark(client.email.trim().toLowerCase());
  const phone = await mark(client.phone.replace(/\D/g, "").replace(/^(94|0)/, ""));
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

/** What one of a client's marks holds; `key` says which mark (an address's has its own bound). */
export interface MarkHolding extends Holding {
  key?: string;
}

/** The bounds of one mark: an address's, or an e-mail's or phone's. */
function boundsOf(mark: MarkHolding, limits: HoldLimits): { units: number; cents: Cents } {
  return mark.key?.startsWith(ADDRESS_MARK)
    ? { units: limits.addressMaxUnits, cents: limits.addressMaxCents }
    : { units: limits.maxUnits, cents: limits.maxCents };
}

/**
 * Whether an order holding `adding` must be refused, given what each of its client's marks
 * holds already (a mark holding nothing may be missing): copies first, then value; each mark
 * against its own bound (an address's is the higher).
 *
 * @example holdRefusal([{ units: 190, cents: 0 }], { units: 20, cents: 1000 }, DEFAULT_HOLD_LIMITS) // { bound: "units", limit: 200, held: { units: 190, cents: 0 } }
 * @example holdRefusal([{ key: "address:10.0.0.1", units: 190, cents: 0 }], { units: 20, cents: 1000 }, DEFAULT_HOLD_LIMITS) // undefined: an address holds up to 1,000
 */
export function holdRefusal(
  heldByKey: readonly MarkHolding[],
  adding: Holding,
  limits: HoldLimits,
): HoldRefusal | undefined {
  const marks: readonly MarkHolding[] = heldByKey.length > 0 ? heldByKey : [{ units: 0, cents: 0 }];
  // The order's own e-mail and phone hold at least what it adds: the contact bound applies.
  const all = [...marks, { units: 0, cents: 0 }];
  for (const mark of all) {
    const limit = boundsOf(mark, limits).units;
    if (mark.units + adding.units > limit) {
      return { bound: "units", limit, held: { units: mark.units, cents: mark.cents } };
    }
  }
  for (const mark of all) {
    const limit = boundsOf(mark, limits).cents;
    if (mark.cents + adding.cents > limit) {
      return { bound: "value", limit, held: { units: mark.units, cents: mark.cents } };
    }
  }
  return undefined;
}
