/** The customer's view of an order (domain/orders/customer_view.ts), described for OpenAPI. */
import { z } from "zod";

export const customerOrderSchema = z.object({
  id: z.number().int(),
  status: z.enum(["pending", "completed", "rejected"]),
  payment_status: z.enum(["unpaid", "proof_submitted", "paid"]),
  order_date: z.string().describe("ISO 8601"),
  payment_method: z.enum(["COD", "Bank Deposit"]),
  name: z.string(),
  address: z.string(),
  postal_code: z.string(),
  province_name: z.string(),
  district_name: z.string(),
  area_name: z.string(),
  items: z.array(z.object({
    id: z.number().int(),
    type: z.enum(["book", "stationery"]),
    book_id: z.number().int().optional(),
    stationery_id: z.number().int().optional(),
    title: z.string(),
    isbn13: z.string().nullable(),
    quantity: z.number().int(),
    price: z.number().describe("unit price, LKR"),
    line_total: z.number().describe("unit price x quantity, LKR"),
  })),
  total: z.number().describe("the items' sum, LKR"),
  delivery_fee: z.number(),
  subtotal: z.number().describe("what there is to pay, LKR"),
  courier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  expires_at: z.string().nullable().describe("ISO 8601: when an unpaid Bank Deposit order lapses"),
  events: z.array(z.object({
    at: z.string().describe("ISO 8601"),
    kind: z.string(),
    actor: z.enum(["customer", "admin", "system"]),
    note: z.string().nullable(),
  })).describe("the timeline, oldest first, without the shop's own notes"),
});

/** An order in the signed-in customer's list: with the link to its page. */
export const accountOrderSchema = customerOrderSchema.extend({
  order_url: z.string().nullable().describe(
    "PUBLIC_URL/orders/{id}?key=KEY, the order's page (null only for an order without a key)",
  ),
});
