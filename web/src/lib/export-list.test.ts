import type { ExportJob } from '@homecam/shared';
import { describe, expect, it } from 'vitest';
import { defaultExportName, defaultExportRange, exportIssue, progressPercent, upsertExport } from './export-list';

const job = (id: string, patch: Partial<ExportJob> = {}): ExportJob => ({
  id, name: id, camera: 'Yard', from: 0, to: 90_000, status: 'running', progress: 0.2, bytes: 0, durationMs: 0,
  ownerId: 1, createdAt: 0, error: null, download: null, ...patch,
});

describe('export list', () => {
  it('puts a new export first and replaces a known one in place', () => {
    const list = [job('b'), job('a')];
    expect(upsertExport(list, job('c')).map((e) => e.id)).toEqual(['c', 'b', 'a']);
    const updated = upsertExport(list, job('a', { progress: 0.7 }));
    expect(updated.map((e) => e.id)).toEqual(['b', 'a']);
    expect(updated[1]!.progress).toBe(0.7);
  });

  it('ignores a progress report that arrives after the export finished or went backwards', () => {
    const done = [job('a', { status: 'done', progress: 1, download: '/api/exports/a/download' })];
    expect(upsertExport(done, job('a', { progress: 0.9 }))[0]!.status).toBe('done');
    const running = [job('a', { progress: 0.6 })];
    expect(upsertExport(running, job('a', { progress: 0.4 }))[0]!.progress).toBe(0.6);
    expect(upsertExport(running, job('a', { status: 'failed', progress: 0.4, error: 'EXPORT_FAILED' }))[0]!.status).toBe('failed');
  });

  it('says progress in whole percent, 100 when done', () => {
    expect(progressPercent({ status: 'running', progress: 0.456 })).toBe(46);
    expect(progressPercent({ status: 'done', progress: 0.99 })).toBe(100);
    expect(progressPercent({ status: 'queued', progress: -1 })).toBe(0);
  });

  it('names an export by its camera(s) and local start time', () => {
    const from = new Date(2026, 10, 28, 9, 5).getTime();
    expect(defaultExportName(['Yard'], from)).toBe('Yard 2026-11-28 09.05');
    expect(defaultExportName(['Yard', 'Door'], from)).toBe('2026-11-28 09.05');
  });
});

describe('export range', () => {
  const now = 10_000_000;
  it('names what is wrong with a range', () => {
    expect(exportIssue({ start: 1_000, end: 91_000 }, ['Yard'], now, 86_400_000)).toBeNull();
    expect(exportIssue({ start: 1_000, end: 91_000 }, [], now, 86_400_000)).toBe('noCamera');
    expect(exportIssue({ start: 5_000, end: 5_000 }, ['Yard'], now, 86_400_000)).toBe('rangeEmpty');
    expect(exportIssue(null, ['Yard'], now, 86_400_000)).toBe('rangeEmpty');
    expect(exportIssue({ start: 0, end: 86_400_001 }, ['Yard'], 1e9, 86_400_000)).toBe('rangeTooLong');
    expect(exportIssue({ start: now + 1, end: now + 90_000 }, ['Yard'], now, 86_400_000)).toBe('inFuture');
  });

  it('starts with 90 s around the play head, never past now', () => {
    expect(defaultExportRange(5_000_000, now)).toEqual({ start: 4_970_000, end: 5_060_000 });
    expect(defaultExportRange(now - 10_000, now)).toEqual({ start: now - 90_000, end: now });
    expect(defaultExportRange(null, now)).toEqual({ start: now - 90_000, end: now });
  });
});
