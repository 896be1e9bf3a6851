/**
 * Each payment method as one record of data: how its delivery is priced, how long an unpaid
 * order holds its stock and how the hold ends, whether it takes deposit slips and pre-orders, how its payment status
 * starts and moves, how its money changes hands, and the words that name it. Every place
 * that treats the methods differently reads this table, so a new method is a compile error
 * (`satisfies Record<PaymentMethod, PaymentPolicy>`) until its record says all of it.
 * scripts/payment_policy_test.ts fails when code elsewhere compares a method by name.
 */
import type { Cents, Grams } from "../money.ts";
import type { MailKind } from "../notifications/mail_kinds.ts";
import type { ProviderKey } from "../payments/providers.ts";
import {
  bankDepositFee,
  codFee,
  DEFAULT_FEE_RULES,
  type FeeRules,
  type ParcelLine,
  secondParcelFee,
} from "../fulfilment/delivery_fees.ts";
import {
  type EventActor,
  PAYMENT_METHODS,
  type PaymentMethod,
  type PaymentStatus,
} from "./model.ts";

/** The default hold of a Bank Deposit order, in hours (`BANK_DEPOSIT_HOURS`). */
export const DEFAULT_BANK_DEPOSIT_HOURS = 48;
/** The default time the owner has to check a deposit slip, in hours (`SLIP_REVIEW_HOURS`). */
export const DEFAULT_SLIP_REVIEW_HOURS = 72;
/** The default time the shop has to confirm a Cash on Delivery order, in days (`COD_CONFIRM_DAYS`). */
export const DEFAULT_COD_CONFIRM_DAYS = 7;
/** The default time a card order waits for its payment, in minutes (`CARD_PAYMENT_MINUTES`). */
export const DEFAULT_CARD_PAYMENT_MINUTES = 30;

/** The shop's configured holds: how long an unpaid order keeps its stock, per rule. */
export interface HoldRules {
  /** Hours an unpaid Bank Deposit order with no deposit slip keeps its stock. */
  bankDepositHours: number;
  /**
   * Hours a deposit slip gives the owner to check it, counted from the order's first slip:
   * the hold of an order with a slip ends then unless the owner has decided.
   */
  slipReviewHours: number;
  /** Hours an unconfirmed Cash on Delivery order keeps its stock. */
  codConfirmHours: number;
  /** Hours (a fraction: half an hour is 0.5) an unpaid card order keeps its stock. */
  cardPaymentHours: number;
}

export const DEFAULT_HOLD_RULES: Readonly<HoldRules> = Object.freeze({
  bankDepositHours: DEFAULT_BANK_DEPOSIT_HOURS,
  slipReviewHours: DEFAULT_SLIP_REVIEW_HOURS,
  codConfirmHours: DEFAULT_COD_CONFIRM_DAYS * 24,
  cardPaymentHours: DEFAULT_CARD_PAYMENT_MINUTES / 60,
});

/**
 * How long an unpaid order of a method holds its stock, and how the hold ends: every hold
 * ends. An order that is paid, or that the owner has taken in hand (a payment recorded or
 * a slip refused), or confirmed or rejected, no longer lapses.
 */
