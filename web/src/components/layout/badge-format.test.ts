import { describe, expect, it } from 'vitest';
import { formatBadge } from './badge-format';

describe('notification badge', () => {
  it('shows a dot without a number at 0', () => {
    expect(formatBadge(0)).toEqual({ kind: 'dot' });
  });

  it('shows the count up to 99', () => {
    expect(formatBadge(1)).toEqual({ kind: 'count', text: '1' });
    expect(formatBadge(99)).toEqual({ kind: 'count', text: '99' });
  });

  it('caps the count at 99+', () => {
    expect(formatBadge(100)).toEqual({ kind: 'count', text: '99+' });
    expect(formatBadge(12_345)).toEqual({ kind: 'count', text: '99+' });
  });

  it('treats nonsense counts as none', () => {
    expect(formatBadge(-3)).toEqual({ kind: 'dot' });
    expect(formatBadge(Number.NaN)).toEqual({ kind: 'dot' });
  });
});
