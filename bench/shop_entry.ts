/**
 * The shop as the benchmark runs it: the same composition root (main.ts) with the bare
 * yardstick route of baseline_route.ts and the floors of floor_routes.ts in front of its
 * handler, so that every figure can be divided by what a bare Hono route answers in the
 * same process, and set beside the least a page of a random book costs there. The shop
 * itself never imports the benchmark.
 */
import { runShop } from "../main.ts";
import { PostgresJsSqlClient } from "../adapters/postgres/mod.ts";
import { withBenchBaseline } from "./baseline_route.ts";
import { withBenchFloors } from "./floor_routes.ts";

const env = Deno.env.toObject();
if (!env.DATABASE_URL) throw new Error("The benchmark's shop needs DATABASE_URL");
// The floors read through a pool of their own, as large as the shop's.
const floors = new PostgresJsSqlClient(env.DATABASE_URL);
await runShop(env, { wrap: (shop) => withBenchBaseline(withBenchFloors(shop, floors)) });
