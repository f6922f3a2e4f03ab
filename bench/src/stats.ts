/** Nearest-rank percentile of `values` (p in 0..100); NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export interface Summary {
  n: number;
  p50: number;
  p95: number;
  min: number;
  max: number;
  mean: number;
}

export function summarize(values: readonly number[]): Summary {
  const n = values.length;
  const mean = n ? values.reduce((a, b) => a + b, 0) / n : Number.NaN;
  return {
    n,
    p50: percentile(values, 50),
    p95: percentile(values, 95),
    min: n ? Math.min(...values) : Number.NaN,
    max: n ? Math.max(...values) : Number.NaN,
    mean,
  };
}

/** Least-squares slope of y over x. */
export function slope(points: readonly { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return Number.NaN;
  const mx = points.reduce((a, p) => a + p.x, 0) / n;
  const my = points.reduce((a, p) => a + p.y, 0) / n;
  const num = points.reduce((a, p) => a + (p.x - mx) * (p.y - my), 0);
  const den = points.reduce((a, p) => a + (p.x - mx) ** 2, 0);
  return den === 0 ? Number.NaN : num / den;
}

export const round = (value: number, digits = 2): number => (Number.isFinite(value) ? Number(value.toFixed(digits)) : value);
