/**
 * Each payment method as one record of data: how its delivery is priced, whether an unpaid
 * order lapses, whether it takes deposit slips and pre-orders, how its payment status
 * starts and moves, how its money changes hands, and the words that name it. Every place
 * that treats the methods differently reads this table, so a new method is a compile error
 * (`satisfies Record<PaymentMethod, PaymentPolicy>`) until its record says all of it.
 * scripts/payment_policy_test.ts fails when code elsewhere compares a method by name.
 */
import type { Cents, Grams } from "../money.ts";
import { bankDepositFee, codFee, DEFAULT_FEE_RULES, type FeeRules } from "./fees.ts";
import {
  type EventActor,
  PAYMENT_METHODS,
  type PaymentMethod,
  type PaymentStatus,
} from "./model.ts";

/** The default hold of a Bank Deposit order, in hours (`BANK_DEPOSIT_HOURS`). */
export const DEFAULT_BANK_DEPOSIT_HOURS = 48;

/** The shop's configured holds: how long an unpaid order keeps its stock, per rule. */
export interface HoldRules {
  /** Hours an unpaid Bank Deposit order with no deposit slip keeps its stock. */
  bankDepositHours: number;
}

export const DEFAULT_HOLD_RULES: Readonly<HoldRules> = Object.freeze({
  bankDepositHours: DEFAULT_BANK_DEPOSIT_HOURS,
});

/** A payment change and who may make it. */
export interface PaymentMove {
  to: PaymentStatus;
  by: readonly EventActor[];
}

/**
 * How an unpaid order's money changes hands: the courier collects it at the door, or the
 * customer pays it before the parcel leaves. It decides what slips, mails and pages say
 * about the amount (domain/orders/amount_due.ts).
 */
export type Settlement = "collect" | "pay";

/**
 * The words of an amount in each place, as message keys (messages/*.json): the label of
 * the totals' last row (`total`) and a sentence about the money (`note`), on pages, in
 * mails and on the slip (whose note may name `{amount}`); and the admin area's English.
 * domain/orders/amount_due.ts chooses them.
 */
export interface AmountWords {
  page: { total: string; note: string };
  mail: { total: string; note: string };
  slip: { total: string; note: string };
  admin: { total: string; note: string };
}

/** Everything the shop does differently for one payment method. */
export interface PaymentPolicy {
  /** The delivery fee of a parcel of `weightGrams` paid this way, under the shop's fees. */
  deliveryFee(weightGrams: Grams, rules: FeeRules): Cents;
  /**
   * The hold rule after which an unpaid order with no proof lapses (rejected by the
   * system, its stock given back); null when such an order never lapses.
   */
  lapsesAfter: keyof HoldRules | null;
  /** Whether the customer sends a proof of payment (a deposit slip) from the order's page. */
  takesProofs: boolean;
  /** Whether pre-order books may be bought this way. */
  allowsPreorders: boolean;
  /** Whether the customer is shown the shop's bank account to pay into. */
  showsBankDetails: boolean;
  /** The payment status a new order starts in. */
  initialPaymentStatus: PaymentStatus;
  /** The payment moves from each status, and who may make each. */
  paymentMoves: Readonly<Record<PaymentStatus, readonly PaymentMove[]>>;
  settlement: Settlement;
  /**
   * The message keys (messages/*.json) of the method's words: its name on pages, at
   * checkout, in mails and on the slip; what the order-placed mail and the confirmation
   * dialog say about paying; its name in the admin area (English, not translated); and
   * what the documents say about the amount of an unpaid order (`unpaid`).
   */
  words: {
    name: string;
    checkout: string;
    mail: string;
    slip: string;
    placedMail: string;
    placedDialog: string;
    /** The confirmation dialog's title: the order is placed, and how it is paid. */
    placedTitle: string;
    admin: string;
    unpaid: AmountWords;
  };
}

const ADMIN = ["admin"] as const;
const CUSTOMER = ["customer"] as const;

/**
 * Cash on Delivery: delivery priced by whole kilograms; the courier collects; the admin
 * records the cash (unpaid → paid) and may undo it; no slips, no pre-orders; never lapses.
 * Bank Deposit: delivery priced by weight tiers; the customer pays into the shop's account
 * before dispatch and uploads the slip (unpaid → proof_submitted, another may follow); the
 * admin verifies it (→ paid), refuses it (→ unpaid), or marks it paid directly, and may
 * undo a payment; pre-orders allowed; an unpaid order with no slip lapses after
 * BANK_DEPOSIT_HOURS.
 */
