/** Work left for the moments the browser has nothing else to do. */

type IdleScope = {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/** Runs `task` when the browser is idle (or after a short wait where it cannot tell). */
export function whenIdle(task: () => void): () => void {
  const scope = globalThis as unknown as IdleScope;
  if (scope.requestIdleCallback && scope.cancelIdleCallback) {
    const handle = scope.requestIdleCallback(task, { timeout: 3000 });
    return () => scope.cancelIdleCallback?.(handle);
  }
  const timer = setTimeout(task, 500);
  return () => clearTimeout(timer);
}
