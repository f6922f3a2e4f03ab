import { describe, expect, it } from 'vitest';
import { growHeapBetweenCollections } from './heap-growth.js';

// The effect (full collections ~11 s apart instead of ~2 s with 16 recorded cameras) is measured by
// bench:recording and bench:cpu, not here: a synthetic allocation pattern did not reproduce the server's.
describe('heap growth between full collections', () => {
  it('sets the growth factor when node was not given one', () => {
    expect(growHeapBetweenCollections([])).toBe(true);
  });

  it('leaves a growth factor given to node alone', () => {
    expect(growHeapBetweenCollections(['--heap-growing-percent=30'])).toBe(false);
    expect(growHeapBetweenCollections(['--heap_growing_percent=30'])).toBe(false);
  });
});
