import assert from "node:assert/strict";
import { replaceResults, resultsMarkdown } from "./markdown.ts";
import { checkTargets } from "./results.ts";
import { sampleResults } from "./testing/sample_results.ts";

Deno.test("resultsMarkdown() shows every scenario and target; replaceResults() keeps the notes", () => {
  const all = sampleResults();
  const section = resultsMarkdown({ ...all, targets: checkTargets(all) });
  assert.match(section, /\| books_deep_page \| `GET \/books_deep_page` \| 32 \|/);
  assert.match(section, /0 \(\+10 stock conflicts\)/);
  assert.match(section, /2 CPUs \(Xeon\)/);
  assert.match(section, /\*\*no\*\*/);
  // The slow-statement log: each scenario's slowest statement, the run's slowest plans.
  assert.match(
    section,
    /\| books_deep_page \| 61\.25 \| 30\.5 \| 40 \| `SELECT id FROM books ORDER BY title OFFSET \$1 LIMIT \$2` \|/,
  );
  assert.match(
    section,
    /- 61\.25 ms: `SELECT id FROM books ORDER BY title OFFSET 99000 LIMIT 24` — Limit/,
  );
  // Lighthouse: each page's medians, with the host's benchmark index in each run.
  assert.match(section, /median of 3 runs/);
  assert.match(
    section,
    /\| `\/` \| 97 \| 10 \| 1200 \| 0 \| 100 \| 80 \| 87\.9 KB \| 2700, 2650, 2710 \|/,
  );
  const doc = "# Benchmarks\n\nNotes.\n";
  const once = replaceResults(doc, "first");
  const twice = replaceResults(once + "\nMore notes.\n", "second");
  assert.match(twice, /Notes\.[\s\S]*second[\s\S]*More notes\./);
  assert.doesNotMatch(twice, /first/);
});
