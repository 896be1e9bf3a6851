/**
 * The wire shapes of an order's refunds (domain/payments/refunds.ts): what the owner sends to
 * refund an order, and the refunds and sums the order's pages read. Money in rupees.
 */
import { z } from "zod";
import { REFUND_REASON_MAX, REFUND_REFERENCE_MAX } from "../domain/payments/refunds.ts";
import { rupees } from "./field_schemas.ts";

const money = z.number().describe("LKR, at most 2 decimals");

export const refundBody = z.object({
  amount: rupees.describe("what to give back, in rupees: above 0, at most what is left"),
  reason: z.string({ error: "Reason is required" }).trim().min(1, "Reason is required")
    .max(REFUND_REASON_MAX, `Reason must be at most ${REFUND_REASON_MAX} characters`),
  reference: z.string().trim().max(
    REFUND_REFERENCE_MAX,
    `Reference must be at most ${REFUND_REFERENCE_MAX} characters`,
  ).optional().nullable().describe(
    "the transfer's or receipt's reference of a refund made by hand (Bank Deposit, COD): required for them",
  ),
});

export const refundParams = z.object({
  id: z.string().regex(/^[1-9][0-9]{0,14}$/, "must be a positive whole number").transform(Number),
  refundId: z.string().regex(/^[1-9][0-9]{0,14}$/, "must be a positive whole number")
    .transform(Number),
});

export const RefundSchema = z.object({
  id: z.number().int(),
  amount: money,
  reason: z.string(),
  channel: z.enum(["provider", "manual"]),
  provider: z.string(),
  reference: z.string().nullable(),
  status: z.enum(["pending", "succeeded", "failed"]),
  answer: z.string().nullable(),
  attempts: z.number().int(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});

export const RefundsSchema = z.object({
  state: z.enum(["none", "partly_refunded", "refunded"]),
  paid: money.describe("what was paid and stands"),
  refunded: money.describe("what the refunds that succeeded gave back"),
  left: money.describe("what may still be refunded"),
  channel: z.enum(["provider", "manual"]).nullable().describe(
    "how a new refund is made; null when nothing may be refunded",
  ),
  refunds: z.array(RefundSchema),
});

/** An order's refunds as the admin area reads them. */
export type WireRefunds = z.output<typeof RefundsSchema>;
/** One refund as the admin area reads it. */
export type WireRefund = z.output<typeof RefundSchema>;
