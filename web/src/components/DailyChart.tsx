// A chart of daily figures, drawn by uPlot on a canvas. The canvas is for the eye only: the
// caption gives each line's total and a visually hidden table gives every day's figures, so
// a screen reader (or a browser that draws no canvas) reads the same numbers.
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { formatCount } from '../lib/format';

/** One line of the chart: a figure per day, in the days' order. */
export interface ChartLine {
  label: string;
  values: number[];
  /** A CSS colour. */
  color: string;
}

const CHART_HEIGHT = 180;
/** The width drawn before the chart's box has been measured (and where it never is). */
const FALLBACK_WIDTH = 560;

/** `YYYY-MM-DD` as unix seconds at midnight UTC, uPlot's time axis unit. */
const daySeconds = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;

export function DailyChart({
  title,
  dates,
  lines,
  bars = false,
}: {
  title: string;
  /** `YYYY-MM-DD` (UTC), oldest first. */
  dates: string[];
  lines: ChartLine[];
  /** Draw the (single) line as bars, for counts that are small whole numbers (posts). */
  bars?: boolean;
}) {
  const boxRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const width = () => box.clientWidth || FALLBACK_WIDTH;
    const chart = new uPlot(
      {
        width: width(),
        height: CHART_HEIGHT,
        // The days are UTC days: read the axis in UTC, not in the viewer's zone.
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        cursor: {
          drag: { x: false, y: false },
          // No clicks on the legend: uPlot's hides a line on a click, which no key could do
          // (the chart is aria-hidden, its table has every line).
          bind: { click: () => null },
        },
        scales: { y: { range: (_u, _min, max) => [0, Math.max(1, max)] } },
        axes: [{}, { incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 5000, 10000] }],
        series: [
          {},
          ...lines.map((line) => ({
            label: line.label,
            stroke: line.color,
            width: 2,
            ...(bars ? { fill: line.color, paths: uPlot.paths.bars?.({ size: [0.7, 24] }) } : {}),
          })),
        ],
      },
      [dates.map(daySeconds), ...lines.map((line) => line.values)],
      box,
    );
    // The chart follows its box's width (the window, the sidebar).
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => chart.setSize({ width: width(), height: CHART_HEIGHT }));
    observer?.observe(box);
    return () => {
      observer?.disconnect();
      chart.destroy();
    };
  }, [dates, lines, bars]);

  const totals = lines.map((line) => `${line.label} ${formatCount(line.values.reduce((a, b) => a + b, 0))}`);
  return (
    <figure className="daily-chart">
      <figcaption className="daily-chart__caption">
        <span className="daily-chart__title">{title}</span>
        <span className="daily-chart__totals muted">{totals.join(' · ')}</span>
      </figcaption>
      <div ref={boxRef} className="daily-chart__canvas" aria-hidden="true" />
      <table className="visually-hidden">
        <caption>{title}, per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {lines.map((line) => (
              <th scope="col" key={line.label}>
                {line.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {dates.map((date, i) => (
            <tr key={date}>
              <th scope="row">{date}</th>
              {lines.map((line) => (
                <td key={line.label}>{line.values[i]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
