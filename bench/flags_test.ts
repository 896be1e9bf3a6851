import assert from "node:assert/strict";
import { parseBenchFlags } from "./flags.ts";

Deno.test("parseBenchFlags() gives the full run by default and a small one with --quick", () => {
  const full = parseBenchFlags([]);
  assert.equal(full.options.books, 100_000);
  assert.equal(full.options.connections, 32);
  assert.equal(full.writeDocs, true);
  const quick = parseBenchFlags(["--quick", "--books", "500"]);
  assert.equal(quick.options.books, 500);
  assert.equal(quick.options.lighthouse, false);
  assert.equal(quick.writeDocs, false);
  assert.throws(() => parseBenchFlags(["--books", "ten"]), /positive whole number/);
  assert.throws(() => parseBenchFlags(["--fast"]), /Unknown flag "--fast"/);
});
