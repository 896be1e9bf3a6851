/**
 * The audit trail in SQL (migration 0034): the triggers write the entries in each change's
 * transaction; this reads them, newest first, by the owner's filters. Who acts is carried by
 * the ActorScope and set on each transaction by the attributed SQL client
 * (attributed_client.ts): `createRepositories` is given that client.
 */
import {
  AUDIT_ACTIONS,
  AUDIT_KINDS,
  AUDIT_SUBJECT_TYPES,
  type AuditAction,
  type AuditActor,
  type AuditEntry,
  type AuditKind,
  type AuditPage,
  type AuditQuery,
  type AuditSubjectType,
  type AuditTrail,
  type CustomerDataRead,
} from "../../domain/audit/audit.ts";
import type { ActorScope } from "../audit/actor_scope.ts";
import type { SqlClient } from "./sql_client.ts";

interface EntryRow {
  id: number;
  at: Date;
  actor_kind: string;
  actor_id: number | null;
  actor_email: string | null;
  actor_role: string | null;
  actor_name: string | null;
  subject_type: string;
  subject_id: number;
  action: string;
  kinds: string[];
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  total: number;
}

function oneOf<T extends string>(list: readonly T[], value: string, column: string): T {
  if (!(list as readonly string[]).includes(value)) {
    throw new Error(`audit_entries.${column}: unknown value ${value}`);
  }
  return value as T;
}

function actorOf(row: EntryRow): AuditActor {
  switch (row.actor_kind) {
    case "admin":
      return {
        kind: "admin",
        id: row.actor_id ?? 0,
        email: row.actor_email ?? "",
        role: row.actor_role,
      };
    case "shopper":
      return { kind: "shopper", id: row.actor_id, email: row.actor_email };
    case "job":
    case "gateway":
      return { kind: row.actor_kind, name: row.actor_name ?? "" };
    case "system":
      return { kind: "system" };
    default:
      throw new Error(`audit_entries.actor_kind: unknown kind ${row.actor_kind}`);
  }
}

/** A row as the domain's entry; a value the domain does not know throws. */
export function entryOf(row: EntryRow): AuditEntry {
  return {
    id: Number(row.id),
    at: row.at,
    actor: actorOf(row),
    subject: {
      type: oneOf<AuditSubjectType>(AUDIT_SUBJECT_TYPES, row.subject_type, "subject_type"),
      id: Number(row.subject_id),
    },
    action: oneOf<AuditAction>(AUDIT_ACTIONS, row.action, "action"),
    kinds: row.kinds.map((k) => oneOf<AuditKind>(AUDIT_KINDS, k, "kinds")),
    before: row.before,
    after: row.after,
  };
}

export class PostgresAuditTrail implements AuditTrail {
  readonly #sql: SqlClient;
  readonly #scope: ActorScope;

  /** `sql` must be the attributed client the repositories write through. */
  constructor(sql: SqlClient, scope: ActorScope) {
    this.#sql = sql;
    this.#scope = scope;
  }

  actingAs<T>(actor: AuditActor, work: () => Promise<T>): Promise<T> {
    return this.#scope.run(actor, work);
  }

  async recordReads(read: CustomerDataRead): Promise<void> {
    if (read.orderIds.length === 0) return;
    const actor = read.actor;
    await this.#sql.query(
      `INSERT INTO audit_entries (actor_kind, actor_id, actor_email, actor_role, actor_name,
         subject_type, subject_id, action, kinds, before, after)
       SELECT $1, $2, $3, $4, $5, 'order', id, 'read', ARRAY['customer_data'], '{}'::jsonb,
         jsonb_build_object('fields', $7::text[])
       FROM unnest($6::bigint[]) AS id`,
      [
        actor.kind,
        "id" in actor ? actor.id : null,
        "email" in actor ? actor.email : null,
        "role" in actor ? actor.role : null,
        "name" in actor ? actor.name : null,
        read.orderIds,
        read.fields,
      ],
    );
  }

  async entries(query: AuditQuery): Promise<AuditPage> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (value: unknown) => `$${params.push(value)}`;
    if (query.kind) where.push(`kinds @> ARRAY[${add(query.kind)}]::text[]`);
    if (query.subject) {
      where.push(`subject_type = ${add(query.subject.type)}`);
      if (query.subject.id !== undefined) where.push(`subject_id = ${add(query.subject.id)}`);
    }
    if (query.from) where.push(`at >= ${add(query.from)}`);
    if (query.to) where.push(`at < ${add(query.to)}`);
    if (query.who !== undefined) {
      const who = add(query.who.toLowerCase());
      // An e-mail names an admin only (domain/audit/audit.ts: matchesAuditQuery).
      where.push(`((actor_kind = 'admin' AND lower(actor_email) = ${who}) OR actor_kind = ${who})`);
    }
    const limit = add(query.pageSize);
    const offset = add((query.page - 1) * query.pageSize);
    const rows = await this.#sql.query<EntryRow>(
      `SELECT *, count(*) OVER () AS total FROM audit_entries
       ${where.length > 0 ? `WHERE ${where.join(" AND ")}` : ""}
       ORDER BY id DESC LIMIT ${limit} OFFSET ${offset}`,
      params,
    );
    if (rows.length === 0 && query.page > 1) {
      const [{ total }] = await this.#sql.query<{ total: number }>(
        `SELECT count(*) AS total FROM audit_entries
         ${where.length > 0 ? `WHERE ${where.join(" AND ")}` : ""}`,
        params.slice(0, -2),
      );
      return { entries: [], total: Number(total) };
    }
    return { entries: rows.map(entryOf), total: rows.length > 0 ? Number(rows[0].total) : 0 };
  }
}
