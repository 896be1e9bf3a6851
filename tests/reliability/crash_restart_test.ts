/**
 * The shop on the embedded database after a crash: killed with SIGKILL, it starts again at
 * once (the OS lock on DATA_DIR/shop.pid died with it), even when the file names another
 * live process (an id reused after a reboot), while a second shop started on a live one's
 * DATA_DIR is refused with one clear line and leaves the first one serving.
 */
import assert from "node:assert/strict";
import { spawnShop, waitUntilReady } from "./support/shop_process.ts";
import { recordFigures } from "./support/evidence.ts";

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
