/**
 * Camview shows the favourite cameras: the names chosen on this device (localStorage `camview-favourites`), or
 * every camera while none is chosen (or none of the chosen ones exists any more).
 */
export const FAVOURITES_KEY = 'camview-favourites';

export function parseFavourites(raw: string | null): string[] | null {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : null;
  } catch {
    return null;
  }
}

const key = (name: string) => name.trim().toLowerCase();

/** The cameras to show, in the camera list's order. */
export function selectFavourites<T extends { name: string }>(cameras: readonly T[], favourites: readonly string[] | null): readonly T[] {
  if (!favourites) return cameras;
  const chosen = new Set(favourites.map(key));
  const shown = cameras.filter((camera) => chosen.has(key(camera.name)));
  return shown.length > 0 ? shown : cameras;
}
