/**
 * What the reports page asks for: a range of days in Sri Lanka and a grain, read from and
 * written to the page's URL (`/admin/reports?from=2026-03-01&to=2026-03-31&grain=week`),
 * and the ranges of its presets, counted from today in Colombo. The range is judged by the
 * domain's rule before it is asked for (the server judges it again).
 */
import { colomboDate } from "../../../domain/orders/order_query.ts";
import {
  addDays,
  checkReportRange,
  rangeProblem,
  REPORT_GRAINS,
  type ReportGrain,
  type ReportRange,
} from "../../../domain/reports/range.ts";

export interface ReportAsk extends ReportRange {
  grain: ReportGrain;
}

export const PRESETS = ["this-month", "last-month", "last-30-days", "this-year"] as const;
export type Preset = typeof PRESETS[number];

export const PRESET_LABELS: Record<Preset, string> = {
  "this-month": "This month",
  "last-month": "Last month",
  "last-30-days": "Last 30 days",
  "this-year": "This year",
};

/**
 * A preset's range on the day `now` falls on in Sri Lanka.
 *
 * @example presetRange("last-month", new Date("2026-03-10T05:00:00Z")) // { from: "2026-02-01", to: "2026-02-28" }
 */
export function presetRange(preset: Preset, now: Date): ReportRange {
  const today = colomboDate(now);
  const firstOfMonth = `${today.slice(0, 8)}01`;
  switch (preset) {
    case "this-month":
      return { from: firstOfMonth, to: today };
    case "last-month": {
      const to = addDays(firstOfMonth, -1);
      return { from: `${to.slice(0, 8)}01`, to };
    }
    case "last-30-days":
      return { from: addDays(today, -29), to: today };
    case "this-year":
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
  }
}

/** The preset a range is, on `now`'s day; null for a range of the owner's own. */
export function presetOf(range: ReportRange, now: Date): Preset | null {
  return PRESETS.find((preset) => {
    const r = presetRange(preset, now);
    return r.from === range.from && r.to === range.to;
  }) ?? null;
}

/** The page's ask from its URL's query; the last 30 days by day when it names none. */
export function askFromSearch(search: string, now: Date): ReportAsk {
  const params = new URLSearchParams(search);
  const fallback = presetRange("last-30-days", now);
  const grain = params.get("grain");
  return {
    from: params.get("from") ?? fallback.from,
    to: params.get("to") ?? fallback.to,
    grain: REPORT_GRAINS.includes(grain as ReportGrain) ? grain as ReportGrain : "day",
  };
}

/** The URL query of an ask. */
export function askToSearch(ask: ReportAsk): string {
  return `?${new URLSearchParams({ from: ask.from, to: ask.to, grain: ask.grain })}`;
}

/** What is wrong with an ask's range, in the owner's words; null when it may be asked. */
export function askProblem(ask: ReportRange): string | null {
  const check = checkReportRange(ask.from, ask.to);
  if (check.kind === "ok") return null;
  if (check.kind === "not_a_date") return "Choose both days of the range.";
  if (check.kind === "reversed") return "The last day must not be before the first.";
  return `A report covers at most 5 years: ${rangeProblem(check)}.`;
}
