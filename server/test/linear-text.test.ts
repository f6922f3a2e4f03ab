import { findUrls, TEXT_FIELD_MAX_LENGTH, truncationMarker, URL_SCHEME_MAX_LENGTH } from '@homecam/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { LOG_FIELD_MAX_LENGTH, LOG_LINE_MAX_LENGTH } from '../src/logs/cap-line.js';
import { DeadlineWorker } from './helpers/deadline-worker.js';
import { HELPERS, HOSTILE_LENGTH, INPUTS } from './helpers/linear-cases.js';

/**
 * Findings N1/N2: every helper that takes text from outside finishes a hostile mebibyte fast. Why this is not a
 * flaky timing test: a linear helper needs milliseconds for 1 MiB (the slowest here about 300 ms on the shared
 * 2-core machine), while the quadratic ones this replaces needed 1.35 s for 40,000 letters, so about 14 minutes for
 * 1 MiB: the bound of 3 s sits an order of magnitude above the first and more than two below the second. Each call
 * runs on a worker thread that is terminated at the deadline, so a regression fails in seconds instead of hanging.
 */
const DEADLINE_MS = 3_000;
const worker = new DeadlineWorker();
afterAll(() => worker.close());

/** Upper bounds on what a helper returns (as JSON), whatever the input: the caps, checked structurally. */
const MARKER = truncationMarker(HOSTILE_LENGTH).length;
const OUTPUT_BOUNDS: Record<string, number> = {
  capText: TEXT_FIELD_MAX_LENGTH + MARKER + 2,
  // Seven strings, each cut to the masking cap before it is masked; plus the keys.
  maskCameraSecrets: 7 * (TEXT_FIELD_MAX_LENGTH + MARKER + 2 * 8) + 200,
  capLogLine: LOG_LINE_MAX_LENGTH + MARKER + 4,
  // The console entry: the message is cut at 2,000 characters; JSON escapes at most double a character.
  'LogHub.write': 2 * 2_000 + 400,
  plainText: 2 * 300 + 2,
  redactSecrets: 2 * 500 + 2,
};

describe('hostile mebibytes: every text helper finishes in linear time', () => {
  for (const helper of Object.keys(HELPERS)) {
    it(`${helper}`, { timeout: 120_000 }, async () => {
      for (const input of Object.keys(INPUTS)) {
        const answer = await worker.run({ helper, input }, DEADLINE_MS);
        expect(answer.ms, `${helper} on "${input}"`).toBeLessThan(DEADLINE_MS);
        const bound = OUTPUT_BOUNDS[helper];
        if (bound !== undefined) expect(answer.outputLength, `${helper} output on "${input}"`).toBeLessThanOrEqual(bound);
      }
    });
  }
});

describe('the bounds behind the linear time', () => {
  it('a URL scheme is looked for at most 32 characters back, however long the run of letters before ://', () => {
    const text = `${'a'.repeat(HOSTILE_LENGTH)}://cam`;
    expect(findUrls(text)).toEqual([{ start: HOSTILE_LENGTH - URL_SCHEME_MAX_LENGTH, end: text.length }]);
    // Nothing that is not a URL is reported, and the URL after a flood is still found (and masked by its users).
    expect(findUrls(`${'a'.repeat(1_000)}:// rtsp://u:p@h`)).toEqual([{ start: 1_004, end: 1_016 }]);
  });

  it('log records are cut per field and per line, with a marker, and stay JSON', async () => {
    const { capLogLine } = await import('../src/logs/cap-line.js');
    const url = `/api/health?x=${'a'.repeat(100_000)}://`;
    const capped = JSON.parse(capLogLine(`${JSON.stringify({ level: 30, req: { url }, msg: 'incoming request' })}\n`)) as { req: { url: string } };
    expect(capped.req.url.length).toBeLessThanOrEqual(LOG_FIELD_MAX_LENGTH + MARKER);
    expect(capped.req.url).toMatch(/…\[truncated \d+ characters\]$/);
    const many = JSON.stringify(Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}`, 'b'.repeat(LOG_FIELD_MAX_LENGTH)])));
    expect(capLogLine(many).length).toBeLessThanOrEqual(LOG_LINE_MAX_LENGTH + MARKER + 1);
  });
});
