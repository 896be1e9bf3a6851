/**
 * The two tiers of the shop's tests (scripts/test_tiers.ts says which file is in which):
 *
 * - `fast` (`deno task test:fast`): the domain, the contract suites on the memory adapters,
 *   the HTTP app on memory ports, the wire contract and the architecture rules. It starts
 *   no browser, no database engine (PGlite or a server) and no process: a step of work is
 *   checked in a couple of minutes.
 * - `full` (`deno task test`, what CI runs): everything, on every engine, in Chromium.
 *
 * The runner sets POTHGULA_TEST_TIER. In the fast tier the helpers that would start one of
 * those parts refuse with `FastTierRefusal`, so a test file put in the wrong tier fails
 * loudly instead of slowing every step down; and the engine suites register their memory
 * half only (the full tier runs the rest).
 */

export type TestTier = "fast" | "full";

export const TIER_VARIABLE = "POTHGULA_TEST_TIER";

/** The tier this test process runs in: `full` unless the runner said `fast`. */
export function testTier(): TestTier {
  try {
    return Deno.env.get(TIER_VARIABLE) === "fast" ? "fast" : "full";
  } catch {
    // No permission to read the environment (the domain's tests): they belong to both tiers.
    return "full";
  }
}

/** Raised when a test of the fast tier asks for something only the full run starts. */
export class FastTierRefusal extends Error {
  override name = "FastTierRefusal";
}

/**
 * Refuses, in the fast tier, to start `what` (a browser, a database engine, a process):
 * the test that asked belongs in the full run (scripts/test_tiers.ts).
 */
export function refuseInFastTier(what: string): void {
  if (testTier() !== "fast") return;
  throw new FastTierRefusal(
    `The fast tier starts no ${what}: name this test file for the full run ` +
      "(scripts/test_tiers.ts says how) or give it memory ports.",
  );
}
