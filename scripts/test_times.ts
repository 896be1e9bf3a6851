/**
 * The time each test file took in a run, read from what `deno test` prints of each test
 * (`./path_test.ts => name ... ok (4m26s)`, a step's line naming its test first), and the
 * table of them that docs/test-times.md holds.
 */
import { groupOf } from "./test_tiers.ts";

export interface FileTimes {
  /** The file's path from the project's root. */
  file: string;
  /** Its top-level tests' times added up (their steps are inside them). */
  seconds: number;
  tests: number;
}

const RESULT =
  /^\.\/(\S+) => (.+) \.\.\. (?:ok|FAILED(?: \(due to [^)]*\))?|ignored) \(([^)]+)\)\s*$/;

/**
 * Seconds in a duration as Deno prints it: `850µs`, `12ms`, `3s`, `4m26s`.
 *
 * @example durationSeconds("5m57s") // 357
 */
export function durationSeconds(text: string): number {
  let seconds = 0;
  for (const [, amount, unit] of text.matchAll(/([\d.]+)\s*(µs|ms|s|m|h)/g)) {
    const value = Number(amount);
    seconds += unit === "µs"
      ? value / 1e6
      : unit === "ms"
      ? value / 1e3
      : unit === "s"
      ? value
      : unit === "m"
      ? value * 60
      : value * 3600;
  }
  return seconds;
}

/** Each file's time in `output`, longest first. */
export function fileTimes(output: string): FileTimes[] {
  const byFile = new Map<string, FileTimes>();
  for (const line of output.split("\n")) {
    const match = RESULT.exec(line);
    // A step's line names its test and then the step, each before " ... ".
    if (!match || match[2].includes(" ... ")) continue;
    const [, file, , duration] = match;
    const entry = byFile.get(file) ?? { file, seconds: 0, tests: 0 };
    entry.seconds = Math.round((entry.seconds + durationSeconds(duration)) * 1000) / 1000;
    entry.tests += 1;
    byFile.set(file, entry);
  }
  return [...byFile.values()].sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file));
}

/** docs/test-times.md: every file's time in a measured full run, longest first. */
/** The heading of docs/test-times.md's hand-written section, which a new table keeps. */
export const COSTS_HEADING = "## Cost per kind of work";

/**
 * The hand-written section of a times document (from `COSTS_HEADING` to the table's own
 * heading), so that writing the table of a new run keeps it; "" when there is none.
 */
export function keptSection(doc: string): string {
  const start = doc.indexOf(`\n${COSTS_HEADING}\n`);
  if (start < 0) return "";
  const end = doc.indexOf("\n## Per file\n", start + 1);
  return doc.slice(start + 1, end < 0 ? undefined : end + 1).trimEnd() + "\n";
}

export function timesTable(times: readonly FileTimes[], run: string, kept = ""): string {
  const total = times.reduce((sum, t) => sum + t.seconds, 0);
  const groups = new Map<string, number>();
  for (const t of times) {
    groups.set(groupOf(t.file), (groups.get(groupOf(t.file)) ?? 0) + t.seconds);
  }
  const rows = times.map((t, i) =>
    `| ${i + 1} | \`${t.file}\` | ${groupOf(t.file)} | ${t.tests} | ${t.seconds.toFixed(1)} |`
  );
  return [
    "# Test times",
    "",
    "Written by `deno task test --times` from a full run: each test file's tests, added up",
    "(their time inside `deno test --parallel`, with another file beside them), longest first.",
    "The full run starts the files in this order (scripts/test_costs.json), so that the longest",
    "never start last. `fast` files run in both tiers, `full` files in the full run alone",
    "(scripts/test_tiers.ts); the domain's tests, which take seconds, are not listed.",
    "",
    ...(kept ? [kept.trimEnd(), ""] : []),
    "## Per file",
    "",
    `Run: ${run}. Files: ${times.length}; their times added up: ${(total / 60).toFixed(1)} min ` +
    `(${[...groups].map(([g, s]) => `${g} ${(s / 60).toFixed(1)} min`).join(", ")}).`,
    "",
    "| # | file | tier | tests | seconds |",
    "| - | ---- | ---- | ----- | ------- |",
    ...rows,
    "",
  ].join("\n");
}
