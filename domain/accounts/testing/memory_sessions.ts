/**
 * Sessions in memory, with the same rules as the database's table
 * (adapters/session_store_contract_test.ts runs one contract against both).
 */
import type { AccountRole, Session, SessionStore } from "../../ports.ts";

/** The SessionStore of one process: for tests and doubles. */
export class MemorySessions implements SessionStore {
  readonly #sessions = new Map<string, Session>();

  open(session: Session, now: Date): Promise<void> {
    for (const [id, s] of this.#sessions) {
      const sameAccount = s.role === session.role && s.accountId === session.accountId;
      if (sameAccount && s.expiresAt <= now) this.#sessions.delete(id);
    }
    this.#sessions.set(session.id, { ...session });
    return Promise.resolve();
  }

  find(id: string, now: Date): Promise<Session | undefined> {
    const found = this.#sessions.get(id);
    return Promise.resolve(found && found.expiresAt > now ? { ...found } : undefined);
  }

  end(id: string): Promise<void> {
    this.#sessions.delete(id);
    return Promise.resolve();
  }

  endAll(role: AccountRole, accountId: number): Promise<number> {
    let ended = 0;
    for (const [id, s] of this.#sessions) {
      if (s.role === role && s.accountId === accountId) {
        this.#sessions.delete(id);
        ended++;
      }
    }
    return Promise.resolve(ended);
  }

  /** How many sessions are kept (expired ones included until dropped). */
  get size(): number {
    return this.#sessions.size;
  }
}
