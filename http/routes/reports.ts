/**
 * The owner's sales report under /api/reports (domain/reports/): the whole report as JSON,
 * and each of its tables as a CSV file (written as the catalogue's and the orders' are),
 * amounts in rupees with two decimals, shares and rates in percent. Guarded as admin routes
 * by the route table.
 */
import { Hono } from "hono";
import type { z } from "zod";
import type { AppDeps, AppEnv } from "../deps.ts";
import { centsToRupees } from "../../domain/money.ts";
import type { ProductSales, SalesFacts } from "../../domain/reports/ports.ts";
import type { WorkGuard, WorkMeter } from "../middleware/work_budget.ts";
import { previousRange, rangeInstants, type ReportRange } from "../../domain/reports/range.ts";
import type { VoucherStore, VoucherTotals } from "../../domain/vouchers/ports.ts";
import type { Refund } from "../../domain/payments/refunds.ts";
import type { RefundStore } from "../../domain/payments/ports.ts";
import { type RefundTotals, refundTotals } from "../../domain/reports/refunds.ts";
import {
  DEFAULT_IDLE_DAYS,
  rankSellers,
  readReportFacts,
  reportFrom,
  type SalesReport,
  salesReport,
  type SalesReportQuery,
} from "../../domain/reports/sales_report.ts";
import type { ReportTable, salesReportQuery, WireSalesReport } from "../../contract/reports.ts";
import { REPORT_ROUTES } from "../../contract/routes/mod.ts";
import { csv } from "./catalogue_csv.ts";
import { csvResponse } from "./catalogue_export.ts";
import { serve } from "./route_spec.ts";

const BASE = "/api/reports";

/** What narrows a report. */
const REPORT_FIELDS = ["from", "to"];

/**
 * The store's figures read through a meter: each read is held to the report's time before
 * it starts and its rows are counted after; a CSV of idle products asks for one more than
 * the budget's rows, so that a longer list is refused rather than read whole.
 */
function metered(facts: SalesFacts, meter: WorkMeter): SalesFacts {
  return {
    async daySales(range) {
      meter.tick();
      const days = await facts.daySales(range);
      meter.count(days.length, REPORT_FIELDS);
      return days;
    },
    async productSales(range) {
      meter.tick();
      const products = await facts.productSales(range);
      meter.count(products.length, REPORT_FIELDS);
      return products;
    },
    async stock() {
      meter.tick();
      const lines = await facts.stock();
      meter.count(lines.length);
      return lines;
    },
    async idleProducts(spell, limit) {
      meter.tick();
      const page = await facts.idleProducts(spell, limit);
      meter.count(page.products.length, ["idleDays"]);
      return page;
    },
  };
}

const rupees = (cents: number) => centsToRupees(cents);
const percent = (basisPoints: number | null) => basisPoints === null ? null : basisPoints / 100;

/** The report's query from the route's validated query. */
export function reportQuery(query: z.output<typeof salesReportQuery>): SalesReportQuery {
  return {
    range: { from: query.from, to: query.to },
    grain: query.grain,
    idleDays: query.idleDays ?? DEFAULT_IDLE_DAYS,
  };
}

function productRecord(p: ProductSales) {
  return {
    store: p.store,
    id: p.id,
    title: p.title,
    category: p.categoryName,
    language: p.language,
    units: p.units,
    sales: rupees(p.cents),
  };
}

function totalsRecord(t: SalesReport["totals"]["current"]) {
  return {
    orders: t.orders,
    paid_orders: t.paidOrders,
    takings: rupees(t.takingsCents),
    delivery_fees: rupees(t.deliveryCents),
    average_order: t.averageOrderCents === null ? null : rupees(t.averageOrderCents),
    lapsed: t.lapsed,
    rejected: t.rejected,
    lapse_rate: percent(t.lapseRate),
    rejection_rate: percent(t.rejectionRate),
  };
}

function voucherRecord(t: VoucherTotals) {
  return {
    sold: t.issued,
    sold_amount: rupees(t.issuedCents),
    redeemed: rupees(t.spentCents),
    returned: rupees(t.returnedCents),
  };
}

/** What gift vouchers came to over a report's range and the range before it. */
export interface ReportVouchers {
  current: VoucherTotals;
  previous: VoucherTotals;
}

const NO_VOUCHERS: VoucherTotals = { issued: 0, issuedCents: 0, spentCents: 0, returnedCents: 0 };

/**
 * The vouchers of `range` and of the range before it, read from the voucher store (none in
 * a shop without one).
 */
