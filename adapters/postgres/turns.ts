/**
 * Turns on an engine that runs one statement at a time for the whole shop (PGlite): work
 * waits for its turn first come first served, except that background work (the slices of a
 * search's suggestions) lets waiting foreground work (a book read, an order) go first. A
 * background turn is passed over at most MAX_PASSED times, so that it is never starved.
 * Between two turns the event loop runs: timers and I/O are never starved either.
 */

/** How many foreground turns may go before a waiting background turn. */
export const MAX_PASSED = 8;

interface Waiter {
  start(): void;
  passed: number;
}

export class Turns {
  #busy = false;
  readonly #foreground: Waiter[] = [];
  readonly #background: Waiter[] = [];

  /** Runs `work` in its turn; `background` work lets waiting foreground work go first. */
  async run<T>(work: () => Promise<T>, background = false): Promise<T> {
    await this.#take(background);
    try {
      return await work();
    } finally {
      this.#next();
    }
  }

  /** Foreground and background turns waiting (for tests and figures). */
  get waiting(): { foreground: number; background: number } {
    return { foreground: this.#foreground.length, background: this.#background.length };
  }

  #take(background: boolean): Promise<void> {
    if (!this.#busy) {
      this.#busy = true;
      return Promise.resolve();
    }
    return new Promise<void>((start) => {
      (background ? this.#background : this.#foreground).push({ start, passed: 0 });
    });
  }

  #next(): void {
    const head = this.#background[0];
    let waiter: Waiter | undefined;
    if (head && (head.passed >= MAX_PASSED || this.#foreground.length === 0)) {
      waiter = this.#background.shift();
    } else {
      waiter = this.#foreground.shift();
      if (waiter) { for (const passedOver of this.#background) passedOver.passed++; }
    }
    if (!waiter) {
      this.#busy = false;
      return;
    }
    // The next turn starts from the event loop, not from this turn's promise chain: on
    // PGlite one turn's end and the next one's statement are all microtasks, so clients
    // taking turns back to back kept timers, finished operations and sockets from running
    // at all (an order's hashing waited 2.2 s for three searching clients to pause). From
    // an immediate, timers and finished operations come in at every turn, and sockets
    // every few dozen turns (the runtime looks at them every 61 of its ticks). A timer
    // instead (a new request waited a few ms, not ~60 turns) halved the demo catalogue's
    // page mix at 32 connections: docs/benchmarks.md, item 34.
    setImmediate(waiter.start);
  }
}