export interface HoldPolicy {
  /** The rule of the hold from the order's placing. */
  unpaid: keyof HoldRules;
  /**
   * Whose move the hold waits for: the customer's payment (the deadline is shown to the
   * customer, on the order's page and in its mail) or the shop's confirmation.
   */
  awaits: "customer" | "shop";
  /**
   * The rule of the time a deposit slip gives the owner to check it, counted from the
   * first slip (later slips do not extend it); null for a method that takes no slips.
   */
  afterProof: keyof HoldRules | null;
  /** The reason an order that lapses unpaid, with no slip, carries, and the mail it sends. */
  lapse: { reason: string; mail: MailKind };
}

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
 * The words of an amount in each place, as message keys (messages/*.json): a sentence
 * about the money on pages, in mails and on the slip (whose note may name `{amount}`), and
 * the admin area's English. The figures themselves are named once, by the breakdown
 * (domain/pricing/figures.ts); domain/orders/amount_due.ts chooses these notes.
 */
export interface AmountWords {
  page: { note: string };
  mail: { note: string };
  slip: { note: string };
  admin: { note: string };
}

/** Everything the shop does differently for one payment method. */
export interface PaymentPolicy {
  /** The delivery fee of a parcel of `weightGrams` paid this way, under the shop's fees. */
  deliveryFee(weightGrams: Grams, rules: FeeRules): Cents;
  /** How long an unpaid order holds its stock, and how the hold ends. */
  hold: HoldPolicy;
  /** Whether the customer sends a proof of payment (a deposit slip) from the order's page. */
  takesProofs: boolean;
  /** Whether pre-order books may be bought this way. */
  allowsPreorders: boolean;
  /** Whether the customer is shown the shop's bank account to pay into. */
  showsBankDetails: boolean;
  /**
   * The provider the customer pays through online (domain/payments/providers.ts), or null for
   * a method paid offline: the method is offered only when its provider is configured, its
   * orders' pages carry that provider's form while they are unpaid, and only that provider's
   * notices pay them.
   */
  provider: ProviderKey | null;
  /**
   * Whether the customer is texted about an order before it is paid. A card order is texted
   * only once its payment has come: one placed and left unpaid (by anyone, with anyone's
   * number) texts no one, neither that it was received nor that it lapsed.
   */
  textsBeforePaid: boolean;
  /**
   * Whether an order is paid before the shop prepares it (a deposit, a card): until then the
   * customer reads "Awaiting payment", not "Being prepared".
   */
  paidBeforeDispatch: boolean;
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
    /**
     * What the confirmation dialog says of the hold when the customer's payment ends it
     * (`{hours}`, `{minutes}`, `{deadline}`); a method whose hold waits for the shop shows none.
     */
    placedDeadline: string;
    admin: string;
    unpaid: AmountWords;
    /**
     * What the mail of an order that lapsed unpaid says (`order_lapsed`): why, and what to do
     * if the customer paid all the same. A method whose lapse sends another mail (COD's
     * rejection) names the shared words, which it never sends.
     */
    lapsedMail: { body: string; paid: string };
    /**
     * The words of paying online, for a method paid through a provider (null otherwise): the
     * order page's heading and button, the hint under it, what shows while the shopper is
     * sent to the provider, after a cancelled or failed attempt, and on the way back before
     * the notice. (The Terms' paragraph is `ONLINE_TERMS_WORDS`: a server page's words, kept
     * out of the browser's code.)
     */
    online: OnlineWords | null;
  };
}

/** The message keys of a method paid online (`PaymentPolicy.words.online`). */
export interface OnlineWords {
  heading: string;
  pay: string;
  through: string;
  going: string;
  cancelled: string;
  failed: string;
  waiting: string;
}

const ADMIN = ["admin"] as const;
const CUSTOMER = ["customer"] as const;
/** The shop itself: for a card order, a notification from the gateway, verified. */
const GATEWAY = ["system"] as const;

/** The reason an unpaid Bank Deposit order with no slip carries when it lapses. */
export const LAPSE_REASON = "Payment not received";
/** The reason an order whose slip was not checked by the owner's deadline carries. */
export const SLIP_LAPSE_REASON = "Deposit slip not checked in time";
/** The reason a Cash on Delivery order the shop did not confirm in time carries. */
export const COD_LAPSE_REASON = "Not confirmed by the shop in time";
/** The reason a card order whose payment did not arrive in time carries. */
export const CARD_LAPSE_REASON = "Card payment not completed in time";
/** The reason a Koko order whose payment did not arrive in time carries. */
export const KOKO_LAPSE_REASON = "Koko payment not completed in time";

