/**
 * Delivery fees. Two rules price delivery: by whole kilograms (Cash on Delivery's) and by
 * a table of weight tiers (Bank Deposit's); each payment method's policy names its rule
 * (payment_policy.ts). The numbers are configuration (`FeeRules`); DEFAULT_FEE_RULES
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
