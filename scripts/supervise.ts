/**
 * `deno task start` keeps the shop running: it runs the shop as a child process and starts
 * it again when it stops unexpectedly (a crash, the kernel's out-of-memory killer, a
 * `kill -9`), at a bounded rate, saying so in the log. What it does not restart:
 * - a shop that never opened (bad configuration, a DATA_DIR another shop holds): starting
 *   it again would fail the same way; the supervisor ends with its exit code;
 * - a shop that closed as asked (SIGTERM or SIGINT, to the supervisor or to the shop): the
 *   supervisor passes the signal on and ends with the shop's exit code;
 * - more than `maxRestarts` crashes within `windowMs`: something is wrong that a restart
 *   will not mend; the supervisor says so and ends with 1, for systemd or a person to see.
 */

/** How often the shop is restarted. */
export interface RestartPolicy {
  /** Restarts allowed within `windowMs`; one more crash in the window ends the supervisor. */
  maxRestarts: number;
  windowMs: number;
  /** The wait before each restart, the n-th crash of the window waiting the n-th (the last one after). */
  delaysMs: readonly number[];
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  maxRestarts: 5,
  windowMs: 5 * 60_000,
  delaysMs: [1_000, 2_000, 4_000, 8_000, 15_000],
};

/** What to do after a crash. */
export type RestartDecision =
  | { kind: "restart"; delayMs: number; restart: number }
  | { kind: "give_up"; crashes: number };

/**
 * Whether to restart after the crashes at `crashes` (milliseconds, the last one now), by
 * how many fall within the policy's window.
 *
 * @example restartDecision([0], 0, DEFAULT_RESTART_POLICY) // { kind: "restart", delayMs: 1000, restart: 1 }
 */
export function restartDecision(
  crashes: readonly number[],
  now: number,
  policy: RestartPolicy,
): RestartDecision {
  const recent = crashes.filter((at) => now - at < policy.windowMs).length;
  if (recent > policy.maxRestarts) return { kind: "give_up", crashes: recent };
  const delayMs = policy.delaysMs[Math.min(recent, policy.delaysMs.length) - 1] ?? 0;
  return { kind: "restart", delayMs, restart: recent };
}

/**
 * Reads `SHOP_RESTARTS`: `COUNT/SECONDS` (restarts allowed within that many seconds) or `0`
 * (no supervisor: the shop runs in the task's own process, for a service manager that
 * restarts it itself). Undefined for a value that is neither.
 *
 * @example restartPolicyOf("5/300") // { maxRestarts: 5, windowMs: 300000, delaysMs: [...] }
 */
export function restartPolicyOf(text: string | undefined): RestartPolicy | null | undefined {
  if (text === undefined || text.trim() === "") return DEFAULT_RESTART_POLICY;
  if (text.trim() === "0") return null;
  const match = /^(\d{1,3})\/(\d{1,6})$/.exec(text.trim());
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) return undefined;
  return {
    ...DEFAULT_RESTART_POLICY,
    maxRestarts: Number(match[1]),
    windowMs: Number(match[2]) * 1000,
  };
}

/** Where the shop answers once it listens: its own address (PORT, HOST) on loopback. */
export function healthUrl(env: Record<string, string | undefined>): string {
  const host = env.HOST && env.HOST !== "0.0.0.0" && env.HOST !== "::" ? env.HOST : "127.0.0.1";
  const port = env.PORT ?? "8000";
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}/healthz`;
}

export interface SuperviseOptions {
  /** The child's arguments to `deno` (`run -A main.ts`). */
  args: string[];
  cwd: string;
  env: Record<string, string>;
  policy: RestartPolicy;
  /** Where the supervisor's own lines go (JSON lines, as the shop's log). */
  log: (level: "info" | "error", message: string, fields?: Record<string, unknown>) => void;
  /** Milliseconds, for the restart window. */
  now?: () => number;
}

/** One run of the child: resolves when it exits, with whether it had opened. */
interface ChildRun {
  pid: number;
  exited: Promise<{ status: Deno.CommandStatus; opened: boolean }>;
  kill(signal: Deno.Signal): void;
}

function startChild(options: SuperviseOptions): ChildRun {
  // The shop writes its log (a line a request) straight to the supervisor's own output: no
  // line passes through this process.
  const child = new Deno.Command(Deno.execPath(), {
    args: options.args,
    cwd: options.cwd,
    env: options.env,
    stdin: "null",
    stdout: "inherit",
    stderr: "inherit",
  }).spawn();
  let opened = false;
  let gone = false;
  const status = child.status.finally(() => gone = true);
  // The shop has opened once its /healthz answers: asked every quarter second until then,
  // a loop bounded by the child's life.
  const url = healthUrl(options.env);
  const watched = (async () => {
    while (!gone && !opened) {
      try {
        // A generous bound: the embedded database runs on the shop's one thread, so under
        // load an answer can wait seconds, and a shop whose opening went unseen is not
        // restarted when it dies.
        const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
        await response.body?.cancel();
        opened = response.ok;
        // Said once: from here a crash is restarted.
        if (opened) options.log("info", "The shop opened", { pid: child.pid });
      } catch {
        // Not listening yet.
      }
      if (!opened && !gone) await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  return {
    pid: child.pid,
    exited: status.then(async (status) => {
      await watched;
      return { status, opened };
    }),
    kill(signal) {
      try {
        child.kill(signal);
      } catch {
        // Already gone.
      }
    },
  };
}

/**
 * Runs the shop and keeps it running by the policy; resolves with the exit code the
 * supervisor should end with.
 */
export async function supervise(options: SuperviseOptions): Promise<number> {
  const now = options.now ?? (() => Date.now());
  const crashes: number[] = [];
  let stopping: Deno.Signal | null = null;
  let current: ChildRun | null = null;
  const forward = (signal: Deno.Signal) => () => {
    stopping = signal;
    current?.kill(signal);
  };
  const handlers = (["SIGTERM", "SIGINT"] as const).map((signal) => {
    const handler = forward(signal);
    Deno.addSignalListener(signal, handler);
    return () => Deno.removeSignalListener(signal, handler);
  });
  try {
    // Bounded: each turn is a crash, and more than maxRestarts of them in the window end it.
    for (let turn = 0;; turn++) {
      current = startChild(options);
      options.log("info", "The supervisor started the shop", { pid: current.pid, turn });
      const { status, opened } = await current.exited;
      if (stopping !== null) return status.code;
      if (!opened) {
        options.log("error", "The shop stopped before it opened: not restarting it", {
          pid: current.pid,
          exitCode: status.code,
          signal: status.signal,
        });
        return status.code === 0 ? 1 : status.code;
      }
      if (status.success) return 0;
      crashes.push(now());
      const decision = restartDecision(crashes, now(), options.policy);
      if (decision.kind === "give_up") {
        options.log(
          "error",
          `The shop stopped unexpectedly ${decision.crashes} times within ${
            Math.round(options.policy.windowMs / 1000)
          } s: not restarting it again`,
          { pid: current.pid, exitCode: status.code, signal: status.signal },
        );
        return 1;
      }
      options.log("error", "The shop stopped unexpectedly: restarting it", {
        pid: current.pid,
        exitCode: status.code,
        signal: status.signal,
        restart: decision.restart,
        ofAtMost: options.policy.maxRestarts,
        withinSeconds: Math.round(options.policy.windowMs / 1000),
        inMs: decision.delayMs,
      });
      await new Promise((resolve) => setTimeout(resolve, decision.delayMs));
      if (stopping !== null) return 0;
    }
  } finally {
    for (const remove of handlers) remove();
  }
}