/**
 * Cash on Delivery: delivery priced by whole kilograms; the courier collects; the admin
 * records the cash (unpaid → paid) and may undo it; no slips, no pre-orders; an order the
 * shop has not confirmed lapses after COD_CONFIRM_DAYS (the customer is told it was
 * cancelled, with the reason).
 * Bank Deposit: delivery priced by weight tiers; the customer pays into the shop's account
 * before dispatch and uploads the slip (unpaid → proof_submitted, another may follow); the
 * admin verifies it (→ paid), refuses it (→ unpaid), or marks it paid directly, and may
 * undo a payment; pre-orders allowed; an unpaid order with no slip lapses after
 * BANK_DEPOSIT_HOURS, one with a slip SLIP_REVIEW_HOURS after its first slip unless the
 * admin has decided by then.
 * Card: paid online through the payment gateway (domain/payments/gateway.ts) before the
 * parcel leaves, so delivery is priced by Bank Deposit's weight tiers, with no surcharge;
 * the payment status becomes paid only from the gateway's verified notification (the
 * system), and a chargeback the gateway reports takes it back; nobody records it by hand,
 * and the gateway's own dashboard refunds; no slips; pre-orders allowed (paid up front);
 * an unpaid card order lapses after CARD_PAYMENT_MINUTES and gives its stock back.
 * Koko: the order's total paid online through Koko (adapters/payments/koko.ts), which lends
 * the customer three monthly instalments and pays the shop in full: otherwise as Card, its
 * payment status moved only by Koko's verified notice, its unpaid order held as long.
 */
export const PAYMENT_POLICIES = {
  COD: {
    deliveryFee: (weightGrams: Grams, rules: FeeRules) => codFee(weightGrams, rules.cod),
    hold: {
      unpaid: "codConfirmHours",
      awaits: "shop",
      afterProof: null,
      lapse: { reason: COD_LAPSE_REASON, mail: "order_rejected" },
    },
    takesProofs: false,
    allowsPreorders: false,
    showsBankDetails: false,
    provider: null,
    textsBeforePaid: true,
    paidBeforeDispatch: false,
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
      placedDeadline: "placed.deadline",
      admin: "Cash on Delivery",
      unpaid: {
        page: { note: "amount.noteCollect" },
        mail: { note: "mail.noteCollect" },
        slip: { note: "slip.collect" },
        admin: { note: "To collect on delivery" },
      },
      lapsedMail: { body: "mail.lapsed.body", paid: "mail.lapsed.paid" },
      online: null,
    },
  },
  "Bank Deposit": {
    deliveryFee: (weightGrams: Grams, rules: FeeRules) =>
      bankDepositFee(weightGrams, rules.bankDeposit),
    hold: {
      unpaid: "bankDepositHours",
      awaits: "customer",
      afterProof: "slipReviewHours",
      lapse: { reason: LAPSE_REASON, mail: "order_lapsed" },
    },
    takesProofs: true,
    allowsPreorders: true,
    showsBankDetails: true,
    provider: null,
    textsBeforePaid: true,
    paidBeforeDispatch: true,
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
      placedDeadline: "placed.deadline",
      admin: "Bank Deposit",
      unpaid: {
        page: { note: "amount.noteBank" },
        mail: { note: "mail.noteBank" },
        slip: { note: "slip.noteBank" },
        admin: { note: "To be paid by bank deposit, not collected" },
      },
      lapsedMail: { body: "mail.lapsed.body", paid: "mail.lapsed.paid" },
      online: null,
    },
  },
  Card: {
    deliveryFee: (weightGrams: Grams, rules: FeeRules) =>
      bankDepositFee(weightGrams, rules.bankDeposit),
    hold: {
      unpaid: "cardPaymentHours",
      awaits: "customer",
      afterProof: null,
      lapse: { reason: CARD_LAPSE_REASON, mail: "order_lapsed" },
    },
    takesProofs: false,
    allowsPreorders: true,
    showsBankDetails: false,
    provider: "payhere",
    textsBeforePaid: false,
    paidBeforeDispatch: true,
    initialPaymentStatus: "unpaid",
    paymentMoves: {
      unpaid: [{ to: "paid", by: GATEWAY }],
      proof_submitted: [],
      paid: [{ to: "unpaid", by: GATEWAY }],
    },
    settlement: "pay",
    words: {
      name: "payment.card",
      checkout: "checkout.card",
      mail: "mail.paymentCard",
      slip: "slip.card",
      placedMail: "mail.placed.card",
      placedDialog: "placed.cardHint",
      placedTitle: "placed.titleCard",
      placedDeadline: "placed.deadlineCard",
      admin: "Card (PayHere)",
      unpaid: {
        page: { note: "amount.noteCard" },
        mail: { note: "mail.noteCard" },
        slip: { note: "slip.noteCard" },
        admin: { note: "To be paid by card online, not collected" },
      },
      lapsedMail: { body: "mail.lapsed.bodyCard", paid: "mail.lapsed.paidCard" },
      online: {
        heading: "order.payByCard",
        pay: "card.pay",
        through: "card.through",
        going: "card.going",
        cancelled: "card.cancelled",
        failed: "card.failed",
        waiting: "card.waiting",
      },
    },
  },
  Koko: {
    deliveryFee: (weightGrams: Grams, rules: FeeRules) =>
      bankDepositFee(weightGrams, rules.bankDeposit),
    hold: {
      unpaid: "cardPaymentHours",
      awaits: "customer",
      afterProof: null,
      lapse: { reason: KOKO_LAPSE_REASON, mail: "order_lapsed" },
    },
    takesProofs: false,
    allowsPreorders: true,
    showsBankDetails: false,
    provider: "koko",
    textsBeforePaid: false,
    paidBeforeDispatch: true,
    initialPaymentStatus: "unpaid",
    paymentMoves: {
      unpaid: [{ to: "paid", by: GATEWAY }],
      proof_submitted: [],
      paid: [{ to: "unpaid", by: GATEWAY }],
    },
    settlement: "pay",
    words: {
      name: "payment.koko",
      checkout: "checkout.koko",
      mail: "mail.paymentKoko",
      slip: "slip.koko",
      placedMail: "mail.placed.koko",
      placedDialog: "placed.kokoHint",
      placedTitle: "placed.titleKoko",
      placedDeadline: "placed.deadlineKoko",
      admin: "Koko (3 instalments)",
      unpaid: {
        page: { note: "amount.noteKoko" },
        mail: { note: "mail.noteKoko" },
        slip: { note: "slip.noteKoko" },
        admin: { note: "To be paid online through Koko, not collected" },
      },
      lapsedMail: { body: "mail.lapsed.bodyKoko", paid: "mail.lapsed.paidKoko" },
      online: {
        heading: "order.payByKoko",
        pay: "koko.pay",
        through: "koko.through",
        going: "koko.going",
        cancelled: "koko.cancelled",
        failed: "koko.failed",
        waiting: "koko.waiting",
      },
    },
  },
} as const satisfies Record<PaymentMethod, PaymentPolicy>;

