/**
 * The embedded database's lock is an OS lock: a live holder refuses a second one, and
 * nothing else does, neither a holder that died (even one left a zombie) nor a file naming
 * a live process that holds nothing (a reused process id after a reboot).
 */
import assert from "node:assert/strict";
import { holdLock, LockHeldError, lockPath } from "./process_lock.ts";
import { eventually } from "../../tests/support/eventually.ts";

const HOLDER = new URL("./testing/hold_lock.ts", import.meta.url).pathname;
const sanitize = { sanitizeOps: false, sanitizeResources: false };

/** Reads `held PID` from a holder's output; its process id. */
async function heldBy(stdout: ReadableStream<Uint8Array>): Promise<number> {
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of stdout) {
    text += decoder.decode(chunk, { stream: true });
    const match = /held (\d+)/.exec(text);
    if (match) return Number(match[1]);
  }
  throw new Error(`The holder stopped before holding the lock: ${text}`);
}

function state(pid: number): string | undefined {
  try {
    return /^State:\s+(\S)/m.exec(Deno.readTextFileSync(`/proc/${pid}/status`))?.[1];
  } catch {
    return undefined;
  }
}

function until(check: () => boolean, what: string): Promise<boolean> {
  return eventually(check, { what });
}

Deno.test("holdLock() refuses a second holder while the first holds, and lets go on release", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "pothgula-lock-" });
  try {
    const release = await holdLock(dataDir);
    const refused = await holdLock(dataDir, { graceMs: 100 }).then(() => undefined, (e) => e);
    assert.ok(refused instanceof LockHeldError);
    assert.equal(refused.holder, Deno.pid);
    assert.equal(
      refused.message,
      `The embedded database in ${dataDir} is open in process ${Deno.pid}: stop that first`,
    );
    await release();
    const again = await holdLock(dataDir);
    await again();
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test("a file naming a live process that holds no lock blocks nothing (a reused process id)", async () => {
  const dataDir = await Deno.makeTempDir({ prefix: "pothgula-lock-" });
  const stranger = new Deno.Command("sleep", { args: ["30"] }).spawn();
  try {
    await Deno.writeTextFile(lockPath(dataDir), `${stranger.pid}\n`);
    const release = await holdLock(dataDir);
    assert.equal((await Deno.readTextFile(lockPath(dataDir))).trim(), String(Deno.pid));
    await release();
  } finally {
    stranger.kill();
    await stranger.status;
    await Deno.remove(dataDir, { recursive: true });
  }
});

Deno.test({
  name: "a holder killed with SIGKILL, even one left a zombie, blocks no start",
  ...sanitize,
  async fn() {
    const dataDir = await Deno.makeTempDir({ prefix: "pothgula-lock-" });
    // The holder's parent becomes `sleep`, which never reaps it: killed, it stays a zombie,
    // as a shop does for a moment after kill -9 under a supervisor that has not reaped it.
    const parent = new Deno.Command("sh", {
      args: ["-c", `"$0" run -A "$1" "$2" & exec sleep 60`, Deno.execPath(), HOLDER, dataDir],
      stdout: "piped",
      stderr: "inherit",
    }).spawn();
    try {
      const holder = await heldBy(parent.stdout);
      const refused = await holdLock(dataDir, { graceMs: 100 }).then(() => undefined, (e) => e);
      assert.ok(refused instanceof LockHeldError, "a live holder refuses");
      assert.equal(refused.holder, holder);

      Deno.kill(holder, "SIGKILL");
      await until(() => state(holder) === "Z", "the holder to become a zombie");
      // The file still names it and /proc still lists it: only the OS lock tells. Its last
      // threads may still be closing its files: the start waits for that, never refuses.
      assert.equal((await Deno.readTextFile(lockPath(dataDir))).trim(), String(holder));
      const release = await holdLock(dataDir);
      await release();
    } finally {
      parent.kill("SIGKILL");
      await parent.status;
      await Deno.remove(dataDir, { recursive: true });
    }
  },
});
