/**
 * /api/vouchers: gift vouchers, issued and read by the owner; a shopper checks a balance.
 * A voucher pays for an order at checkout (POST /api/orders' `voucher`).
 */
import { z } from "zod";
import { VOUCHER_PATHS } from "../paths.ts";
import { ADMIN_ERRORS, defineRoute } from "../route.ts";
import { idParam } from "../requests.ts";
import { data } from "../records.ts";
import {
  balanceBody,
  BalanceSchema,
  IssuedVoucherSchema,
  issueVoucherBody,
  VoucherLedgerSchema,
  VoucherSchema,
} from "../vouchers.ts";

export const VOUCHER_ROUTES = {
  issue: defineRoute({
    ...VOUCHER_PATHS.issue,
    summary:
      "Issue a gift voucher: its amount (LKR, above 0, at most 1,000,000, 2 decimals at most), its last day, and an optional recipient mailed its code in their language. The answer carries the whole code this once (print it); 400 names each bad field",
    admin: "vouchers",
    json: issueVoucherBody,
    ok: { status: 201, schema: data(IssuedVoucherSchema) },
    errors: [...ADMIN_ERRORS, 400, 415],
  }),
  list: defineRoute({
    ...VOUCHER_PATHS.list,
    summary: "Every gift voucher, newest first, with its balance and state",
    admin: "vouchers",
    ok: { status: 200, schema: data(z.array(VoucherSchema)) },
    errors: [...ADMIN_ERRORS],
  }),
  one: defineRoute({
    ...VOUCHER_PATHS.one,
    summary: "One gift voucher with its ledger: issued, spent on orders, given back",
    admin: "vouchers",
    params: idParam,
    ok: {
      status: 200,
      schema: data(VoucherSchema.extend({ ledger: z.array(VoucherLedgerSchema) })),
    },
    errors: [...ADMIN_ERRORS, 400, 404],
  }),
  balance: defineRoute({
    ...VOUCHER_PATHS.balance,
    summary:
      "A gift voucher's balance and last day, by its code; 422 VOUCHER_REFUSED with its reason (not this shop's, unknown, expired, used up); codes refused per client are limited as discount codes are (429)",
    admin: false,
    json: balanceBody,
    ok: { status: 200, schema: data(BalanceSchema) },
    errors: [400, 415, 422, 429],
  }),
};