/**
 * The delivery fee for a parcel of `weightGrams` paid by `method` (the rules in fulfilment/delivery_fees.ts).
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
 * The extra delivery fee of sending a mixed cart paid by `method` in two parcels (the
 * books in stock now, the pre-ordered ones when they arrive): each parcel priced by the
 * method's own rule (fulfilment/delivery_fees.ts: `secondParcelFee`); 0 for a cart that is not mixed.
 *
 * @example methodSecondParcelFee([{ weightGrams: 400, quantity: 1, preorder: false }, { weightGrams: 400, quantity: 1, preorder: true }], "Bank Deposit") // 15000
 */
export function methodSecondParcelFee(
  lines: readonly ParcelLine[],
  method: PaymentMethod,
  rules: FeeRules = DEFAULT_FEE_RULES,
): Cents {
  return secondParcelFee(lines, (grams) => deliveryFee(grams, method, rules));
}

/**
 * How long an unpaid order paid by `method` holds its stock from its placing, in hours.
 *
 * @example holdHours("Bank Deposit", DEFAULT_HOLD_RULES) // 48
 * @example holdHours("COD", DEFAULT_HOLD_RULES) // 168
 */
export function holdHours(method: PaymentMethod, rules: HoldRules): number {
  return rules[PAYMENT_POLICIES[method].hold.unpaid];
}

