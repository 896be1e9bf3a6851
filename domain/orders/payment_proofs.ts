/**
 * Deposit slips a customer sends for a Bank Deposit order: which orders take one, how
 * many, and what an upload writes (the proof, the payment status, its event).
 */
import type { OrderEvent, OrderStatus, PaymentMethod, PaymentStatus } from "./model.ts";
import type { MailKind } from "../notifications/mail_kinds.ts";
import { PAYMENT_POLICIES } from "./payment_policy.ts";

/** At most this many proofs an order. */
export const MAX_PAYMENT_PROOFS = 5;
/** At most this many bytes a proof. */
export const MAX_PROOF_BYTES = 5 * 1024 * 1024;

export const PROOF_TYPES = ["image/jpeg", "image/png", "image/webp", "application/pdf"] as const;
export type ProofType = typeof PROOF_TYPES[number];

/** Why an order takes no more proofs. */
export type ProofRefusal = "not_bank_deposit" | "not_pending" | "paid" | "too_many";

/**
 * Whether an order, as it is now, takes another proof: a pending order of a method that
 * takes proofs (Bank Deposit), not yet paid, with fewer than MAX_PAYMENT_PROOFS.
 *
 * @example proofRefusal({ status: "pending", paymentMethod: "Bank Deposit", paymentStatus: "proof_submitted", proofCount: 5 }) // "too_many"
 */
export function proofRefusal(order: {
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  proofCount: number;
}): ProofRefusal | undefined {
  if (!PAYMENT_POLICIES[order.paymentMethod].takesProofs) return "not_bank_deposit";
  if (order.status !== "pending") return "not_pending";
  if (order.paymentStatus === "paid") return "paid";
  if (order.proofCount >= MAX_PAYMENT_PROOFS) return "too_many";
  return undefined;
}

/** What an upload writes, once the repository has checked `proofRefusal` on the locked order. */
export interface ProofPlan {
  orderId: number;
  contentType: ProofType;
  bytes: Uint8Array;
  /** The order's payment status afterwards. */
  paymentStatus: PaymentStatus;
  /**
   * The owner's deadline for checking this slip (`slipReviewDeadline`): the order's hold
   * runs until then if this is its first slip (`holdAfterProof`).
   */
  reviewUntil: string | null;
  event: OrderEvent;
  /** Mails that go out at once (none: the customer sent the slip). */
  mails: MailKind[];
  /**
   * The shop hears of the slip in its next digest, due at the end of the window the slip
   * came in (`noticeDueAt`): one mail names every order with a slip of that window.
   */
  notice: { kind: "shop_proof_uploaded"; dueAt: string };
}

/** The default window of the shop's digest of deposit slips, in minutes (`SLIP_DIGEST_MINUTES`). */
export const DEFAULT_SLIP_DIGEST_MINUTES = 15;

/** The shop's rules on deposit slips, from its configuration. */
export interface SlipRules {
  /**
   * Slips stored from one client (an address, an IPv6 /64) in a window (`SLIP_RATE_LIMIT`);
   * a slip refused for any reason counts for nobody.
   */
  perClient: { limit: number; windowMs: number };
  /** The window of the shop's digest mail of slips (`SLIP_DIGEST_MINUTES`). */
  digestMinutes: number;
}

/** Ten slips an hour from one client: a family's orders, not a disk's worth. */
export const DEFAULT_SLIP_RULES: Readonly<SlipRules> = Object.freeze({
  perClient: Object.freeze({ limit: 10, windowMs: 60 * 60_000 }),
  digestMinutes: DEFAULT_SLIP_DIGEST_MINUTES,
});

/**
 * When the digest naming a slip sent at `at` goes out: the end of its window of
 * `minutes` (windows counted from midnight UTC, so every instance agrees), at once when
 * `at` ends one.
 *
 * @example noticeDueAt("2026-03-01T10:07:30.000Z", 15) // "2026-03-01T10:15:00.000Z"
 * @example noticeDueAt("2026-03-01T10:15:00.000Z", 15) // "2026-03-01T10:15:00.000Z"
 */
export function noticeDueAt(at: string, minutes: number): string {
  const window = Math.max(1, Math.round(minutes * 60_000));
  return new Date(Math.ceil(Date.parse(at) / window) * window).toISOString();
}

/**
 * The plan for storing a customer's proof, sent at `at`, with the owner's deadline for
 * checking it.
 */
export function planProof(
  orderId: number,
  proof: {
    contentType: ProofType;
    bytes: Uint8Array;
    at: string;
    reviewUntil: string | null;
    /** When the shop's digest naming it goes out (`noticeDueAt`); at once when absent. */
    noticeDueAt?: string;
  },
): ProofPlan {
  return {
    orderId,
    contentType: proof.contentType,
    bytes: proof.bytes,
    paymentStatus: "proof_submitted",
    reviewUntil: proof.reviewUntil,
    event: { at: proof.at, kind: "proof_submitted", actor: "customer", note: null },
    mails: [],
    notice: { kind: "shop_proof_uploaded", dueAt: proof.noticeDueAt ?? proof.at },
  };
}

/**
 * When the order's hold ends after a slip is added to it, as it is when locked: the first
 * slip gives the owner until `reviewUntil` to check it (never less than the hold it had);
 * later slips change nothing, so slips can never hold the stock for good; an order the
 * admin has taken in hand (no hold end) keeps none.
 *
 * @example holdAfterProof({ expiresAt: "2026-03-03T10:00:00.000Z", proofCount: 0 }, "2026-03-05T09:00:00.000Z") // "2026-03-05T09:00:00.000Z"
 * @example holdAfterProof({ expiresAt: "2026-03-05T09:00:00.000Z", proofCount: 1 }, "2026-03-08T09:00:00.000Z") // "2026-03-05T09:00:00.000Z"
 */
export function holdAfterProof(
  order: { expiresAt: string | null; proofCount: number },
  reviewUntil: string | null,
): string | null {
  if (order.expiresAt === null || order.proofCount > 0 || reviewUntil === null) {
    return order.expiresAt;
  }
  return Date.parse(reviewUntil) > Date.parse(order.expiresAt) ? reviewUntil : order.expiresAt;
}
