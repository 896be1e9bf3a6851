/**
 * The audit trail under /api/audit (domain/audit/): the owner's log and a record's history
 * (the same route, filtered by record), newest first. Read only: there is no route that
 * writes, changes or removes an entry. Also who acts for the changes a request makes:
 * `adminActor` for the admin routes (app.ts), `actingAs` around a shopper's or a gateway's.
 */
import { Hono } from "hono";
import type { z } from "zod";
import type { AppDeps, AppEnv } from "../deps.ts";
import type { AuditActor, AuditEntry, AuditQuery } from "../../domain/audit/audit.ts";
import { addDays } from "../../domain/reports/range.ts";
import { colomboDayStart } from "../../domain/orders/order_query.ts";
import type { auditQuery, WireAuditEntry } from "../../contract/audit.ts";
import { AUDIT_ROUTES } from "../../contract/routes/mod.ts";
import type { TokenClaims } from "../auth/tokens.ts";
import { serve } from "./route_spec.ts";

const DEFAULT_PAGE_SIZE = 20;

/**
 * The admin of a token's claims; the role when the claims carry one (`adminRole` or a
 * `role` other than the plain "admin").
 *
 * @example adminActor({ id: 1, email: "a@pothgula.lk", role: "admin", ... }) // { kind: "admin", id: 1, email: "a@pothgula.lk", role: null }
 */
export function adminActor(claims: TokenClaims): AuditActor {
  const read = claims as unknown as { adminRole?: unknown; role?: unknown };
  const named = typeof read.adminRole === "string"
    ? read.adminRole
    : typeof read.role === "string" && read.role !== "admin"
    ? read.role
    : null;
  return { kind: "admin", id: claims.id, email: claims.email, role: named };
}

/** Runs `work` acting for `actor` when the app keeps a trail; as it is otherwise. */
export function actingAs<T>(
  deps: Pick<AppDeps, "audit">,
  actor: AuditActor,
  work: () => Promise<T>,
): Promise<T> {
  return deps.audit ? deps.audit.actingAs(actor, work) : work();
}

/** The trail's query from the route's validated query: days in Sri Lanka as instants. */
export function auditQueryOf(query: z.output<typeof auditQuery>): AuditQuery {
  return {
    kind: query.kind,
    who: query.who,
    subject: query.subjectType
      ? {
        type: query.subjectType,
        id: query.subjectId === undefined ? undefined : Number(query.subjectId),
      }
      : undefined,
    from: query.from ? new Date(colomboDayStart(query.from)) : undefined,
    to: query.to ? new Date(colomboDayStart(addDays(query.to, 1))) : undefined,
    page: query.page ?? 1,
    pageSize: query.pageSize ?? DEFAULT_PAGE_SIZE,
  };
}

/** An entry as the API answers it. */
export function auditEntryRecord(entry: AuditEntry): WireAuditEntry {
  const actor = entry.actor;
  return {
    id: entry.id,
    at: entry.at.toISOString(),
    actor: {
      kind: actor.kind,
      id: actor.kind === "admin" || actor.kind === "shopper" ? actor.id : null,
      email: actor.kind === "admin" || actor.kind === "shopper" ? actor.email : null,
      role: actor.kind === "admin" ? actor.role : null,
      name: actor.kind === "job" || actor.kind === "gateway" ? actor.name : null,
    },
    subject_type: entry.subject.type,
    subject_id: entry.subject.id,
    action: entry.action,
    kinds: entry.kinds,
    before: entry.before,
    after: entry.after,
  };
}

export function auditRoutes(deps: Pick<AppDeps, "audit">): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  serve(app, "/api/audit", AUDIT_ROUTES.list, async (c) => {
    const query = auditQueryOf(c.req.valid("query"));
    const page = deps.audit ? await deps.audit.entries(query) : { entries: [], total: 0 };
    return c.json({
      data: page.entries.map(auditEntryRecord),
      page: query.page,
      pageSize: query.pageSize,
      total: page.total,
    });
  });
  return app;
}
