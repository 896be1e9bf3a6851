/**
 * The shop as the benchmark runs it: the same composition root (main.ts) with the bare
 * yardstick route of baseline_route.ts in front of its handler, so that every figure can be
 * divided by what a bare Hono route answers in the same process. The shop itself never
 * imports the benchmark.
 */
import { runShop } from "../main.ts";
import { withBenchBaseline } from "./baseline_route.ts";

await runShop(Deno.env.toObject(), { wrap: withBenchBaseline });
