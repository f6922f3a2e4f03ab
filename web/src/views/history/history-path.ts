import { ROUTES } from '../../routing/route-table';

/** /history?cameras=a,b&at=… : the History page on these cameras, at an instant (epoch ms) or without one. */
export function historyPath(cameras: readonly string[], at: number | null): string {
  const query = new URLSearchParams();
  if (cameras.length > 0) query.set('cameras', cameras.join(','));
  if (at !== null) query.set('at', String(Math.round(at)));
  const text = query.toString();
  return text ? `${ROUTES.history.path}?${text}` : ROUTES.history.path;
}