/**
 * The hours a customer has to pay an order of `method` before it lapses, as the checkout,
 * the order's page and its mail tell them; null when the hold waits for the shop (COD).
 *
 * @example customerHoldHours("Bank Deposit", DEFAULT_HOLD_RULES) // 48
 * @example customerHoldHours("COD", DEFAULT_HOLD_RULES) // null
 */
export function customerHoldHours(method: PaymentMethod, rules: HoldRules): number | null {
  return PAYMENT_POLICIES[method].hold.awaits === "customer" ? holdHours(method, rules) : null;
}

function hoursLater(at: string, hours: number): string {
  return new Date(Date.parse(at) + Math.round(hours * 3_600_000)).toISOString();
}

/**
 * When an order placed at `orderDate` lapses unless it is paid or decided: its method's
 * hold later (a decimal number of hours: 0.5 is half an hour). Every method's hold ends.
 *
 * @example lapseTime("Bank Deposit", "2026-03-01T10:00:00.000Z", { ...DEFAULT_HOLD_RULES, bankDepositHours: 1.5 }) // "2026-03-01T11:30:00.000Z"
 * @example lapseTime("COD", "2026-03-01T10:00:00.000Z", DEFAULT_HOLD_RULES) // "2026-03-08T10:00:00.000Z"
 */
export function lapseTime(
  paymentMethod: PaymentMethod,
  orderDate: string,
  rules: HoldRules,
): string {
  return hoursLater(orderDate, holdHours(paymentMethod, rules));
}

/**
 * The owner's deadline for checking a deposit slip sent at `at`, or null for a method that
 * takes no slips.
 *
 * @example slipReviewDeadline("Bank Deposit", "2026-03-02T09:00:00.000Z", DEFAULT_HOLD_RULES) // "2026-03-05T09:00:00.000Z"
 */
export function slipReviewDeadline(
  paymentMethod: PaymentMethod,
  at: string,
  rules: HoldRules,
): string | null {
  const rule = PAYMENT_POLICIES[paymentMethod].hold.afterProof;
  return rule === null ? null : hoursLater(at, rules[rule]);
}

/** The methods whose unpaid orders lapse: every one (the lapse loop's query names them). */
export const LAPSING_METHODS: readonly PaymentMethod[] = PAYMENT_METHODS;

/**
 * Whether `method` is paid online, through a provider.
 *
 * @example paysOnline("Card") // true
 * @example paysOnline("COD") // false
 */
export function paysOnline(method: PaymentMethod): boolean {
  return PAYMENT_POLICIES[method].provider !== null;
}

/**
 * The methods the shop offers: every one paid offline, and each paid through a provider
 * when that provider is configured (`configured`: their keys).
 *
 * @example offeredMethods([]) // ["COD", "Bank Deposit"]
 * @example offeredMethods(["payhere"]) // ["COD", "Bank Deposit", "Card"]
 */
export function offeredMethods(configured: readonly ProviderKey[]): PaymentMethod[] {
  return PAYMENT_METHODS.filter((method) => {
    const provider: ProviderKey | null = PAYMENT_POLICIES[method].provider;
    return provider === null || configured.includes(provider);
  });
}

/** The methods paid online, through a provider. */
export type OnlineMethod = {
  [M in PaymentMethod]: (typeof PAYMENT_POLICIES)[M]["provider"] extends null ? never : M;
}[PaymentMethod];

/**
 * The Terms' paragraph on paying each method online (`{minutes}`: the unpaid order's hold):
 * words only the server renders, so apart from the policy table the islands carry.
 */
export const ONLINE_TERMS_WORDS = {
  Card: { title: "terms.cardTitle", text: "terms.card" },
  Koko: { title: "terms.kokoTitle", text: "terms.koko" },
} as const satisfies Record<OnlineMethod, { title: string; text: string }>;

/** The methods pre-order books may be bought with. */
export const PREORDER_METHODS: readonly PaymentMethod[] = PAYMENT_METHODS.filter((method) =>
  PAYMENT_POLICIES[method].allowsPreorders
);
