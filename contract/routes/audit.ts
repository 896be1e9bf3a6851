/** /api/audit: the audit trail, read only: no route writes, changes or removes an entry. */
import { AUDIT_PATHS } from "../admin_paths.ts";
import { ADMIN_ERRORS, defineRoute } from "../route.ts";
import { AuditPageSchema, auditQuery } from "../audit.ts";

export const AUDIT_ROUTES = {
  list: defineRoute({
    ...AUDIT_PATHS.list,
    summary:
      "The audit trail, newest first, a page at a time: who changed which price, stock, product, category, order or payment status, promotion or admin account, when, and the values before and after; filtered by kind, who, record and days in Sri Lanka",
    admin: "audit",
    query: auditQuery,
    ok: { status: 200, schema: AuditPageSchema },
    errors: [...ADMIN_ERRORS, 400],
  }),
};
