/**
 * /api/orders: the shopper's (bank details, placing an order, its link, its page and its
 * deposit slip) and the admin's order desk (the list, stats, status, payment, notes, slips,
 * proofs and the CSV export).
 */
import { z } from "zod";
import { ORDER_PATHS } from "../paths.ts";
import { ADMIN_ERRORS, defineRoute } from "../route.ts";
import {
  idempotencyHeader,
  idParam,
  lookupBody,
  newOrderBody,
  noteBody,
  orderKeyQuery,
  orderListQuery,
  paymentBody,
  proofParams,
  statusBody,
} from "../requests.ts";
import { refundBody, refundParams, RefundsSchema } from "../refunds.ts";
import {
  BankDetailsSchema,
  CustomerOrderSchema,
  data,
  OrderSchema,
  OrderStatsSchema,
  PlacedOrderSchema,
  recordPageOf,
} from "../records.ts";

/** The shopper's order routes: paying, placing, finding and opening an order. */
export const SHOPPER_ORDER_ROUTES = {
  bankDetails: defineRoute({
    ...ORDER_PATHS.bankDetails,
    summary: "The shop's bank account for Bank Deposit",
    admin: false,
    ok: { status: 200, schema: data(BankDetailsSchema) },
    errors: [],
  }),
  place: defineRoute({
    ...ORDER_PATHS.place,
    summary: "Place a guest order (prices, fee and stock decided by the shop)",
    admin: false,
    headers: idempotencyHeader,
    json: newOrderBody,
    ok: { status: 201, schema: PlacedOrderSchema },
    errors: [400, 401, 409, 415, 422, 429],
  }),
  lookup: defineRoute({
    ...ORDER_PATHS.lookup,
    summary:
      "Ask for an order's link: mailed to the order's address when the number and address match; 202 whatever the input",
    admin: false,
    json: lookupBody,
    ok: { status: 202, schema: data(z.object({ accepted: z.literal(true) })) },
    errors: [400, 415, 429],
  }),
  view: defineRoute({
    ...ORDER_PATHS.view,
    summary:
      "The customer's view of an order, opened by its key (404 for a wrong key, as for a missing order)",
    admin: false,
    params: idParam,
    query: orderKeyQuery,
    ok: { status: 200, schema: data(CustomerOrderSchema) },
    errors: [400, 404],
  }),
  receipt: defineRoute({
    ...ORDER_PATHS.receipt,
    summary:
      "The customer's receipt of an order as a PDF, opened by its key: the breakdown and the payments received, in the order's language (404 for a wrong key, as for a missing order)",
    admin: false,
    params: idParam,
    query: orderKeyQuery,
    ok: { status: 200, contentType: "application/pdf" },
    errors: [400, 404],
  }),
  uploadProof: defineRoute({
    ...ORDER_PATHS.uploadProof,
    summary:
      "Send the deposit slip of a Bank Deposit order (multipart `proof`: JPEG, PNG, WebP or PDF by its bytes, at most 5 MB, at most 5 an order)",
    admin: false,
    params: idParam,
    query: orderKeyQuery,
    multipart: { fields: z.object({}), files: { proof: "one" } },
    ok: { status: 201, schema: data(CustomerOrderSchema) },
    errors: [400, 404, 409, 413, 415],
  }),
};

/** The admin's order desk: the list, its totals, moving an order on, its slip. */
export const ORDER_DESK_ROUTES = {
  list: defineRoute({
    ...ORDER_PATHS.list,
    summary:
      "Orders, newest first, a page at a time: searched by number, name, e-mail or phone and filtered",
    admin: "orders",
    query: orderListQuery,
    ok: { status: 200, schema: recordPageOf(OrderSchema) },
    errors: [...ADMIN_ERRORS, 400],
  }),
  stats: defineRoute({
    ...ORDER_PATHS.stats,
    summary:
      "Order counts, the items' total of completed orders, orders awaiting payment or a proof check, today's orders",
    admin: "orders",
    ok: { status: 200, schema: data(OrderStatsSchema) },
    errors: ADMIN_ERRORS,
  }),
  status: defineRoute({
    ...ORDER_PATHS.status,
    summary:
      "Confirm (completed, with an optional courier and tracking number) or reject (with an optional reason) a pending order",
    admin: "orders",
    json: statusBody,
    ok: { status: 200, schema: data(OrderSchema) },
    errors: [...ADMIN_ERRORS, 400, 404, 409, 415],
  }),
  slip: defineRoute({
    ...ORDER_PATHS.slip,
    summary: "The saved PDF order slip of a completed order",
    admin: "orders",
    params: idParam,
    ok: { status: 200, contentType: "application/pdf" },
    errors: [...ADMIN_ERRORS, 400, 404],
  }),
};

