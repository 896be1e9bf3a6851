/**
 * The report's charts, drawn as SVG with visx (scales, bars, lines and axes from
 * @visx/scale, @visx/shape and @visx/axis): text stays text, each chart is an image with a
 * title that says what it shows (`role="img"`), and the same figures follow it as a table.
 * Every chart takes its box's width, so it reads at 375 px as at 1280 px.
 */
import { useEffect, useId, useRef, useState } from "react";
import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar, LinePath } from "@visx/shape";
import "./charts.css";

/** The width of an element, followed as it changes. */
function useWidth<T extends HTMLElement>(fallback: number): [React.RefObject<T | null>, number] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver((entries) => {
      const next = Math.floor(entries[0].contentRect.width);
      if (next > 0) setWidth(next);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/** A compact number for an axis: 1200 → 1.2k, 3400000 → 3.4M. */
export function compact(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1_000_000) return `${trim(value / 1_000_000)}M`;
  if (abs >= 1_000) return `${trim(value / 1_000)}k`;
  return trim(value);
}

function trim(value: number): string {
  return String(Math.round(value * 10) / 10);
}

export interface PeriodPoint {
  /** The period's label on the axis ("3 Mar", "Mar 2026"). */
  label: string;
  current: number;
  previous: number;
}

/**
 * Bars for each period of the range, and a line through the same periods of the range
 * before; every `labelEvery`th period is named on the axis so that labels never overlap.
 */
export function PeriodChart(
  { title, points, format, whole = false, pending = false }: {
    title: string;
    points: PeriodPoint[];
    format: (value: number) => string;
    /** Counts: the axis names whole numbers only. */
    whole?: boolean;
    /**
     * The figures are on their way: the chart's box, of the size it will have, and nothing
     * in it yet, so that what follows the chart does not move when they arrive.
     */
    pending?: boolean;
  },
) {
  const [box, width] = useWidth<HTMLDivElement>(640);
  const titleId = useId();
  const height = width < 500 ? 200 : 260;
  const legend = (
    <p className="chart-legend" aria-hidden="true">
      <span className="legend-bar"></span> This range <span className="legend-line"></span>{" "}
      The range before
    </p>
  );
  if (pending) {
    return (
      <div ref={box} className="chart" aria-busy="true">
        <svg width={width} height={height} role="img" aria-label={`${title}: loading`} />
        {legend}
      </div>
    );
  }
  const margin = { top: 12, right: 8, bottom: 28, left: 44 };
  const innerWidth = Math.max(width - margin.left - margin.right, 10);
  const innerHeight = height - margin.top - margin.bottom;
  const x = scaleBand({
    domain: points.map((_, i) => i),
    range: [0, innerWidth],
    padding: points.length > 40 ? 0.1 : 0.25,
  });
  const top = Math.max(1, ...points.map((p) => Math.max(p.current, p.previous)));
  const y = scaleLinear({ domain: [0, top], range: [innerHeight, 0], nice: true });
  // About one label per 56 px.
  const labelEvery = Math.max(1, Math.ceil(points.length / Math.max(1, innerWidth / 56)));
  const center = (i: number) => (x(i) ?? 0) + x.bandwidth() / 2;
  const total = (key: "current" | "previous") => points.reduce((sum, p) => sum + p[key], 0);
  return (
    <div ref={box} className="chart">
      <svg width={width} height={height} role="img" aria-labelledby={titleId}>
        <title id={titleId}>
          {`${title}: ${format(total("current"))} in this range, ${
            format(total("previous"))
          } in the range before`}
        </title>
        <Group left={margin.left} top={margin.top}>
          {points.map((point, i) => {
            const barHeight = innerHeight - y(point.current);
            return (
              <Bar
                key={i}
                className="chart-bar"
                x={x(i)}
                y={innerHeight - barHeight}
                width={x.bandwidth()}
                height={barHeight}
              />
            );
          })}
          <LinePath
            className="chart-line"
            data={points}
            x={(_, i) => center(i)}
            y={(p) => y(p.previous)}
          />
          {points.length <= 62 &&
            points.map((p, i) => (
              <circle key={i} className="chart-dot" cx={center(i)} cy={y(p.previous)} r={2.5} />
            ))}
          <AxisLeft
            scale={y}
            numTicks={whole ? Math.min(4, top) : 4}
            tickFormat={(v) => compact(Number(v))}
            axisClassName="chart-axis"
            tickLabelProps={{ className: "chart-tick", textAnchor: "end", dx: -4, dy: 3 }}
          />
          <AxisBottom
            top={innerHeight}
            scale={x}
            tickValues={points.map((_, i) => i).filter((i) => i % labelEvery === 0)}
            tickFormat={(i) => points[Number(i)]?.label ?? ""}
            axisClassName="chart-axis"
            tickLabelProps={{ className: "chart-tick", textAnchor: "middle" }}
          />
        </Group>
      </svg>
      {legend}
    </div>
  );
}

export interface BarRow {
  label: string;
  value: number;
  /** The value as the bar's end shows it. */
  display: string;
}

/**
 * Horizontal bars, each named above its bar and its value at the bar's end: long names
 * (a book's title) fit a phone's width.
 */
export function BarList({ title, rows }: { title: string; rows: BarRow[] }) {
  const [box, width] = useWidth<HTMLDivElement>(640);
  const titleId = useId();
  const rowHeight = 40;
  const height = Math.max(rows.length * rowHeight, rowHeight);
  // Room at the right for the longest value (about 7.5 px a character at 12 px, bold).
  const valueRoom = 12 + 7.5 * Math.max(0, ...rows.map((r) => r.display.length));
  const x = scaleLinear({
    domain: [0, Math.max(1, ...rows.map((r) => r.value))],
    range: [0, Math.max(width - valueRoom, 10)],
  });
  return (
    <div ref={box} className="chart">
      <svg width={width} height={height} role="img" aria-labelledby={titleId}>
        <title id={titleId}>
          {`${title}: ${rows.map((r) => `${r.label} ${r.display}`).join("; ")}`}
        </title>
        {rows.map((row, i) => (
          <Group key={i} top={i * rowHeight}>
            <text className="chart-label" x={0} y={13}>
              {row.label.length > 48 ? `${row.label.slice(0, 47)}…` : row.label}
            </text>
            <Bar className="chart-bar" x={0} y={18} height={16} width={Math.max(x(row.value), 1)} />
            <text className="chart-value" x={Math.max(x(row.value), 1) + 6} y={31}>
              {row.display}
            </text>
          </Group>
        ))}
      </svg>
    </div>
  );
}
