import { describe, expect, it } from 'vitest';
import { rangeForPath } from './json-path-range';

const DOC = `{
  "recordings": {
    "removeAfter": "soon"
  },
  "mqtt": { "port": 1883 },
  "cameras": [
    { "name": "Door", "videoConfig": { "source": "rtsp://cam/live" } },
    {
      "name": "Yard",
      "videoConfig": {
        "source": "rtsp://yard/live",
        "probeSize": 5
      }
    }
  ],
  "a.b": true
}`;

const lineOf = (offset: number) => DOC.slice(0, offset).split('\n').length;
const textAt = (path: (string | number)[]) => {
  const { from, to } = rangeForPath(DOC, path);
  return DOC.slice(from, to);
};

describe('rangeForPath', () => {
  it('points at the bad value on its own line', () => {
    const range = rangeForPath(DOC, ['cameras', 1, 'videoConfig', 'probeSize']);
    expect(DOC.slice(range.from, range.to)).toBe('5');
    expect(lineOf(range.from)).toBe(12);
    expect(textAt(['recordings', 'removeAfter'])).toBe('"soon"');
    expect(textAt(['mqtt', 'port'])).toBe('1883');
  });

  it('takes array indexes as numbers or as digit strings (a dotted server path)', () => {
    expect(textAt(['cameras', '1', 'name'])).toBe('"Yard"');
    expect(textAt(['cameras', 0, 'videoConfig', 'source'])).toBe('"rtsp://cam/live"');
  });

  it('an object or array value is marked by its key, not the whole block', () => {
    expect(textAt(['cameras', 1, 'videoConfig'])).toBe('"videoConfig"');
    expect(textAt(['recordings'])).toBe('"recordings"');
  });

  it('a missing key marks the key of the enclosing property, or the bracket of an array item', () => {
    expect(textAt(['recordings', 'path'])).toBe('"recordings"');
    const item = rangeForPath(DOC, ['cameras', 1, 'hksv']);
    expect(DOC.slice(item.from, item.to)).toBe('{');
    expect(lineOf(item.from)).toBe(8);
    expect(textAt(['cameras', 5, 'name'])).toBe('"cameras"');
  });

  it('a key with a dot is found as one segment', () => {
    expect(textAt(['a.b'])).toBe('true');
  });

  it('survives a document that does not parse', () => {
    const broken = '{"recordings": {"removeAfter": ';
    const range = rangeForPath(broken, ['recordings', 'removeAfter']);
    expect(broken.slice(range.from, range.to)).toBe('"removeAfter"');
    expect(rangeForPath('', ['x'])).toEqual({ from: 0, to: 0 });
  });
});
