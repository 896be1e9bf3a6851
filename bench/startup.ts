/**
 * The embedded default's start: `deno task start` with no DATABASE_URL, timed from the
 * command to the first answered request, on a fresh DATA_DIR and again on the same one.
 */
import { freePort, PROJECT_DIR, waitForAnswer } from "./shop_process.ts";
import { ensureEmbeddedTemplate } from "../scripts/embedded_template.ts";

export interface StartupResult {
  /** A new DATA_DIR: create the embedded database, migrate, load the demo catalogue. */
  freshMs: number;
  /** The same DATA_DIR again. */
  existingMs: number;
}

/** The shop's own settings are left out: the embedded default is what is measured. */
const SHOP_SETTINGS =
  /^(DATABASE_URL|SEED_DEMO|ADMIN_EMAIL|ADMIN_PASSWORD|JWT_SECRET|SMTP_URL|PORT|DATA_DIR)$/;

function inheritedEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(Deno.env.toObject()).filter(([name]) => !SHOP_SETTINGS.test(name)),
  );
}

async function timeStart(dataDir: string): Promise<number> {
  const port = freePort();
  const started = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: ["task", "start"],
    cwd: PROJECT_DIR,
    env: { ...inheritedEnv(), PORT: String(port), DATA_DIR: dataDir, NO_COLOR: "1" },
    clearEnv: true,
    stdin: "null",
    stdout: "null",
    stderr: "null",
    // Its own process group: `deno task` runs the server as a child, stopped with it.
    detached: true,
  }).spawn();
  try {
    await waitForAnswer(`http://127.0.0.1:${port}/`, {
      timeoutMs: 120_000,
      exited: child.status,
    });
    return Math.round(performance.now() - started);
  } finally {
    try {
      Deno.kill(-child.pid, "SIGTERM");
    } catch { /* already gone */ }
    await child.status;
    // PGlite flushes on close; give the group a moment before the next start.
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Times a fresh start, then a start on the data the first one left. The web build and the
 * embedded database templates are made first: they are built once per checkout and change
 * of code, like the cached dependencies, not at every start.
 */
export async function measureStartup(): Promise<StartupResult> {
  await ensureEmbeddedTemplate();
  const dataDir = await Deno.makeTempDir({ prefix: "pothgula-start-" });
  try {
    const freshMs = await timeStart(dataDir);
    const existingMs = await timeStart(dataDir);
    return { freshMs, existingMs };
  } finally {
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }
}
