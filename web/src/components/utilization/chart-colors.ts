/** The theme tokens a chart series may take (the CSS variables of styles/themes.css). */
export type ChartColor = 'primary' | 'info' | 'success' | 'warning' | 'danger' | 'foreground-muted';

export interface ChartPalette {
  series: (color: ChartColor) => string;
  axis: string;
  grid: string;
}

/** The canvas cannot read CSS variables: resolve them now (again whenever the theme changes). */
export function readPalette(root: Element = document.documentElement): ChartPalette {
  const style = getComputedStyle(root);
  const token = (name: string, fallback: string) => style.getPropertyValue(`--hc-${name}`).trim() || fallback;
  return {
    series: (color) => token(color, '#1d5fd6'),
    axis: token('foreground-muted', '#888888'),
    grid: token('border', '#cccccc'),
  };
}

/** `#rrggbb` (or `#rgb`) with an alpha for area fills; other notations are left without fill. */
export function withAlpha(color: string, alpha: number): string | undefined {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) return undefined;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16));
  return `rgba(${r}, ${g}, ${b}, ${alpha})`;
}