export async function reportVouchers(
  vouchers: Pick<VoucherStore, "totals"> | undefined,
  range: ReportRange,
): Promise<ReportVouchers> {
  if (!vouchers) return { current: NO_VOUCHERS, previous: NO_VOUCHERS };
  const [current, previous] = await Promise.all([
    vouchers.totals(rangeInstants(range)),
    vouchers.totals(rangeInstants(previousRange(range))),
  ]);
  return { current, previous };
}

/** The refunds made over a report's range and the range before it. */
export interface ReportRefunds {
  current: Pick<Refund, "amountCents">[];
  previous: Pick<Refund, "amountCents">[];
}

const NO_REFUNDS: ReportRefunds = { current: [], previous: [] };

/** The refunds of `range` and of the range before it (none in a shop that keeps none). */
export async function reportRefunds(
  refunds: Pick<RefundStore, "settledBetween"> | undefined,
  range: ReportRange,
): Promise<ReportRefunds> {
  if (!refunds) return NO_REFUNDS;
  const [current, previous] = await Promise.all([
    refunds.settledBetween(rangeInstants(range).from, rangeInstants(range).to),
    refunds.settledBetween(
      rangeInstants(previousRange(range)).from,
      rangeInstants(previousRange(range)).to,
    ),
  ]);
  return { current, previous };
}

function refundRecord(t: RefundTotals) {
  return { refunds: t.refunds, refunded: rupees(t.refundedCents), net: rupees(t.netCents) };
}

/** The report as the API answers it. */
export function salesReportRecord(
  report: SalesReport,
  vouchers: ReportVouchers,
  refunds: ReportRefunds = NO_REFUNDS,
): WireSalesReport {
  const ranking = (r: SalesReport["sellers"]["byUnits"]) => ({
    best: r.best.map(productRecord),
    worst: r.worst.map(productRecord),
  });
  return {
    range: report.range,
    previous_range: report.previousRange,
    grain: report.grain,
    periods: report.periods.map((p) => ({
      start: p.start,
      end: p.end,
      orders: p.orders,
      paid_orders: p.paidOrders,
      takings: rupees(p.takingsCents),
      previous: {
        start: p.previous.start,
        end: p.previous.end,
        orders: p.previous.orders,
        paid_orders: p.previous.paidOrders,
        takings: rupees(p.previous.takingsCents),
      },
    })),
    totals: {
      current: totalsRecord(report.totals.current),
      previous: totalsRecord(report.totals.previous),
    },
    refunds: {
      current: refundRecord(refundTotals(report.totals.current.takingsCents, refunds.current)),
      previous: refundRecord(refundTotals(report.totals.previous.takingsCents, refunds.previous)),
    },
    vouchers: {
      current: voucherRecord(vouchers.current),
      previous: voucherRecord(vouchers.previous),
    },
    payment_methods: report.paymentMethods.map((m) => ({
      method: m.method,
      name: m.name,
      orders: m.orders,
      orders_share: percent(m.ordersShare),
      paid_orders: m.paidOrders,
      takings: rupees(m.takingsCents),
      takings_share: percent(m.takingsShare),
      lapsed: m.lapsed,
      lapse_rate: percent(m.lapseRate),
      rejected: m.rejected,
      rejection_rate: percent(m.rejectionRate),
    })),
    sellers: {
      products_sold: report.sellers.productsSold,
      by_units: ranking(report.sellers.byUnits),
      by_sales: ranking(report.sellers.byCents),
      categories: report.sellers.categories.map((c) => ({
        store: c.store,
        category: c.category,
        units: c.units,
        sales: rupees(c.cents),
      })),
      stores: report.sellers.stores.map((s) => ({
        store: s.store,
        units: s.units,
        sales: rupees(s.cents),
      })),
      languages: report.sellers.languages.map((l) => ({
        language: l.language,
        units: l.units,
        sales: rupees(l.cents),
      })),
    },
    stock: {
      cost_recorded: report.stock.costRecorded,
      categories: report.stock.categories.map((c) => ({
        store: c.store,
        category: c.categoryName,
        products: c.products,
        units: c.units,
        value: rupees(c.valueCents),
      })),
      stores: report.stock.stores.map((s) => ({
        store: s.store,
        products: s.products,
        units: s.units,
        value: rupees(s.valueCents),
      })),
      total: {
        products: report.stock.total.products,
        units: report.stock.total.units,
        value: rupees(report.stock.total.valueCents),
      },
    },
    idle: {
      days: report.idle.days,
      since: report.idle.since,
      as_of: report.idle.asOf,
      total: report.idle.total,
      products: report.idle.products.map((p) => ({
        store: p.store,
        id: p.id,
        title: p.title,
        category: p.categoryName,
        stock: p.stock,
        value: rupees(p.valueCents),
        last_sold: p.lastSold,
      })),
    },
  };
}

