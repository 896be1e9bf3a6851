/**
 * Who the work under way acts for, carried along its calls (AsyncLocalStorage) rather than
 * through every port: the HTTP app opens a scope for an admin's request, a shopper's order
 * or a gateway's notice, the lapse job for its round, and the adapters that write read it
 * (the SQL client sets it on each transaction for the triggers; the memory trail reads it
 * as it records).
 *
 * @example
 * const scope = new ActorScope();
 * await scope.run({ kind: "job", name: "lapse" }, () => orders.lapseDue(now, 50));
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { AuditActor } from "../../domain/audit/audit.ts";

export class ActorScope {
  readonly #storage = new AsyncLocalStorage<AuditActor>();

  /** Runs `work` acting for `actor`. */
  run<T>(actor: AuditActor, work: () => Promise<T>): Promise<T> {
    return this.#storage.run(actor, work);
  }

  /** The actor of the work under way; undefined outside any scope (the system). */
  current(): AuditActor | undefined {
    return this.#storage.getStore();
  }
}
