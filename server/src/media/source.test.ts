import { describe, expect, it } from 'vitest';
import { checkOutputOptions } from '../lib/ffmpeg-args/output.js';
import { invalidSource, isMediaError } from './errors.js';
import { parseSource } from './index.js';

describe('media maps the argument library refusals to MediaError', () => {
  it('parseSource of the public API throws INVALID_SOURCE with the library message, no credentials', () => {
    try {
      parseSource('gopher://admin:hunter22@cam/x');
      expect.unreachable();
    } catch (error) {
      expect(isMediaError(error, 'INVALID_SOURCE')).toBe(true);
      expect((error as Error).message).toMatch(/^invalid camera settings: /);
      expect(String(error)).not.toContain('hunter22');
    }
    expect(parseSource('demo:')).toMatchObject({ kind: 'demo' });
  });

  it('keeps the message of a refused output setting, and a generic one for anything else', () => {
    let refusal: unknown;
    try {
      checkOutputOptions({ mapVideo: 'x;y' });
    } catch (error) {
      refusal = error;
    }
    const mapped = invalidSource(refusal);
    expect(isMediaError(mapped, 'INVALID_SOURCE')).toBe(true);
    expect(mapped.message).toBe((refusal as Error).message);
    expect(mapped.message).toContain('stream map');
    expect(invalidSource(new Error('rtsp://admin:hunter22@cam/x'))).toMatchObject({ code: 'INVALID_SOURCE', message: 'invalid camera source' });
  });
});
