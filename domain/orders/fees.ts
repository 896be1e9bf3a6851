/**
 * Delivery fees. The two payment methods price delivery differently: Cash on Delivery
 * by whole kilograms, Bank Deposit by a table of weight tiers. The numbers are
 * configuration (`FeeRules`); DEFAULT_FEE_RULES holds the shop's own.
 */
import type { Cents, Grams } from "../money.ts";
import type { PaymentMethod } from "./model.ts";

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
 * The delivery fee for a parcel of `weightGrams` paid by `method`.
 *
 * COD: the weight is rounded UP to whole kilograms; up to 1 kg costs LKR 400 (an empty
 * parcel too), each further kilogram LKR 100. Bank Deposit: the first tier whose limit
 * holds the weight (limits inclusive); above 20 kg, 0.
 *
 * @example deliveryFee(1000, "COD") // 40000 (LKR 400)
 * @example deliveryFee(1001, "COD") // 50000 (1.001 kg counts as 2 kg: LKR 500)
 * @example deliveryFee(250, "Bank Deposit") // 15000 (LKR 150)
 * @example deliveryFee(260, "Bank Deposit") // 20000 (LKR 200)
 * @example deliveryFee(20001, "Bank Deposit") // 0
 */
export function deliveryFee(
  weightGrams: Grams,
  method: PaymentMethod,
  rules: FeeRules = DEFAULT_FEE_RULES,
): Cents {
  if (!Number.isFinite(weightGrams) || weightGrams < 0) {
    throw new RangeError(`Weight must be a non-negative number of grams, got ${weightGrams}`);
  }
  return method === "COD"
    ? codFee(weightGrams, rules.cod)
    : bankDepositFee(weightGrams, rules.bankDeposit);
}

function codFee(weightGrams: Grams, rules: FeeRules["cod"]): Cents {
  const wholeKg = Math.ceil(weightGrams / 1000);
  const extraKg = Math.max(0, wholeKg - rules.baseUpToKg);
  return rules.baseCents + extraKg * rules.perExtraKgCents;
}

function bankDepositFee(weightGrams: Grams, rules: FeeRules["bankDeposit"]): Cents {
  const found = rules.tiers.find((t) => weightGrams <= t.upToGrams);
  return found ? found.feeCents : rules.aboveCents;
}
