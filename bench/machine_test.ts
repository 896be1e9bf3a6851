import assert from "node:assert/strict";
import { cpuModelOf } from "./machine.ts";

Deno.test("cpuModelOf() reads the first model name of /proc/cpuinfo", () => {
  assert.equal(cpuModelOf("processor\t: 0\nmodel name\t: Intel Xeon\n"), "Intel Xeon");
  assert.equal(cpuModelOf(""), "unknown");
});
