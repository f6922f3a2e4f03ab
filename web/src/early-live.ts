import { earlyPage, showEarlyPicture, startEarlyLive, storedAccessToken } from './api/live/live-early';
import { untilFirstPicture } from './early/after-first-picture';
import { prefetchEarly } from './early/early-requests';
import { preloadPageChunks } from './early/page-preload';

/**
 * The page's first script (inline at the top of <head>, before the app: see vite.config.ts). On a camera page of a
 * signed-in user it opens the live socket at once and plays it in a <video> the player adopts later
 * (api/live/live-early.ts); once that picture shows its first frame (at most 400 ms on) it asks for the app's code,
 * the page's code and for what the app asks first (the session check; the camera's data and the UI settings on its
 * page): until then they would compete with the picture's sign-in, ICE, DTLS and first decode for the server and the
 * cores. On every other page it asks for the app's code at once.
 */
const page = earlyPage(window.location.pathname);
const token = storedAccessToken(localStorage);
const link = page && token ? startEarlyLive({ location: window.location, storage: localStorage }) : null;
// The picture too: it plays as soon as its first bytes arrive, and the player adopts it once the app has rendered.
const picture = link ? showEarlyPicture(document) : null;
void untilFirstPicture(picture?.shown ?? null).then(() => {
  preloadPageChunks(document, 'app');
  if (!page || !token) return;
  preloadPageChunks(document, page.route);
  const onItsPage = page.route === 'camera' ? [`/api/cameras/${encodeURIComponent(page.camera)}`, '/api/config/ui'] : [];
  prefetchEarly(['/api/auth/check', ...onItsPage], token);
});
