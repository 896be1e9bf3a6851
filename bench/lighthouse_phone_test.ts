import assert from "node:assert/strict";
import { medians, phonePageResult, type PhoneRun, shortName } from "./lighthouse_phone.ts";

const run = (performance: number, tbtMs: number, benchmarkIndex: number): PhoneRun => ({
  path: "/cart",
  performance,
  tbtMs,
  lcpMs: tbtMs * 2,
  cls: performance < 80 ? 0.2 : 0,
  imageBytes: 20_000,
  accessibility: 100,
  benchmarkIndex,
  scriptingMs: tbtMs,
  renderingMs: 10,
  scripts: { react: tbtMs },
  accessibilityFailures: performance < 80 ? ["heading-order"] : [],
});

Deno.test("medians() takes each figure's middle run, and every failed accessibility audit", () => {
  const middle = medians([run(90, 300, 2000), run(70, 1200, 900), run(85, 500, 1500)]);
  assert.equal(middle.path, "/cart");
  assert.equal(middle.performance, 85);
  assert.equal(middle.tbtMs, 500);
  assert.equal(middle.lcpMs, 1000);
  assert.equal(middle.benchmarkIndex, 1500);
  assert.equal(middle.cls, 0);
  assert.deepEqual(middle.accessibilityFailures, ["heading-order"]);
});

Deno.test("shortName() names a built script without its hash, and the page by its path", () => {
  assert.equal(shortName("http://localhost:8000/assets/react-YHXmsjfy.js"), "react");
  assert.equal(
    shortName("http://localhost:8000/assets/rolldown-runtime-WkwZ5CU-.js"),
    "rolldown-runtime",
  );
  assert.equal(shortName("http://localhost:8000/books/1"), "/books/1");
  assert.equal(shortName("Unattributable"), "Unattributable");
});

Deno.test("phonePageResult() gives a page's medians with the host's index in each run", () => {
  const page = phonePageResult([run(90, 300, 2000), run(70, 1200, 900), run(85, 500, 1500)]);
  assert.equal(page.tbtMs, 500);
  assert.equal(page.runs, 3);
  assert.deepEqual(page.benchmarkIndexes, [2000, 900, 1500]);
  assert.equal("scripts" in page, false);
});
