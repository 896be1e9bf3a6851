/**
 * Delivery fees, with fulfilment: what sending a parcel costs. Two rules price delivery: by
 * whole kilograms (Cash on Delivery's) and by a table of weight tiers (Bank Deposit's); each
 * payment method's policy names its rule (orders/payment_policy.ts), and a mixed cart sent in
 * two parcels pays each parcel's own fee (`secondParcelFee`). The numbers are configuration (`FeeRules`); DEFAULT_FEE_RULES
 * holds the shop's own.
 */
import type { Cents, Grams } from "../money.ts";

/** Weights up to and including `upToGrams` pay `feeCents`. */
export interface FeeTier {
  upToGrams: Grams;
  feeCents: Cents;
}

export interface FeeRules {
  cod: {
    /** Paid for any parcel up to `baseUpToKg` whole kilograms, even an empty one. */
    baseCents: Cents;
    baseUpToKg: number;
    /** Paid for each whole kilogram (weight rounded up) above `baseUpToKg`. */
    perExtraKgCents: Cents;
  };
  bankDeposit: {
    /** Ascending by `upToGrams`; the first tier that holds the weight sets the fee. */
    tiers: FeeTier[];
    /** Heavier than the last tier. */
    aboveCents: Cents;
  };
}

function tier(upToKg: number, feeRupees: number): FeeTier {
  return { upToGrams: Math.round(upToKg * 1000), feeCents: feeRupees * 100 };
}

/** The shop's fees: COD 400 up to 1 kg and 100 per extra kg; Bank Deposit by tiers. */
export const DEFAULT_FEE_RULES: Readonly<FeeRules> = Object.freeze({
  cod: { baseCents: 40_000, baseUpToKg: 1, perExtraKgCents: 10_000 },
  bankDeposit: {
    tiers: [
      tier(0.25, 150),
      tier(0.5, 200),
      tier(1, 250),
      tier(2, 300),
      tier(3, 350),
      tier(4, 400),
      tier(5, 450),
      tier(6, 500),
      tier(7, 550),
      tier(8, 600),
      tier(9, 650),
      tier(10, 700),
      tier(15, 800),
      tier(20, 900),
    ],
    // The shop sets no fee above 20 kg and arranges those parcels itself.
    aboveCents: 0,
  },
});

/**
 * The Cash on Delivery fee: the weight rounded UP to whole kilograms; up to
 * `baseUpToKg` costs `baseCents` (an empty parcel too), each further kilogram
 * `perExtraKgCents`. Which method pays which fee is the payment policy's
 * (payment_policy.ts: `deliveryFee`).
 *
 * @example codFee(1001, DEFAULT_FEE_RULES.cod) // 50000 (1.001 kg counts as 2 kg: LKR 500)
 */
export function codFee(weightGrams: Grams, rules: FeeRules["cod"]): Cents {
  const wholeKg = Math.ceil(weightGrams / 1000);
  const extraKg = Math.max(0, wholeKg - rules.baseUpToKg);
  return rules.baseCents + extraKg * rules.perExtraKgCents;
}

/**
 * The Bank Deposit fee: the first tier whose limit holds the weight (limits inclusive);
 * heavier than the last tier, `aboveCents`.
 *
 * @example bankDepositFee(260, DEFAULT_FEE_RULES.bankDeposit) // 20000 (LKR 200)
 */
export function bankDepositFee(weightGrams: Grams, rules: FeeRules["bankDeposit"]): Cents {
  const found = rules.tiers.find((t) => weightGrams <= t.upToGrams);
  return found ? found.feeCents : rules.aboveCents;
}

/** How a mixed cart (books in stock and pre-ordered books) is sent. */
export const PARCEL_CHOICES = ["together", "split"] as const;
/**
 * "together": one parcel, sent once the pre-ordered books arrive (the default); "split":
 * the books in stock now and the pre-ordered ones in a second parcel when they arrive.
 */
export type ParcelChoice = (typeof PARCEL_CHOICES)[number];

/** A line as far as parcels go: its weight per copy, its copies and whether it is a pre-order. */
export interface ParcelLine {
  weightGrams: Grams;
  quantity: number;
  preorder: boolean;
}

/** The weights of what can go now and of what waits for its pre-order. */
export interface ParcelWeights {
  nowGrams: Grams;
  laterGrams: Grams;
}

/**
 * What a cart's lines weigh now (in stock) and later (pre-ordered).
 *
 * @example parcelWeights([{ weightGrams: 300, quantity: 2, preorder: false }, { weightGrams: 500, quantity: 1, preorder: true }]) // { nowGrams: 600, laterGrams: 500 }
 */
export function parcelWeights(lines: readonly ParcelLine[]): ParcelWeights {
  let nowGrams = 0;
  let laterGrams = 0;
  for (const line of lines) {
    if (line.preorder) laterGrams += line.weightGrams * line.quantity;
    else nowGrams += line.weightGrams * line.quantity;
  }
  return { nowGrams, laterGrams };
}

/**
 * Whether the lines hold both books in stock and pre-ordered books: only then may the
 * shopper choose how they are sent.
 *
 * @example isMixedCart([{ weightGrams: 300, quantity: 1, preorder: false }, { weightGrams: 300, quantity: 1, preorder: true }]) // true
 */
export function isMixedCart(lines: readonly Pick<ParcelLine, "preorder">[]): boolean {
  return lines.some((line) => line.preorder) && lines.some((line) => !line.preorder);
}

/**
 * The extra delivery fee of sending a mixed cart in two parcels: each parcel pays its own
 * delivery fee by its weight (`feeOf`, the payment method's rule), less the fee one parcel
 * of both weights pays, never below 0 (a rule whose heaviest parcels cost nothing, as Bank
 * Deposit's above 20 kg, gives no refund for splitting). 0 for lines that are not mixed:
 * such a cart has one parcel and pays nothing extra.
 *
 * @example secondParcelFee([{ weightGrams: 400, quantity: 1, preorder: false }, { weightGrams: 400, quantity: 1, preorder: true }], (g) => bankDepositFee(g, DEFAULT_FEE_RULES.bankDeposit)) // 15000 (200 + 200 - 250: LKR 150)
 */
export function secondParcelFee(
  lines: readonly ParcelLine[],
  feeOf: (weightGrams: Grams) => Cents,
): Cents {
  if (!isMixedCart(lines)) return 0;
  const { nowGrams, laterGrams } = parcelWeights(lines);
  return Math.max(0, feeOf(nowGrams) + feeOf(laterGrams) - feeOf(nowGrams + laterGrams));
}
