import { describe, expect, it } from 'vitest';
import { pruneSelection, toggleAll, toggleSelected } from './selection';

describe('multi-select', () => {
  it('toggles one id', () => {
    const one = toggleSelected(new Set(), 'a');
    expect([...one]).toEqual(['a']);
    expect([...toggleSelected(one, 'a')]).toEqual([]);
  });

  it('selects all shown, or none when all are already selected', () => {
    expect([...toggleAll(new Set(['a']), ['a', 'b'])]).toEqual(['a', 'b']);
    expect([...toggleAll(new Set(['a', 'b']), ['a', 'b'])]).toEqual([]);
    expect([...toggleAll(new Set(), [])]).toEqual([]);
  });

  it('drops ids that left the list and keeps the same set when nothing did', () => {
    const selection = new Set(['a', 'b']);
    expect([...pruneSelection(selection, ['b', 'c'])]).toEqual(['b']);
    expect(pruneSelection(selection, ['a', 'b', 'c'])).toBe(selection);
  });
});
