import { continuousSettingsOf, type ContinuousSettings } from '@homecam/shared';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import type { IndexTables } from '../src/continuous/index-db.js';
import { Retention } from '../src/continuous/retention.js';
import { SegmentIndex, type SegmentRow } from '../src/continuous/segment-index.js';
import { SegmentStore } from '../src/continuous/segment-store.js';
import { continuousIndex } from '../src/db/migrations/0010_continuous_index.js';
import { FakeClock } from '../src/lib/fake-clock.js';
import { RecordingFilesRepository } from '../src/repositories/recording-files.repository.js';
import { makeDataDir } from './helpers/test-app.js';

/**
 * Retention by tier, days and size over 30 simulated days (FakeClock), on a real SQLite index with real files:
 * each class goes when its days are up, a full cap drops the oldest footage of the lowest tier first, a WARN comes
 * once per crossing of 90 % of a cap and an ERROR when footage had to go early.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MB = 1024 ** 2;
const GB = 1024 ** 3;

let index: SegmentIndex;
let store: SegmentStore;
let root: string;
let clock: FakeClock;
let settings: ContinuousSettings;
let caps: Record<string, number | null>;
let notes: { level: string; message: string }[];
let retention: Retention;
let free: number;
let seq = 0;

beforeEach(async () => {
  const db = new Kysely<IndexTables>({ dialect: new SqliteDialect({ database: new SQLite(join(await makeDataDir(), 'index.db')) }) });
  await continuousIndex.up(db as Kysely<unknown>);
  root = await makeDataDir();
  index = new SegmentIndex(db);
  store = new SegmentStore(index, new RecordingFilesRepository(() => root));
  clock = new FakeClock(Date.parse('2026-02-01T00:00:00Z'));
  settings = continuousSettingsOf({ retain: { all: 3, motion: 7, events: 30 } }, undefined);
  caps = {};
  notes = [];
  free = 100 * GB;
  retention = new Retention({
    index, settings: () => settings, cameraCapGB: (camera) => caps[camera] ?? null, usage: () => store.bytes(),
    freeBytes: () => Promise.resolve(free), remove: async (rows) => {
      await store.remove(rows);
      free += rows.reduce((sum, row) => sum + row.bytes, 0);
    },
    notify: (level, message) => Promise.resolve(void notes.push({ level, message })), now: () => clock.now(),
  });
});

/** One hour of footage of a camera ending now: a real file, a row, counted like the writer does. */
async function hour(camera: string, tier: { motion?: 0 | 1; event?: 0 | 1 } = {}, bytes = 10 * MB): Promise<SegmentRow> {
  const end = clock.now();
  const file = `segments.d/${camera}/${++seq}.mp4`;
  await mkdir(join(root, `segments.d/${camera}`), { recursive: true });
  await writeFile(join(root, file), Buffer.alloc(16));
  const row: SegmentRow = {
    id: `s${seq}`, node_id: 'local', camera, stream: 'main', start_ms: end - HOUR, end_ms: end, bytes, init_bytes: 8, init_hash: 'h', root, file,
    motion: tier.motion ?? 0, motion_score: tier.motion ? 50 : 0, event: tier.event ?? 0, status: 'complete',
  };
  await index.insert(row);
  store.count(row);
  free -= bytes;
  return row;
}

const held = async (camera: string) => (await index.overlapping(camera, 0, clock.now() + DAY, 2 * HOUR)).map((row) => ({ ...row, age: clock.now() - row.end_ms }));

describe('continuous retention', () => {
  it('keeps each tier for its days over 30 days, and deletes the files with the rows', async () => {
    for (let h = 0; h < 30 * 24; h++) {
      clock.advance(HOUR);
      await hour('Yard', { motion: h % 3 === 0 ? 1 : 0, event: h % 24 === 5 ? 1 : 0 });
      if (h % 12 === 0) await retention.run();
    }
    await retention.run();
    const rows = await held('Yard');
    const oldest = (tier: (row: SegmentRow) => boolean) => Math.max(0, ...rows.filter(tier).map((row) => row.age));
    expect(oldest((row) => row.motion === 0 && row.event === 0)).toBeLessThanOrEqual(3 * DAY);
    expect(oldest((row) => row.motion === 1 && row.event === 0)).toBeLessThanOrEqual(7 * DAY);
    expect(oldest((row) => row.motion === 1 && row.event === 0)).toBeGreaterThan(6 * DAY);
    // events are kept all 30 days
    expect(rows.filter((row) => row.event === 1)).toHaveLength(30);
    expect(notes).toEqual([]);
    const { readdir } = await import('node:fs/promises');
    expect((await readdir(join(root, 'segments.d/Yard'))).length).toBe(rows.length);
    expect(store.bytes().get('Yard')).toBe(rows.length * 10 * MB);
  }, 60_000);

  it('a full camera cap drops the oldest footage of the lowest tier first, warns once at 90 % and reports the early loss', async () => {
    caps.Yard = (100 * MB) / GB;
    for (let h = 0; h < 9; h++) {
      clock.advance(HOUR);
      await hour('Yard', { motion: h === 0 ? 1 : 0, event: h === 1 ? 1 : 0 });
      await retention.run();
    }
    expect(notes.map((note) => note.level)).toEqual(['WARN']);
    expect(notes[0]?.message).toContain('90 %');
    // The cap is reached: the oldest "all" footage goes, the older motion and event hours stay.
    for (let h = 0; h < 3; h++) {
      clock.advance(HOUR);
      await hour('Yard');
      await retention.run();
    }
    const rows = await held('Yard');
    expect(rows.reduce((sum, row) => sum + row.bytes, 0)).toBeLessThanOrEqual(100 * MB);
    expect(rows.find((row) => row.motion === 1)).toBeDefined();
    expect(rows.find((row) => row.event === 1)).toBeDefined();
    expect(notes.filter((note) => note.level === 'ERROR')).toHaveLength(2);
    expect(notes.at(-1)?.message).toContain('Yard reached its cap');
    // Only "all" footage left to give: with the motion hour the next to go once no plain hour is older.
    expect(notes.filter((note) => note.level === 'WARN')).toHaveLength(1);
  });

  it('low free space drops across cameras, lowest tier first, and never below what the other rules keep', async () => {
    for (let h = 0; h < 6; h++) {
      clock.advance(HOUR);
      await hour('Yard', { event: 1 });
      await hour('Drive', { motion: h < 3 ? 1 : 0 });
    }
    settings = { ...settings, minFreeGB: (free + 25 * MB) / GB };
    await retention.run();
    const yard = await held('Yard');
    const drive = await held('Drive');
    // 25 MB more free: the three oldest plain hours of Drive go (30 MB); Yard's event hours and Drive's motion stay.
    expect(yard).toHaveLength(6);
    expect(drive.map((row) => row.motion)).toEqual([1, 1, 1]);
    expect(notes.map((note) => note.level)).toEqual(['ERROR']);
    expect(notes[0]?.message).toContain('free on the recordings disk');
  });
});
