/**
 * A guard around one defect of postgres.js 3.4.9, kept apart so that it can be removed
 * with the defect: the client may run a queued small write (its `nextWrite`, scheduled
 * with setImmediate) after the server closed the connection, outside any query; the
 * TypeError would end the whole process (porsager/postgres#1154 and #1208,
 * denoland/deno#34667; seen here when PostgreSQL restarts under load).
 *
 * postgres.js offers no hook for it, so the only place to catch the error is the
 * immediate itself. The guard wraps only callbacks named `nextWrite` and catches only
 * that TypeError raised from postgres.js's connection.js; every other immediate, and every
 * other error, passes as before. It is installed when the first server client is made,
 * never by importing this module.
 */

/** Whether `error` is postgres.js's write to a socket the server has closed. */
export function isStrayWriteAfterClose(error: unknown): boolean {
  if (!(error instanceof TypeError) || !/\(reading 'write'\)/.test(error.message)) return false;
  const stack = error.stack ?? "";
  return /nextWrite/.test(stack) && /postgres[@\d.]*[\\/].*src[\\/]connection\.js/.test(stack);
}

type SetImmediate = (callback: (...args: unknown[]) => void, ...args: unknown[]) => unknown;

const listeners = new Set<() => void>();
let installed = false;

/**
 * Catches postgres.js's stray writes where they happen and calls `onStrayWrite` for each
 * (a client renews its pool there: the connection it came from can send nothing more, so
 * the queries waiting on it would hang). Answers a function that removes the listener.
 */
export function guardStrayWrites(onStrayWrite: () => void): () => void {
  listeners.add(onStrayWrite);
  if (!installed) {
    installed = true;
    const scope = globalThis as unknown as { setImmediate: SetImmediate };
    const original = scope.setImmediate;
    scope.setImmediate = (callback, ...args) => {
      if (typeof callback !== "function" || callback.name !== "nextWrite") {
        return original(callback, ...args);
      }
      return original((...params: unknown[]) => {
        try {
          callback(...params);
        } catch (error) {
          if (!isStrayWriteAfterClose(error)) throw error;
          for (const listener of listeners) listener();
        }
      }, ...args);
    };
  }
  return () => listeners.delete(onStrayWrite);
}
