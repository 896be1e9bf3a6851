import assert from "node:assert/strict";
import { WorkGuard } from "./work_budget.ts";
import { ApiError } from "./errors.ts";
import { orderBody, testApp } from "../testing/fixture.ts";

/** A clock that moves only when told. */
function steppedClock() {
  let at = 0;
  return { now: () => at, advance: (ms: number) => at += ms };
}

Deno.test("a meter refuses 400 TOO_MANY_ROWS past its rows and 503 TIMED_OUT past its time", async () => {
  const clock = steppedClock();
  const guard = new WorkGuard({ report: { rows: 10, ms: 1_000 }, now: clock.now, restMs: 0 });
  await assert.rejects(
    guard.run("report", "report", (meter) => {
      meter.count(6, ["from", "to"]);
      meter.count(5, ["from", "to"]);
      return Promise.resolve("read");
    }),
    (error: unknown) =>
      error instanceof ApiError && error.status === 400 && error.code === "TOO_MANY_ROWS" &&
      /would read 11 rows, at most 10 at once: narrow it \(from, to\)/.test(error.message),
  );
  await assert.rejects(
    guard.run("report", "report", (meter) => {
      meter.count(10);
      clock.advance(1_001);
      meter.tick();
      return Promise.resolve("read");
    }),
    (error: unknown) =>
      error instanceof ApiError && error.status === 503 && error.code === "TIMED_OUT" &&
      error.headers?.["Retry-After"] === "5",
  );
  assert.equal(
    await guard.run("report", "report", (meter) => {
      meter.count(10);
      clock.advance(1_000);
      meter.tick();
      return Promise.resolve("read");
    }),
    "read",
    "up to the budget, both bounds included",
  );
  assert.deepEqual(guard.load, { running: 0, waiting: 0 }, "a refused request leaves the lane");
});

Deno.test("the lane runs one heavy request at once, queues a few in order and refuses the next 503", async () => {
  const guard = new WorkGuard({ atOnce: 1, waiting: 2, restMs: 0 });
  let release = () => {};
  const started: string[] = [];
  const first = guard.run("export", "export", async () => {
    started.push("first");
    await new Promise<void>((resolve) => release = resolve);
    return "first";
  });
  const second = guard.run("report", "report", () => {
    started.push("second");
    return Promise.resolve("second");
  });
  const third = guard.run("report", "report", () => {
    started.push("third");
    return Promise.resolve("third");
  });
  assert.deepEqual(guard.load, { running: 1, waiting: 2 });
  await assert.rejects(
    guard.run("report", "report", () => Promise.resolve("fourth")),
    (error: unknown) =>
      error instanceof ApiError && error.status === 503 &&
      error.headers?.["Retry-After"] === "5",
  );
  assert.deepEqual(started, ["first"], "nothing else ran while the first held the lane");
  release();
  assert.deepEqual(await Promise.all([first, second, third]), ["first", "second", "third"]);
  assert.deepEqual(started, ["first", "second", "third"]);
  assert.deepEqual(guard.load, { running: 0, waiting: 0 });
});

Deno.test("a request that throws passes the lane on to the next", async () => {
  const guard = new WorkGuard({ atOnce: 1, waiting: 1, restMs: 0 });
  let fail = (_: Error) => {};
  const first = guard.run("export", "export", () => new Promise((_, reject) => fail = reject));
  const second = guard.run("export", "export", () => Promise.resolve("second"));
  fail(new Error("the store went away"));
  await assert.rejects(first, /the store went away/);
  assert.equal(await second, "second");
  assert.deepEqual(guard.load, { running: 0, waiting: 0 });
});

