import assert from "node:assert/strict";
import { pinnedDenoVersion, VERSION_PATTERN } from "./toolchain.ts";

const ROOT = new URL("../", import.meta.url);

/** How a command may name Deno's version: from the file, or the variable .ci/run reads it into. */
const PINNED_USES = [
  "deno@$(cat .deno-version)",
  'deno@"$(cat .deno-version)"',
  'deno@"$DENO_VERSION"',
];

/** The places that tell people and CI how to run Deno. */
const RUN_INSTRUCTIONS = [".ci/run", "README.md", "docs/deployment.md", "docs/benchmarks.md"];

Deno.test(".deno-version names one full Deno version", async () => {
  assert.match(await pinnedDenoVersion(), VERSION_PATTERN);
});

Deno.test("every `npx deno@` in the README, CI and the docs takes its version from .deno-version", async () => {
  const unpinned: string[] = [];
  for (const path of RUN_INSTRUCTIONS) {
    const text = await Deno.readTextFile(new URL(path, ROOT));
    text.split("\n").forEach((line, i) => {
      for (const [use] of line.matchAll(/deno@("?\$\([^)]*\)"?|"\$\w+"|\S+)/g)) {
        if (!PINNED_USES.includes(use)) {
          unpinned.push(`${path}:${i + 1}: ${use}`);
        }
      }
    });
  }
  assert.deepEqual(unpinned, [], "run Deno as npx -y deno@$(cat .deno-version)");
});

Deno.test(".ci/run reads the version from .deno-version", async () => {
  const ci = await Deno.readTextFile(new URL(".ci/run", ROOT));
  assert.match(ci, /cat \.deno-version|< \.deno-version/);
});
