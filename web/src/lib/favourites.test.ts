import { describe, expect, it } from 'vitest';
import { parseFavourites, selectFavourites } from './favourites';

const cameras = [{ name: 'Door' }, { name: 'Garden' }, { name: 'Hall' }];

describe('camview favourites', () => {
  it('shows every camera until some are chosen', () => {
    expect(selectFavourites(cameras, null)).toEqual(cameras);
    expect(selectFavourites(cameras, ['hall', 'Door'])).toEqual([{ name: 'Door' }, { name: 'Hall' }]);
  });

  it('falls back to every camera when no chosen one exists any more', () => {
    expect(selectFavourites(cameras, ['Gone'])).toEqual(cameras);
  });

  it('reads only a list of names', () => {
    expect(parseFavourites('["a", 1, "b"]')).toEqual(['a', 'b']);
    expect(parseFavourites('{"a":1}')).toBeNull();
    expect(parseFavourites('nope')).toBeNull();
    expect(parseFavourites(null)).toBeNull();
  });
});
