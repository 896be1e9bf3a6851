/**
 * The audit trail: who changed what and when, with the values before and after. An entry is
 * one record's change (a book, an order, a discount code, an admin account), written in the
 * change's own transaction and never changed afterwards.
 *
 * What each kind of record puts in the trail is declared once here (`AUDIT_SUBJECTS`): the
 * kind of change its fields are (a book's price fields are a price change, its stock a stock
 * change, any other field a product change), the fields left out (search copies, timestamps)
 * and those whose values are never copied (a password's hash). The memory adapters diff
 * their records by `auditedChange()`; the PostgreSQL triggers of migration 0034 are given
 * the same declarations and a test holds the two equal.
 */

/** The kinds of change the owner filters the log by, in the order the log offers them. */
export const AUDIT_KINDS = [
  "price",
  "stock",
  "product",
  "category",
  "order_status",
  "payment_status",
  "promotion",
  "admin_account",
  "settings",
  "customer_data",
] as const;
export type AuditKind = typeof AUDIT_KINDS[number];

/** The kinds of record the trail names. */
export const AUDIT_SUBJECT_TYPES = [
  "book",
  "stationery",
  "book_category",
  "stationery_category",
  "order",
  "campaign",
  "offer",
  "code",
  "admin",
  "settings",
] as const;
export type AuditSubjectType = typeof AUDIT_SUBJECT_TYPES[number];

/** A change, or a read of a shopper's details by staff (domain/orders/staff_view.ts). */
export const AUDIT_ACTIONS = ["create", "update", "delete", "read"] as const;
export type AuditAction = typeof AUDIT_ACTIONS[number];

/** Who made a change. */
export type AuditActor =
  /** A person of the shop, from their token's claims; `role` when the claims carry one. */
  | { kind: "admin"; id: number; email: string; role: string | null }
  /** A shopper placing an order or sending a deposit slip: their account, or a guest (null). */
  | { kind: "shopper"; id: number | null; email: string | null }
  /** One of the shop's own jobs (the lapse of unpaid Bank Deposit orders). */
  | { kind: "job"; name: string }
  /** A payment gateway's verified notice. */
  | { kind: "gateway"; name: string }
  /** The shop itself with no one named (start-up, the demo catalogue, the command line). */
  | { kind: "system" };
export type AuditActorKind = AuditActor["kind"];
export const AUDIT_ACTOR_KINDS: readonly AuditActorKind[] = [
  "admin",
  "shopper",
  "job",
  "gateway",
  "system",
];

/** A field's values as kept: JSON. */
export type AuditValues = Record<string, unknown>;

/** One change of one record. */
export interface AuditEntry {
  id: number;
  at: Date;
  actor: AuditActor;
  subject: { type: AuditSubjectType; id: number };
  action: AuditAction;
  /** The kinds of change among its fields, in AUDIT_KINDS order. */
  kinds: AuditKind[];
  /** The changed fields' values before (none for a creation), by stored name. */
  before: AuditValues;
  /** The changed fields' values after (none for a deletion), by stored name. */
  after: AuditValues;
}

/** What the trail keeps of one kind of record. */
export interface AuditSubjectPolicy {
  /** The kind of change of a field not named in `fields`. */
  kind: AuditKind;
  /** Fields whose change is another kind (a book's price fields are a price change). */
  fields: Readonly<Record<string, AuditKind>>;
  /** When set, only these fields are kept (an order's status fields, not its address). */
  only: readonly string[] | null;
  /** Fields never kept (search copies, timestamps, counters moved by orders). */
  ignore: readonly string[];
  /** Fields whose change is kept without its values (a password's hash). */
  secret: readonly string[];
}

/** The value a secret field's change is kept as, before and after. */
export const HIDDEN_VALUE = "hidden";

const PRODUCT_FIELDS = {
  price_cents: "price",
  sale_price_cents: "price",
  sale_starts: "price",
  sale_ends: "price",
  stock: "stock",
  preordered_stock: "stock",
} as const;

/** What the trail keeps of each kind of record, by the record's stored (column) names. */
export const AUDIT_SUBJECTS: Readonly<Record<AuditSubjectType, AuditSubjectPolicy>> = {
  book: {
    kind: "product",
    fields: PRODUCT_FIELDS,
    only: null,
    ignore: ["id", "created_at", "search_title", "search_author", "search_translator"],
    secret: [],
  },
  stationery: {
    kind: "product",
    fields: PRODUCT_FIELDS,
    only: null,
    ignore: ["id", "created_at", "search_title"],
    secret: [],
  },
  book_category: {
    kind: "category",
    fields: {},
    only: null,
    ignore: ["id", "created_at"],
    secret: [],
  },
  stationery_category: {
    kind: "category",
    fields: {},
    only: null,
    ignore: ["id", "created_at"],
    secret: [],
  },
  order: {
    kind: "order_status",
    fields: { payment_status: "payment_status" },
    only: ["status", "payment_status", "courier", "tracking_number", "reject_reason"],
    ignore: [],
    secret: [],
  },
  campaign: { kind: "promotion", fields: {}, only: null, ignore: ["id", "created_at"], secret: [] },
  offer: { kind: "promotion", fields: {}, only: null, ignore: ["id", "created_at"], secret: [] },
  code: {
    kind: "promotion",
    fields: {},
    only: null,
    // `uses` moves with the orders that hold the code; the orders' entries say so.
    ignore: ["id", "created_at", "code_key", "uses"],
    secret: [],
  },
  admin: {
    kind: "admin_account",
    fields: {},
    only: null,
    ignore: ["id", "created_at"],
    secret: ["password_hash"],
  },
  settings: {
    kind: "settings",
    fields: {},
    only: null,
    ignore: ["id", "updated_at"],
    secret: [],
  },
};

