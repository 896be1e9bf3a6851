/** The message budgets in memory, for the dispatcher's tests and the contract suite. */
import type { MessageBudgets } from "../message_budget.ts";

export class MemoryMessageBudgets implements MessageBudgets {
  readonly uses = new Map<string, number>();

  take(slot: string, key: string, limit: number): Promise<boolean> {
    const name = `${slot} ${key}`;
    const used = this.uses.get(name) ?? 0;
    if (used >= limit) return Promise.resolve(false);
    this.uses.set(name, used + 1);
    return Promise.resolve(true);
  }

  giveBack(slot: string, key: string): Promise<void> {
    const name = `${slot} ${key}`;
    const used = this.uses.get(name) ?? 0;
    if (used > 0) this.uses.set(name, used - 1);
    return Promise.resolve();
  }

  used(slot: string, key: string): Promise<number> {
    return Promise.resolve(this.uses.get(`${slot} ${key}`) ?? 0);
  }
}
