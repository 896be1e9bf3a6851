/**
 * The audit trail in memory, held to the same contract as SQL's
 * (adapters/audit_trail_contract_test.ts). SQL's triggers see every row a write changes; here
 * the memory ports are wrapped (`audited`): each call's records are read before and after it
 * (`auditRows()`, by stored names) and every record that changed is diffed by the domain's
 * `auditedChange()`, the rule the triggers follow. A call on a port wrapped `byOrder` (the
 * orders) leaves stock out, as the orders' SQL marks its stock.
 *
 * Memory ports answer at once, so a call's changes are its own; the doubles are for tests
 * and the demo, never for concurrent writers.
 */
import {
  type AuditActor,
  auditedChange,
  type AuditEntry,
  type AuditPage,
  type AuditQuery,
  type AuditSubjectType,
  type AuditTrail,
  type CustomerDataRead,
  matchesAuditQuery,
} from "../../domain/audit/audit.ts";
import type { Clock } from "../../domain/ports.ts";
import { ActorScope } from "../audit/actor_scope.ts";

/** A port's records by kind and id, each by its stored (column) names. */
export type AuditRows = Partial<Record<AuditSubjectType, Map<number, Record<string, unknown>>>>;

/** What a memory port shows the trail. */
export interface AuditSource {
  auditRows(): AuditRows;
}

/**
 * A record by stored names: camelCase fields as snake_case columns, instants as ISO text.
 *
 * @example storedNames({ priceCents: 100, saleStarts: null }) // { price_cents: 100, sale_starts: null }
 */
export function storedNames(record: object): Record<string, unknown> {
  const stored: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(record)) {
    const column = name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
    stored[column] = value instanceof Date ? value.toISOString() : structuredClone(value);
  }
  return stored;
}

/** Methods that only read: their calls are not diffed. */
const READS = /^(list|find|get|count|stats|suggest|imagesInUse|runningRules|stockAdjustments)/;

export class MemoryAuditTrail implements AuditTrail {
  readonly scope: ActorScope;
  readonly #clock: Clock;
  readonly #entries: AuditEntry[] = [];
  readonly #sources: AuditSource[] = [];

  constructor(clock: Clock, scope = new ActorScope()) {
    this.#clock = clock;
    this.scope = scope;
  }

  actingAs<T>(actor: AuditActor, work: () => Promise<T>): Promise<T> {
    return this.scope.run(actor, work);
  }

  recordReads(read: CustomerDataRead): Promise<void> {
    for (const id of read.orderIds) {
      this.#entries.push({
        id: this.#entries.length + 1,
        at: this.#clock.now(),
        actor: structuredClone(read.actor),
        subject: { type: "order", id },
        action: "read",
        kinds: ["customer_data"],
        before: {},
        after: { fields: [...read.fields] },
      });
    }
    return Promise.resolve();
  }

  entries(query: AuditQuery): Promise<AuditPage> {
    const matching = this.#entries.filter((e) => matchesAuditQuery(e, query)).reverse();
    const start = (query.page - 1) * query.pageSize;
    return Promise.resolve({
      entries: structuredClone(matching.slice(start, start + query.pageSize)),
      total: matching.length,
    });
  }

  /**
   * `port` with every writing call recorded; `source` is where its records are read (the
   * port itself by default; the catalogue for the orders, which move its stock).
   */
  audited<T extends object>(
    port: T,
    options: { sources?: AuditSource[]; byOrder?: boolean } = {},
  ): T {
    const own = "auditRows" in port ? [port as unknown as AuditSource] : [];
    for (const source of [...own, ...(options.sources ?? [])]) {
      if (!this.#sources.includes(source)) this.#sources.push(source);
    }
    return new Proxy(port, {
      get: (target, name) => {
        const value = Reflect.get(target, name, target);
        if (typeof value !== "function" || typeof name !== "string" || READS.test(name)) {
          return typeof value === "function" ? value.bind(target) : value;
        }
        return async (...args: unknown[]) => {
          const before = this.#snapshot();
          try {
            return await value.apply(target, args);
          } finally {
            this.#record(before, this.#snapshot(), options.byOrder ?? false);
          }
        };
      },
    });
  }

  #snapshot(): Map<AuditSubjectType, Map<number, string>> {
    const snapshot = new Map<AuditSubjectType, Map<number, string>>();
    for (const source of this.#sources) {
      for (const [type, rows] of Object.entries(source.auditRows())) {
        const kept = snapshot.get(type as AuditSubjectType) ?? new Map<number, string>();
        for (const [id, row] of rows) kept.set(id, JSON.stringify(row));
        snapshot.set(type as AuditSubjectType, kept);
      }
    }
    return snapshot;
  }

  #record(
    before: Map<AuditSubjectType, Map<number, string>>,
    after: Map<AuditSubjectType, Map<number, string>>,
    byOrder: boolean,
  ): void {
    const actor = this.scope.current() ?? { kind: "system" };
    const types = new Set([...before.keys(), ...after.keys()]);
    for (const type of types) {
      const old = before.get(type) ?? new Map<number, string>();
      const now = after.get(type) ?? new Map<number, string>();
      const ids = [...new Set([...old.keys(), ...now.keys()])].sort((a, b) => a - b);
      for (const id of ids) {
        const was = old.get(id);
        const is = now.get(id);
        if (was === is) continue;
        const change = auditedChange(
          type,
          was === undefined ? undefined : JSON.parse(was),
          is === undefined ? undefined : JSON.parse(is),
          { byOrder },
        );
        if (!change) continue;
        this.#entries.push({
          id: this.#entries.length + 1,
          at: this.#clock.now(),
          actor: structuredClone(actor),
          subject: { type, id },
          ...change,
        });
      }
    }
  }
}
