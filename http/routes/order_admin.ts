/**
 * The admin's order desk under /api/orders: one order, its payment, notes on its timeline
 * and the CSV export of a search. Guarded as admin routes by the route table.
 */
import { Hono } from "hono";
import type { AppDeps, AppEnv } from "../deps.ts";
import { colomboDays, type OrderQuery } from "../../domain/orders/order_query.ts";
import { addNote, recordPayment } from "../../domain/orders/change_payment.ts";
import type { Order } from "../../domain/orders/model.ts";
import type { orderListQuery } from "../../contract/requests.ts";
import { mayReadCustomerDocument, orderFor, type OrderViewDeps } from "./order_views.ts";
import { ApiError, notFound } from "../middleware/errors.ts";
import { csvResponse } from "./catalogue_export.ts";
import { ordersCsv } from "./orders_csv.ts";
import { sniffProofType } from "../uploads/proof_sniff.ts";
import { serve } from "./route_spec.ts";
import { ORDER_ADMIN_ROUTES } from "../../contract/routes/mod.ts";
import type { WorkGuard } from "../middleware/work_budget.ts";
import type { z } from "zod";

/** What the admin's order routes use. */
export type OrderAdminRoutesDeps = Pick<AppDeps, "clock" | "orders" | "slips" | "orderRules"> & {
  work: WorkGuard;
} & OrderViewDeps;

/** What narrows an export of orders. */
const EXPORT_FILTERS = ["from", "to", "status", "paymentStatus", "paymentMethod", "q"];

/** The admin's list answers 20 orders a page unless asked otherwise. */
export const ORDER_PAGE_SIZE = 20;
/** Orders read at a time while exporting. */
const EXPORT_PAGE = 100;

const BASE = "/api/orders";

/** The repository's query for the list's parameters (days are Sri Lanka's). */
export function orderQuery(query: z.output<typeof orderListQuery>): OrderQuery {
  return {
    page: query.page ?? 1,
    pageSize: query.pageSize ?? ORDER_PAGE_SIZE,
    q: query.q?.trim() || undefined,
    status: query.status,
    paymentStatus: query.paymentStatus,
    paymentMethod: query.paymentMethod,
    ...colomboDays(query.from, query.to),
  };
}

export function orderAdminRoutes(deps: OrderAdminRoutesDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  serve(
    app,
    BASE,
    ORDER_ADMIN_ROUTES.export,
    (c) =>
      deps.work.run("export", "export", async (meter) => {
        const filters = orderQuery(c.req.valid("query"));
        // Orders placed while the export runs would shift the pages: stop at its start.
        const now = new Date(deps.clock.now().getTime() + 1).toISOString();
        const to = filters.to && Date.parse(filters.to) < Date.parse(now) ? filters.to : now;
        const first = await deps.orders.search({ ...filters, to, page: 1, pageSize: EXPORT_PAGE });
        // Refused before the second page when the search holds more than the budget's rows;
        // the pages read are bounded by the total the first one gave.
        meter.expect(first.total, EXPORT_FILTERS);
        const orders: Order[] = [...first.orders];
        const pages = Math.ceil(first.total / EXPORT_PAGE);
        for (let page = 2; page <= pages && first.orders.length === EXPORT_PAGE; page++) {
          meter.tick();
          const found = await deps.orders.search({ ...filters, to, page, pageSize: EXPORT_PAGE });
          orders.push(...found.orders);
          if (found.orders.length < EXPORT_PAGE || orders.length >= found.total) break;
        }
        meter.tick();
        return csvResponse(ordersCsv(orders), "orders");
      }),
  );

  serve(app, BASE, ORDER_ADMIN_ROUTES.one, async (c) => {
    const { id } = c.req.valid("param");
    const order = await deps.orders.findById(id);
    if (!order) throw notFound("Order", id);
    return c.json({ data: await orderFor(c, deps, order) });
  });

  serve(app, BASE, ORDER_ADMIN_ROUTES.proof, async (c) => {
    const { id, proofId } = c.req.valid("param");
    await mayReadCustomerDocument(c, deps, id, "payment_proof");
    const proof = await deps.orders.findProof(id, proofId);
    if (!proof) throw new ApiError(404, "NOT_FOUND", `Order ${id} has no proof ${proofId}`);
    // The type is read from the bytes again, never taken from what was stored, and the file
    // is a download in a sandbox: a PDF carrying HTML and script never runs as the shop.
    const type = sniffProofType(proof.bytes) ?? "application/octet-stream";
    const extension = type === "application/octet-stream"
      ? "bin"
      : type.split("/")[1].replace("jpeg", "jpg");
    return c.body(proof.bytes as Uint8Array<ArrayBuffer>, 200, {
      "Content-Type": type,
      "Content-Disposition":
        `attachment; filename="pothgula-order-${id}-proof-${proofId}.${extension}"`,
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    });
  });

  serve(app, BASE, ORDER_ADMIN_ROUTES.payment, async (c) => {
    const { id } = c.req.valid("param");
    const { status, note } = c.req.valid("json");
    const result = await recordPayment(deps, {
      id,
      status,
      note,
      ...(deps.orderRules ? { holdRules: deps.orderRules } : {}),
    });
    switch (result.kind) {
      case "reason_required":
        throw new ApiError(
          400,
          "VALIDATION_FAILED",
          "A refused deposit slip needs a reason: the customer reads it",
          { field: "note" },
        );
      case "changed":
        return c.json({ data: await orderFor(c, deps, result.order) });
      case "not_found":
        throw notFound("Order", id);
      case "order_rejected":
        throw new ApiError(
          409,
          "INVALID_STATE",
          `Order ${id} is rejected, its payment can no longer change`,
          { status: "rejected" },
        );
      case "illegal":
        throw new ApiError(
          409,
          "INVALID_STATE",
          `Order ${id} is ${result.from.replace("_", " ")}, it cannot become ${result.to}`,
          { paymentStatus: result.from },
        );
      case "conflict":
        throw new ApiError(
          409,
          "INVALID_STATE",
          `Order ${id} changed meanwhile: it is ${result.status} and ${
            result.paymentStatus.replace("_", " ")
          }`,
          { status: result.status, paymentStatus: result.paymentStatus },
        );
    }
  });

  serve(app, BASE, ORDER_ADMIN_ROUTES.note, async (c) => {
    const { id } = c.req.valid("param");
    const order = await addNote(deps, { id, text: c.req.valid("json").note });
    if (!order) throw notFound("Order", id);
    return c.json({ data: await orderFor(c, deps, order) }, 201);
  });

  return app;
}
