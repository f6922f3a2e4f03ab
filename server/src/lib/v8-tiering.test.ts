import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { INTERRUPT_BUDGET, optimiseSteadyWorkSooner } from './v8-tiering.js';

/**
 * A plain function called 700 times, then asked whether TurboFan compiled it (V8's %GetOptimizationStatus, bit
 * 64), in a fresh node with the flag set through node:v8 as the server sets it, or not at all. Synchronous
 * recompilation, so the answer does not depend on a background thread's timing. With Node 20's V8 (11.3) and its default
 * budget this function needs 1,600–2,000 calls, with an eighth of it 200–300: 700 is well inside both. Fails when node
 * ignores the flag (setFlagsFromString drops unknown flags silently, e.g. after a rename in a later V8).
 */
function turbofannedAfter700Calls(flag: string | null): boolean {
  const script = `
    if (process.env.FLAG) require('node:v8').setFlagsFromString(process.env.FLAG);
    function f(o) { let s = 0; s += o.a * 2; s += o.b | 1; s ^= o.c; s += o.a + o.b + o.c; s = (s * 31) | 0; s += o.a - o.b; s = (s ^ (s >>> 3)) | 0; return s + o.a * o.c; }
    let x = 0;
    for (let i = 0; i < 700; i++) x += f({ a: i, b: i + 1, c: i & 7 });
    process.stdout.write(String((%GetOptimizationStatus(f) & 64) !== 0));`;
  const { NODE_OPTIONS: _ignored, ...env } = process.env;
  const child = spawnSync(process.execPath, ['--allow-natives-syntax', '--no-concurrent-recompilation', '-e', script], {
    env: { ...env, FLAG: flag ?? '' },
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(child.stderr);
  return child.stdout === 'true';
}

describe('V8 tier-up budget', () => {
  it('sets the budget when node was not given one', () => {
    expect(optimiseSteadyWorkSooner([])).toBe(true);
  });

  it('leaves a budget given to node alone', () => {
    expect(optimiseSteadyWorkSooner(['--interrupt-budget=100000'])).toBe(false);
    expect(optimiseSteadyWorkSooner(['--interrupt_budget=100000'])).toBe(false);
  });

  it('brings a function called as often as the live path to TurboFan sooner than V8 alone', () => {
    expect(turbofannedAfter700Calls(null)).toBe(false);
    expect(turbofannedAfter700Calls(`--interrupt-budget=${INTERRUPT_BUDGET}`)).toBe(true);
  });
});
