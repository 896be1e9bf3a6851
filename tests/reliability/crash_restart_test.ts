/**
 * The shop on the embedded database after a crash: killed with SIGKILL, it starts again at
 * once (the OS lock on DATA_DIR/shop.pid died with it), even when the file names another
 * live process (an id reused after a reboot), while a second shop started on a live one's
 * DATA_DIR is refused with one clear line and leaves the first one serving. Under
 * `deno task start` (scripts/start.ts, its supervisor) a shop killed mid-load is started
 * again by itself, the restart said in the log, and a SIGTERM still closes it cleanly.
 */
import assert from "node:assert/strict";
import { spawnShop, waitUntilReady } from "./support/shop_process.ts";
import { recordFigures } from "./support/evidence.ts";
import { eventually } from "../support/eventually.ts";

const sanitize = { sanitizeOps: false, sanitizeResources: false };

Deno.test({
  name: "after kill -9 the embedded shop starts again at once; a second live start is refused",
  ...sanitize,
  async fn() {
    const dataDir = await Deno.makeTempDir({ prefix: "pothgula-crash-" });
    const env = { DATA_DIR: dataDir, JWT_SECRET: "crash-restart-secret-of-at-least-32-chars" };
    const first = spawnShop(env);
    let third: ReturnType<typeof spawnShop> | undefined;
    try {
      await waitUntilReady(first, 180_000);

      const second = spawnShop(env);
      const refused = await second.exited;
      assert.equal(refused.code, 1);
      const lines = second.output().trim().split("\n").filter((l) => !l.startsWith("{"));
      assert.deepEqual(lines, [
        `The shop could not start: The embedded database in ${dataDir} is open in process ${first.pid}: stop that first`,
      ]);
      const still = await fetch(`${first.url}/readyz`);
      await still.body?.cancel();
      assert.equal(still.status, 200, "the first shop still serves");

      first.signal("SIGKILL");
      await first.exited;
      // After a reboot the id the file names may be another live process's: no matter.
      const stranger = new Deno.Command("sleep", { args: ["120"] }).spawn();
      await Deno.writeTextFile(`${dataDir}/shop.pid`, `${stranger.pid}\n`);
      const started = performance.now();
      third = spawnShop(env);
      try {
        await waitUntilReady(third, 60_000);
      } finally {
        stranger.kill();
        await stranger.status;
      }
      const restartMs = Math.round(performance.now() - started);
      assert.doesNotMatch(third.output(), /could not start/);
      await recordFigures("crash_restart", { restartMs, refusedLine: lines[0] });
    } finally {
      first.signal("SIGKILL");
      await first.exited;
      if (third) await third.stop();
      await Deno.remove(dataDir, { recursive: true }).catch(() => {});
    }
  },
});

/** The pids the supervisor started the shop as, from its log lines, in order. */
function childPids(output: string): number[] {
  return output.split("\n").filter((line) => line.startsWith("{")).flatMap((line) => {
    try {
      const entry = JSON.parse(line);
      return entry.message === "The supervisor started the shop" ? [entry.pid as number] : [];
    } catch {
      return [];
    }
  });
}

/** Waits, within `ms`, until `condition` holds (the suite's one wait, `eventually`). */
function until(condition: () => boolean | Promise<boolean>, ms: number, what: string) {
  return eventually(condition, { timeoutMs: ms, what, everyMs: 100 });
}

