import { describe, expect, it } from 'vitest';
import { motionPatch } from './motion-patch';

describe('motionPatch', () => {
  const values = { sensitivity: 75, difference: 5, dwellTimer: 60, forceCloseTimer: 3, motionTimeout: 15 };
  it('sends only what changed, regions whole', () => {
    expect(motionPatch({ values, zones: [] }, { values, zones: [] })).toBeNull();
    const zone = { finished: true, coords: [[0, 0], [10, 0], [0, 10]] as [number, number][] };
    expect(motionPatch({ values, zones: [] }, { values: { ...values, sensitivity: 40, motionTimeout: 0 }, zones: [zone] })).toEqual({
      videoanalysis: { sensitivity: 40, regions: [zone] },
      motionTimeout: 0,
    });
  });
});
