/**
 * What an admin sees of a shopper's personal data on an order, by role and by the owner's
 * settings (domain/settings/settings.ts). The owner sees everything. Staff pack and send
 * orders: a list shows them the name and the town an order goes to (its e-mail, phone and
 * street address only when the owner allows it: `staffContactsInLists`), and an order they
 * open shows where to send it (name, address, postcode, phone; `staffOrderDetails`), never
 * the e-mail address, which sending does not need. Every view of staff that shows more than
 * the name and town is a read of customer details, kept in the audit trail
 * (`CUSTOMER_DATA_FIELDS`).
 */
import type { AdminRole } from "../accounts/admin_roles.ts";
import type { ShopSettings } from "../settings/settings.ts";
import type { Order } from "./model.ts";

/** How much of the customer an answer shows. */
export type CustomerView = "full" | "delivery" | "summary";

/** Where an order is shown: in a list, or opened on its own (or a change's answer). */
export type OrderPlace = "list" | "one";

/**
 * What `role` sees of an order's customer at `place`.
 *
 * @example customerView("staff", "list", DEFAULT_SETTINGS) // "summary"
 * @example customerView("staff", "one", DEFAULT_SETTINGS) // "delivery"
 */
export function customerView(
  role: AdminRole,
  place: OrderPlace,
  settings: Pick<ShopSettings, "staffContactsInLists" | "staffOrderDetails">,
): CustomerView {
  if (role === "owner") return "full";
  if (place === "list") return settings.staffContactsInLists ? "full" : "summary";
  return settings.staffOrderDetails ? "delivery" : "summary";
}

/** The customer's fields each view shows beyond the name and the town, as the audit names them. */
export const CUSTOMER_DATA_FIELDS: Record<CustomerView, readonly string[]> = {
  full: ["address", "postal_code", "phone", "email"],
  delivery: ["address", "postal_code", "phone"],
  summary: [],
};

/**
 * The order as `view` shows it: fields it does not show are empty.
 *
 * @example withCustomerView(order, "summary").customer.phone // ""
 */
export function withCustomerView(order: Order, view: CustomerView): Order {
  if (view === "full") return order;
  const { customer } = order;
  return {
    ...order,
    customer: view === "delivery"
      ? { ...customer, email: "" }
      : { ...customer, email: "", phone: "", address: "", postalCode: "" },
  };
}

/** Whether a staff member's `view` reads customer details (and is kept in the trail). */
export function readsCustomerData(role: AdminRole, view: CustomerView): boolean {
  return role !== "owner" && CUSTOMER_DATA_FIELDS[view].length > 0;
}
