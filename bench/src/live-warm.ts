/** bench:live warm starts: WebSocket open → first fragment on a camera that already streams (init + buffered GOP). */
import { ms } from './report.js';
import { log, sleep } from './run.js';
import type { BenchServer } from './server.js';
import { summarize } from './stats.js';
import { LiveViewer, type ViewerTimes } from './viewer.js';

export interface WarmResult {
  warm: ViewerTimes[];
  /** first-fragment times of the runs that got one, ms */
  warmFirst: number[];
  warmErrors: string[];
}

/** `runs` viewers one after another, each closed before the next opens. */
export async function warmPhase(server: BenchServer, camera: string, token: string, runs: number): Promise<WarmResult> {
  await sleep(500);
  log(`WebSocket open → first fragment, warm (${camera} streaming): ${runs} runs`);
  const warm: ViewerTimes[] = [];
  const warmErrors: string[] = [];
  for (let i = 0; i < runs; i++) {
    const viewer = new LiveViewer(server.url, camera, token);
    try {
      warm.push(await viewer.firstFragment(5_000));
    } catch (error) {
      warmErrors.push(String(error));
    } finally {
      await viewer.close();
    }
    await sleep(100);
  }
  const warmFirst = warm.map((t) => t.firstFragmentMs).filter((v): v is number => v !== null);
  log(`  p50 ${ms(summarize(warmFirst).p50, 1)}, p95 ${ms(summarize(warmFirst).p95, 1)}${warmErrors.length ? `; ${warmErrors.length} failed` : ''}`);
  return { warm, warmFirst, warmErrors };
}
