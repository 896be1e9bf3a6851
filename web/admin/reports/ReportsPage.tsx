/**
 * The owner's sales report (/admin/reports): a range of days in Sri Lanka with its presets
 * and a grain, kept in the URL; the range's figures against the range before; each chart
 * followed by its table and a CSV file of the same figures. Loaded only when opened (its
 * charts' code is not in the admin's first load).
 */
import { type ColumnDef, createColumnHelper } from "@tanstack/react-table";
import { type ReactNode, useCallback, useState } from "react";
import { REPORT_PATHS } from "../../../contract/admin_paths.ts";
import type { ReportTable as TableName, WireSalesReport } from "../../../contract/reports.ts";
import { REPORT_GRAINS, type ReportGrain } from "../../../domain/reports/range.ts";
import { DEFAULT_IDLE_DAYS, MAX_IDLE_DAYS } from "../../../domain/reports/sales_report.ts";
import type { ApiClient } from "../api.ts";
import { messageOf } from "../api.ts";
import { useAdmin } from "../context.ts";
import { Loading } from "../Feedback.tsx";
import { formatRupees } from "../format.ts";
import { useLoad } from "../hooks.ts";
import { saveBlob } from "../orders/slip.ts";
import { BarList, type BarRow, PeriodChart } from "./charts.tsx";
import { ReportTable } from "./ReportTable.tsx";
import {
  askFromSearch,
  askProblem,
  askToSearch,
  PRESET_LABELS,
  presetOf,
  presetRange,
  PRESETS,
  type ReportAsk,
} from "./report_query.ts";
import "./reports.css";

type Report = WireSalesReport;
type Period = Report["periods"][number];
type Method = Report["payment_methods"][number];
type Seller = Report["sellers"]["by_units"]["best"][number];
type Group = { name: string; units: number; sales: number };
type StockRow = Report["stock"]["categories"][number];
type IdleRow = Report["idle"]["products"][number];

/** A table's columns, each with its own value type (tanstack's own way to list them). */
// deno-lint-ignore no-explicit-any
type Columns<T> = ColumnDef<T, any>[];

const GRAIN_LABELS: Record<ReportGrain, string> = { day: "Day", week: "Week", month: "Month" };
const STORE_NAMES = { book: "Books", stationery: "Stationery" } as const;

function fetchReport(api: ApiClient, ask: ReportAsk, idleDays: number): Promise<Report> {
  return api.call(REPORT_PATHS.sales, { query: { ...ask, idleDays: String(idleDays) } })
    .then((answer) => answer.data);
}

/** `2026-03-04` as the axis names it: "4 Mar", or "Mar 2026" for a month. */
function periodLabel(day: string, grain: ReportGrain): string {
  const date = new Date(`${day}T00:00:00Z`);
  return grain === "month"
    ? date.toLocaleDateString("en-GB", { month: "short", year: "numeric", timeZone: "UTC" })
    : date.toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });
}

function percent(value: number | null): string {
  return value === null ? "—" : `${value.toFixed(value % 1 === 0 ? 0 : 2)} %`;
}

/** The change from `before` to `now` in words: "+12 % on the range before". */
function change(now: number, before: number): string {
  if (before === 0) return now === 0 ? "as in the range before" : "none in the range before";
  const ratio = Math.round(((now - before) / before) * 1000) / 10;
  return `${ratio >= 0 ? "+" : ""}${ratio} % on the range before`;
}

const periods = createColumnHelper<Period>();
const PERIOD_COLUMNS: Columns<Period> = [
  periods.accessor("start", { header: "From" }),
  periods.accessor("end", { header: "To" }),
  periods.accessor("takings", { header: "Takings", cell: (c) => formatRupees(c.getValue()) }),
  periods.accessor("paid_orders", { header: "Paid orders" }),
  periods.accessor("orders", { header: "Orders placed" }),
  periods.accessor((p) => p.previous.takings, {
    id: "previous_takings",
    header: "Takings before",
    cell: (c) => formatRupees(c.getValue()),
  }),
  periods.accessor((p) => p.previous.orders, { id: "previous_orders", header: "Orders before" }),
];

