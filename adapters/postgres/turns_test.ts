import assert from "node:assert/strict";
import { eventually, nextTask } from "../../tests/support/eventually.ts";
import { MAX_PASSED, Turns } from "./turns.ts";

/** Work that runs until `finish()` is called, noting when it starts. */
function held(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => finish = resolve);
  return {
    work: async () => {
      log.push(name);
      await done;
    },
    finish,
  };
}

/** Work that notes its name and is done. */
const note = (log: string[], name: string) => () => {
  log.push(name);
  return Promise.resolve();
};

const tick = nextTask;

Deno.test("turns run one at a time, first come first served", async () => {
  const turns = new Turns();
  const log: string[] = [];
  const items = ["a", "b", "c"].map((name) => held(log, name));
  const runs = items.map((item) => turns.run(item.work));
  await tick();
  assert.deepEqual(log, ["a"]);
  items[0].finish();
  await tick();
  assert.deepEqual(log, ["a", "b"]);
  items[1].finish();
  items[2].finish();
  await Promise.all(runs);
  assert.deepEqual(log, ["a", "b", "c"]);
  assert.deepEqual(turns.waiting, { foreground: 0, background: 0 });
});

Deno.test("waiting foreground work goes before waiting background work", async () => {
  const turns = new Turns();
  const log: string[] = [];
  const first = held(log, "first");
  const running = turns.run(first.work);
  const background = turns.run(note(log, "background"), true);
  const reads = [1, 2].map((n) => turns.run(note(log, `read ${n}`)));
  await tick();
  first.finish();
  await Promise.all([running, background, ...reads]);
  assert.deepEqual(log, ["first", "read 1", "read 2", "background"]);
});

Deno.test("background work is passed over at most MAX_PASSED times", async () => {
  const turns = new Turns();
  const log: string[] = [];
  const first = held(log, "first");
  const running = turns.run(first.work);
  const background = turns.run(note(log, "background"), true);
  const reads = Array.from({ length: MAX_PASSED + 3 }, (_, n) => turns.run(note(log, `read ${n}`)));
  await tick();
  first.finish();
  await Promise.all([running, background, ...reads]);
  assert.equal(log.indexOf("background"), MAX_PASSED + 1, log.join(", "));
  assert.equal(log.length, MAX_PASSED + 5);
});

Deno.test("a failed turn gives the next one its turn", async () => {
  const turns = new Turns();
  const failed = turns.run(() => Promise.reject(new Error("boom")));
  const next = turns.run(() => Promise.resolve("next"));
  await assert.rejects(failed, /boom/);
  assert.equal(await next, "next");
});

Deno.test("a timer runs between turns taken back to back, however many are waiting", async () => {
  const turns = new Turns();
  let turnsDone = 0;
  let doneWhenTimerRan = -1;
  setTimeout(() => doneWhenTimerRan = turnsDone, 0);
  // Each turn's work is microtasks only, as a PGlite statement's is.
  await Promise.all(
    Array.from({ length: 2_000 }, () =>
      turns.run(async () => {
        await Promise.resolve();
        turnsDone++;
      })),
  );
  assert.ok(
    doneWhenTimerRan >= 0 && doneWhenTimerRan < 2_000,
    `the timer ran after ${doneWhenTimerRan} of 2,000 turns`,
  );
});

Deno.test({
  name: "another process's requests are answered while three clients take turns without a pause",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const turns = new Turns();
    const TURNS = 3 * 3_000;
    let turnsDone = 0;
    /** How many turns had run when each request arrived. */
    const arrivals: number[] = [];
    const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, () => {
      arrivals.push(turnsDone);
      return new Response("ok");
    });
    let started!: () => void;
    const asking = new Promise<void>((resolve) => started = resolve);
    // Three clients taking turns back to back, each turn holding the thread for 0.2 ms as a
    // short PGlite statement does, once the other process has begun to ask.
    const client = async () => {
      await asking;
      for (let i = 0; i < TURNS / 3; i++) {
        await turns.run(async () => {
          await Promise.resolve();
          const until = performance.now() + 0.2;
          while (performance.now() < until) { /* the statement */ }
          turnsDone++;
        });
      }
    };
    const clients = [client(), client(), client()];
    try {
      const url = `http://127.0.0.1:${server.addr.port}/`;
      const other = new Deno.Command(Deno.execPath(), {
        args: ["eval", `for (let i = 0; i < 6; i++) await (await fetch("${url}")).text();`],
        stdout: "null",
        stderr: "inherit",
      }).spawn();
      // The first request arrives before the turns begin; the others while they run.
      await eventually(() => arrivals.length > 0, { what: "the first request" });
      started();
      assert.ok((await other.status).success);
    } finally {
      started();
      await Promise.all(clients);
      await server.shutdown();
    }
    // Taken from one promise chain, the turns kept the sockets out until all had run.
    assert.ok(
      arrivals.every((n) => n < TURNS),
      `requests arrived after ${arrivals.join(", ")} of ${TURNS} turns`,
    );
  },
});