const money = (cents: number) => centsToRupees(cents).toFixed(2);
const share = (basisPoints: number | null) =>
  basisPoints === null ? null : (basisPoints / 100).toFixed(2);

/** One table of the report as CSV text; `products` names every product sold in the range. */
export function reportTableCsv(
  table: ReportTable,
  report: SalesReport,
  products: readonly ProductSales[],
): string {
  switch (table) {
    case "periods":
      return csv(
        [
          "start",
          "end",
          "orders",
          "paidOrders",
          "takings",
          "previousStart",
          "previousEnd",
          "previousOrders",
          "previousPaidOrders",
          "previousTakings",
        ],
        report.periods.map((p) => [
          p.start,
          p.end,
          p.orders,
          p.paidOrders,
          money(p.takingsCents),
          p.previous.start,
          p.previous.end,
          p.previous.orders,
          p.previous.paidOrders,
          money(p.previous.takingsCents),
        ]),
      );
    case "payment-methods":
      return csv(
        [
          "method",
          "orders",
          "ordersSharePercent",
          "paidOrders",
          "takings",
          "takingsSharePercent",
          "lapsed",
          "lapseRatePercent",
          "rejected",
          "rejectionRatePercent",
        ],
        report.paymentMethods.map((m) => [
          m.name,
          m.orders,
          share(m.ordersShare),
          m.paidOrders,
          money(m.takingsCents),
          share(m.takingsShare),
          m.lapsed,
          share(m.lapseRate),
          m.rejected,
          share(m.rejectionRate),
        ]),
      );
    case "products":
      return csv(
        ["store", "id", "title", "category", "language", "units", "sales"],
        rankSellers(products, "units").map((p) => [
          p.store,
          p.id,
          p.title,
          p.categoryName,
          p.language,
          p.units,
          money(p.cents),
        ]),
      );
    case "categories":
      return csv(
        ["store", "category", "units", "sales"],
        report.sellers.categories.map((c) => [c.store, c.category, c.units, money(c.cents)]),
      );
    case "stores":
      return csv(
        ["store", "units", "sales"],
        report.sellers.stores.map((s) => [s.store, s.units, money(s.cents)]),
      );
    case "languages":
      return csv(
        ["language", "units", "sales"],
        report.sellers.languages.map((l) => [l.language, l.units, money(l.cents)]),
      );
    case "stock":
      return csv(
        ["store", "category", "products", "units", "valueAtPrice"],
        report.stock.categories.map((c) => [
          c.store,
          c.categoryName,
          c.products,
          c.units,
          money(c.valueCents),
        ]),
      );
    case "idle":
      return csv(
        ["store", "id", "title", "category", "stock", "valueAtPrice", "lastSold"],
        report.idle.products.map((p) => [
          p.store,
          p.id,
          p.title,
          p.categoryName,
          p.stock,
          money(p.valueCents),
          p.lastSold,
        ]),
      );
  }
}

function fileName(table: ReportTable, range: ReportRange): string {
  return `report-${table}-${range.from}-${range.to}`;
}

export function reportRoutes(
  deps: Pick<AppDeps, "reports" | "vouchers" | "refunds"> & { work: WorkGuard },
): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  serve(app, BASE, REPORT_ROUTES.sales, (c) =>
    deps.work.run("report", "report", async (meter) => {
      const query = reportQuery(c.req.valid("query"));
      const [report, vouchers, refunds] = await Promise.all([
        salesReport(metered(deps.reports, meter), query),
        reportVouchers(deps.vouchers, query.range),
        reportRefunds(deps.refunds, query.range),
      ]);
      meter.tick();
      return c.json({ data: salesReportRecord(report, vouchers, refunds) });
    }));

  serve(
    app,
    BASE,
    REPORT_ROUTES.salesCsv,
    (c) =>
      deps.work.run("report", "report", async (meter) => {
        const { table } = c.req.valid("param");
        const query = reportQuery(c.req.valid("query"));
        const facts = metered(deps.reports, meter);
        // Every idle product a CSV file names, up to one past the budget's rows; the products
        // table names every product the report read (read once for both).
        const idleLimit = table === "idle" ? deps.work.limits.report.rows + 1 : 0;
        const full = { ...query, idleLimit };
        const read = await readReportFacts(facts, full);
        const report = reportFrom(full, read);
        meter.tick();
        return csvResponse(
          reportTableCsv(table, report, read.products),
          fileName(table, query.range),
        );
      }),
  );

  return app;
}
