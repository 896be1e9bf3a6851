/**
 * /api/vouchers: gift vouchers (domain/vouchers/), the capability's one entry on the HTTP
 * side. The owner issues a voucher (its whole code answered once, and mailed to its recipient
 * in their language when one is named) and reads every voucher's balance and ledger; a shopper
 * checks a balance by its code. Refused codes count against their client as discount codes
 * do (code_attempts.ts), so vouchers cannot be found by trying either. Paying with a voucher
 * is part of placing an order (orders.ts), and what a voucher pays of a cart part of its
 * price (cart.ts): both look the code up here (`voucherAnswer`).
 */
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../deps.ts";
import { centsToRupees } from "../../domain/money.ts";
import { voucherMail } from "../../domain/notifications/account_mail.ts";
import type { KeptVoucher, VoucherStore } from "../../domain/vouchers/ports.ts";
import {
  expiryInstant,
  lastFour,
  maskedCode,
  newVoucherCode,
  VOUCHER_CODE_BYTES,
  type VoucherDraft,
  voucherPays,
  voucherProblems,
  type VoucherRefusal,
  voucherStanding,
} from "../../domain/vouchers/rules.ts";
import { lookUpVoucher, voucherCodeHash } from "../../domain/vouchers/lookup.ts";
import type { WireVoucher, WireVoucherAnswer } from "../../contract/vouchers.ts";
import { VOUCHER_ROUTES } from "../../contract/routes/mod.ts";
import { ApiError, notFound, validationFailed } from "../middleware/errors.ts";
import { clientAddress, MemoryRateLimitStore } from "../auth/rate_limit.ts";
import { CodeAttempts } from "./code_attempts.ts";
import { serve } from "./route_spec.ts";

/** Why a voucher cannot pay, in the API's words. */
export const VOUCHER_REFUSED: Record<VoucherRefusal, string> = {
  other_shop: "This is not one of this shop's gift vouchers",
  unknown: "There is no such gift voucher",
  expired: "This gift voucher has expired",
  used_up: "This gift voucher has been used up",
};

/** A voucher that cannot pay: 422 naming the field and the reason; nothing is charged. */
export function voucherRefusal(reason: VoucherRefusal, field = "voucher.code"): ApiError {
  return new ApiError(422, "VOUCHER_REFUSED", VOUCHER_REFUSED[reason], {
    field,
    reason,
  });
}

/** A voucher as the admin area reads it, its code by its last four symbols. */
export function voucherRecord(voucher: KeptVoucher, now: string): WireVoucher {
  const standing = voucherStanding(voucher, voucher.balanceCents, now);
  return {
    id: voucher.id,
    code: maskedCode(voucher.last4),
    amount: centsToRupees(voucher.amountCents),
    balance: centsToRupees(voucher.balanceCents),
    expires_on: voucher.expiresOn,
    state: standing === "ok" ? "usable" : standing === "expired" ? "expired" : "used_up",
    recipient: voucher.recipient && { ...voucher.recipient },
    issued_at: voucher.issuedAt,
  };
}

/**
 * What a typed voucher pays of an order total of `totalCents` at `now`: applied (its balance
 * up to the total), or refused and why.
 *
 * @example await voucherAnswer(vouchers, "PGV-7KQ4-M9XA-2TPR-8HNC", 250000, now) // { answer: { status: "applied", pays: 2500, ... }, cents: 250000, ... }
 */
export async function voucherAnswer(
  vouchers: Pick<VoucherStore, "findByCodeHash"> | undefined,
  typed: string,
  totalCents: number,
  now: string,
): Promise<{ answer: WireVoucherAnswer; cents: number; last4: string | null }> {
  const found = vouchers
    ? await lookUpVoucher(vouchers, typed, now)
    : { kind: "refused" as const, reason: "unknown" as const };
  if (found.kind === "refused") {
    return { answer: { status: "refused", reason: found.reason }, cents: 0, last4: null };
  }
  const cents = voucherPays(found.voucher.balanceCents, totalCents);
  return {
    answer: {
      status: "applied",
      code: maskedCode(found.voucher.last4),
      pays: centsToRupees(cents),
      balance: centsToRupees(found.voucher.balanceCents),
    },
    cents,
    last4: found.voucher.last4,
  };
}

