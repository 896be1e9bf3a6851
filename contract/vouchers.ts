/**
 * Gift vouchers on the wire (domain/vouchers/): what the owner issues, what the admin area
 * lists, what a shopper's balance check answers, and the voucher's answer in a cart's price.
 */
import { z } from "zod";
import { SHOP_LANGUAGES } from "../domain/i18n/language.ts";
import { VOUCHER_REFUSALS } from "../domain/vouchers/rules.ts";
import { rupees } from "./field_schemas.ts";
import { voucherCodeText } from "./requests.ts";

const money = z.number().describe("LKR, at most 2 decimals");

/** POST /api/vouchers: a voucher the owner issues. */
export const issueVoucherBody = z.strictObject({
  amount: rupees.describe("what the voucher carries, in rupees: above 0, at most 1,000,000"),
  expiresOn: z.string({ error: "must be a date, YYYY-MM-DD" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date, YYYY-MM-DD")
    .describe("its last day, in Sri Lanka: it can be spent until the end of it"),
  recipient: z.strictObject({
    name: z.string({ error: "must be a name" }).trim().min(1, "is required")
      .max(200, "must be at most 200 characters"),
    email: z.string({ error: "must be an e-mail address" }).trim().max(254)
      .pipe(z.email("must be an e-mail address")),
    language: z.enum(SHOP_LANGUAGES, {
      error: `must be one of ${SHOP_LANGUAGES.join(", ")}`,
    }),
  }).nullable().optional().describe("whom the shop mails it to, in their language; none: printed"),
  message: z.string().trim().max(500, "must be at most 500 characters").nullable().optional()
    .describe("a few words to the recipient, in their mail"),
});

/** POST /api/vouchers/balance: a shopper's code. */
export const balanceBody = z.strictObject({ code: voucherCodeText });

/** A voucher as the admin area reads it: its code shown by its last four symbols only. */
export const VoucherSchema = z.object({
  id: z.number().int(),
  code: z.string().describe("…Q2K7: the code's last four symbols (it is shown whole once)"),
  amount: money.describe("what it was issued for"),
  balance: money.describe("what is left on it now"),
  expires_on: z.string().describe("its last day, YYYY-MM-DD in Sri Lanka"),
  state: z.enum(["usable", "expired", "used_up"]),
  recipient: z.object({ name: z.string(), email: z.string(), language: z.enum(SHOP_LANGUAGES) })
    .nullable(),
  issued_at: z.string().describe("ISO 8601"),
});

/** One row of a voucher's ledger. */
export const VoucherLedgerSchema = z.object({
  move: z.enum(["issued", "spent", "returned"]),
  amount: money,
  order_id: z.number().int().nullable(),
  at: z.string().describe("ISO 8601"),
});

/** The answer to an issue: the voucher, and its whole code, this once. */
export const IssuedVoucherSchema = z.object({
  voucher: VoucherSchema,
  code: z.string().describe("PGV-XXXX-XXXX-XXXX-XXXX: the whole code, answered this once"),
});

/** A shopper's balance check. */
export const BalanceSchema = z.object({
  code: z.string().describe("the code's last four symbols"),
  balance: money,
  expires_on: z.string().describe("its last day, YYYY-MM-DD in Sri Lanka"),
});

/** A voucher's answer in a cart's price: what it pays, or why it cannot. */
export const VoucherAnswerSchema = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("applied"),
    code: z.string().describe("its last four symbols"),
    pays: money.describe("what it pays of this cart: its balance, up to the order total"),
    balance: money,
  }),
  z.object({ status: z.literal("refused"), reason: z.enum(VOUCHER_REFUSALS) }),
]);

export type WireVoucher = z.output<typeof VoucherSchema>;
export type WireIssuedVoucher = z.output<typeof IssuedVoucherSchema>;
export type WireVoucherAnswer = z.output<typeof VoucherAnswerSchema>;
export type WireBalance = z.output<typeof BalanceSchema>;
