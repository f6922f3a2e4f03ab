import { earlyPage, showEarlyPicture, startEarlyLive, storedAccessToken } from './api/live/live-early';
import { prefetchEarly } from './early/early-requests';
import { preloadPageChunks } from './early/page-preload';

/**
 * The page's first script (inline at the top of <head>, before the app: see vite.config.ts). On a camera page of a signed-in
 * user it opens the live socket at once and plays it in a <video> the player adopts later (api/live/live-early.ts), asks for the page's code and for what the app
 * asks first (the session check; the camera's data and the UI settings on its page), so the picture, the player and
 * their data are on their way while the app's bundle loads.
 */
const page = earlyPage(window.location.pathname);
const token = storedAccessToken(localStorage);
if (page && token) {
  preloadPageChunks(document, page.route);
  // The picture too: it plays as soon as its first bytes arrive, and the player adopts it once the app has rendered.
  if (startEarlyLive({ location: window.location, storage: localStorage })) showEarlyPicture(document);
  const onItsPage = page.route === 'camera' ? [`/api/cameras/${encodeURIComponent(page.camera)}`, '/api/config/ui'] : [];
  prefetchEarly(['/api/auth/check', ...onItsPage], token);
}
