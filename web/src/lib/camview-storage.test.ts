import { describe, expect, it } from 'vitest';
import { defaultLayout, moveTile, resizeTile } from './camview-layout';
import { layoutFor, parseSavedLayouts, withLayout } from './camview-storage';

describe('camview layouts in localStorage', () => {
  it('saves per camera count and reads back what it saved', () => {
    const two = resizeTile(moveTile(defaultLayout(['a', 'b']), 'a', 2, 0), 'b', 1, 1);
    const three = defaultLayout(['a', 'b', 'c']);
    const raw = JSON.stringify(withLayout(withLayout({}, two), three));
    const saved = parseSavedLayouts(raw);
    expect(Object.keys(saved).sort()).toEqual(['2', '3']);
    expect(layoutFor(saved, ['a', 'b'])).toEqual(two);
  });

  it('falls back to the default for unreadable, invalid or missing layouts', () => {
    expect(parseSavedLayouts('not json')).toEqual({});
    expect(parseSavedLayouts('[1]')).toEqual({});
    const overlapping = { cols: 2, rows: 2, tiles: [{ name: 'a', x: 0, y: 0, w: 2, h: 2, mode: 'live' }, { name: 'b', x: 1, y: 1, w: 1, h: 1, mode: 'live' }] };
    expect(parseSavedLayouts(JSON.stringify({ '2': overlapping }))).toEqual({});
    const wrongCount = defaultLayout(['a']);
    expect(parseSavedLayouts(JSON.stringify({ '2': wrongCount }))).toEqual({});
    expect(layoutFor({}, ['a', 'b'])).toEqual(defaultLayout(['a', 'b']));
  });

  it('gives a renamed camera the place of the one that is gone and keeps the camera order', () => {
    const saved = withLayout({}, moveTile(defaultLayout(['a', 'b']), 'a', 2, 0));
    const layout = layoutFor(saved, ['b', 'z']);
    expect(layout.tiles.map((t) => [t.name, t.x])).toEqual([
      ['b', 0],
      ['z', 2],
    ]);
  });
});
