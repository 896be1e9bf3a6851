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

/** What the log names records and values by: names read now, for the ids a page holds. */
type AuditNamesDeps = Partial<Pick<AppDeps, "catalogue" | "promotions" | "accounts">>;

/**
 * An entry's words the owner knows it by: the record's name (a book's title, a category's,
 * a promotion's, an admin's e-mail), the names of the categories its values give by id, and
 * the kind of benefit a promotion's `benefit_value` counts (percent in basis points, or an
 * amount in cents), read from the entry or, when the kind did not change, from the
 * promotion as it is now. A record deleted since has no name (null).
 */
async function auditNames(deps: AuditNamesDeps, entries: AuditEntry[]) {
  const needsCategories = entries.some((e) =>
    e.subject.type.endsWith("category") || "category_id" in e.before || "category_id" in e.after
  );
  const [books, stationery] = needsCategories && deps.catalogue
    ? await Promise.all([
      deps.catalogue.listCategories(),
      deps.catalogue.listStationeryCategories(),
    ])
    : [[], []];
  const bookCategory = new Map(books.map((c) => [c.id, c.name]));
  const itemCategory = new Map(stationery.map((c) => [c.id, c.name]));
  return await Promise.all(entries.map(async (entry) => {
    const { type, id } = entry.subject;
    const categories = type === "stationery" || type === "stationery_category"
      ? itemCategory
      : bookCategory;
    const categoryNames: Record<string, string> = {};
    for (const value of [entry.before.category_id, entry.after.category_id]) {
      const name = typeof value === "number" ? categories.get(value) : undefined;
      if (name !== undefined) categoryNames[String(value)] = name;
    }
    let subject: string | undefined;
    let benefitKind = (entry.after.benefit_kind ?? entry.before.benefit_kind) as
      | string
      | undefined;
    if (type === "book") subject = (await deps.catalogue?.findBook(id))?.title;
    else if (type === "stationery") subject = (await deps.catalogue?.findStationery(id))?.title;
    else if (type.endsWith("category")) subject = categories.get(id);
    else if (type === "admin") subject = (await deps.accounts?.findAdminById(id))?.email;
    else if (type === "campaign" || type === "offer" || type === "code") {
      const kept = await deps.promotions?.getPromotion(type, id);
      if (kept) {
        subject = kept.kind === "code" ? kept.promotion.code : kept.promotion.name;
        benefitKind ??= kept.promotion.benefit.kind;
      }
    }
    return {
      subject_name: subject ?? null,
      benefit_kind: benefitKind ?? null,
      category_names: categoryNames,
    };
  }));
}

export function auditRoutes(deps: Pick<AppDeps, "audit"> & AuditNamesDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  serve(app, "/api/audit", AUDIT_ROUTES.list, async (c) => {
    const query = auditQueryOf(c.req.valid("query"));
    const page = deps.audit ? await deps.audit.entries(query) : { entries: [], total: 0 };
    const names = await auditNames(deps, page.entries);
    return c.json({
      data: page.entries.map((entry, i) => ({ ...auditEntryRecord(entry), ...names[i] })),
      page: query.page,
      pageSize: query.pageSize,
      total: page.total,
    });
  });
  return app;
}
