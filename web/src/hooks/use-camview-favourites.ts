import { useState } from 'react';
import { FAVOURITES_KEY, parseFavourites } from '../lib/favourites';

/** The favourite cameras of camview, remembered on this device; null = every camera. */
export function useCamviewFavourites() {
  const [favourites, setFavourites] = useState(() => parseFavourites(localStorage.getItem(FAVOURITES_KEY)));
  return {
    favourites,
    save: (names: string[] | null) => {
      if (names) localStorage.setItem(FAVOURITES_KEY, JSON.stringify(names));
      else localStorage.removeItem(FAVOURITES_KEY);
      setFavourites(names);
    },
  };
}
