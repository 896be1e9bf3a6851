/** The customer's view of an order (domain/orders/customer_view.ts), described for OpenAPI. */
import { z } from "zod";

export const customerOrderSchema = z.object({
  id: z.number().int(),
  status: z.enum(["pending", "completed", "rejected"]),
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
  })),
  total: z.number().describe("the items' sum, LKR"),
  delivery_fee: z.number(),
  subtotal: z.number().describe("what there is to pay, LKR"),
});
