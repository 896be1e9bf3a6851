import assert from "node:assert/strict";
import { BackgroundWork } from "./background.ts";

Deno.test("idle() waits for every task, those started by a task included, and failures go to onError", async () => {
  const work = new BackgroundWork();
  const done: string[] = [];
  const errors: unknown[] = [];
  let release!: () => void;
  const held = new Promise<void>((resolve) => release = resolve);
  work.run(async () => {
    await held;
    done.push("first");
    work.run(() => Promise.resolve().then(() => done.push("started by the first")), () => {});
  }, () => {});
  work.run(() => Promise.reject(new Error("no outbox")), (error) => errors.push(error));
  assert.equal(work.pending, 2);
  const idle = work.idle();
  release();
  await idle;
  assert.deepEqual(done, ["first", "started by the first"]);
  assert.equal(work.pending, 0);
  assert.match(String(errors[0]), /no outbox/);
});

Deno.test("idle() resolves at once when nothing runs", async () => {
  await new BackgroundWork().idle();
});
