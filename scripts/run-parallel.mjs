#!/usr/bin/env node
// Runs independent npm scripts side by side, at most one per core, for `npm test`: lint, typecheck, the build and
// the small checks read the sources and write nothing another of them reads, so one after the other only left the
// second core idle (about two minutes of a CI run). Scripts start in the order given: name the longest first.
// Each script's output is held back and printed whole when it ends, so the log reads as if they ran in turn.
// Every script runs to its end (a CI run then reports every failing check at once); the exit code is 1 if any failed.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/run-parallel.mjs <npm script>...');
  process.exit(2);
}
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const slots = Math.max(1, Math.min(scripts.length, availableParallelism()));
const running = new Set();

/** Runs one script to its end; resolves with whether it passed. */
function run(script) {
  return new Promise((done) => {
    const startedAt = performance.now();
    const output = [];
    const child = spawn(npm, ['run', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    running.add(child);
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const finish = (passed, why) => {
      running.delete(child);
      const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
      process.stdout.write(`\n== npm run ${script}: ${passed ? 'passed' : `FAILED (${why})`} in ${seconds} s\n`);
      process.stdout.write(Buffer.concat(output));
      done(passed);
    };
    child.once('error', (error) => finish(false, error.message));
    child.once('close', (code, signal) => finish(code === 0, signal ? `signal ${signal}` : `exit ${code}`));
  });
}

// Stopping the run (Ctrl-C, a CI time-out) stops the scripts too, instead of leaving them running without a parent.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    for (const child of running) child.kill(signal);
    process.exit(1);
  });
}

const queue = [...scripts];
const failed = [];
async function worker() {
  for (let script = queue.shift(); script !== undefined; script = queue.shift()) {
    if (!(await run(script))) failed.push(script);
  }
}
await Promise.all(Array.from({ length: slots }, worker));
if (failed.length > 0) {
  console.error(`\nfailed: ${failed.map((script) => `npm run ${script}`).join(', ')}`);
  process.exit(1);
}
