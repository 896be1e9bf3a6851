/**
 * Work a route goes on with after it has answered: a mail queued in the background so that
 * the answer's timing tells nothing about the account. Each task is tracked until it ends,
 * so that a stop can finish it, and a test can see that every mail a request would queue
 * has been queued (`idle()`) before it counts them.
 */
export class BackgroundWork {
  readonly #pending = new Set<Promise<void>>();

  /** Starts `task` without waiting for it; a failure goes to `onError`. */
  run(task: () => Promise<unknown>, onError: (error: unknown) => void): void {
    const running: Promise<void> = task().then(() => {}, (error) => {
      try {
        onError(error);
      } catch {
        // A failing error handler must not leave the task pending.
      }
    }).finally(() => this.#pending.delete(running));
    this.#pending.add(running);
  }

  /** How many tasks are still running. */
  get pending(): number {
    return this.#pending.size;
  }

  /** Resolves once no task is running, counting the ones started meanwhile. */
  async idle(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
  }
}
