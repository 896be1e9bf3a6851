/**
 * The audit trail as the owner reads it, in the language they chose (en, si or ta: the
 * catalogues' `audit.*` words, which the admin page carries): kinds, records and people in
 * words, and each changed field as "label: from → to" with money in LKR and instants in
 * Colombo time. Pure, so the log and the History sections say the same.
 */
import type { AuditKind, AuditSubjectType } from "../../../domain/audit/audit.ts";
import type { WireAuditEntry } from "../../../contract/audit.ts";
import { formatDateTime, formatLkr } from "../format.ts";

/** What an entry's values are read with: the names and the benefit's kind the API gives. */
export type ValueContext = Partial<Pick<WireAuditEntry, "benefit_kind" | "category_names">>;

/** An instant as stored (ISO 8601 with a time). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** The audit's words in one language: the catalogues' `audit.*` keys (messages/*.json). */
export type AuditWordList = Readonly<Record<string, string>>;

/** Writes the audit's words of one language, `{name}` filled from `values`. */
export interface AuditWords {
  t(key: string, values?: Record<string, string>): string;
  has(key: string): boolean;
}

/**
 * The words of one language's list.
 *
 * @example auditWords({ "audit.actor.job": "The shop ({name})" }).t("audit.actor.job", { name: "x" }) === "The shop (x)"
 */
export function auditWords(list: AuditWordList): AuditWords {
  return {
    t: (key, values = {}) =>
      (list[key] ?? key).replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole),
    has: (key) => key in list,
  };
}

/** A kind of change in words. */
export function kindLabel(words: AuditWords, kind: AuditKind): string {
  return words.t(`audit.kind.${kind}`);
}

/** A kind of record in words. */
export function subjectLabel(words: AuditWords, type: AuditSubjectType): string {
  return words.t(`audit.subject.${type}`);
}

/**
 * A stored field's name in words; a field the catalogues do not name, from its stored name.
 *
 * @example fieldLabel(english, "price_cents") === "Price"; fieldLabel(english, "tracking_number") === "Tracking number"
 */
export function fieldLabel(words: AuditWords, name: string): string {
  const key = `audit.field.${name}`;
  if (words.has(key)) return words.t(key);
  const spaced = name.replace(/_/g, " ");
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/**
 * A stored value as the owner reads it: cents in LKR, grams in kg, a promotion's benefit as
 * a percentage or in LKR by its kind, a category by its name, instants in Colombo time,
 * none as "—".
 *
 * @example fieldValue(english, "price_cents", 125050) === "LKR 1,250.50"
 * @example fieldValue(english, "benefit_value", 50000, { benefit_kind: "amount" }) === "LKR 500.00"
 */
export function fieldValue(
  words: AuditWords,
  name: string,
  value: unknown,
  context: ValueContext = {},
): string {
  if (value === null || value === undefined || value === "") return "—";
  if (name === "password_hash") return words.t("audit.value.hidden");
  if ((name === "status" || name === "payment_status") && typeof value === "string") {
    const state = `audit.state.${value}`;
    if (words.has(state)) return words.t(state);
  }
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
  if (typeof value === "string" && INSTANT.test(value)) {
    return words.t("audit.value.colombo", { time: formatDateTime(value) });
  }
  if (name === "weight_grams" && typeof value === "number") {
    return words.t("audit.value.kg", { kg: String(value / 1000) });
  }
  if (typeof value === "boolean") return words.t(value ? "audit.value.yes" : "audit.value.no");
  if (Array.isArray(value)) {
    return value.length === 0 ? words.t("audit.value.none") : value.map(String).join(", ");
  }
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
  words: AuditWords,
  entry: Pick<WireAuditEntry, "before" | "after" | "action"> & ValueContext,
): ChangeLine[] {
  const names = [...new Set([...Object.keys(entry.before), ...Object.keys(entry.after)])];
  const value = (field: string, stored: unknown) => fieldValue(words, field, stored, entry);
  return names.map((field) => ({
    field,
    label: fieldLabel(words, field),
    ...(entry.action === "create" ? {} : { from: value(field, entry.before[field]) }),
    ...(entry.action === "delete" ? {} : { to: value(field, entry.after[field]) }),
  }));
}

/**
 * Who made a change, in words.
 *
 * @example actorText(english, { kind: "job", name: "lapse", ... }) === "The shop (unpaid orders lapse)"
 */
export function actorText(words: AuditWords, actor: WireAuditEntry["actor"]): string {
  switch (actor.kind) {
    case "admin": {
      if (!actor.role) return actor.email ?? words.t("audit.actor.anAdmin");
      const role = words.has(`audit.role.${actor.role}`)
        ? words.t(`audit.role.${actor.role}`)
        : actor.role;
      return words.t("audit.actor.admin", { email: actor.email ?? "", role });
    }
    case "shopper":
      return actor.email
        ? words.t("audit.actor.shopper", { email: actor.email })
        : words.t("audit.actor.aShopper");
    case "job":
      return actor.name === "lapse"
        ? words.t("audit.actor.lapse")
        : words.t("audit.actor.job", { name: actor.name ?? "" });
    case "gateway":
      return words.t("audit.actor.gateway", { name: actor.name ?? "" });
    default:
      return words.t("audit.actor.shop");
  }
}

/** What an entry did to its record: "Changed Book “Madol Doova”", or by id when it has no name. */
export function actionText(
  words: AuditWords,
  entry: Pick<WireAuditEntry, "action" | "subject_type" | "subject_id" | "subject_name">,
): string {
  const name = entry.subject_name ? `“${entry.subject_name}”` : String(entry.subject_id);
  return words.t(`audit.action.${entry.action}`, {
    subject: subjectLabel(words, entry.subject_type),
    name,
  });
}

/** Where the admin area shows a record, when it has a page. */
export function subjectPath(type: AuditSubjectType, id: number): string | undefined {
  if (type === "book") return `/admin/books/${id}`;
  if (type === "stationery") return `/admin/stationery/${id}`;
  if (type === "order") return `/admin/orders/${id}`;
  return undefined;
}
