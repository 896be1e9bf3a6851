/**
 * A guest asking for the link to an order: it is mailed only to the address the order was
 * placed with, and the answer says nothing either way.
 */
import type { Order } from "./model.ts";

/**
 * Whether `email` is the order's address, as people type it again (case and surrounding
 * spaces aside).
 *
 * @example lookupMatches(order /* nimali@example.lk *\/, " Nimali@Example.LK ") // true
 */
export function lookupMatches(order: Pick<Order, "customer">, email: string): boolean {
  return order.customer.email.trim().toLowerCase() === email.trim().toLowerCase();
}
