/**
 * The audit trail as the owner reads it: kinds, records and people in words, and each
 * changed field as "label: from → to" with money in LKR. Pure, so the log and the History
 * sections say the same.
 */
import type { AuditKind, AuditSubjectType } from "../../../domain/audit/audit.ts";
import type { WireAuditEntry } from "../../../contract/audit.ts";
import { formatDateTime, formatLkr } from "../format.ts";

/** What an entry's values are read with: the names and the benefit's kind the API gives. */
export type ValueContext = Partial<Pick<WireAuditEntry, "benefit_kind" | "category_names">>;

/** An instant as stored (ISO 8601 with a time). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

export const KIND_LABELS: Record<AuditKind, string> = {
  price: "Price",
  stock: "Stock",
  product: "Product",
  category: "Category",
  order_status: "Order status",
  payment_status: "Payment status",
  promotion: "Promotion",
  admin_account: "Admin account",
  settings: "Settings",
  customer_data: "Customer details read",
};

export const SUBJECT_LABELS: Record<AuditSubjectType, string> = {
  book: "Book",
  stationery: "Stationery item",
  book_category: "Book category",
  stationery_category: "Stationery category",
  order: "Order",
  campaign: "Campaign",
  offer: "Order offer",
  code: "Discount code",
  admin: "Admin account",
  settings: "Setting",
};

const ACTION_WORDS = {
  create: "Created",
  update: "Changed",
  delete: "Deleted",
  read: "Read the customer's details of",
} as const;

/** Stored names the owner knows by another word. */
const FIELD_LABELS: Record<string, string> = {
  price_cents: "Price",
  sale_price_cents: "Sale price",
  sale_starts: "Sale starts",
  sale_ends: "Sale ends",
  preordered_stock: "Copies on order",
  weight_grams: "Weight",
  category_id: "Category",
  isbn13: "ISBN-13",
  payment_status: "Payment",
  reject_reason: "Reason",
  password_hash: "Password",
  min_items_cents: "Minimum",
  amount_cents: "Amount off",
  benefit_value: "Benefit",
  benefit_kind: "Benefit kind",
  starts_at: "Starts",
  ends_at: "Ends",
  max_uses: "Uses in all",
  max_uses_per_customer: "Uses per customer",
};

/**
 * A stored field's name in words.
 *
 * @example fieldLabel("price_cents") === "Price"; fieldLabel("tracking_number") === "Tracking number"
 */
export function fieldLabel(name: string): string {
  const known = FIELD_LABELS[name];
  if (known) return known;
  const words = name.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A stored value as the owner reads it: cents in LKR, grams in kg, a promotion's benefit as
 * a percentage or in LKR by its kind, a category by its name, instants in Colombo time,
 * none as "—".
 *
 * @example fieldValue("price_cents", 125050) === "LKR 1,250.50"
 * @example fieldValue("benefit_value", 50000, { benefit_kind: "amount" }) === "LKR 500.00"
 */
export function fieldValue(name: string, value: unknown, context: ValueContext = {}): string {
  if (value === null || value === undefined || value === "") return "—";
  if (name === "password_hash") return "(hidden)";
  if (name.endsWith("_cents") && typeof value === "number") return formatLkr(value);
  if (name === "benefit_value" && typeof value === "number") {
    if (context.benefit_kind === "percent") return `${value / 100}%`;
    if (context.benefit_kind === "amount" || context.benefit_kind === "amount_off") {
      return formatLkr(value);
    }
  }
  if (name === "category_id" && typeof value === "number") {
    const named = context.category_names?.[String(value)];
    if (named !== undefined) return named;
  }
  if (typeof value === "string" && INSTANT.test(value)) return `${formatDateTime(value)} (Colombo)`;
  if (name === "weight_grams" && typeof value === "number") return `${value / 1000} kg`;
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) return value.length === 0 ? "none" : value.map(String).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** One changed field of an entry. */
export interface ChangeLine {
  field: string;
  label: string;
  /** Undefined for a creation. */
  from?: string;
  /** Undefined for a deletion. */
  to?: string;
}

/** The entry's changed fields, in the order they were kept. */
export function changeLines(
  entry: Pick<WireAuditEntry, "before" | "after" | "action"> & ValueContext,
): ChangeLine[] {
  const names = [...new Set([...Object.keys(entry.before), ...Object.keys(entry.after)])];
  return names.map((field) => ({
    field,
    label: fieldLabel(field),
    ...(entry.action === "create" ? {} : { from: fieldValue(field, entry.before[field], entry) }),
    ...(entry.action === "delete" ? {} : { to: fieldValue(field, entry.after[field], entry) }),
  }));
}

/**
 * Who made a change, in words.
 *
 * @example actorText({ kind: "job", name: "lapse", ... }) === "The shop (unpaid orders lapse)"
 */
export function actorText(actor: WireAuditEntry["actor"]): string {
  switch (actor.kind) {
    case "admin":
      return actor.role ? `${actor.email} (${actor.role})` : actor.email ?? "An admin";
    case "shopper":
      return actor.email ? `Shopper ${actor.email}` : "A shopper";
    case "job":
      return actor.name === "lapse" ? "The shop (unpaid orders lapse)" : `The shop (${actor.name})`;
    case "gateway":
      return `Card gateway (${actor.name})`;
    default:
      return "The shop";
  }
}

/** What an entry did to its record: "Changed Book “Madol Doova”", or by id when it has no name. */
export function actionText(
  entry: Pick<WireAuditEntry, "action" | "subject_type" | "subject_id" | "subject_name">,
): string {
  const named = entry.subject_name ? `“${entry.subject_name}”` : String(entry.subject_id);
  return `${ACTION_WORDS[entry.action]} ${SUBJECT_LABELS[entry.subject_type]} ${named}`;
}

/** Where the admin area shows a record, when it has a page. */
export function subjectPath(type: AuditSubjectType, id: number): string | undefined {
  if (type === "book") return `/admin/books/${id}`;
  if (type === "stationery") return `/admin/stationery/${id}`;
  if (type === "order") return `/admin/orders/${id}`;
  return undefined;
}