/** Shoppers reading the shop back to back until stopped; each answer (or failure) kept. */
function readLoad(url: string, workers: number) {
  const answers: { sent: number; at: number; status: number | "no answer" }[] = [];
  let stopped = false;
  const worker = async () => {
    while (!stopped) {
      const sent = Date.now();
      let status: number | "no answer";
      try {
        const response = await fetch(`${url}/api/books?page=1`, {
          signal: AbortSignal.timeout(5_000),
        });
        await response.body?.cancel();
        status = response.status;
      } catch {
        status = "no answer";
      }
      answers.push({ sent, at: Date.now(), status });
      // A shopper whose request failed tries again a moment later, not in a tight loop.
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const running = Promise.all(Array.from({ length: workers }, worker));
  return {
    answers,
    async stop() {
      stopped = true;
      await running;
    },
  };
}

Deno.test({
  name:
    "deno task start restarts the shop killed mid-load, says so in its log, and stops it on SIGTERM",
  ...sanitize,
  async fn() {
    const dataDir = await Deno.makeTempDir({ prefix: "pothgula-supervised-" });
    const shop = spawnShop({
      DATA_DIR: dataDir,
      JWT_SECRET: "supervised-restart-secret-of-at-least-32-chars",
      SHOP_RESTARTS: "3/60",
    }, "scripts/start.ts");
    let load: ReturnType<typeof readLoad> | undefined;
    try {
      // The first start may build the embedded template (about 15-25 s).
      await waitUntilReady(shop, 240_000);
      const [first] = childPids(shop.output());
      assert.ok(first > 0 && first !== shop.pid, "the shop runs as the supervisor's child");

      // The supervisor restarts a shop it has seen open: the kill waits for its word.
      await until(
        () => shop.output().includes("The shop opened"),
        60_000,
        "the supervisor seeing the shop open",
      );
      load = readLoad(shop.url, 4);
      await until(
        () => load!.answers.filter((a) => a.status === 200).length >= 20,
        30_000,
        "a load",
      );
      const killedAt = Date.now();
      Deno.kill(first, "SIGKILL");
      // Requests sent after the kill go unanswered until the second shop opens, then pass.
      await until(
        () => load!.answers.some((a) => a.sent > killedAt && a.status === "no answer"),
        30_000,
        "a request the killed shop left unanswered",
      );
      // A restart is a whole start of the embedded database after a kill: the first start's bound.
      await until(() => childPids(shop.output()).length >= 2, 240_000, "a second start");
      await until(
        () => load!.answers.some((a) => a.sent > killedAt && a.status === 200),
        240_000,
        "the shop answering again after the kill",
      );
      const backMs = Math.min(
        ...load.answers.filter((a) => a.sent > killedAt && a.status === 200).map((a) => a.at),
      ) - killedAt;
      // It goes on answering: the next 20 answers of the load are all 200.
      const seen = load.answers.length;
      await until(() => load!.answers.length >= seen + 20, 30_000, "20 more answers");
      await load.stop();
      const after = load.answers.slice(seen, seen + 20);
      assert.ok(after.every((a) => a.status === 200), JSON.stringify(after));
      const lost = load.answers.filter((a) => a.sent > killedAt && a.status !== 200).length;

      const restartLine = shop.output().split("\n").find((line) =>
        line.includes("The shop stopped unexpectedly: restarting it")
      );
      assert.ok(restartLine, shop.output().slice(-3000));
      const restart = JSON.parse(restartLine);
      assert.equal(restart.signal, "SIGKILL");
      assert.equal(restart.pid, first);
      assert.deepEqual([restart.restart, restart.ofAtMost, restart.withinSeconds], [1, 3, 60]);
      const [, second] = childPids(shop.output());
      assert.notEqual(second, first);

      // The shop finishes requests under way for up to its grace time (STOP_GRACE_SECONDS, 20 s),
      // then stops its loops and closes the embedded database: the bound is above all three.
      const stopped = await shop.stop(60_000);
      assert.equal(
        stopped.code,
        0,
        "SIGTERM is passed on: the shop closes and the supervisor ends",
      );
      assert.match(shop.output(), /Closed/);
      await recordFigures("supervised_restart", { backMs, failedWhileDown: lost });
    } finally {
      await load?.stop();
      // The shop's processes first: they hold the supervisor's output open.
      for (const pid of childPids(shop.output())) {
        try {
          Deno.kill(pid, "SIGKILL");
        } catch {
          // Gone.
        }
      }
      shop.signal("SIGKILL");
      await shop.exited;
      await Deno.remove(dataDir, { recursive: true }).catch(() => {});
    }
  },
});
