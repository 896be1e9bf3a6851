import assert from "node:assert/strict";
import { Hono } from "hono";
import { JobRounds, opsEndpoints } from "./ops.ts";
import type { AppEnv } from "./request_id.ts";

Deno.test("/healthz tells each background job's rounds and when its last one ended", async () => {
  let now = new Date("2026-12-02T04:30:00.000Z");
  const jobs = new JobRounds(() => now);
  const lapse = jobs.counter("lapse");
  jobs.counter("outbox");
  const app = new Hono<AppEnv>();
  app.use(opsEndpoints(undefined, jobs));
  lapse();
  now = new Date("2026-12-02T04:30:15.000Z");
  lapse();
  const health = await app.request("/healthz");
  assert.equal(health.status, 200);
  assert.deepEqual(await health.json(), {
    status: "ok",
    jobs: {
      lapse: { rounds: 2, last_round_at: "2026-12-02T04:30:15.000Z" },
      outbox: { rounds: 0, last_round_at: null },
    },
  });
});

Deno.test("/healthz says only ok when no jobs are counted", async () => {
  const app = new Hono<AppEnv>();
  app.use(opsEndpoints());
  assert.deepEqual(await (await app.request("/healthz")).json(), { status: "ok" });
});
