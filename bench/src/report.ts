import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
export interface Row {
  metric: string;
  measured: string;
  target: string;
  /** true/false against the target; null when there is no target (context) or it was not measured. */
  pass: boolean | null;
}

export function pct(value: number | null | undefined, digits = 2): string {
  return value === null || value === undefined || !Number.isFinite(value) ? 'n/a' : `${value.toFixed(digits)} %`;
}

export function ms(value: number | null | undefined, digits = 0): string {
  return value === null || value === undefined || !Number.isFinite(value) ? 'n/a' : `${value.toFixed(digits)} ms`;
}

export function mib(bytes: number | null | undefined): string {
  return bytes === null || bytes === undefined || !Number.isFinite(bytes) ? 'n/a' : `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** A plain-text table with aligned columns. */
export function renderTable(rows: readonly Row[]): string {
  const cells = rows.map((r) => [r.metric, r.measured, r.target, r.pass === null ? '–' : r.pass ? 'PASS' : 'FAIL']);
  const header = ['metric', 'measured', 'target', 'result'];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]): string => c.map((text, i) => text.padEnd(widths[i]!)).join(' │ ').trimEnd();
  const rule = widths.map((w) => '─'.repeat(w)).join('─┼─');
  return [line(header), rule, ...cells.map(line)].join('\n');
}

/** Prints the table and notes, and writes the JSON to bench/results/<name>-<date>.json and <name>-latest.json. */
export function publishResults(
  name: 'live' | 'first-frame' | 'first-frame-ab' | 'events' | 'log-pipeline' | 'sampler' | 'requests' | 'detect' | 'cpu' | 'recording' | 'recording-seek' | 'talk' | 'picture-filter',
  title: string,
  result: { date: string; machine: { cpus: number }; durationSeconds: number },
  rows: Row[],
  notes: readonly string[],
  repoRoot: string,
): void {
  process.stdout.write(`\n${title} — ${result.date}, ${result.machine.cpus} cores, Node ${process.version}, ${result.durationSeconds} s\n\n${renderTable(rows)}\n\n`);
  for (const note of notes) process.stdout.write(`- ${note}\n`);
  const dir = join(repoRoot, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const json = JSON.stringify(result, null, 2);
  const file = join(dir, `${name}-${result.date.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, json);
  writeFileSync(join(dir, `${name}-latest.json`), json);
  process.stdout.write(`\nJSON: ${file}\n`);
}
