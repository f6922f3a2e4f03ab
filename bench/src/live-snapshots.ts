/** bench:live snapshots: sequential fresh encodes from the buffered keyframe (see bench/README.md). */
import { ms, type Row } from './report.js';
import { log, sleep } from './run.js';
import type { BenchServer } from './server.js';
import { round, summarize } from './stats.js';
import { summaryOrNull } from './live-util.js';

/** The server shares a snapshot per camera and width for 1 s after it was made. */
const SNAPSHOT_SHARE_MS = 1_000;
const TARGET_P95_MS = 200;

export interface SnapshotSample {
  i: number;
  width: number | null;
  ms: number;
  status: number;
  from: string | null;
  bytes: number;
}

async function takeSnapshot(server: BenchServer, token: string, camera: string, i: number, width: number | null): Promise<SnapshotSample> {
  const query = new URLSearchParams({ bench: String(i) });
  if (width) query.set('width', String(width));
  const started = performance.now();
  const response = await fetch(`${server.url}/api/cameras/${encodeURIComponent(camera)}/snapshot?${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = Buffer.from(await response.arrayBuffer());
  const elapsed = performance.now() - started;
  const jpeg = body[0] === 0xff && body[1] === 0xd8;
  return { i, width, ms: elapsed, status: response.ok && jpeg ? response.status : response.status || -1, from: response.headers.get('x-snapshot-from'), bytes: body.length };
}


/** Full size and ?width=320 alternating, each key re-asked only after its share window: every answer is a fresh encode. */
export async function snapshotPhase(server: BenchServer, token: string, camera: string, count: number): Promise<{ row: Row; json: unknown; note: string }> {
  log(`snapshots: ${count} fresh encodes (full size and ?width=320 alternating, each key re-asked after its 1 s share window)`);
  const warmup = await takeSnapshot(server, token, camera, -1, null);
  await sleep(SNAPSHOT_SHARE_MS + 100);
  const snapshots: SnapshotSample[] = [];
  for (let i = 0; i < count; i++) {
    const width = i % 2 === 0 ? null : 320;
    snapshots.push(await takeSnapshot(server, token, camera, i, width));
    // the next request is for the other width; the same width comes back after two gaps (> 1 s + margin)
    await sleep(SNAPSHOT_SHARE_MS / 2 + 100);
  }
  const ok = snapshots.filter((s) => s.status === 200);
  const times = ok.map((s) => s.ms);
  log(`  p50 ${ms(summarize(times).p50)}, p95 ${ms(summarize(times).p95)}; from ${[...new Set(ok.map((s) => s.from))].join(', ')}; ${snapshots.length - ok.length} failed`);
  const summary = summaryOrNull(times);
  return {
    row: {
      metric: `snapshot p50 / p95 (n=${times.length}, fresh encodes)`,
      measured: `${ms(summary?.p50)} / ${ms(summary?.p95)}`,
      target: `p95 ≤ ${TARGET_P95_MS} ms`,
      pass: summary ? summary.p95 <= TARGET_P95_MS && ok.length === snapshots.length : false,
    },
    json: {
      summary,
      fullSize: summaryOrNull(ok.filter((s) => s.width === null).map((s) => s.ms)),
      width320: summaryOrNull(ok.filter((s) => s.width === 320).map((s) => s.ms)),
      warmupMs: round(warmup.ms, 1),
      samples: snapshots.map((s) => ({ ...s, ms: round(s.ms, 1) })),
    },
    note:
      `Snapshots: ${count} sequential GET /api/cameras/cam1/snapshot with a unique ?bench=<n>, alternating full size and ?width=320; the server ` +
      'shares one picture per camera and width for 1 s after it was made, so requests are spaced so that each width is asked again only after ' +
      'its share window: every answer is a fresh decode of the buffered keyframe + JPEG encode (X-Snapshot-From: buffer). Time = request start → whole body.',
  };
}