const methods = createColumnHelper<Method>();
const METHOD_COLUMNS: Columns<Method> = [
  methods.accessor("name", { header: "Method" }),
  methods.accessor("orders", { header: "Orders" }),
  methods.accessor("orders_share", { header: "Share", cell: (c) => percent(c.getValue()) }),
  methods.accessor("takings", { header: "Takings", cell: (c) => formatRupees(c.getValue()) }),
  methods.accessor("takings_share", { header: "Of takings", cell: (c) => percent(c.getValue()) }),
  methods.accessor("lapsed", { header: "Lapsed" }),
  methods.accessor("lapse_rate", { header: "Lapse rate", cell: (c) => percent(c.getValue()) }),
  methods.accessor("rejected", { header: "Rejected" }),
  methods.accessor("rejection_rate", {
    header: "Rejection rate",
    cell: (c) => percent(c.getValue()),
  }),
];

const sellers = createColumnHelper<Seller>();
const SELLER_COLUMNS: Columns<Seller> = [
  sellers.accessor("title", { header: "Product" }),
  sellers.accessor((s) => STORE_NAMES[s.store], { id: "store", header: "Store" }),
  sellers.accessor("category", { header: "Category" }),
  sellers.accessor("units", { header: "Units" }),
  sellers.accessor("sales", { header: "Sales", cell: (c) => formatRupees(c.getValue()) }),
];

const groups = createColumnHelper<Group>();
const GROUP_COLUMNS: Columns<Group> = [
  groups.accessor("name", { header: "Name" }),
  groups.accessor("units", { header: "Units" }),
  groups.accessor("sales", { header: "Sales", cell: (c) => formatRupees(c.getValue()) }),
];

const stock = createColumnHelper<StockRow>();
const STOCK_COLUMNS: Columns<StockRow> = [
  stock.accessor((s) => STORE_NAMES[s.store], { id: "store", header: "Store" }),
  stock.accessor("category", { header: "Category" }),
  stock.accessor("products", { header: "Products" }),
  stock.accessor("units", { header: "Copies in stock" }),
  stock.accessor("value", { header: "Value at price", cell: (c) => formatRupees(c.getValue()) }),
];

const idle = createColumnHelper<IdleRow>();
const IDLE_COLUMNS: Columns<IdleRow> = [
  idle.accessor("title", { header: "Product" }),
  idle.accessor((s) => STORE_NAMES[s.store], { id: "store", header: "Store" }),
  idle.accessor("category", { header: "Category" }),
  idle.accessor("stock", { header: "In stock" }),
  idle.accessor("value", { header: "Value at price", cell: (c) => formatRupees(c.getValue()) }),
  idle.accessor("last_sold", { header: "Last sold", cell: (c) => c.getValue() ?? "never" }),
];

/** A part of the report: its heading, its CSV file, its chart and its table. */
function Section(
  { title, table, onCsv, note, chart, children }: {
    title: string;
    table: TableName;
    onCsv: (table: TableName) => void;
    note?: ReactNode;
    chart?: ReactNode;
    children: ReactNode;
  },
) {
  const id = `report-${table}-${title.replace(/\W+/g, "-").toLowerCase()}`;
  return (
    <section className="report-section" aria-labelledby={id}>
      <div className="report-section-head">
        <h3 id={id}>{title}</h3>
        <button
          type="button"
          className="button-secondary"
          aria-label={`CSV: ${title}`}
          onClick={() => onCsv(table)}
        >
          CSV
        </button>
      </div>
      {note}
      {chart && <figure className="report-figure">{chart}</figure>}
      {chart
        ? (
          <details className="report-details">
            <summary>Table: {title}</summary>
            {children}
          </details>
        )
        : children}
    </section>
  );
}

