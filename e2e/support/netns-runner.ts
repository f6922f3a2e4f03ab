/**
 * Runs the namespace specs (playwright.netns.config.ts): Playwright, the HomeCam servers it starts, the fake ONVIF
 * camera's WS-Discovery responder, the RTSP simulator and Chromium all live in one network namespace with only lo
 * (tools/src/netns.ts), so the multicast search never reaches a real network. Needs `unshare -n` (root or
 * CAP_SYS_ADMIN, as in CI): when it is refused this exits non-zero with unshare's message; it never skips.
 * Extra arguments are passed to `playwright test`.
 */
import { fileURLToPath } from 'node:url';
import { runInNetworkNamespace } from '@homecam/tools';

const e2eDir = fileURLToPath(new URL('..', import.meta.url));
const playwright = fileURLToPath(new URL('../../node_modules/.bin/playwright', import.meta.url));
const config = fileURLToPath(new URL('../playwright.netns.config.ts', import.meta.url));

try {
  process.chdir(e2eDir);
  // The output as it comes; at the time-out every process of the run ends with it (its own PID namespace).
  const onOutput = (chunk: string, stream: 'stdout' | 'stderr'): boolean => (stream === 'stdout' ? process.stdout : process.stderr).write(chunk);
  const result = await runInNetworkNamespace([playwright, 'test', '--config', config, ...process.argv.slice(2)], { timeoutMs: 300_000, onOutput });
  if (result.code !== 0) {
    console.error(result.code === null ? 'network-namespace specs: killed after 300 s' : `network-namespace specs failed (exit ${result.code})`);
    process.exit(result.code ?? 1);
  }
} catch (error) {
  console.error(`network-namespace specs could not run: ${error instanceof Error ? error.message : String(error)}`);
  console.error('They need `unshare -n` (run as root or with CAP_SYS_ADMIN); see e2e/README.md.');
  process.exit(1);
}
