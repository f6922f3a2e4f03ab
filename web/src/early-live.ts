import { earlyPage, startEarlyLive, storedAccessToken } from './api/live/live-early';
import { preloadPageChunks } from './early/page-preload';

/**
 * The page's first script (loaded async, before the app: see vite.config.ts). On a camera page of a signed-in
 * user it opens the live socket at once (api/live/live-early.ts) and asks for the page's code, so the picture
 * and the player are on their way while the app's bundle loads.
 */
const page = earlyPage(window.location.pathname);
if (page && storedAccessToken(localStorage)) {
  preloadPageChunks(document, page.route);
  startEarlyLive({ location: window.location, storage: localStorage });
}
