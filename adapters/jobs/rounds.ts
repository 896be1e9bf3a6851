/**
 * A background job's loop of rounds: the first runs at once, the next `intervalMs` after one
 * ends (at once when a round answers that more is due, or when `kick()` was called while it
 * ran), never two at once in a process. `stop()` ends the loop and resolves when the round
 * under way, if any, has finished. A round must not throw: each job reports its own
 * failures and goes on.
 */
export interface Rounds {
  stop(): Promise<void>;
  /** Runs a round now, or right after the one under way. */
  kick(): void;
}

export function startRounds(
  round: () => Promise<boolean>,
  options: { intervalMs: number; onRound?: () => void },
): Rounds {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: Promise<void> | null = null;
  let again = false;

  function tick(): void {
    if (stopped) return;
    if (current) {
      again = true;
      return;
    }
    clearTimeout(timer);
    current = round().then((more) => {
      current = null;
      options.onRound?.();
      const soon = more || again;
      again = false;
      if (!stopped) timer = setTimeout(tick, soon ? 0 : options.intervalMs);
    });
  }

  tick();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
    kick: tick,
  };
}
