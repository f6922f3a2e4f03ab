import { describe, expect, it } from 'vitest';
import { followIndex, hasNext, hasPrevious, lightboxKey, stepIndex } from './lightbox-nav';

describe('lightbox navigation', () => {
  it('steps without wrapping around', () => {
    expect(stepIndex(0, -1, 3)).toBe(0);
    expect(stepIndex(0, 1, 3)).toBe(1);
    expect(stepIndex(2, 1, 3)).toBe(2);
    expect(stepIndex(0, 1, 0)).toBe(-1);
    expect(hasPrevious(0)).toBe(false);
    expect(hasPrevious(1)).toBe(true);
    expect(hasNext(1, 3)).toBe(true);
    expect(hasNext(2, 3)).toBe(false);
  });

  it('follows the shown item when the list changes, else keeps the position, else closes', () => {
    expect(followIndex(['new', 'a', 'b'], 'a', 0)).toBe(1);
    expect(followIndex(['a', 'c'], 'b', 1)).toBe(1);
    expect(followIndex(['a'], 'b', 1)).toBe(0);
    expect(followIndex([], 'a', 0)).toBe(-1);
  });

  it('maps the arrow keys and Escape', () => {
    expect(lightboxKey('ArrowLeft')).toBe('previous');
    expect(lightboxKey('ArrowRight')).toBe('next');
    expect(lightboxKey('Escape')).toBe('close');
    expect(lightboxKey('a')).toBeNull();
  });
});
