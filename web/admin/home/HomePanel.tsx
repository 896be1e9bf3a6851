/**
 * The admin's home, on top of the Dashboard: what needs doing today. The owner sees today's
 * money received by payment method (the sales report of today), the orders to confirm, the
 * slips to check, the payments pending online, the cash still with couriers, the low stock,
 * what shoppers wait for, and a small chart of the last 30 days' takings; staff see the orders to pack and send. Each
 * figure is a link to its list, and is counted by that very list (home_figures.ts).
 */
import { ORDER_PATHS, STOCK_ALERT_PATHS } from "../../../contract/paths.ts";
import { REPORT_PATHS } from "../../../contract/admin_paths.ts";
import { FULFILMENT_PATHS } from "../../../contract/fulfilment_paths.ts";
import { heldByCouriers } from "../fulfilment/parcels.ts";
import { useAdmin } from "../context.ts";
import { useLoad } from "../hooks.ts";
import { PageLink } from "../PageLink.tsx";
import { fewestInStock } from "../endpoints.ts";
import { formatRupees } from "../format.ts";
import { LOW_STOCK } from "../orders/orders.ts";
import { PeriodChart } from "../reports/charts.tsx";
import { filterParams } from "../orders/orders.ts";
import {
  figurePath,
  last30DaysSearch,
  ORDER_FIGURES,
  type OrderFigure,
  todayReportSearch,
} from "./home_figures.ts";

function queryOf(search: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(search));
}

/** One figure: its count, a link to the list it counts. */
function Figure({ label, value, to }: { label: string; value: string; to: string }) {
  return (
    <li className="home-figure">
      <PageLink to={to}>
        <strong className="home-figure-value">{value}</strong>{" "}
        <span className="home-figure-label">{label}</span>
      </PageLink>
    </li>
  );
}

function OrderCount({ figure }: { figure: OrderFigure }) {
  const { api } = useAdmin();
  const [count] = useLoad(
    () =>
      api.call(ORDER_PATHS.list, {
        query: { ...Object.fromEntries(filterParams(figure.filters)), pageSize: 1 },
      }),
    [api, figure.key],
  );
  const value = count.data ? String(count.data.total) : count.state === "error" ? "?" : "…";
  return <Figure label={figure.label} value={value} to={figurePath(figure)} />;
}

export function HomePanel() {
  const { may } = useAdmin();
  const owner = may("reports");
  const figures = ORDER_FIGURES.filter((f) => owner || f.staff);
  return (
    <section className="panel home" aria-labelledby="home-heading">
      <h2 id="home-heading">{owner ? "Today" : "Today's work"}</h2>
      {owner && <TodaysMoney />}
      <ul className="home-figures">
        {figures.map((figure) => <OrderCount key={figure.key} figure={figure} />)}
        {owner && <CodFigure />}
        {owner && <StockFigures />}
      </ul>
      {owner && <TakingsChart />}
    </section>
  );
}

/** Today's money received, by payment method: the sales report of today. */
function TodaysMoney() {
  const { api } = useAdmin();
  const search = todayReportSearch(new Date());
  const [report] = useLoad(
    () => api.call(REPORT_PATHS.sales, { query: queryOf(search) }),
    [api, search],
  );
  if (report.state === "error") {
    return <p className="notice notice-failure">Today's money is unavailable: {report.message}</p>;
  }
  // While the figures come the block is drawn as it will be, "…" in their places, so that what
  // follows it stays where it is.
  const data = report.data?.data;
  const current = data?.totals.current;
  const count = (n: number | undefined) => n === undefined ? "…" : String(n);
  return (
    <div className="home-money" aria-busy={data ? undefined : true}>
      <PageLink to={`/admin/reports${search}`}>
        <strong className="home-figure-value">
          {current ? formatRupees(current.takings) : "…"}
        </strong>{" "}
        <span className="home-figure-label">
          received today from {count(current?.paid_orders)} paid{" "}
          {current?.paid_orders === 1 ? "order" : "orders"}; {count(current?.orders)} placed
        </span>
      </PageLink>
      {/* One line that scrolls sideways on a phone: focusable, so a keyboard scrolls it too. */}
      <ul
        className="home-methods"
        tabIndex={data ? 0 : undefined}
        aria-label="Received today by payment method"
      >
        {data
          ? data.payment_methods.map((m) => (
            <li key={m.method}>
              {m.name}: <strong>{formatRupees(m.takings)}</strong>
            </li>
          ))
          : <li aria-hidden="true">&nbsp;</li>}
      </ul>
    </div>
  );
}

/** The cash couriers still hold: the Cash on delivery page's total, a link to it. */
function CodFigure() {
  const { api } = useAdmin();
  const [cash] = useLoad(() => api.call(FULFILMENT_PATHS.cashWithCouriers), [api]);
  return (
    <Figure
      label="cash on delivery still with couriers"
      value={cash.data
        ? formatRupees(heldByCouriers(cash.data.data))
        : cash.state === "error"
        ? "?"
        : "…"}
      to="/admin/cod"
    />
  );
}

/** Low stock and what shoppers wait for, each a link to the Stock page. */
function StockFigures() {
  const { api } = useAdmin();
  const [low] = useLoad(() => fewestInStock(api), [api]);
  const [waiting] = useLoad(() => api.call(STOCK_ALERT_PATHS.waiting), [api]);
  return (
    <>
      {/* The fewest in stock, as the Orders page lists them: at most five, so "5+". */}
      <Figure
        label={`low in stock (at most ${LOW_STOCK} left)`}
        value={low.data
          ? `${low.data.length}${low.data.length >= 5 ? "+" : ""}`
          : low.state === "error"
          ? "?"
          : "…"}
        to="/admin/stock"
      />
      <Figure
        label="products shoppers wait for"
        value={waiting.data
          ? String(waiting.data.data.length)
          : waiting.state === "error"
          ? "?"
          : "…"}
        to="/admin/stock#waiting-heading"
      />
    </>
  );
}

/** The last 30 days' takings, a bar a day: the report's own periods. */
function TakingsChart() {
  const { api } = useAdmin();
  const search = last30DaysSearch(new Date());
  const [report] = useLoad(
    () => api.call(REPORT_PATHS.sales, { query: queryOf(search) }),
    [api, search],
  );
  if (report.state === "error" && !report.data) {
    return (
      <p className="notice notice-failure">
        The takings of the last 30 days are unavailable: {report.message}
      </p>
    );
  }
  const points = (report.data?.data.periods ?? []).map((p) => ({
    label: p.start.slice(8, 10),
    current: p.takings,
    previous: p.previous.takings,
  }));
  // Drawn at its size while the figures come, so the forms below it never move under a click.
  return (
    <div className="home-chart">
      <PeriodChart
        title="Takings, last 30 days"
        points={points}
        format={formatRupees}
        pending={!report.data}
      />
      <PageLink to={`/admin/reports${search}`}>The report of the last 30 days</PageLink>
    </div>
  );
}