Deno.test("the orders' export past its rows answers 400 naming the filters, and a narrower one answers", async () => {
  const work = new WorkGuard({ export: { rows: 2, ms: 60_000 }, restMs: 0 });
  const t = await testApp({ work });
  for (let i = 0; i < 3; i++) {
    const placed = await t.app.request("/api/orders", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": `10.0.0.${i}` },
      body: JSON.stringify(
        orderBody(t.ids.book, {
          phone: `077 123 456${i}`,
          email: `n${i}@example.lk`,
          total: 950,
          items: [{ id: t.ids.book, quantity: 1, type: "book" }],
        }),
      ),
    });
    assert.equal(placed.status, 201, await placed.text());
  }
  const refused = await t.asAdmin("/api/orders/export");
  assert.equal(refused.status, 400);
  const body = await refused.json();
  assert.equal(body.error.code, "TOO_MANY_ROWS");
  assert.deepEqual(body.error.details.fields, [
    "from",
    "to",
    "status",
    "paymentStatus",
    "paymentMethod",
    "q",
  ]);
  const narrowed = await t.asAdmin("/api/orders/export?q=n1%40example.lk");
  assert.equal(narrowed.status, 200);
  assert.match(await narrowed.text(), /n1@example\.lk/);
});

Deno.test("a report past its time is given up 503 with Retry-After, and the lane is free after", async () => {
  const clock = steppedClock();
  const work = new WorkGuard({ report: { rows: 100_000, ms: 1_000 }, now: clock.now, restMs: 0 });
  const t = await testApp({ work });
  const slow = new Proxy(t.deps.reports, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        clock.advance(600);
        return value.apply(target, args);
      };
    },
  });
  const slowApp = await testApp({ work, reports: slow });
  const answer = await slowApp.asAdmin("/api/reports/sales?from=2026-03-01&to=2026-03-31");
  assert.equal(answer.status, 503);
  assert.equal(answer.headers.get("Retry-After"), "5");
  assert.equal((await answer.json()).error.code, "TIMED_OUT");
  assert.deepEqual(work.load, { running: 0, waiting: 0 });
  const fine = await t.asAdmin("/api/reports/sales?from=2026-03-01&to=2026-03-31");
  assert.equal(fine.status, 200);
});

Deno.test("the idle products' CSV past the report's rows answers 400 naming idleDays", async () => {
  const work = new WorkGuard({ report: { rows: 2, ms: 60_000 }, restMs: 0 });
  const t = await testApp({ work });
  // The fixture's two books and a pen are idle: three rows, one past the budget.
  const answer = await t.asAdmin("/api/reports/sales/idle?from=2026-03-01&to=2026-03-31");
  assert.equal(answer.status, 400);
  const body = await answer.json();
  assert.equal(body.error.code, "TOO_MANY_ROWS");
  assert.deepEqual(body.error.details.fields, ["idleDays"]);
});

Deno.test("the lane rests twice as long as a heavy request took, up to restMs, before the next starts; its answer does not wait", async () => {
  const clock = steppedClock();
  const rests: { ms: number; pass: () => void }[] = [];
  const guard = new WorkGuard({
    atOnce: 1,
    waiting: 2,
    restFactor: 2,
    restMs: 2_000,
    now: clock.now,
    later: (pass, ms) => rests.push({ pass, ms }),
  });
  const first = guard.run("report", "report", () => {
    clock.advance(300);
    return Promise.resolve("first");
  });
  let secondStarted = false;
  const second = guard.run("report", "report", () => {
    secondStarted = true;
    clock.advance(5_000);
    return Promise.resolve("second");
  });
  assert.equal(await first, "first", "the first is answered before the lane's rest");
  assert.deepEqual(rests.map((r) => r.ms), [600]);
  assert.equal(secondStarted, false, "the next waits out the rest");
  assert.deepEqual(guard.load, { running: 1, waiting: 1 });
  rests[0].pass();
  assert.equal(await second, "second");
  assert.deepEqual(rests.map((r) => r.ms), [600, 2_000], "a rest is at most restMs");
  rests[1].pass();
  assert.deepEqual(guard.load, { running: 0, waiting: 0 });
});
