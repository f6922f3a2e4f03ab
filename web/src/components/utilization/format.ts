import { formatSize } from '../../lib/event-format';

/** Units of the Utilization page in the UI language (`12,5 %` in German, `12.5%` in English). */
export function formatPercent(value: number | null, language: string): string {
  if (value === null) return '–';
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: value < 10 ? 1 : 0 }).format(value / 100);
}

export function formatBytes(value: number | null, language: string): string {
  return value === null ? '–' : formatSize(Math.round(value), language);
}

/** Bits per second with the largest unit that keeps the number ≥ 1 (kbit/s, Mbit/s, Gbit/s). */
export function formatBitRate(bitsPerSecond: number, language: string): string {
  const units = [
    ['gigabit-per-second', 1e9],
    ['megabit-per-second', 1e6],
    ['kilobit-per-second', 1e3],
  ] as const;
  const [unit, size] = units.find(([, size]) => bitsPerSecond >= size) ?? ['kilobit-per-second', 1e3];
  return new Intl.NumberFormat(language, { style: 'unit', unit, maximumFractionDigits: 1 }).format(bitsPerSecond / size);
}

/** Bytes per second (network throughput) in the same units people read off a speed test: bits. */
export function formatByteRate(bytesPerSecond: number | null, language: string): string {
  return bytesPerSecond === null ? '–' : formatBitRate(bytesPerSecond * 8, language);
}

export function formatCelsius(value: number | null, language: string): string {
  return value === null ? '–' : new Intl.NumberFormat(language, { style: 'unit', unit: 'celsius', maximumFractionDigits: 1 }).format(value);
}

export function formatClock(ms: number, language: string, seconds = false): string {
  return new Date(ms).toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit', ...(seconds ? { second: '2-digit' } : {}) });
}

export function formatInteger(value: number, language: string): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(value);
}

/** Binary tick steps for byte axes, powers of two from 1 KiB to 512 TiB (labels like 512 MB, 1 GB, 16 GB). */
export const BYTE_INCREMENTS = Array.from({ length: 40 }, (_, i) => 2 ** (10 + i));
