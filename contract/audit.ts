/**
 * The audit trail on the wire (domain/audit/): the log's query (kind, who, a record, a range
 * of days in Sri Lanka, a page) and an entry as the API answers it. There is no route that
 * writes, changes or removes an entry.
 */
import { z } from "zod";
import {
  AUDIT_ACTIONS,
  AUDIT_ACTOR_KINDS,
  AUDIT_KINDS,
  AUDIT_SUBJECT_TYPES,
} from "../domain/audit/audit.ts";
import { idText, isoDate } from "./field_schemas.ts";
import { recordPageOf } from "./records.ts";

/** The most entries a page holds. */
export const MAX_AUDIT_PAGE_SIZE = 100;

const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `must be one of ${values.join(", ")}` });

/** GET /api/audit. */
export const auditQuery = z.object({
  kind: oneOf(AUDIT_KINDS).optional().describe("only changes of this kind"),
  who: z.string().trim().min(1, "must not be empty").max(254, "must be at most 254 characters")
    .optional().describe(
      "an admin's e-mail address (any case), or shopper, job, gateway or system",
    ),
  subjectType: oneOf(AUDIT_SUBJECT_TYPES).optional().describe(
    "only changes of this kind of record",
  ),
  subjectId: idText.optional().describe("with subjectType: only this record's changes"),
  from: isoDate.optional().describe("made on or after this day in Sri Lanka"),
  to: isoDate.optional().describe("made on or before this day in Sri Lanka"),
  page: z.string().regex(/^[1-9]\d{0,6}$/, "must be a page number from 1").transform(Number)
    .optional(),
  pageSize: z.string().regex(/^\d{1,3}$/, "must be a whole number").transform(Number)
    .refine((n) => n >= 1 && n <= MAX_AUDIT_PAGE_SIZE, `must be from 1 to ${MAX_AUDIT_PAGE_SIZE}`)
    .optional().describe(`default 20, at most ${MAX_AUDIT_PAGE_SIZE}`),
}).refine((q) => !q.from || !q.to || q.from <= q.to, {
  message: "must not be before from",
  path: ["to"],
}).refine((q) => q.subjectId === undefined || q.subjectType !== undefined, {
  message: "needs subjectType",
  path: ["subjectId"],
});

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string().describe("ISO 8601"),
  actor: z.object({
    kind: z.enum(AUDIT_ACTOR_KINDS as readonly ["admin", ...string[]]),
    id: z.number().int().nullable().describe(
      "the admin's, or the shopper's account (null for a guest)",
    ),
    email: z.string().nullable(),
    role: z.string().nullable().describe("the admin's role, when the token named one"),
    name: z.string().nullable().describe("the job's or the gateway's name"),
  }),
  subject_type: z.enum(AUDIT_SUBJECT_TYPES),
  subject_id: z.number().int(),
  action: z.enum(AUDIT_ACTIONS),
  kinds: z.array(z.enum(AUDIT_KINDS)),
  before: z.record(z.string(), z.unknown()).describe(
    "the changed fields' values before, by stored name (money in cents); empty for a creation",
  ),
  after: z.record(z.string(), z.unknown()).describe(
    "the changed fields' values after; empty for a deletion; a secret's change reads \"hidden\"",
  ),
  subject_name: z.string().nullable().optional().describe(
    "the record's name now (a title, a category's or promotion's name, an admin's e-mail); null when it has none or is gone",
  ),
  benefit_kind: z.string().nullable().optional().describe(
    "a promotion's kind of benefit, which says what benefit_value counts: percent (basis points), amount (cents)",
  ),
  category_names: z.record(z.string(), z.string()).optional().describe(
    "the names of the categories the values give by id",
  ),
});
export type WireAuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = recordPageOf(AuditEntrySchema);