export const PAYMENT_POLICIES = {
  COD: {
    deliveryFee: (weightGrams: Grams, rules: FeeRules) => codFee(weightGrams, rules.cod),
    lapsesAfter: null,
    takesProofs: false,
    allowsPreorders: false,
    showsBankDetails: false,
    initialPaymentStatus: "unpaid",
    paymentMoves: {
      unpaid: [{ to: "paid", by: ADMIN }],
      proof_submitted: [],
      paid: [{ to: "unpaid", by: ADMIN }],
    },
    settlement: "collect",
    words: {
      name: "payment.cod",
      checkout: "checkout.cod",
      mail: "mail.paymentCod",
      slip: "slip.cod",
      placedMail: "mail.placed.cod",
      placedDialog: "placed.codKeep",
      placedTitle: "placed.titleCod",
      admin: "Cash on Delivery",
      unpaid: {
        page: { total: "amount.totalToPay", note: "amount.noteCollect" },
        mail: { total: "mail.totalToPay", note: "mail.noteCollect" },
        slip: { total: "slip.totalToPay", note: "slip.collect" },
        admin: { total: "Total to pay", note: "To collect on delivery" },
      },
    },
  },
  "Bank Deposit": {
    deliveryFee: (weightGrams: Grams, rules: FeeRules) =>
      bankDepositFee(weightGrams, rules.bankDeposit),
    lapsesAfter: "bankDepositHours",
    takesProofs: true,
    allowsPreorders: true,
    showsBankDetails: true,
    initialPaymentStatus: "unpaid",
    paymentMoves: {
      unpaid: [{ to: "proof_submitted", by: CUSTOMER }, { to: "paid", by: ADMIN }],
      proof_submitted: [
        { to: "proof_submitted", by: CUSTOMER },
        { to: "paid", by: ADMIN },
        { to: "unpaid", by: ADMIN },
      ],
      paid: [{ to: "unpaid", by: ADMIN }],
    },
    settlement: "pay",
    words: {
      name: "payment.bankDeposit",
      checkout: "checkout.bankDeposit",
      mail: "mail.paymentBank",
      slip: "slip.bank",
      placedMail: "mail.placed.bank",
      placedDialog: "placed.bankHint",
      placedTitle: "placed.titleBank",
      admin: "Bank Deposit",
      unpaid: {
        page: { total: "amount.totalToPay", note: "amount.noteBank" },
        mail: { total: "mail.totalToPay", note: "mail.noteBank" },
        slip: { total: "slip.totalToPay", note: "slip.noteBank" },
        admin: { total: "Total to pay", note: "To be paid by bank deposit, not collected" },
      },
    },
  },
} as const satisfies Record<PaymentMethod, PaymentPolicy>;

/**
 * The delivery fee for a parcel of `weightGrams` paid by `method` (the rules in fees.ts).
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
  return PAYMENT_POLICIES[method].deliveryFee(weightGrams, rules);
}

/**
 * How long an unpaid order paid by `method` holds its stock, in hours; null when it never
 * lapses.
 *
 * @example holdHours("Bank Deposit", { bankDepositHours: 48 }) // 48
 * @example holdHours("COD", { bankDepositHours: 48 }) // null
 */
export function holdHours(method: PaymentMethod, rules: HoldRules): number | null {
  const rule = PAYMENT_POLICIES[method].lapsesAfter;
  return rule === null ? null : rules[rule];
}

/**
 * When an order placed at `orderDate` lapses: its method's hold later (a decimal number of
 * hours: 0.5 is half an hour); null for orders that never lapse.
 *
 * @example lapseTime("Bank Deposit", "2026-03-01T10:00:00.000Z", { bankDepositHours: 1.5 }) // "2026-03-01T11:30:00.000Z"
 * @example lapseTime("COD", "2026-03-01T10:00:00.000Z", { bankDepositHours: 1.5 }) // null
 */
export function lapseTime(
  paymentMethod: PaymentMethod,
  orderDate: string,
  rules: HoldRules,
): string | null {
  const held = holdHours(paymentMethod, rules);
  if (held === null) return null;
  return new Date(Date.parse(orderDate) + Math.round(held * 3_600_000)).toISOString();
}

/** The methods whose unpaid orders lapse (the lapse loop's query names them). */
export const LAPSING_METHODS: readonly PaymentMethod[] = PAYMENT_METHODS.filter((method) =>
  PAYMENT_POLICIES[method].lapsesAfter !== null
);

/** The methods pre-order books may be bought with. */
export const PREORDER_METHODS: readonly PaymentMethod[] = PAYMENT_METHODS.filter((method) =>
  PAYMENT_POLICIES[method].allowsPreorders
);
