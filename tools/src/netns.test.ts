import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runInNetworkNamespace } from './netns.js';
import { waitFor } from './wait.js';

/** Host processes whose command line contains `marker` (pgrep -f), other than pgrep itself. */
function running(marker: string): number[] {
  try {
    return execFileSync('pgrep', ['-f', marker], { encoding: 'utf8' }).trim().split('\n').filter(Boolean).map(Number);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

describe('a command in its own network namespace', () => {
  it('sees only lo and tells its output as it comes', async () => {
    const chunks: string[] = [];
    const result = await runInNetworkNamespace(['sh', '-c', "ip -o link show | cut -d: -f2 | tr -d ' '; echo done"], { onOutput: (chunk) => chunks.push(chunk) });
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n')).toEqual(['lo', 'done']);
    expect(chunks.join('')).toBe(result.stdout);
  });

  it('ends every process the command started when it is killed at the time-out, none outlives the run', async () => {
    // a grandchild in the background, as a server or Chromium under Playwright; the marker is an unusual sleep length
    const marker = `sleep 6${Date.now() % 1000}.25`;
    const result = await runInNetworkNamespace(['sh', '-c', `${marker} & echo started; wait`], {
      timeoutMs: 1_500,
      onOutput: () => undefined,
    });
    expect(result.code).toBeNull(); // killed
    expect(result.stdout).toContain('started');
    await waitFor(() => running(marker).length === 0, { timeoutMs: 5_000, message: 'the background sleep to end with the run' });
  });
});
