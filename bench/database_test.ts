import assert from "node:assert/strict";
import { throughSocket } from "./database.ts";
import { postgresTarget } from "../adapters/postgres/postgresjs_client.ts";

Deno.test("throughSocket() names the server's socket folder as the shop's client reads it back", () => {
  const url = throughSocket("postgres://postgres@127.0.0.1:5433/pothgula_bench_1", "/tmp/pg dir");
  assert.deepEqual(postgresTarget(url), {
    url: "postgres://postgres@localhost:5433/pothgula_bench_1",
    socketFolder: "/tmp/pg dir",
  });
});