function Summary({ report }: { report: Report }) {
  const { current, previous } = report.totals;
  const cards: [string, string, string][] = [
    ["Takings", formatRupees(current.takings), change(current.takings, previous.takings)],
    ["Paid orders", String(current.paid_orders), change(current.paid_orders, previous.paid_orders)],
    ["Orders placed", String(current.orders), change(current.orders, previous.orders)],
    [
      "Average order",
      current.average_order === null ? "—" : formatRupees(current.average_order),
      previous.average_order === null
        ? "none paid before"
        : `${formatRupees(previous.average_order)} before`,
    ],
    [
      "Delivery fees collected",
      formatRupees(current.delivery_fees),
      change(current.delivery_fees, previous.delivery_fees),
    ],
    [
      "Lapse rate",
      percent(current.lapse_rate),
      `${current.lapsed} lapsed unpaid; ${percent(previous.lapse_rate)} before`,
    ],
    [
      "Rejection rate",
      percent(current.rejection_rate),
      `${current.rejected} rejected; ${percent(previous.rejection_rate)} before`,
    ],
  ];
  return (
    <dl className="report-summary">
      {cards.map(([label, value, note]) => (
        <div key={label} className="report-card">
          <dt>{label}</dt>
          <dd>
            <strong>{value}</strong>
            <span>{note}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Refunds, shown apart from the takings, and the takings net of them. */
function RefundSummary({ report }: { report: Report }) {
  const { current, previous } = report.refunds;
  // Shown when refunds were made, as gift vouchers are.
  if (current.refunds === 0 && previous.refunds === 0) return null;
  const cards: [string, string, string][] = [
    [
      "Refunds",
      formatRupees(current.refunded),
      `${current.refunds} made; ${formatRupees(previous.refunded)} before`,
    ],
    [
      "Takings net of refunds",
      formatRupees(current.net),
      `takings ${formatRupees(report.totals.current.takings)} less refunds; ${
        formatRupees(previous.net)
      } before`,
    ],
  ];
  return (
    <section className="report-section" aria-labelledby="report-refunds">
      <div className="report-section-head">
        <h3 id="report-refunds">Refunds and net takings</h3>
      </div>
      <dl className="report-summary">
        {cards.map(([label, value, note]) => (
          <div key={label} className="report-card">
            <dt>{label}</dt>
            <dd>
              <strong>{value}</strong>
              <span>{note}</span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Gift vouchers, apart from takings: money paid in advance, then spent on orders. */
function VoucherSummary({ report }: { report: Report }) {
  const { current, previous } = report.vouchers;
  if (
    current.sold === 0 && current.redeemed === 0 && current.returned === 0 &&
    previous.sold === 0 && previous.redeemed === 0
  ) return null;
  const cards: [string, string, string][] = [
    [
      "Gift vouchers sold",
      formatRupees(current.sold_amount),
      `${current.sold} issued; ${formatRupees(previous.sold_amount)} before`,
    ],
    [
      "Gift vouchers redeemed",
      formatRupees(current.redeemed),
      `paid of orders, not in takings; ${formatRupees(previous.redeemed)} before`,
    ],
    [
      "Given back to vouchers",
      formatRupees(current.returned),
      "by cancelled orders",
    ],
  ];
  return (
    <section className="report-section" aria-labelledby="report-vouchers">
      <div className="report-section-head">
        <h3 id="report-vouchers">Gift vouchers (apart from takings)</h3>
      </div>
      <dl className="report-summary">
        {cards.map(([label, value, note]) => (
          <div key={label} className="report-card">
            <dt>{label}</dt>
            <dd>
              <strong>{value}</strong>
              <span>{note}</span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function groupRows(rows: Group[]): BarRow[] {
  return rows.map((g) => ({ label: g.name, value: g.sales, display: formatRupees(g.sales) }));
}

function ReportBody(
  { report, onCsv }: { report: Report; onCsv: (table: TableName) => void },
) {
  const [measure, setMeasure] = useState<"units" | "sales">("units");
  const grain = report.grain;
  const points = (key: "takings" | "orders") =>
    report.periods.map((p) => ({
      label: periodLabel(p.start, grain),
      current: p[key],
      previous: p.previous[key],
    }));
  const ranking = measure === "units" ? report.sellers.by_units : report.sellers.by_sales;
  const sellerRows = (list: Seller[]): BarRow[] =>
    list.map((s) => ({
      label: s.title,
      value: s[measure],
      display: measure === "units" ? `${s.units}` : formatRupees(s.sales),
    }));
  const categories = report.sellers.categories.map((c) => ({
    name: `${c.category} (${STORE_NAMES[c.store]})`,
    units: c.units,
    sales: c.sales,
  }));
  const stores = report.sellers.stores.map((s) => ({
    name: STORE_NAMES[s.store],
    units: s.units,
    sales: s.sales,
  }));
  const languages = report.sellers.languages.map((l) => ({
    name: l.language,
    units: l.units,
    sales: l.sales,
  }));
  const quiet = report.totals.current.orders === 0 && report.totals.current.paid_orders === 0;
  return (
    <>
      {quiet
        ? (
          <>
            <p className="report-empty" role="status">
              No orders were placed or paid from {report.range.from} to{" "}
              {report.range.to}. Stock and idle products are below.
            </p>
            <RefundSummary report={report} />
            <VoucherSummary report={report} />
          </>
        )
        : (
          <>
            <Summary report={report} />
            <RefundSummary report={report} />
            <VoucherSummary report={report} />
            <Section
              title="Takings"
              table="periods"
              onCsv={onCsv}
              chart={
                <PeriodChart
                  title={`Takings per ${grain}`}
                  points={points("takings")}
                  format={formatRupees}
                />
              }
            >
              <ReportTable
                caption={`Takings and orders per ${grain}`}
                columns={PERIOD_COLUMNS}
                data={report.periods}
                empty="No periods."
              />
            </Section>
            <Section
              title="Orders placed"
              table="periods"
              onCsv={onCsv}
              chart={
                <PeriodChart
                  title={`Orders placed per ${grain}`}
                  points={points("orders")}
                  format={(n) => `${n} orders`}
                  whole
                />
              }
            >
              <ReportTable
                caption={`Orders placed per ${grain}`}
                columns={PERIOD_COLUMNS}
                data={report.periods}
                empty="No periods."
              />
            </Section>
            <Section
              title="Payment methods"
              table="payment-methods"
              onCsv={onCsv}
              chart={
                <BarList
                  title="Share of orders placed by payment method"
                  rows={report.payment_methods.map((m) => ({
                    label: m.name,
                    value: m.orders,
                    display: `${m.orders} (${percent(m.orders_share)})`,
                  }))}
                />
              }
            >
              <ReportTable
                caption="Payment methods"
                columns={METHOD_COLUMNS}
                data={report.payment_methods}
                empty="No payment methods."
              />
            </Section>
            <Section
              title="Best sellers"
              table="products"
              onCsv={onCsv}
              note={
                <fieldset className="report-measure">
                  <legend>Rank by</legend>
                  {(["units", "sales"] as const).map((m) => (
                    <label key={m}>
                      <input
                        type="radio"
                        name="measure"
                        checked={measure === m}
                        onChange={() => setMeasure(m)}
                      />
                      {m === "units" ? "Units" : "LKR"}
                    </label>
                  ))}
                </fieldset>
              }
              chart={<BarList title="Best sellers" rows={sellerRows(ranking.best)} />}
            >
              <ReportTable
                caption="Best sellers"
                columns={SELLER_COLUMNS}
                data={ranking.best}
                empty="Nothing sold."
              />
            </Section>
            <Section
              title="Worst sellers"
              table="products"
              onCsv={onCsv}
              note={<p className="report-note">Of the products that sold at least once.</p>}
              chart={<BarList title="Worst sellers" rows={sellerRows(ranking.worst)} />}
            >
              <ReportTable
                caption="Worst sellers"
                columns={SELLER_COLUMNS}
                data={ranking.worst}
                empty="Nothing sold."
              />
            </Section>
            {([
              ["Sales by category", "categories", categories],
              ["Sales by store", "stores", stores],
              ["Book sales by language", "languages", languages],
            ] as const).map(([title, table, rows]) => (
              <Section
                key={table}
                title={title}
                table={table}
                onCsv={onCsv}
                chart={<BarList title={title} rows={groupRows(rows)} />}
              >
                <ReportTable
                  caption={title}
                  columns={GROUP_COLUMNS}
                  data={rows}
                  empty="Nothing sold."
                />
              </Section>
            ))}
          </>
        )}
      <Section
        title="Stock on hand"
        table="stock"
        onCsv={onCsv}
        note={
          <p className="report-note">
            {report.stock.total.units} copies of {report.stock.total.products}{" "}
            products on sale, worth <strong>{formatRupees(report.stock.total.value)}</strong>{" "}
            at price. The catalogue records no cost price, so no value at cost is shown.
          </p>
        }
        chart={
          <BarList
            title="Stock value at price by category"
            rows={report.stock.categories.map((c) => ({
              label: `${c.category} (${STORE_NAMES[c.store]})`,
              value: c.value,
              display: formatRupees(c.value),
            }))}
          />
        }
      >
        <ReportTable
          caption="Stock on hand by category"
          columns={STOCK_COLUMNS}
          data={report.stock.categories}
          empty="No products on sale."
        />
      </Section>
      <Section
        title={`No sale in ${report.idle.days} days`}
        table="idle"
        onCsv={onCsv}
        note={
          <p className="report-note">
            {report.idle.total} products on sale with stock sold nothing from {report.idle.since} to
            {" "}
            {report.idle.as_of}
            {report.idle.total > report.idle.products.length &&
              `; the ${report.idle.products.length} idle longest are listed (the CSV has all)`}.
          </p>
        }
      >
        <ReportTable
          caption={`Products with no sale in ${report.idle.days} days`}
          columns={IDLE_COLUMNS}
          data={report.idle.products}
          empty="Every product in stock sold in this spell."
        />
      </Section>
    </>
  );
}

export function ReportsPage() {
  const { api } = useAdmin();
  const now = new Date();
  const [ask, setAsk] = useState<ReportAsk>(() => askFromSearch(globalThis.location.search, now));
  const [draft, setDraft] = useState<ReportAsk>(ask);
  const [idleDays, setIdleDays] = useState(DEFAULT_IDLE_DAYS);
  const [csvError, setCsvError] = useState<string | null>(null);
  const problem = askProblem(ask);
  const draftProblem = askProblem(draft);

  const [report] = useLoad(
    () => problem ? Promise.reject(new Error(problem)) : fetchReport(api, ask, idleDays),
    [api, ask.from, ask.to, ask.grain, idleDays],
  );

  const apply = (next: ReportAsk) => {
    setDraft(next);
    if (askProblem(next) !== null) return;
    setAsk(next);
    globalThis.history.replaceState(null, "", `/admin/reports${askToSearch(next)}`);
  };

  const onCsv = useCallback(async (table: TableName) => {
    setCsvError(null);
    try {
      const blob = await api.file(REPORT_PATHS.salesCsv, {
        params: { table },
        query: { ...ask, idleDays: String(idleDays) },
      });
      saveBlob(blob, `report-${table}-${ask.from}-${ask.to}.csv`);
    } catch (error) {
      setCsvError(`Failed to download the CSV: ${messageOf(error)}`);
    }
  }, [api, ask, idleDays]);

  const preset = presetOf(draft, now);
  return (
    <div className="reports-page">
      <h2 className="page-heading">Sales reports</h2>
      <form
        className="report-controls"
        onSubmit={(event) => {
          event.preventDefault();
          apply(draft);
        }}
      >
        <div className="report-presets" role="group" aria-label="Ranges">
          {PRESETS.map((p) => (
            <button
              key={p}
              type="button"
              className={p === preset ? "preset preset-current" : "preset"}
              aria-pressed={p === preset}
              onClick={() => apply({ ...presetRange(p, now), grain: draft.grain })}
            >
              {PRESET_LABELS[p]}
            </button>
          ))}
        </div>
        <div className="report-fields">
          <label>
            From
            <input
              type="date"
              value={draft.from}
              onChange={(e) => apply({ ...draft, from: e.target.value })}
              aria-invalid={draftProblem !== null}
            />
          </label>
          <label>
            To
            <input
              type="date"
              value={draft.to}
              onChange={(e) => apply({ ...draft, to: e.target.value })}
              aria-invalid={draftProblem !== null}
            />
          </label>
          <label>
            Per
            <select
              aria-label="Per"
              value={draft.grain}
              onChange={(e) => apply({ ...draft, grain: e.target.value as ReportGrain })}
            >
              {REPORT_GRAINS.map((g) => <option key={g} value={g}>{GRAIN_LABELS[g]}</option>)}
            </select>
          </label>
          <label>
            Idle after (days)
            <input
              type="number"
              min={1}
              max={MAX_IDLE_DAYS}
              value={idleDays}
              onChange={(e) => {
                const days = Number(e.target.value);
                if (Number.isInteger(days) && days >= 1 && days <= MAX_IDLE_DAYS) setIdleDays(days);
              }}
            />
          </label>
        </div>
      </form>
      {draftProblem && <p role="alert" className="notice notice-failure">{draftProblem}</p>}
      {csvError && <p role="alert" className="notice notice-failure">{csvError}</p>}
      {report.state === "error" && !draftProblem && (
        <p role="alert" className="notice notice-failure">
          Could not load the report: {report.message}
        </p>
      )}
      {report.state === "loading" && !report.data && <Loading label="Loading the report" />}
      {report.data && (
        <div aria-busy={report.state === "loading"} className="report-body">
          {report.state === "loading" && <Loading label="Updating the report" />}
          <p className="report-range">
            {report.data.range.from} to {report.data.range.to}, per {report.data.grain}, against
            {" "}
            {report.data.previous_range.from} to{" "}
            {report.data.previous_range.to}. Times are Sri Lanka's.
          </p>
          <ReportBody report={report.data} onCsv={onCsv} />
        </div>
      )}
    </div>
  );
}
