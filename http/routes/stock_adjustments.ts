/**
 * Stock adjustments of a product (POST and GET /api/{books,stationery}/{id}/stock-adjustments):
 * copies taken out for damage or loss, or put back, with a reason for the audit trail, made
 * by the signed-in admin at the clock's time (domain/catalogue/stock_adjustment.ts).
 */
import type { Context, Hono } from "hono";
import type { z } from "zod";
import type { AppDeps, AppEnv } from "../deps.ts";
import type { AdminEnv } from "../auth/require_admin.ts";
import type { ProductKind } from "../../domain/catalogue/model.ts";
import {
  type AdjustmentProblem,
  type AdjustmentResult,
  adjustStock,
  type StockAdjustment,
} from "../../domain/catalogue/stock_adjustment.ts";
import type { WireStockAdjustment } from "../../contract/stock_adjustments.ts";
import type { ProductRoutes } from "../../contract/routes/products.ts";
import { ApiError, notFound, validationFailed } from "../middleware/errors.ts";
import { serve } from "./route_spec.ts";

/** How many adjustments the list answers: the latest. */
export const ADJUSTMENTS_LISTED = 50;

/** An adjustment as the API answers it. */
export function stockAdjustmentRecord(adjustment: StockAdjustment): WireStockAdjustment {
  return {
    id: adjustment.id,
    quantity: adjustment.quantity,
    reason: adjustment.reason,
    note: adjustment.note,
    stock_before: adjustment.stockBefore,
    stock_after: adjustment.stockAfter,
    by: adjustment.actor.email,
    at: adjustment.at.toISOString(),
  };
}

/** The adjustment made, or the error that says why not, naming the rule. */
export function adjustedOrThrow(
  result: AdjustmentResult | AdjustmentProblem,
  product: { name: string; id: number },
): StockAdjustment {
  switch (result.kind) {
    case "ok":
      return result.adjustment;
    case "not_found":
      throw notFound(product.name, product.id);
    case "zero_quantity":
      throw validationFailed([{ field: "quantity", message: "must not be 0" }]);
    case "quantity_too_large":
      throw validationFailed([{
        field: "quantity",
        message: `must be between -${result.limit} and ${result.limit}`,
      }]);
    case "wrong_direction":
      throw validationFailed([{
        field: "quantity",
        message: result.direction === "down"
          ? `${result.reason} copies leave the stock: give a negative quantity`
          : `${result.reason} copies come back to the stock: give a positive quantity`,
      }]);
    case "below_free_stock":
      throw new ApiError(
        409,
        "CONFLICT",
        `Only ${result.free} ${
          result.free === 1 ? "copy" : "copies"
        } of ${product.name} ${product.id} can be taken out: stock never goes below 0, and copies held by orders are not in it (reject the order to free them)`,
        [{ field: "quantity", message: `at most ${result.free} can be taken out` }],
      );
    case "stock_above_limit":
      throw new ApiError(409, "CONFLICT", `Stock cannot go above ${result.limit}`);
  }
}

/** Serves a kind's adjustment routes on its sub-app. */
export function serveStockAdjustments<Base extends string>(
  app: Hono<AppEnv>,
  deps: Pick<AppDeps, "catalogueAdmin" | "clock">,
  served: {
    kind: ProductKind;
    name: string;
    base: string;
    routes: Pick<
      ProductRoutes<Base, z.ZodType, z.ZodType, z.ZodObject, z.ZodType>,
      "adjustStock" | "stockAdjustments"
    >;
  },
): void {
  const { kind, name, base, routes } = served;

  serve(app, base, routes.adjustStock, async (c) => {
    const { id } = c.req.valid("param");
    const body = c.req.valid("json");
    // The admin guard (http/app.ts) put the signed-in admin's claims on the context.
    const admin = (c as unknown as Context<AdminEnv>).get("admin");
    const result = await adjustStock(deps.catalogueAdmin, {
      kind,
      productId: id,
      quantity: body.quantity,
      reason: body.reason,
      note: body.note ?? null,
      actor: { id: admin.id, email: admin.email },
      at: deps.clock.now(),
    });
    const adjustment = adjustedOrThrow(result, { name, id });
    return c.json({
      data: { adjustment: stockAdjustmentRecord(adjustment), stock: adjustment.stockAfter },
    }, 201);
  });

  serve(app, base, routes.stockAdjustments, async (c) => {
    const { id } = c.req.valid("param");
    const found = await deps.catalogueAdmin.stockAdjustments({ kind, id }, ADJUSTMENTS_LISTED);
    return c.json({ data: found.map(stockAdjustmentRecord) });
  });
}
