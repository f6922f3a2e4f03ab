import { useMemo, useState } from 'react';
import { STORAGE_KEYS } from '@homecam/shared';
import type { CamviewLayout } from '../lib/camview-layout';
import { layoutFor, parseSavedLayouts, withLayout, type SavedLayouts } from '../lib/camview-storage';

function store(layouts: SavedLayouts) {
  localStorage.setItem(STORAGE_KEYS.camviewLayouts, JSON.stringify(layouts));
}

/**
 * Camview's layout for these cameras, saved per camera count in localStorage `camview-layouts`. Until the user
 * changes something the default for the count applies (stacked when the screen is portrait).
 */
export function useCamviewLayout(names: readonly string[]) {
  const [saved, setSaved] = useState(() => parseSavedLayouts(localStorage.getItem(STORAGE_KEYS.camviewLayouts)));
  const [portrait] = useState(() => typeof window.matchMedia === 'function' && window.matchMedia('(orientation: portrait)').matches);
  const key = names.join('\n');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the names' content
  const layout = useMemo(() => layoutFor(saved, names, portrait), [saved, key, portrait]);

  return {
    layout,
    /** A changed layout, saved at once. */
    update: (next: CamviewLayout) => {
      const all = withLayout(saved, next);
      store(all);
      setSaved(all);
    },
    /** Back to the default for this many cameras. */
    reset: () => {
      const { [String(names.length)]: _removed, ...rest } = saved;
      store(rest);
      setSaved(rest);
    },
  };
}
