/**
 * /api/reports: the owner's sales report, as JSON and each of its tables as CSV. Each runs
 * under the report's budget (domain/limits/work_budget.ts): 400 `TOO_MANY_ROWS` past its
 * rows, 503 past its time or when the lane of reports and exports is full.
 */
import { REPORT_PATHS } from "../admin_paths.ts";
import { ADMIN_ERRORS, defineRoute } from "../route.ts";
import { data } from "../records.ts";
import { reportTableParam, salesReportQuery, SalesReportSchema } from "../reports.ts";

export const REPORT_ROUTES = {
  sales: defineRoute({
    ...REPORT_PATHS.sales,
    summary:
      "The sales report over a range of days in Sri Lanka (at most 5 years): takings and orders per day, week or month against the range before, payment methods, lapse and rejection rates, best and worst sellers, stock at price, idle products",
    admin: "reports",
    query: salesReportQuery,
    ok: { status: 200, schema: data(SalesReportSchema) },
    errors: [...ADMIN_ERRORS, 400, 503],
  }),
  salesCsv: defineRoute({
    ...REPORT_PATHS.salesCsv,
    summary:
      "One table of the sales report as CSV: periods, payment-methods, products (every product sold), categories, stores, languages, stock or idle (every idle product)",
    admin: "reports",
    params: reportTableParam,
    query: salesReportQuery,
    ok: { status: 200, contentType: "text/csv" },
    errors: [...ADMIN_ERRORS, 400, 503],
  }),
};
