/**
 * The admin's order answers by who asks (domain/orders/staff_view.ts): the owner sees every
 * field; staff see what packing and sending need, by the owner's settings, and each answer
 * that shows them a shopper's details is kept in the audit trail as a read.
 */
import type { Context } from "hono";
import type { AppDeps } from "../deps.ts";
import type { AdminEnv } from "../auth/require_admin.ts";
import type { Order } from "../../domain/orders/model.ts";
import {
  CUSTOMER_DATA_FIELDS,
  type CustomerView,
  customerView,
  type OrderPlace,
  readsCustomerData,
  withCustomerView,
} from "../../domain/orders/staff_view.ts";
import { readSettings, type SettingsStore } from "../../domain/settings/settings.ts";
import type { AdminRole } from "../../domain/accounts/admin_roles.ts";
import type { WireOrder } from "../../contract/records.ts";
import { orderRecord } from "./answers.ts";
import { adminActor } from "./audit.ts";
import { ApiError } from "../middleware/errors.ts";

/** What the views read: the owner's settings and the trail reads are kept in. */
export type OrderViewDeps = Pick<AppDeps, "audit"> & { settings: SettingsStore };

// deno-lint-ignore no-explicit-any
type AnyContext = Context<any>;

function claimsOf(c: AnyContext) {
  return (c as unknown as Context<AdminEnv>).get("admin");
}

/** The role of the admin asking; an admin's token names one, the owner's when it does not. */
function roleOf(c: AnyContext): AdminRole {
  return claimsOf(c)?.adminRole ?? "owner";
}

/** What the asking admin sees of the customer at `place`, and that it is kept when it is a read. */
async function viewFor(
  c: AnyContext,
  deps: OrderViewDeps,
  place: OrderPlace,
  orderIds: readonly number[],
): Promise<CustomerView> {
  const role = roleOf(c);
  if (role === "owner") return "full";
  const view = customerView(role, place, await readSettings(deps.settings));
  if (readsCustomerData(role, view) && deps.audit && orderIds.length > 0) {
    await deps.audit.recordReads({
      actor: adminActor(claimsOf(c)),
      orderIds,
      fields: CUSTOMER_DATA_FIELDS[view],
    });
  }
  return view;
}

/** Orders as the asking admin sees them at `place`. */
export async function ordersFor(
  c: AnyContext,
  deps: OrderViewDeps,
  orders: readonly Order[],
  place: OrderPlace,
): Promise<WireOrder[]> {
  const view = await viewFor(c, deps, place, orders.map((o) => o.id));
  return orders.map((order) => orderRecord(withCustomerView(order, view)));
}

/** One order as the asking admin sees it, opened on its own. */
export async function orderFor(
  c: AnyContext,
  deps: OrderViewDeps,
  order: Order,
): Promise<WireOrder> {
  return (await ordersFor(c, deps, [order], "one"))[0];
}

/**
 * Whether the asking admin may have a document of the order's customer (its slip, which
 * prints where it goes; a deposit slip): staff when the owner's settings show them an
 * order's delivery details, the read kept. Otherwise 403.
 */
export async function mayReadCustomerDocument(
  c: AnyContext,
  deps: OrderViewDeps,
  orderId: number,
  what: string,
): Promise<void> {
  const role = roleOf(c);
  if (role === "owner") return;
  const view = customerView(role, "one", await readSettings(deps.settings));
  if (!readsCustomerData(role, view)) {
    throw new ApiError(
      403,
      "FORBIDDEN",
      `Only the shop's owner may open ${what}: the settings keep shoppers' details from staff`,
    );
  }
  if (deps.audit) {
    await deps.audit.recordReads({
      actor: adminActor(claimsOf(c)),
      orderIds: [orderId],
      fields: [what],
    });
  }
}
