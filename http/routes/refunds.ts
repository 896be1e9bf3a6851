/**
 * The owner's refunds of an order under /api/orders/:id/refunds (domain/payments/
 * refund_order.ts): reading them is the order desk's, making and retrying them the owner's
 * alone (the admin task "refunds"). Every bad request is answered with its reason before
 * anything is sent to a provider.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import type { AppDeps, AppEnv } from "../deps.ts";
import { ApiError, notFound } from "../middleware/errors.ts";
import { serve } from "./route_spec.ts";
import { ORDER_ADMIN_ROUTES } from "../../contract/routes/mod.ts";
import { centsToRupees, formatLkr } from "../../domain/money.ts";
import {
  type Refund,
  refundable,
  type RefundRefusal,
  refundSummary,
} from "../../domain/payments/refunds.ts";
import {
  type RefundDeps,
  refundOrder,
  type RefundResult,
  retryRefund,
} from "../../domain/payments/refund_order.ts";
import type { PaymentLedger, RefundStore } from "../../domain/payments/ports.ts";
import { isProviderKey } from "../../domain/payments/providers.ts";
import type { z } from "zod";
import type { RefundsSchema } from "../../contract/refunds.ts";

export type RefundRoutesDeps = Pick<
  AppDeps,
  "clock" | "orders" | "providers" | "payments" | "refunds"
>;

interface Stores {
  orders: RefundRoutesDeps["orders"];
  payments: PaymentLedger;
  refunds: RefundStore;
}

const BASE = "/api/orders";

/** What the owner reads for each refusal. */
const REFUSALS: Record<RefundRefusal, { status: 400 | 409; message: (left?: number) => string }> = {
  bad_amount: { status: 400, message: () => "The amount must be above 0" },
  reason_required: { status: 400, message: () => "A reason is required: the customer reads it" },
  reference_required: {
    status: 400,
    message: () =>
      "A reference is required for a refund made by hand (the transfer's or receipt's number)",
  },
  not_paid: {
    status: 409,
    message: () => "This order has no payment to refund: it is not paid, or it was charged back",
  },
  over_refund: {
    status: 409,
    message: (left) =>
      `The amount is above what is left to refund${
        left === undefined ? "" : ` (${formatLkr(left)})`
      }`,
  },
  not_failed: { status: 409, message: () => "Only a failed refund can be tried again" },
};

function refundWire(refund: Refund) {
  return {
    id: refund.id,
    amount: centsToRupees(refund.amountCents),
    reason: refund.reason,
    channel: refund.channel,
    provider: refund.provider,
    reference: refund.reference,
    status: refund.status,
    answer: refund.answer,
    attempts: refund.attempts,
    createdAt: refund.createdAt,
    settledAt: refund.settledAt,
  };
}

/** An order's refunds as the wire has them; undefined when there is no such order. */
export async function refundsOf(
  deps: Stores,
  orderId: number,
): Promise<z.input<typeof RefundsSchema> | undefined> {
  const order = await deps.orders.findById(orderId);
  if (!order) return undefined;
  const ledger = await deps.payments.entriesFor(orderId);
  const refunds = await deps.refunds.forOrder(orderId);
  const summary = refundSummary(order, ledger, refunds);
  const can = refundable(order, ledger, refunds);
  return {
    state: summary.state,
    paid: centsToRupees(summary.paidCents),
    refunded: centsToRupees(summary.refundedCents),
    left: centsToRupees(Math.max(can?.leftCents ?? 0, 0)),
    channel: can && can.leftCents > 0 ? can.channel : null,
    refunds: refunds.map(refundWire),
  };
}

export function refundRoutes(deps: RefundRoutesDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  function stores(): Stores {
    if (!deps.payments || !deps.refunds) {
      throw new ApiError(503, "SERVICE_UNAVAILABLE", "Refunds are not kept by this shop");
    }
    return { orders: deps.orders, payments: deps.payments, refunds: deps.refunds };
  }
  function domainDeps(): RefundDeps {
    const { payments, refunds } = stores();
    return {
      orders: deps.orders,
      ledger: payments,
      refunds,
      clock: deps.clock,
      provider: (key) => isProviderKey(key) ? deps.providers?.[key] : undefined,
      newKey: () => crypto.randomUUID(),
    };
  }

  async function answer(c: Context<AppEnv>, id: number, result: RefundResult, ok: 200 | 201) {
    switch (result.kind) {
      case "not_found":
        throw notFound("Order", id);
      case "refused": {
        const refusal = REFUSALS[result.reason];
        throw new ApiError(
          refusal.status,
          refusal.status === 400 ? "VALIDATION_FAILED" : "INVALID_STATE",
          refusal.message(result.leftCents),
          {
            reason: result.reason,
            ...(result.leftCents === undefined ? {} : { left: centsToRupees(result.leftCents) }),
          },
        );
      }
      case "no_provider":
        throw new ApiError(
          503,
          "SERVICE_UNAVAILABLE",
          `Refunds through ${result.provider} are not set up: refund it from the provider's dashboard`,
        );
      case "failed":
        throw new ApiError(
          502,
          "PROVIDER_FAILED",
          `The refund did not go through: ${
            result.refund.answer ?? "no answer"
          }. It is kept as failed; try it again.`,
          { refund: refundWire(result.refund) },
        );
      case "pending":
      case "succeeded":
        return c.json({ data: (await refundsOf(stores(), id))! }, ok);
    }
  }

  serve(app, BASE, ORDER_ADMIN_ROUTES.refunds, async (c) => {
    const { id } = c.req.valid("param");
    const found = await refundsOf(stores(), id);
    if (!found) throw notFound("Order", id);
    return c.json({ data: found });
  });

  serve(app, BASE, ORDER_ADMIN_ROUTES.refund, async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    const key = c.req.valid("header")["idempotency-key"];
    const result = await refundOrder(domainDeps(), {
      orderId: id,
      amountCents: body.amount,
      reason: body.reason,
      reference: body.reference ?? null,
      // One key per order: the same key on another order is another refund.
      ...(key ? { idempotencyKey: `${id}:${key}` } : {}),
    });
    return await answer(c, id, result, 201);
  });

  serve(app, BASE, ORDER_ADMIN_ROUTES.retryRefund, async (c) => {
    const { id, refundId } = c.req.valid("param");
    return await answer(c, id, await retryRefund(domainDeps(), id, refundId), 200);
  });

  return app;
}