/** A new voucher code, drawn again in the rare case its bytes run out. */
function drawCode(): string {
  for (;;) {
    const code = newVoucherCode(crypto.getRandomValues(new Uint8Array(VOUCHER_CODE_BYTES)));
    if (code) return code;
  }
}

export type VoucherRoutesDeps =
  & Pick<
    AppDeps,
    | "vouchers"
    | "clock"
    | "shop"
    | "accountMail"
    | "rateLimits"
    | "codeAttemptLimit"
    | "trustProxy"
    | "ipv6PrefixLength"
  >
  & {
    /** Refused voucher codes per client; its own when absent. */
    voucherAttempts?: CodeAttempts;
  };

/** The voucher routes; mount at /api/vouchers. */
export function voucherRoutes(deps: VoucherRoutesDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const BASE = "/api/vouchers";
  const attempts = deps.voucherAttempts ?? new CodeAttempts({
    store: deps.rateLimits ?? new MemoryRateLimitStore(),
    rule: deps.codeAttemptLimit,
    clock: deps.clock,
    scope: "voucher",
  });
  const store = () => {
    if (!deps.vouchers) throw notFound("Gift vouchers", "of this shop");
    return deps.vouchers;
  };

  serve(app, BASE, VOUCHER_ROUTES.issue, async (c) => {
    const body = c.req.valid("json");
    const vouchers = store();
    const now = deps.clock.now();
    const draft: VoucherDraft = {
      amountCents: body.amount,
      expiresOn: body.expiresOn,
      recipient: body.recipient ?? null,
      message: body.message ? body.message : null,
    };
    const problems = voucherProblems(draft, now.toISOString());
    if (problems.length > 0) throw validationFailed(problems);
    const code = drawCode();
    const voucher = await vouchers.issue({
      ...draft,
      codeHash: await voucherCodeHash(code),
      last4: lastFour(code),
      expiresAt: expiryInstant(draft.expiresOn)!,
    }, now);
    if (draft.recipient && deps.accountMail) {
      await deps.accountMail.enqueue(voucherMail({
        recipient: draft.recipient,
        code,
        amountCents: draft.amountCents,
        expiresOn: draft.expiresOn,
        message: draft.message,
      }, deps.shop));
    }
    return c.json({
      data: {
        voucher: voucherRecord(
          { ...voucher, balanceCents: voucher.amountCents },
          now.toISOString(),
        ),
        code,
      },
    }, 201);
  });

  serve(app, BASE, VOUCHER_ROUTES.list, async (c) => {
    const now = deps.clock.now().toISOString();
    const all = deps.vouchers ? await deps.vouchers.list() : [];
    return c.json({ data: all.map((v) => voucherRecord(v, now)) });
  });

  serve(app, BASE, VOUCHER_ROUTES.one, async (c) => {
    const { id } = c.req.valid("param");
    const found = deps.vouchers ? await deps.vouchers.find(id) : undefined;
    if (!found) throw notFound("Gift voucher", id);
    return c.json({
      data: {
        ...voucherRecord(found, deps.clock.now().toISOString()),
        ledger: found.ledger.map((row) => ({
          move: row.move,
          amount: centsToRupees(row.cents),
          order_id: row.orderId,
          at: row.at,
        })),
      },
    });
  });

  serve(app, BASE, VOUCHER_ROUTES.balance, async (c) => {
    const { code } = c.req.valid("json");
    const settle = await attempts.begin(clientAddress(c, deps), code);
    let refused = false;
    try {
      const found = deps.vouchers
        ? await lookUpVoucher(deps.vouchers, code, deps.clock.now().toISOString())
        : { kind: "refused" as const, reason: "unknown" as const };
      // An expired or used-up voucher the shop knows is not a guess: only unknown codes count.
      refused = found.kind === "refused" && (found.reason === "unknown" ||
        found.reason === "other_shop");
      if (found.kind === "refused") throw voucherRefusal(found.reason, "code");
      return c.json({
        data: {
          code: maskedCode(found.voucher.last4),
          balance: centsToRupees(found.voucher.balanceCents),
          expires_on: found.voucher.expiresOn,
        },
      });
    } finally {
      await settle(refused).catch(() => {});
    }
  });

  return app;
}
