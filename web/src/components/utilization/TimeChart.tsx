import { useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import uPlot, { type AlignedData, type Options } from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useTheme } from '../../hooks/use-theme';
import { readPalette, withAlpha, type ChartColor, type ChartPalette } from './chart-colors';
import { formatClock } from './format';

export interface ChartSeries {
  label: string;
  color: ChartColor;
  values: (number | null)[];
  /** Shade the area under the line. */
  fill?: boolean;
  /** The right-hand axis (its own unit), e.g. recordings size beside used %. */
  right?: boolean;
}

export interface ChartAxis {
  format: (value: number) => string;
  /** Fixed range (percent: 0–100); default from 0 to a little above the largest value. */
  range?: [number, number];
  /** The top of the axis while every value is 0 (so its labels still mean something). Default 1. */
  emptyMax?: number;
  /** Tick steps to choose from (bytes: binary steps, so labels read 2 GB, not 1.86 GB). */
  incrs?: number[];
}

export interface TimeChartProps {
  /** Sample times, ms since epoch. */
  times: number[];
  series: ChartSeries[];
  left: ChartAxis;
  right?: ChartAxis;
  height?: number;
  /** A small widget: no legend and no time axis (no room; the widget says which minutes it shows). */
  compact?: boolean;
  testId?: string;
  label: string;
}

function scaleRange(axis: ChartAxis): uPlot.Scale['range'] {
  const fixed = axis.range;
  if (fixed) return () => fixed;
  return (_u, _min, max) => [0, max > 0 ? max * 1.15 : (axis.emptyMax ?? 1)];
}

function axisOptions(palette: ChartPalette, axis: ChartAxis, scale: string, side: 1 | 3): uPlot.Axis {
  return {
    scale,
    side,
    stroke: palette.axis,
    grid: { show: side === 3, stroke: palette.grid, width: 1 },
    ticks: { stroke: palette.grid, width: 1 },
    // Wide enough for the longest label ("18.6 GB"): a fixed width cuts it off on the left.
    size: (_u, values) => Math.max(44, ...(values ?? []).map((label) => label.length * 8 + 24)),
    ...(axis.incrs ? { incrs: axis.incrs } : {}),
    values: (_u, splits) => splits.map((value) => axis.format(value)),
  };
}

/** uPlot's axis font: time labels are measured in it. */
const AXIS_FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/**
 * The least distance between two time ticks: the widest label this language writes (with seconds, "10:58:58 PM")
 * plus a gap, so labels never run together whatever the chart's width. Measured in the axis font where a canvas
 * can measure, else estimated from its length.
 */
function timeTickSpace(language: string): number {
  const widest = formatClock(Date.UTC(2000, 0, 1, 22, 58, 58), language, true);
  const context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (context) context.font = AXIS_FONT;
  const width = context ? context.measureText(widest).width : widest.length * 7.5;
  return Math.ceil(width) + 24;
}

function chartOptions(props: TimeChartProps, width: number, palette: ChartPalette, language: string): Options {
  const { left, right, series } = props;
  return {
    width,
    height: props.height ?? 180,
    cursor: { drag: { x: false, y: false } },
    legend: { show: !props.compact, live: true },
    scales: { x: { time: true }, y: { range: scaleRange(left) }, ...(right ? { y2: { range: scaleRange(right) } } : {}) },
    series: [
      { value: (_u, value) => (value === null ? '–' : formatClock(value * 1000, language)) },
      ...series.map((s): uPlot.Series => {
        const stroke = palette.series(s.color);
        const axis = s.right && right ? right : left;
        return {
          label: s.label,
          scale: s.right && right ? 'y2' : 'y',
          stroke,
          width: 2,
          fill: s.fill ? withAlpha(stroke, 0.15) : undefined,
          spanGaps: false,
          points: { show: false },
          value: (_u, value) => (value === null ? '–' : axis.format(value)),
        };
      }),
    ],
    axes: [
      {
        show: !props.compact,
        stroke: palette.axis,
        grid: { stroke: palette.grid, width: 1 },
        ticks: { stroke: palette.grid, width: 1 },
        space: timeTickSpace(language),
        // Ticks closer than a minute (the first minutes after a start) need the seconds to differ.
        values: (_u, splits) => splits.map((seconds, i, all) => formatClock(seconds * 1000, language, (all[1] ?? 0) - (all[0] ?? 0) < 60)),
      },
      axisOptions(palette, left, 'y', 3),
      ...(right ? [axisOptions(palette, right, 'y2', 1)] : []),
    ],
  };
}

function chartData(props: TimeChartProps): AlignedData {
  return [props.times.map((t) => t / 1000), ...props.series.map((s) => s.values)];
}

/**
 * A uPlot time series over the Utilization history: as wide as its container (follows resizes), colours
 * from the theme's CSS variables (rebuilt on a theme change), times and units in the UI language.
 */
export function TimeChart(props: TimeChartProps) {
  const { i18n } = useTranslation();
  const theme = useTheme();
  const container = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  // The chart is rebuilt only when its shape changes (series, axes, theme, language), not on every sample.
  const shape = [props.series.map((s) => `${s.label}:${s.color}:${s.right ? 1 : 0}`).join('|'), !!props.right, props.height, props.compact, theme.mode, theme.settings.color, i18n.language].join(';');

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const current = latest.current;
    const made = new uPlot(chartOptions(current, element.clientWidth || 300, readPalette(), i18n.language), chartData(current), element);
    chart.current = made;
    const observer = new ResizeObserver(() => made.setSize({ width: element.clientWidth || 300, height: latest.current.height ?? 180 }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      made.destroy();
      chart.current = null;
    };
  }, [shape, i18n.language]);

  useEffect(() => {
    chart.current?.setData(chartData(props));
  }, [props]);

  return <div ref={container} className="utilization-chart w-full min-w-0 shrink-0" role="img" aria-label={props.label} data-testid={props.testId} />;
}
