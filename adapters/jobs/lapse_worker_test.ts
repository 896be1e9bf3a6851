import assert from "node:assert/strict";
import { startLapseWorker } from "./lapse_worker.ts";
import { eventually, timersPass } from "../../tests/support/eventually.ts";
import type { LapseDeps } from "../../domain/orders/lapse_orders.ts";

/** Lapses `due` as the clock passes each time, failing once when told to. */
function fakeOrders(due: { id: number; at: string }[], failFirst = false) {
  const calls: string[] = [];
  let failed = !failFirst;
  const orders: LapseDeps["orders"] = {
    lapseDue: (now, limit) => {
      calls.push(now);
      if (!failed) {
        failed = true;
        return Promise.reject(new Error("database away"));
      }
      const ready = due.filter((d) => d.at <= now).slice(0, limit);
      for (const d of ready) due.splice(due.indexOf(d), 1);
      return Promise.resolve(ready.map((d) => d.id));
    },
  };
  return { orders, calls };
}

function until(check: () => boolean): Promise<boolean> {
  return eventually(check, { what: "the worker's rounds" });
}

Deno.test("the lapse worker lapses what is due each round and goes on after a failed round", async () => {
  let now = new Date("2026-03-03T09:59:00.000Z");
  const { orders, calls } = fakeOrders([{ id: 7, at: "2026-03-03T10:00:00.000Z" }], true);
  const lapsed: number[][] = [];
  const errors: unknown[] = [];
  const worker = startLapseWorker({ orders, clock: { now: () => now } }, {
    intervalMs: 10,
    onLapsed: (ids) => lapsed.push(ids),
    onError: (error) => errors.push(error),
  });
  await until(() => calls.length >= 3);
  assert.deepEqual(lapsed, []);
  now = new Date("2026-03-03T10:00:00.000Z");
  await until(() => lapsed.length === 1);
  await worker.stop();
  const after = calls.length;
  // Three periods of its timer pass: a worker still running would have run a round.
  await timersPass(10, 3);
  assert.equal(calls.length, after, "no round after stop()");
  assert.deepEqual(lapsed, [[7]]);
  assert.equal(errors.length, 1);
});
