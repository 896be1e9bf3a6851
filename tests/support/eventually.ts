/**
 * Waiting in tests, always for a condition and always with a bound: the one place where a
 * test's wait touches a timer. A test never sleeps for a fixed time and hopes; it waits
 * until what it expects is true (`eventually`), or, to show that something did NOT happen,
 * until the event that would have made it happen has come and gone (`roundsPass`,
 * `timersPass`) and then asserts.
 */

export interface WaitOptions {
  /** The bound: past it the wait fails, naming `what`. 10 s unless told. */
  timeoutMs?: number;
  /** What is waited for, for the failure's message. */
  what?: string;
  /** Between two looks at the condition; 10 ms unless told. */
  everyMs?: number;
}

/** Raised when a condition did not come true within its bound. */
export class WaitTimeout extends Error {
  override name = "WaitTimeout";
}

const nextLook = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Resolves with the first truthy value `check` gives (it may be async, and a throw counts as
 * not yet), looking again every few milliseconds; fails after `timeoutMs`, with the last
 * error `check` threw when it threw.
 */
export async function eventually<T>(
  check: () => T | Promise<T>,
  options: WaitOptions = {},
): Promise<NonNullable<T>> {
  const { timeoutMs = 10_000, what = "the condition", everyMs = 10 } = options;
  const deadline = performance.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      last = error;
    }
    if (performance.now() > deadline) {
      const cause = last instanceof Error ? `: ${last.message}` : "";
      throw new WaitTimeout(`${what} did not come true within ${timeoutMs} ms${cause}`);
    }
    await nextLook(everyMs);
  }
}

/**
 * Counts the rounds of a background loop (an outbox dispatcher, a lapse worker, a watcher)
 * through its `onRound` hook: `passed(n)` resolves once `n` more rounds than now have
 * finished, so a test can say "two more rounds ran, and they sent nothing".
 */
export function roundCounter(): {
  onRound: () => void;
  readonly count: number;
  passed(rounds: number, options?: WaitOptions): Promise<void>;
} {
  let count = 0;
  return {
    onRound: () => {
      count += 1;
    },
    get count() {
      return count;
    },
    async passed(rounds, options = {}) {
      const target = count + rounds;
      await eventually(() => count >= target, {
        what: `${rounds} more rounds of the loop`,
        ...options,
      });
    },
  };
}

/**
 * Resolves once a timer of period `everyMs` has fired `times` times from now. Timers of one
 * period fire in the order they were set, so a loop on that period that was still running
 * would have run by then: a test shows that a stopped loop stays stopped by waiting for
 * this, not for a guessed time.
 */
export function timersPass(everyMs: number, times = 3): Promise<void> {
  return new Promise((resolve) => {
    let fired = 0;
    const timer = setInterval(() => {
      fired += 1;
      if (fired < times) return;
      clearInterval(timer);
      resolve();
    }, everyMs);
  });
}

/** Resolves after the tasks already queued (timers due now, I/O callbacks) have run. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * A gate a test opens by hand: `wait()` resolves once `open()` was called. It holds a
 * request or a send for exactly as long as the test needs to see what shows meanwhile
 * (a spinner, a disabled button), instead of for a guessed time.
 */
export function gate(): { wait(): Promise<void>; open(): void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => open = resolve);
  return { wait: () => opened, open: () => open() };
}
