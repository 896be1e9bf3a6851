import assert from "node:assert/strict";
import { startRounds } from "./rounds.ts";
import { eventually } from "../../tests/support/eventually.ts";

Deno.test("a kick during a round runs one more right after it, never two at once", async () => {
  let running = 0;
  let most = 0;
  const ends: (() => void)[] = [];
  const rounds = startRounds(() => {
    running++;
    most = Math.max(most, running);
    return new Promise<boolean>((resolve) =>
      ends.push(() => {
        running--;
        resolve(false);
      })
    );
  }, { intervalMs: 60_000 });
  assert.equal(ends.length, 1, "the first round runs at once");
  rounds.kick();
  rounds.kick();
  assert.equal(ends.length, 1, "kicks wait for the round under way");
  ends[0]();
  await eventually(() => ends.length === 2, { what: "the kicked round" });
  ends[1]();
  const stopped = rounds.stop();
  await stopped;
  assert.equal(ends.length, 2, "two kicks in one round ask for one more, and the interval is long");
  assert.equal(most, 1);
});

Deno.test("a round that says more is due is followed at once; stop() waits for the one under way", async () => {
  const ends: ((more: boolean) => void)[] = [];
  let counted = 0;
  const rounds = startRounds(
    () => new Promise<boolean>((resolve) => ends.push(resolve)),
    { intervalMs: 60_000, onRound: () => counted++ },
  );
  ends[0](true);
  await eventually(() => ends.length === 2, { what: "the next round at once" });
  let done = false;
  const stopping = rounds.stop().then(() => done = true);
  await Promise.resolve();
  assert.equal(done, false, "stop() waits for the round under way");
  ends[1](true);
  await stopping;
  assert.equal(ends.length, 2, "no round after stop()");
  assert.equal(counted, 2);
});
