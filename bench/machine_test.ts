import assert from "node:assert/strict";
import { cpuModelOf, cpuSecondsOf } from "./machine.ts";

Deno.test("cpuModelOf() reads the first model name of /proc/cpuinfo", () => {
  assert.equal(cpuModelOf("processor\t: 0\nmodel name\t: Intel Xeon\n"), "Intel Xeon");
  assert.equal(cpuModelOf(""), "unknown");
});

Deno.test("cpuSecondsOf() adds a process's user and system ticks, past a name with spaces", () => {
  const stat = "4242 (deno (main) x) S 1 4242 4242 0 -1 4194560 9 0 0 0 1234 56 0 0 20 0 9 0";
  assert.equal(cpuSecondsOf(stat), 12.9);
  assert.equal(cpuSecondsOf(stat, 1000), 1.29);
  assert.equal(cpuSecondsOf(""), undefined);
  assert.equal(cpuSecondsOf("1 (x) S 1"), undefined);
});
