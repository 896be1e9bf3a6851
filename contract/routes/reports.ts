/** /api/reports: the owner's sales report, as JSON and each of its tables as CSV. */
import { REPORT_PATHS } from "../paths.ts";
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
    errors: [...ADMIN_ERRORS, 400],
  }),
  salesCsv: defineRoute({
    ...REPORT_PATHS.salesCsv,
    summary:
      "One table of the sales report as CSV: periods, payment-methods, products (every product sold), categories, stores, languages, stock or idle (every idle product)",
    admin: "reports",
    params: reportTableParam,
    query: salesReportQuery,
    ok: { status: 200, contentType: "text/csv" },
    errors: [...ADMIN_ERRORS, 400],
  }),
};
