/** The "open the camera in the running app" rows of bench:live (see in-app-open.ts), WebRTC and MSE. */
import type { Browser } from '@playwright/test';
import { inAppOpenRuns, type InAppOpenOptions, type InAppOpenRun } from './in-app-open.js';
import { ms, type Row } from './report.js';
import { log } from './run.js';
import { pickNumbers, summaryOrNull } from './live-util.js';

const TARGET_MS = { webrtc: 300, mse: 1_000 } as const;

function row(transport: 'webrtc' | 'mse', result: { runs: InAppOpenRun[]; error: string | null }): Row {
  const metric = `open the camera in the running app → first frame, ${transport === 'webrtc' ? 'WebRTC' : 'MSE'}`;
  const target = `≤ ${TARGET_MS[transport]} ms`;
  if (result.error) return { metric, measured: `not measured: ${result.error}`, target, pass: null };
  const played = result.runs.filter((r) => r.firstFrameMs !== null && r.transport === transport);
  const summary = summaryOrNull(pickNumbers(played.map((r) => r.firstFrameMs)));
  const wrong = result.runs.filter((r) => r.transport !== transport).length;
  log(`  in-app open, ${transport}: p50 ${ms(summary?.p50)}, p95 ${ms(summary?.p95)} (${played.length}/${result.runs.length} runs${wrong ? `, ${wrong} on another transport` : ''})`);
  return {
    metric: `${metric} p50 / p95 (n=${played.length}/${result.runs.length}, data-transport=${transport})`,
    measured: `${ms(summary?.p50)} / ${ms(summary?.p95)}`,
    target,
    pass: summary ? summary.p95 <= TARGET_MS[transport] && played.length === result.runs.length : false,
  };
}

export async function inAppOpenRows(browser: Browser, options: Omit<InAppOpenOptions, 'disableWebrtc'>): Promise<{ rows: Row[]; json: unknown }> {
  log(`Chromium: open the camera inside the running app (route change → first frame), ${options.runs} runs per transport`);
  const webrtc = await inAppOpenRuns(browser, { ...options, disableWebrtc: false });
  const mse = await inAppOpenRuns(browser, { ...options, disableWebrtc: true });
  return { rows: [row('webrtc', webrtc), row('mse', mse)], json: { webrtc, mse } };
}