/** The admin's work on one order: its page, its proofs, its payment and its notes; the export. */
export const ORDER_ADMIN_ROUTES = {
  export: defineRoute({
    ...ORDER_PATHS.export,
    summary:
      "The orders the same filters find, as CSV: one row per order line; at most 100,000 orders (400 TOO_MANY_ROWS: narrow the filters), given up past 30 s (503)",
    admin: "customer_data",
    query: orderListQuery,
    ok: { status: 200, contentType: "text/csv" },
    errors: [...ADMIN_ERRORS, 400, 503],
  }),
  one: defineRoute({
    ...ORDER_PATHS.one,
    summary: "One order with its payment, proofs and timeline",
    admin: "orders",
    params: idParam,
    ok: { status: 200, schema: data(OrderSchema) },
    errors: [...ADMIN_ERRORS, 400, 404],
  }),
  proof: defineRoute({
    ...ORDER_PATHS.proof,
    summary: "A deposit slip the customer uploaded (JPEG, PNG, WebP or PDF)",
    admin: "orders",
    params: proofParams,
    ok: { status: 200, contentType: "image/* or application/pdf" },
    errors: [...ADMIN_ERRORS, 400, 404],
  }),
  payment: defineRoute({
    ...ORDER_PATHS.payment,
    summary: "Record an order paid (cash received, deposit verified) or unpaid again",
    admin: "orders",
    params: idParam,
    json: paymentBody,
    ok: { status: 200, schema: data(OrderSchema) },
    errors: [...ADMIN_ERRORS, 400, 404, 409, 415],
  }),
  refunds: defineRoute({
    ...ORDER_PATHS.refunds,
    summary: "An order's refunds: what was paid, refunded and left, and each refund with its state",
    admin: "orders",
    params: idParam,
    ok: { status: 200, schema: data(RefundsSchema) },
    errors: [...ADMIN_ERRORS, 400, 404],
  }),
  refund: defineRoute({
    ...ORDER_PATHS.refund,
    summary:
      "Refund all or part of a paid order with a reason: a card payment through its provider's refund API, a Bank Deposit or COD payment recorded by hand with a reference. 201 when refunded; 502 when the provider failed or did not answer (recorded as failed, to retry); 409 above what is left or on an unpaid order; the same Idempotency-Key answers the same refund",
    admin: "refunds",
    params: idParam,
    headers: idempotencyHeader,
    json: refundBody,
    ok: { status: 201, schema: data(RefundsSchema) },
    errors: [...ADMIN_ERRORS, 400, 404, 409, 415, 502, 503],
  }),
  retryRefund: defineRoute({
    ...ORDER_PATHS.retryRefund,
    summary:
      "Try a failed refund again under its own key: 200 when refunded, 502 when it failed again, 409 when it has not failed or no longer fits",
    admin: "refunds",
    params: refundParams,
    ok: { status: 200, schema: data(RefundsSchema) },
    errors: [...ADMIN_ERRORS, 400, 404, 409, 502, 503],
  }),
  note: defineRoute({
    ...ORDER_PATHS.note,
    summary: "Add the admin's note to an order's timeline (never shown to the customer)",
    admin: "orders",
    params: idParam,
    json: noteBody,
    ok: { status: 201, schema: data(OrderSchema) },
    errors: [...ADMIN_ERRORS, 400, 404, 415],
  }),
};
