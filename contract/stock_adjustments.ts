/**
 * A stock adjustment on the wire: the admin's request (a signed quantity, a reason from the
 * domain's list, an optional note) and the record of one made (domain/catalogue/stock_adjustment.ts).
 */
import { z } from "zod";
import { ADJUSTMENT_REASONS, MAX_ADJUSTMENT_NOTE } from "../domain/catalogue/stock_adjustment.ts";
import { MAX_STOCK } from "../domain/catalogue/stock.ts";

/** POST /api/{books,stationery}/{id}/stock-adjustments */
export const stockAdjustmentBody = z.strictObject({
  quantity: z.number({ error: "must be a whole number of copies" }).int(
    "must be a whole number of copies",
  ).min(-MAX_STOCK).max(MAX_STOCK).refine((n) => n !== 0, "must not be 0").describe(
    "signed: -3 takes three copies out of stock, 2 puts two back",
  ),
  reason: z.enum(ADJUSTMENT_REASONS, {
    error: `must be one of ${ADJUSTMENT_REASONS.join(", ")}`,
  }).describe("damaged and lost take copies out, found puts them back, recount either way"),
  note: z.string().max(MAX_ADJUSTMENT_NOTE, `must be at most ${MAX_ADJUSTMENT_NOTE} characters`)
    .nullable().optional(),
});

/** One adjustment as the API answers it. */
export const StockAdjustmentSchema = z.object({
  id: z.number().int(),
  quantity: z.number().int(),
  reason: z.enum(ADJUSTMENT_REASONS),
  note: z.string().nullable(),
  stock_before: z.number().int(),
  stock_after: z.number().int(),
  by: z.string().describe("the e-mail address of the admin who made it"),
  at: z.string().describe("ISO 8601"),
});

export type WireStockAdjustment = z.infer<typeof StockAdjustmentSchema>;
