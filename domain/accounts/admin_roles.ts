/**
 * Who may do what in the admin area, as data: the shop's admin roles (`owner`, `staff`),
 * the tasks of the admin area, and one record per role saying, for every task, whether the
 * role may do it. Every admin route declares the task it does (contract/routes/*), the
 * server's guard admits a token by its role's record (http/auth/require_admin.ts), the
 * OpenAPI document names the roles, and the admin island hides what a role may not do.
 * A new task or a new role is a compile error (`Record<AdminTask, boolean>` in each
 * record, `Record<AdminRole, RolePolicy>`) until every role says whether it may.
 *
 * Only the owner gives money back (refunds): staff record payments but never refund them.
 *
 * Staff process the day's work: orders (status, payment, notes, slips, deposit proofs) and
 * stock adjustments, and read the catalogue and the orders. Only the owner edits prices,
 * products and categories, promotions, staff and settings, sees the sales reports and the
 * audit trail, and exports customer data (the orders' CSV). The reports are the owner's: they are the shop's
 * takings, margins of its promotions and the worth of its stock, figures of the business a
 * packer or a cashier does not need to process an order (the order desk's counts stay
 * theirs).
 */

export const ADMIN_ROLES = ["owner", "staff"] as const;
/** An admin account's role. */
export type AdminRole = typeof ADMIN_ROLES[number];

export const ADMIN_TASKS = [
  "orders",
  "refunds",
  "stock",
  "catalogue",
  "catalogue_edit",
  "promotions",
  "vouchers",
  "reports",
  "customer_data",
  "staff",
  "audit",
  "settings",
] as const;
/** One kind of work in the admin area: every admin route does exactly one. */
export type AdminTask = typeof ADMIN_TASKS[number];

/** What each task covers, in the words of the README and the OpenAPI document. */
export const ADMIN_TASK_WORDS: Record<AdminTask, string> = {
  orders:
    "process orders: read them, confirm or reject, record payment, add notes, print slips, open deposit proofs",
  refunds: "refund an order's payment (through the card provider, or recorded by hand)",
  stock: "adjust stock (a delivery received, damaged, lost, found, recount)",
  catalogue: "read the catalogue: archived products, stock trails, the catalogue's CSV",
  catalogue_edit: "edit prices, products, images and categories; import a CSV; archive and restore",
  promotions: "campaigns, order offers and discount codes",
  vouchers: "issue gift vouchers and read their balances",
  reports: "the sales reports and their CSV",
  customer_data: "export customer data (the orders' CSV)",
  staff: "invite, remove and reset staff; change roles",
  audit: "read the audit trail: who changed what, when, from what to what",
  settings: "the shop's settings",
};

/** One role as data: its name, what it is for, and whether it may do each task. */
export interface RolePolicy {
  label: string;
  summary: string;
  may: Record<AdminTask, boolean>;
}

export const ROLE_POLICIES: Record<AdminRole, RolePolicy> = {
  owner: {
    label: "Owner",
    summary: "Runs the shop: everything staff do, and prices, promotions, staff and reports",
    may: {
      orders: true,
      refunds: true,
      stock: true,
      catalogue: true,
      catalogue_edit: true,
      promotions: true,
      vouchers: true,
      reports: true,
      customer_data: true,
      staff: true,
      audit: true,
      settings: true,
    },
  },
  staff: {
    label: "Staff",
    summary: "Processes orders, deposit slips and stock; reads the catalogue and the orders",
    may: {
      orders: true,
      refunds: false,
      stock: true,
      catalogue: true,
      catalogue_edit: false,
      promotions: false,
      vouchers: false,
      reports: false,
      customer_data: false,
      staff: false,
      audit: false,
      settings: false,
    },
  },
};

/**
 * Whether an admin of `role` may do `task`.
 *
 * @example mayDo("staff", "orders") // true
 * @example mayDo("staff", "promotions") // false
 */
export function mayDo(role: AdminRole, task: AdminTask): boolean {
  return ROLE_POLICIES[role].may[task];
}

/**
 * The roles that may do `task`, in the order of ADMIN_ROLES.
 *
 * @example rolesFor("catalogue_edit") // ["owner"]
 */
export function rolesFor(task: AdminTask): AdminRole[] {
  return ADMIN_ROLES.filter((role) => mayDo(role, task));
}

/** Whether a value is one of the roles (a token's claim, a stored row). */
export function isAdminRole(value: unknown): value is AdminRole {
  return (ADMIN_ROLES as readonly unknown[]).includes(value);
}

/**
 * The refusal a role hears for a task it may not do: what only the owner may do, said
 * plainly (the 403's message).
 *
 * @example refusal("promotions") // "Only the shop's owner may do this: campaigns, order offers and discount codes"
 */
export function refusal(task: AdminTask): string {
  const roles = rolesFor(task).map((role) => ROLE_POLICIES[role].label.toLowerCase());
  const who = roles.length === 1 ? `the shop's ${roles[0]}` : roles.join(" or ");
  return `Only ${who} may do this: ${ADMIN_TASK_WORDS[task]}`;
}