/** A change as the trail keeps it, before the actor and time are added. */
export interface AuditedChange {
  action: AuditAction;
  kinds: AuditKind[];
  before: AuditValues;
  after: AuditValues;
}

/** A record's stored values: absent when the record does not exist (before a creation). */
export type AuditRow = Readonly<Record<string, unknown>> | undefined;

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * What the trail keeps of a record's change from `before` to `after`, or undefined when no
 * kept field changed. A creation keeps the fields given a value, a deletion those that had
 * one. With `byOrder` (stock taken or given back by an order's placement, rejection or
 * lapse), stock fields are left out: the order's own entries say what moved.
 *
 * @example
 * auditedChange("book", { price_cents: 100, stock: 2 }, { price_cents: 120, stock: 2 })
 * // { action: "update", kinds: ["price"], before: { price_cents: 100 }, after: { price_cents: 120 } }
 */
export function auditedChange(
  subject: AuditSubjectType,
  before: AuditRow,
  after: AuditRow,
  options: { byOrder?: boolean } = {},
): AuditedChange | undefined {
  if (!before && !after) return undefined;
  const policy = AUDIT_SUBJECTS[subject];
  const action: AuditAction = !before ? "create" : !after ? "delete" : "update";
  const kept: AuditedChange = { action, kinds: [], before: {}, after: {} };
  const kinds = new Set<AuditKind>();
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const name of [...names].sort()) {
    if (policy.only && !policy.only.includes(name)) continue;
    if (policy.ignore.includes(name)) continue;
    const kind = policy.fields[name] ?? policy.kind;
    if (options.byOrder && kind === "stock") continue;
    const old = before?.[name] ?? null;
    const now = after?.[name] ?? null;
    if (action === "update" ? sameValue(old, now) : (before ? old : now) === null) continue;
    const secret = policy.secret.includes(name);
    if (before) kept.before[name] = secret ? HIDDEN_VALUE : old;
    if (after) kept.after[name] = secret ? HIDDEN_VALUE : now;
    kinds.add(kind);
  }
  if (kinds.size === 0) return undefined;
  kept.kinds = AUDIT_KINDS.filter((k) => kinds.has(k));
  return kept;
}

/** The filters of the owner's log; every one optional. */
export interface AuditQuery {
  kind?: AuditKind;
  /** An actor's e-mail (any case), or an actor kind ("job", "gateway", "shopper", "system"). */
  who?: string;
  subject?: { type: AuditSubjectType; id?: number };
  /** From this instant (included) to that one (excluded). */
  from?: Date;
  to?: Date;
  page: number;
  pageSize: number;
}

/** A page of entries, newest first, and how many match in all. */
export interface AuditPage {
  entries: AuditEntry[];
  total: number;
}

/** The trail's port: attributes the changes made inside `actingAs`, and reads the log. */
export interface AuditTrail {
  /**
   * Runs `work` with every change it makes recorded as `actor`'s (in each change's own
   * transaction); changes made outside any call are recorded as the system's.
   */
  actingAs<T>(actor: AuditActor, work: () => Promise<T>): Promise<T>;
  /** Entries matching the query, newest first. Nothing can change or remove one. */
  entries(query: AuditQuery): Promise<AuditPage>;
  /**
   * Keeps that `actor` (staff) read the customer's `fields` of each of `orderIds`: one
   * entry an order, action "read", kind "customer_data", the fields named in `after`.
   */
  recordReads(read: CustomerDataRead): Promise<void>;
}

/** Staff reading shoppers' details: who, which orders, which fields. */
export interface CustomerDataRead {
  actor: AuditActor;
  orderIds: readonly number[];
  fields: readonly string[];
}

/**
 * Whether an entry matches the query's filters (the memory trail's reading; SQL's is the
 * same conditions).
 */
export function matchesAuditQuery(entry: AuditEntry, query: AuditQuery): boolean {
  if (query.kind && !entry.kinds.includes(query.kind)) return false;
  if (query.subject) {
    if (entry.subject.type !== query.subject.type) return false;
    if (query.subject.id !== undefined && entry.subject.id !== query.subject.id) return false;
  }
  if (query.from && entry.at < query.from) return false;
  if (query.to && entry.at >= query.to) return false;
  if (query.who !== undefined) {
    const who = query.who.toLowerCase();
    const actor = entry.actor;
    // An e-mail names an admin only: a shopper's is whatever they typed at checkout, so a
    // stranger ordering under the owner's address is never found as the owner.
    const email = actor.kind === "admin" ? actor.email.toLowerCase() : undefined;
    if (actor.kind !== who && email !== who) return false;
  }
  return true;
}
